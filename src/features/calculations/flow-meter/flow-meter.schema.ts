// Inputs of the flow meter selection as a page form or a JSON call sends them: flat text values in
// the units people think in (kW, MW or Gcal/h; t/h or m3/h; bar, kgf/cm2 or MPa, gauge or absolute
// said explicitly; kPa, m w.c. or bar for pressure drops), turned into the engine's input. valibot
// checks the shape; the engine checks ranges and physics and names the failing field; `units` says
// how each converted field reads in the unit the user chose, so a refusal names its limits there. Pure.
import * as v from 'valibot';
import { waterProperties } from '#features/properties/water.ts';
import { pickRaw, rawSchemaOf, Reader, shownFigure } from '#features/calculations/kit/form.ts';
import {
  absoluteMpa,
  DP_KPA,
  fromAbsoluteMpa,
  LOAD_KW,
  P_KINDS,
  PRESSURE_MPA,
} from '#features/calculations/kit/units.ts';
import {
  MEASURED,
  PIPES,
  SCHEMES,
  type FlowInput,
  type Issue,
  type Pipe,
  type Requirements,
  type Scheme,
} from './engine.ts';

// The units this form offers, with their factors from the kit's one unit table.
/** kW per unit. */
export const Q_UNITS = LOAD_KW;
export const FLOW_UNITS = ['t/h', 'm3/h'] as const;
/** MPa per unit. */
export const P_UNITS = PRESSURE_MPA;
export { P_KINDS };
/** kPa per unit. */
export const DP_UNITS = DP_KPA;
export const MODES = ['loads', 'flows'] as const;

/** How a field reads in the unit the user chose: its unit (and pressure kind) and the engine's figure turned into it. */
export interface UserUnit {
  unit: string;
  kind?: (typeof P_KINDS)[number];
  of: (engine: number) => number;
}

/** Figures of a refusal in the user's unit, rounded as the kit's reader rounds them (kit/form.ts). */
export { shownFigure };

export const FIELDS = [
  'scheme',
  'mode',
  'q_heat',
  'q_dhw',
  'q_unit',
  't_supply',
  't_return',
  't_dhw',
  't_cold',
  'p',
  'p_unit',
  'p_kind',
  'min_share',
  'make_up',
  'flow_unit',
  ...PIPES.flatMap((p) => [`g_${p}`, `gmin_${p}`, `dn_${p}`]),
  'margin',
  'v_min',
  'v_max',
  'dp_available',
  'dp_unit',
  'region',
  'city',
  'organisation',
  'limit',
] as const;
const RawSchema = rawSchemaOf(FIELDS);
export type RawInput = v.InferOutput<typeof RawSchema>;

/** The flat values of a form or JSON body, shape-checked (every field optional text). */
export const rawInput = (values: Record<string, unknown>): RawInput =>
  pickRaw(RawSchema, FIELDS, values);

export const DEFAULTS = {
  min_share: 10,
  make_up: 2,
  margin: 90,
  v_min: 0.3,
  v_max: 5,
  p: 6,
  t_dhw: 60,
  t_cold: 5,
} as const;

/**
 * The engine's input; `issues` holds what the engine cannot see (bad units, unreadable numbers);
 * `units` how the converted fields (loads, pressure, flows, pressure drop) read in the user's units.
 */
