// The flow meter engine's model: the schemes and the pipes each one meters, the input (loads,
// temperatures, pressures, the heat supply organisation's requirements), the refusal of an input
// outside the checked ranges, and the result (pipe flows, meter choices, the unit's composition,
// the requirement checks, the rejected series). The selection itself is engine.ts.
import type { Explanation } from '#features/calculations/kit/explain.ts';
import type { HeatCalculator, PressureTransmitter, SensorPair } from './meter.ts';

/** The standard atmosphere, MPa: gauge + ATM_MPA = absolute (the kit's unit table). */
import { ATM_MPA } from '#features/calculations/kit/units.ts';
import type { FieldIssue } from '#features/calculations/kit/form.ts';

export { ATM_MPA };
/** Network pressure the engine takes, MPa absolute: gauge 0 to 2.5 MPa (PN25, the highest rating of the meters). */
export const P_RANGE_MPA = { min: ATM_MPA, max: ATM_MPA + 2.5 } as const;

export const SCHEMES = ['closed_dependent', 'closed_independent', 'open'] as const;
export type Scheme = (typeof SCHEMES)[number];
export const PIPES = ['supply', 'return', 'dhw', 'make_up'] as const;
export type Pipe = (typeof PIPES)[number];

/** Which pipes carry a flow meter in each scheme. */
export const MEASURED: Record<Scheme, readonly Pipe[]> = {
  closed_dependent: ['supply', 'return'],
  closed_independent: ['supply', 'return', 'make_up'],
  open: ['supply', 'return', 'dhw'],
};

/** Requirements of a heat supply organisation (its technical conditions); null/empty = no demand. */
export interface Requirements {
  meter_types: string[];
  meter_models: string[];
  max_error_pct: number | null;
  straight_up_dn: number | null;
  straight_down_dn: number | null;
  archive_hourly_days: number | null;
  archive_daily_days: number | null;
  /** Remote reading over at least one of these interfaces (empty = not required). */
  remote_interfaces: string[];
  register_required: boolean;
}

export interface FlowInput {
  scheme: Scheme;
  /** loads: flows from heat loads; flows: design (and optional minimum) flows given in t/h per pipe. */
  mode: 'loads' | 'flows';
  q_heat_kw?: number;
  q_dhw_kw?: number;
  /** Given flows, t/h (mode flows). */
  flows?: Partial<Record<Pipe, { design: number; min?: number }>>;
  t_supply_c: number;
  t_return_c: number;
  t_dhw_c: number;
  t_cold_c: number;
  /** Network pressure, MPa absolute. */
  p_mpa: number;
  /** Minimum (summer night) flow as a share of the design flow, %. */
  min_share_pct: number;
  /** Make-up design flow as a share of the heating flow, % (independent scheme). */
  make_up_pct: number;
  /** Pipe DN per pipe where known (reducers are worked out only then). */
  pipe_dn: Partial<Record<Pipe, number>>;
  /** Highest share of q_max at the design flow, %. */
  margin_pct: number;
  v_min_ms: number;
  v_max_ms: number;
  /** Pressure drop allowed across one metering point (meter and reducers), kPa; absent = not checked. */
  dp_available_kpa?: number;
  requirements: Requirements | null;
  limit?: number;
}

/** A refused field: the kit's one issue shape { field, key, params }. */
export type Issue = FieldIssue;

export class FlowInputError extends Error {
  readonly issues: Issue[];
  constructor(issues: Issue[]) {
    super(issues.map((i) => `${i.field}: ${i.key}`).join('; '));
    this.name = 'FlowInputError';
    this.issues = issues;
  }
}

/** A quantity with its unit, as the explanation shows it. */
export type Q = { value: number; unit: string };

export interface PipeFlow {
  pipe: Pipe;
  t_c: Q;
  rho: Q;
  g_design: Q;
  g_min: Q;
  q_design: Q;
  q_min: Q;
  pipe_dn: number | null;
}

export interface MeterChoice {
  pipe: Pipe;
  sku: string;
  title: string;
  series: string;
  type: string;
  dn: number;
  q_min: Q;
  q_t: Q;
  q_max: Q;
  pct_min: Q;
  pct_design: Q;
  v_design: Q;
  zone: 'rated' | 'transitional';
  dp_meter: Q;
  reducer: { pipe_dn: number; beta: Q; k_confuser: Q; k_diffuser: Q; dp: Q } | null;
  dp_total: Q;
  straight_up: { dn: number; mm: Q };
  straight_down: { dn: number; mm: Q };
  price_kop: number;
}

export interface RequirementCheck {
  code:
    | 'meter_type'
    | 'meter_model'
    | 'accuracy'
    | 'straight_runs'
    | 'archive'
    | 'remote_reading'
    | 'register';
  met: boolean;
  /** Reason key (calcFlow.req.<code>.<reason>) and its figures. */
  reason: string;
  params: Record<string, number | string>;
}

export interface UnitItem {
  sku: string;
  role: 'meter' | 'sensor_pair' | 'pressure_transmitter' | 'calculator';
  title: string;
  qty: number;
  price_kop: number;
  pipe?: Pipe;
}

export interface Variant {
  rank: number;
  series: string;
  type: string;
  meters: MeterChoice[];
  sensor_pair: SensorPair | null;
  transmitters: PressureTransmitter | null;
  transmitter_count: number;
  calculator: HeatCalculator;
  channels: { flow: number; temperature: number; pressure: number };
  requirements: RequirementCheck[];
  unmet: number;
  items: UnitItem[];
  price_kop: number;
  warnings: string[];
  explanation: Explanation;
}

export interface Rejection {
  series: string;
  pipe: Pipe | null;
  reason:
    | 'too_small'
    | 'range'
    | 'velocity'
    | 'pressure_drop'
    | 'temperature'
    | 'pressure'
    | 'pipe_dn'
    | 'no_calculator';
  params: Record<string, number | string>;
}

export interface FlowMeterResult {
  scheme: Scheme;
  pipes: PipeFlow[];
  q_total: Q | null;
  variants: Variant[];
  rejected: Rejection[];
  warnings: string[];
  explanation: Explanation;
}