export function flowInputOf(
  r: RawInput,
  requirements: Requirements | null,
): { input: FlowInput; issues: Issue[]; units: Record<string, UserUnit> } {
  // The kit's form reader: unreadable numbers and unknown units are refused by field, the first said wins.
  const x = new Reader<keyof RawInput>(r);
  const issues: Issue[] = x.issues;
  const scheme = x.pick<Scheme>('scheme', SCHEMES, 'closed_dependent');
  const mode = x.pick('mode', MODES, 'loads');
  const qUnit = x.loadUnit() as keyof typeof Q_UNITS;
  const { unit: pUnit, kind: pKind } = x.pressureUnit();
  const flowUnit = x.pick('flow_unit', FLOW_UNITS, 't/h');
  const dpUnit = x.dpUnit();
  const t1 = x.opt('t_supply'),
    t2 = x.opt('t_return');
  const tDhw = x.opt('t_dhw') ?? DEFAULTS.t_dhw;
  const pRaw = x.opt('p') ?? DEFAULTS.p;
  const p = absoluteMpa(pRaw, pUnit, pKind);
  const qHeat = x.opt('q_heat'),
    qDhw = x.opt('q_dhw');
  const temp: Record<Pipe, number | undefined> = { supply: t1, return: t2, dhw: tDhw, make_up: t2 };
  /** Density at the pipe's temperature, kg/m3, when a volume flow needs it and the temperature reads. */
  const rhoOf = (pipe: Pipe): number | undefined => {
    const t = temp[pipe];
    if (flowUnit === 't/h' || t === undefined || !Number.isFinite(t)) return undefined;
    try {
      return waterProperties(t, p).rho;
    } catch {
      return undefined; // the engine names the temperature with its own range message
    }
  };
  const units: Record<string, UserUnit> = {
    p: { unit: pUnit, kind: pKind, of: (mpa) => fromAbsoluteMpa(mpa, pUnit, pKind) },
    dp_available: { unit: dpUnit, of: (kpa) => kpa / DP_UNITS[dpUnit] },
    q_heat: { unit: qUnit, of: (kw) => kw / Q_UNITS[qUnit] },
    q_dhw: { unit: qUnit, of: (kw) => kw / Q_UNITS[qUnit] },
  };
  const flows: FlowInput['flows'] = {};
  const pipeDn: FlowInput['pipe_dn'] = {};
  for (const pipe of MEASURED[scheme]) {
    // A flow in t/h; m3/h becomes mass with the density at the pipe's temperature (when it reads;
    // else the figure goes on as typed and is refused in the same terms).
    const rho = rhoOf(pipe);
    const flow = (field: keyof RawInput): number | undefined => {
      const g = x.opt(field);
      return g === undefined || rho === undefined ? g : (g * rho) / 1000;
    };
    units[`g_${pipe}`] = units[`gmin_${pipe}`] = {
      unit: flowUnit,
      of: (th) => (rho === undefined ? th : (th * 1000) / rho),
    };
    const design = flow(`g_${pipe}`);
    const min = flow(`gmin_${pipe}`);
    if (mode === 'flows')
      flows[pipe] = {
        design: design ?? (undefined as unknown as number),
        ...(min !== undefined ? { min } : {}),
      };
    const dn = x.opt(`dn_${pipe}`);
    if (dn !== undefined) pipeDn[pipe] = dn;
  }
  const dp = x.opt('dp_available');
  const input: FlowInput = {
    scheme,
    mode,
    q_heat_kw: qHeat === undefined ? (mode === 'loads' ? undefined : 0) : qHeat * Q_UNITS[qUnit],
    q_dhw_kw: qDhw === undefined ? undefined : qDhw * Q_UNITS[qUnit],
    flows: mode === 'flows' ? flows : undefined,
    t_supply_c:
      t1 ?? (x.has('t_supply') ? Number.NaN : (x.fail('t_supply', 'required'), Number.NaN)),
    t_return_c:
      t2 ?? (x.has('t_return') ? Number.NaN : (x.fail('t_return', 'required'), Number.NaN)),
    t_dhw_c: tDhw,
    t_cold_c: x.opt('t_cold') ?? DEFAULTS.t_cold,
    p_mpa: p,
    min_share_pct: x.opt('min_share') ?? DEFAULTS.min_share,
    make_up_pct: x.opt('make_up') ?? DEFAULTS.make_up,
    pipe_dn: pipeDn,
    margin_pct: x.opt('margin') ?? DEFAULTS.margin,
    v_min_ms: x.opt('v_min') ?? DEFAULTS.v_min,
    v_max_ms: x.opt('v_max') ?? DEFAULTS.v_max,
    dp_available_kpa: dp === undefined ? undefined : dp * DP_UNITS[dpUnit],
    requirements,
    limit: x.opt('limit'),
  };
  if (mode === 'loads' && qHeat === undefined && qDhw === undefined && !x.has('q_heat'))
    x.fail('q_heat', 'required');
  return { input, issues, units };
}
