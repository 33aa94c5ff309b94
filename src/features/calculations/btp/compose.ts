// The substation composition (calculations.md §2.5, §2.7): for each circuit the plate exchanger(s)
// through the PHE engine's own selection, the pumps through the pump engine's selection, the control
// valve, the expansion vessel and pressures, the safety valve, filters; the heat meter and the
// controller at the inlet. Pure: the catalogue of pumps and plates comes in as arguments. Every
// figure is a step of its circuit's explanation; exchangers and pumps carry their engines' own.
import {
  selectPumps,
  type Explanation,
  type PreparedPump,
  type PumpEntity,
  type Rejection,
} from '#features/calculations/engine/index.ts';
import { allFinite, finite } from '#features/calculations/engine/explain.ts';
import {
  designDhw,
  PheInputError,
  selectDhwHeaters,
  selectPlates,
  type Candidate,
  type PlateModel,
  type Selection,
} from '#features/calculations/phe/index.ts';
import type { Explainer } from '#features/calculations/kit/explain.ts';
import type { BtpField, BtpInput } from './btp.schema.ts';
import {
  density,
  dnFor,
  explainer,
  flowOf,
  G,
  KVS_SERIES,
  pressureLevels,
  sizeValve,
  sizeVessel,
  type PressureLevels,
  type ValveSizing,
  type VesselSizing,
} from './equipment.ts';

export const BTP_ENGINE = { name: 'btp-composition', version: '1.0.0' };
export type CircuitId = 'inlet' | 'heating' | 'dhw' | 'vent';
export type PumpRole = 'circulation' | 'mixing' | 'make_up' | 'dhw_circulation';

export interface ExchangerOut {
  stage: number | null;
  q_kw: number;
  primary: { t_in: number; t_out: number };
  secondary: { t_in: number; t_out: number };
  chosen: Candidate | null;
  alternatives: Array<{
    model: string;
    plates: number;
    area_m2: number;
    margin_pct: number;
    price_kop: number;
  }>;
  rejected: Array<{ model: string; reason: string }>;
}
export interface PumpOut {
  role: PumpRole;
  q_m3h: number;
  h_m: number;
  t_c: number;
  duty_count: number;
  standby_count: number;
  chosen: Omit<PumpEntity, 'explanation'> | null;
  explanation: Explanation | null;
  alternatives: Array<{ sku: string; title: string; price_kop: number }>;
  misses: Rejection[];
}
export interface CircuitOut {
  id: CircuitId;
  scheme: string;
  load_kw: number;
  primary_m3h: number;
  secondary_m3h: number;
  exchangers: ExchangerOut[];
  pumps: PumpOut[];
  valve: (ValveSizing & { dn: number | null; stepped_down: boolean }) | null;
  pressures: PressureLevels | null;
  vessel: VesselSizing | null;
  safety: { set_bar: number; dn: number } | null;
  filters: Array<{ place: string; dn: number | null }>;
  meter: { q_m3h: number; dn: number | null; velocity: number } | null;
  controller: { circuits: number } | null;
  explanation: Explanation;
  warnings: string[];
}
export interface BtpResult {
  circuits: CircuitOut[];
  warnings: string[];
  totals: { load_kw: number; network_m3h: number };
  engine: { name: string; version: string };
}

/** An input the engines refuse, named on a form field. */
export class BtpInputError extends Error {
  readonly field: BtpField;
  readonly code: string;
  readonly params: Record<string, number | string>;
  constructor(field: BtpField, code: string, params: Record<string, number | string> = {}) {
    super(`${field}: ${code}`);
    this.field = field;
    this.code = code;
    this.params = params;
  }
}

const SPECIFIC_VOLUME_L_KW = { heating: 12, vent: 6 };
const FITTINGS_KPA = 10;
const FIXED_INLET_BAR = 0.3;
const VALVE_DP_MIN_BAR = 0.3;
const DHW_BREAK_SUPPLY = 70;
const DHW_SINGLE_PRIMARY_OUT = 30;
const FILL_TEMPERATURE = 10;
const PIPE_V_MAX = 1.5;
const METER_V_MAX = 3;

/** PHE engine fields → the form's. */
const PHE_FIELDS: Record<string, BtpField> = {
  'heating.q_max': 'heating_q',
  'dhw.q_max': 'dhw_q',
  'heating.network.supply': 'network_supply',
  'heating.network.return': 'network_return',
  'heating.building.supply': 'heating_supply',
  'heating.building.return': 'heating_return',
  'heating.t_inside': 't_inside',
  'heating.t_outdoor_design': 't_outdoor',
  'dhw.t_cold': 'dhw_t_cold',
  'dhw.t_hot': 'dhw_t_hot',
  approach: 'dhw_scheme',
  stage2_primary_out: 'dhw_scheme',
  break_supply: 'dhw_t_hot',
  margin: 'margin',
  'hot.dp_max': 'hx_dp_max',
  'cold.dp_max': 'hx_dp_max',
};

function phe<T>(circuit: CircuitId, run: () => T): T {
  try {
    return run();
  } catch (err) {
    if (err instanceof PheInputError) {
      const side = circuit === 'vent' ? 'vent' : circuit === 'dhw' ? 'dhw' : 'heating';
      const field =
        PHE_FIELDS[err.field] ??
        (err.field.startsWith('hot')
          ? 'network_supply'
          : side === 'dhw'
            ? 'dhw_t_hot'
            : side === 'vent'
              ? 'vent_supply'
              : 'heating_supply');
      throw new BtpInputError(field, err.code, err.params);
    }
    throw err;
  }
}

function exchangerOut(
  stage: number | null,
  q: number,
  primary: ExchangerOut['primary'],
  secondary: ExchangerOut['secondary'],
  s: Selection,
): ExchangerOut {
  const [chosen, ...rest] = s.candidates;
  return {
    stage,
    q_kw: q,
    primary,
    secondary,
    chosen: chosen ?? null,
    alternatives: rest.map((c) => ({
      model: c.model.name,
      plates: c.plates.value,
      area_m2: c.area.value,
      margin_pct: c.margin.value,
      price_kop: c.price.value,
    })),
    rejected: s.rejected,
  };
}

function pump(
  pumps: readonly PreparedPump[],
  role: PumpRole,
  q: number,
  h: number,
  t: number,
  x: Explainer,
  prefix: string,
): PumpOut {
  x.step(`${prefix}.q`, q, 'm3/h', 'flow');
  x.step(
    `${prefix}.h`,
    h,
    'm',
    role === 'make_up'
      ? 'make_up_head'
      : role === 'dhw_circulation'
        ? 'dhw_circulation_head'
        : 'pump_head',
  );
  const r = selectPumps(pumps, {
    q,
    q_unit: 'm3/h',
    h,
    h_unit: 'm',
    temperature_c: t,
    speed_control: role !== 'make_up',
    limit: 3,
  });
  const [best, ...rest] = r.entities;
  const chosen = best ? (({ explanation: _e, ...e }) => e)(best) : null;
  return {
    role,
    q_m3h: q,
    h_m: h,
    t_c: t,
    duty_count: 1,
    standby_count: 1,
    chosen,
    explanation: best?.explanation ?? null,
    alternatives: rest.map((e) => ({ sku: e.sku, title: e.title, price_kop: e.price_kop })),
    misses: r.misses.slice(0, 3),
  };
}

/** Control valve with the authority check: a step down the series when the next-up Kvs leaves a < 0.5 and the network allows. */
function valve(
  q: number,
  dpCircuitBar: number,
  dpAvailableBar: number,
  rho: number,
  x: Explainer,
  prefix: string,
  warnings: string[],
) {
  const design = Math.max(dpCircuitBar, VALVE_DP_MIN_BAR);
  let v = sizeValve(q, design, dpCircuitBar, rho, x, prefix);
  let stepped = false;
  const i = v.kvs === null ? -1 : KVS_SERIES.indexOf(v.kvs as (typeof KVS_SERIES)[number]);
  if (!v.authority_ok && i > 0) {
    const lower = KVS_SERIES[i - 1]!;
    const dp = (q / lower) ** 2 * (rho / 1000);
    if (dp <= dpAvailableBar) {
      v = sizeValve(q, dp, dpCircuitBar, rho, x, `${prefix}.step_down`);
      stepped = true;
    }
  }
  if (v.kvs === null) warnings.push('valve_above_series');
  else if (!v.authority_ok) warnings.push('authority_low');
  if (v.dp_at_kvs_bar + dpCircuitBar > dpAvailableBar) warnings.push('network_dp_short');
  const dn = dnFor(q, 3);
  x.step(`${prefix}.dn`, dn.dn ?? 0, 'mm', 'dn');
  return { ...v, dn: dn.dn, stepped_down: stepped };
}

function safetyDn(qKw: number): number {
  return qKw <= 100
    ? 15
    : qKw <= 350
      ? 20
      : qKw <= 900
        ? 25
        : qKw <= 1800
          ? 32
          : qKw <= 3000
            ? 40
            : 50;
}

const headM = (kpa: number, rho: number) => (kpa * 1000) / (rho * G);

interface Ctx {
  input: BtpInput;
  pumps: readonly PreparedPump[];
  plates: readonly PlateModel[];
  dpNetBar: number;
}

function closedCircuit(
  ctx: Ctx,
  id: 'heating' | 'vent',
  x: Explainer,
  out: CircuitOut,
  supply: number,
  ret: number,
  qKw: number,
  dpSystemKpa: number,
  volumeL: number | null,
) {
  const { input } = ctx;
  const dpMax = input.hx_dp_max_kpa;
  const sel = phe(id, () =>
    selectPlates(
      {
        duty: {
          q: qKw,
          hot: { t_in: input.network.supply, t_out: input.network.return },
          cold: { t_in: ret, t_out: supply },
        },
        dpMax: { hot: dpMax, cold: dpMax },
        marginMin: input.margin_pct,
        limit: 3,
      },
      ctx.plates,
    ),
  );
  const hx = exchangerOut(
    null,
    qKw,
    { t_in: input.network.supply, t_out: input.network.return },
    { t_in: ret, t_out: supply },
    sel,
  );
  out.exchangers.push(hx);
  if (!hx.chosen) out.warnings.push('exchanger_none');
  const primary = sel.duty.hot.volume_flow.value,
    secondary = sel.duty.cold.volume_flow.value;
  out.primary_m3h = x.step(`${id}.primary_flow`, primary, 'm3/h', 'flow');
  out.secondary_m3h = x.step(`${id}.secondary_flow`, secondary, 'm3/h', 'flow');
  const hxHot = hx.chosen?.hot.dp.value ?? dpMax,
    hxCold = hx.chosen?.cold.dp.value ?? dpMax;
  x.step(`${id}.hx_dp_primary`, hxHot, 'kPa');
  x.step(`${id}.hx_dp_secondary`, hxCold, 'kPa');
  x.step(`${id}.fittings_dp`, FITTINGS_KPA, 'kPa');
  const rhoRet = density(ret);
  const h = headM(dpSystemKpa + hxCold + FITTINGS_KPA, rhoRet);
  out.pumps.push(pump(ctx.pumps, 'circulation', secondary, h, ret, x, `${id}.circulation`));
  out.valve = valve(
    primary,
    hxHot / 100,
    ctx.dpNetBar - FIXED_INLET_BAR,
    density(input.network.supply),
    x,
    `${id}.valve`,
    out.warnings,
  );
  // Pressures of the closed circuit from the building height; the vessel from the system volume.
  const p = pressureLevels(input.building_height_m, x, `${id}.pressure`);
  out.pressures = p;
  if (p.safety_set_bar === null || p.safety_set_bar > input.p_allowed_bar)
    out.warnings.push('safety_above_allowed');
  const vol =
    volumeL ?? x.step(`${id}.system_volume`, SPECIFIC_VOLUME_L_KW[id] * qKw, 'L', 'system_volume');
  if (volumeL !== null) x.input(`${id}.system_volume`, volumeL, 'L');
  out.vessel = sizeVessel(
    vol,
    FILL_TEMPERATURE,
    supply,
    p.precharge_bar,
    p.final_bar,
    x,
    `${id}.vessel`,
  );
  if (out.vessel.nominal_l === null) out.warnings.push('vessel_above_series');
  const set = p.safety_set_bar ?? input.p_allowed_bar;
  const sdn = safetyDn(qKw);
  x.step(`${id}.safety.dn`, sdn, 'mm', 'safety_dn');
  out.safety = { set_bar: set, dn: sdn };
  // Make-up from the network return up to the fill pressure; sized to fill the circuit in 8 h.
  const makeUpQ = Math.max(0.5, vol / 1000 / 8);
  const makeUpH =
    (Math.max(p.fill_bar + 0.5 - input.network.p_return_bar, 0.5) * 1e5) /
    (density(input.network.return) * G);
  out.pumps.push(
    pump(ctx.pumps, 'make_up', makeUpQ, makeUpH, input.network.return, x, `${id}.make_up`),
  );
  out.filters.push({ place: 'secondary_return', dn: dnFor(secondary, PIPE_V_MAX).dn });
  x.step(`${id}.filter.dn`, out.filters[0]!.dn ?? 0, 'mm', 'dn');
}

function heating(ctx: Ctx): CircuitOut {
  const { input } = ctx;
  const h = input.heating;
  const x = explainer(['calculations.md §2.4, §2.7; EN 12828']);
  const out = blank('heating', h.scheme, h.q_kw, x);
  x.input('heating.q', h.q_kw, 'kW')
    .input('heating.supply', h.supply, '°C')
    .input('heating.return', h.return, '°C');
  x.input('network.supply', input.network.supply, '°C').input(
    'network.return',
    input.network.return,
    '°C',
  );
  x.input('heating.dp_system', h.dp_system_kpa, 'kPa');
  if (h.scheme === 'independent')
    closedCircuit(ctx, 'heating', x, out, h.supply, h.return, h.q_kw, h.dp_system_kpa, h.volume_l);
  else {
    // Dependent with a mixing pump: network water supply → building return; the building loop by the pump.
    // Volume flows, m³/h, with cp from IF97 at the mean temperature and ρ at the colder end (flowOf).
    const net = flowOf(h.q_kw, input.network.supply, h.return).q_m3h;
    const bld = flowOf(h.q_kw, h.supply, h.return).q_m3h;
    out.primary_m3h = x.step('heating.primary_flow', net, 'm3/h', 'flow');
    out.secondary_m3h = x.step('heating.secondary_flow', bld, 'm3/h', 'flow');
    x.step('heating.fittings_dp', FITTINGS_KPA, 'kPa');
    out.pumps.push(
      pump(
        ctx.pumps,
        'mixing',
        bld,
        headM(h.dp_system_kpa + FITTINGS_KPA, density(h.return)),
        h.return,
        x,
        'heating.mixing',
      ),
    );
    out.valve = valve(
      net,
      0.2,
      ctx.dpNetBar - FIXED_INLET_BAR,
      density(input.network.supply),
      x,
      'heating.valve',
      out.warnings,
    );
    const p = pressureLevels(input.building_height_m, x, 'heating.pressure');
    out.pressures = p;
    // The building sees the network's pressures: the return must hold the static head, the supply stay below the allowed.
    if (input.network.p_return_bar < p.static_bar + 0.5) out.warnings.push('dependent_static');
    if (input.network.p_supply_bar > input.p_allowed_bar) out.warnings.push('dependent_pressure');
    out.filters.push({ place: 'secondary_return', dn: dnFor(bld, PIPE_V_MAX).dn });
    x.step('heating.filter.dn', out.filters[0]!.dn ?? 0, 'mm', 'dn');
  }
  return done(out, x);
}

function dhw(ctx: Ctx, top: string[]): CircuitOut {
  const { input } = ctx;
  const d = input.dhw;
  const x = explainer(['calculations.md §2.5, §2.7; SP 41-101-95']);
  const out = blank('dhw', d.scheme, d.q_kw, x);
  x.input('dhw.q', d.q_kw, 'kW')
    .input('dhw.t_cold', d.t_cold, '°C')
    .input('dhw.t_hot', d.t_hot, '°C')
    .input('heating.q', input.heating.q_kw, 'kW');
  const ratio = x.step('dhw.load_ratio', d.q_kw / input.heating.q_kw, '', 'dhw_ratio');
  const twoStageAdvised = ratio >= 0.2 && ratio <= 1;
  const dpMax = input.hx_dp_max_kpa;
  let primaryFlow: number;
  let dpHot: number;
  if (d.scheme === 'two_stage') {
    if (!twoStageAdvised) top.push('dhw_ratio_single');
    const design = phe('dhw', () =>
      designDhw({
        heating: {
          q_max: input.heating.q_kw,
          network: { supply: input.network.supply, return: input.network.return },
          building: { supply: input.heating.supply, return: input.heating.return },
          t_inside: input.climate.t_inside,
          t_outdoor_design: input.climate.t_outdoor,
        },
        dhw: { q_max: d.q_kw, t_cold: d.t_cold, t_hot: d.t_hot },
      }),
    );
    const sels = phe('dhw', () =>
      selectDhwHeaters(
        design,
        { dpMax: { hot: dpMax, cold: dpMax }, marginMin: input.margin_pct, limit: 3 },
        ctx.plates,
      ),
    );
    design.stages.forEach((s, i) => {
      out.exchangers.push(
        exchangerOut(
          design.stages.length > 1 ? i + 1 : null,
          s.q.value,
          { t_in: s.primary.t_in.value, t_out: s.primary.t_out.value },
          { t_in: s.secondary.t_in.value, t_out: s.secondary.t_out.value },
          sels[i]!,
        ),
      );
      x.step(`dhw.stage${i + 1}.q`, s.q.value, 'kW');
    });
    x.step('dhw.break_return', design.break_point.return.value, '°C');
    const last = design.stages[design.stages.length - 1]!;
    primaryFlow = (last.primary.m.value / density(last.primary.t_out.value)) * 3600;
    dpHot = out.exchangers[out.exchangers.length - 1]!.chosen?.hot.dp.value ?? dpMax;
  } else {
    if (twoStageAdvised) top.push('dhw_ratio_two_stage');
    x.step('dhw.primary_in', DHW_BREAK_SUPPLY, '°C');
    x.step('dhw.primary_out', DHW_SINGLE_PRIMARY_OUT, '°C');
    const sel = phe('dhw', () =>
      selectPlates(
        {
          duty: {
            q: d.q_kw,
            hot: { t_in: DHW_BREAK_SUPPLY, t_out: DHW_SINGLE_PRIMARY_OUT },
            cold: { t_in: d.t_cold, t_out: d.t_hot },
          },
          dpMax: { hot: dpMax, cold: dpMax },
          marginMin: input.margin_pct,
          limit: 3,
        },
        ctx.plates,
      ),
    );
    out.exchangers.push(
      exchangerOut(
        null,
        d.q_kw,
        { t_in: DHW_BREAK_SUPPLY, t_out: DHW_SINGLE_PRIMARY_OUT },
        { t_in: d.t_cold, t_out: d.t_hot },
        sel,
      ),
    );
    primaryFlow = sel.duty.hot.volume_flow.value;
    dpHot = out.exchangers[0]!.chosen?.hot.dp.value ?? dpMax;
  }
  if (out.exchangers.some((e) => !e.chosen)) out.warnings.push('exchanger_none');
  out.primary_m3h = x.step('dhw.primary_flow', primaryFlow, 'm3/h', 'flow');
  out.secondary_m3h = x.step(
    'dhw.secondary_flow',
    flowOf(d.q_kw, d.t_hot, d.t_cold).q_m3h,
    'm3/h',
    'flow',
  );
  out.valve = valve(
    primaryFlow,
    dpHot / 100,
    ctx.dpNetBar - FIXED_INLET_BAR,
    density(DHW_BREAK_SUPPLY),
    x,
    'dhw.valve',
    out.warnings,
  );
  // Circulation: the loop's heat loss (10 % of the load unless given) at 10 K.
  const loss =
    d.circulation_kw ?? x.step('dhw.circulation_loss', 0.1 * d.q_kw, 'kW', 'dhw_circulation_loss');
  if (d.circulation_kw !== null) x.input('dhw.circulation_loss', d.circulation_kw, 'kW');
  const circQ = flowOf(loss, d.t_hot, d.t_hot - 10).q_m3h;
  out.pumps.push(
    pump(
      ctx.pumps,
      'dhw_circulation',
      circQ,
      3 + 0.1 * input.building_height_m,
      d.t_hot - 10,
      x,
      'dhw.circulation',
    ),
  );
  out.safety = { set_bar: input.p_allowed_bar, dn: safetyDn(d.q_kw) };
  x.step('dhw.safety.set', input.p_allowed_bar, 'bar');
  x.step('dhw.safety.dn', out.safety.dn, 'mm', 'safety_dn');
  out.filters.push({ place: 'cold_water', dn: dnFor(out.secondary_m3h, PIPE_V_MAX).dn });
  x.step('dhw.filter.dn', out.filters[0]!.dn ?? 0, 'mm', 'dn');
  return done(out, x);
}

function vent(ctx: Ctx): CircuitOut {
  const v = ctx.input.vent;
  const x = explainer(['calculations.md §2.4, §2.7; EN 12828']);
  const out = blank('vent', v.scheme, v.q_kw, x);
  x.input('vent.q', v.q_kw, 'kW')
    .input('vent.supply', v.supply, '°C')
    .input('vent.return', v.return, '°C')
    .input('vent.dp_system', v.dp_system_kpa, 'kPa');
  closedCircuit(ctx, 'vent', x, out, v.supply, v.return, v.q_kw, v.dp_system_kpa, v.volume_l);
  return done(out, x);
}

function inlet(ctx: Ctx, circuits: CircuitOut[]): CircuitOut {
  const x = explainer(['calculations.md §2.7, §2.8']);
  const load = circuits.reduce((s, c) => s + c.load_kw, 0);
  const out = blank('inlet', 'inlet', load, x);
  x.input('network.p_supply', ctx.input.network.p_supply_bar, 'bar').input(
    'network.p_return',
    ctx.input.network.p_return_bar,
    'bar',
  );
  x.step('inlet.dp_network', ctx.dpNetBar, 'bar');
  x.step('inlet.fixed_dp', FIXED_INLET_BAR, 'bar');
  // The design flow through the inlet: the circuits' primary flows added (the mixed DHW scheme's stage II flow included).
  const q = circuits.reduce((s, c) => s + c.primary_m3h, 0);
  out.primary_m3h = x.step('inlet.flow', q, 'm3/h', 'flow');
  const m = dnFor(q, METER_V_MAX);
  x.step('inlet.meter.dn', m.dn ?? 0, 'mm', 'dn');
  x.step('inlet.meter.velocity', m.velocity, 'm/s', 'dn');
  out.meter = { q_m3h: q, dn: m.dn, velocity: m.velocity };
  const f = dnFor(q, PIPE_V_MAX);
  x.step('inlet.filter.dn', f.dn ?? 0, 'mm', 'dn');
  out.filters.push({ place: 'inlet', dn: f.dn });
  out.controller = { circuits: circuits.length };
  x.step('inlet.controller.circuits', circuits.length, 'pcs');
  if (ctx.dpNetBar <= FIXED_INLET_BAR) out.warnings.push('network_dp_short');
  return done(out, x);
}

function blank(id: CircuitId, scheme: string, load: number, _x: Explainer): CircuitOut {
  return {
    id,
    scheme,
    load_kw: load,
    primary_m3h: 0,
    secondary_m3h: 0,
    exchangers: [],
    pumps: [],
    valve: null,
    pressures: null,
    vessel: null,
    safety: null,
    filters: [],
    meter: null,
    controller: null,
    explanation: null as unknown as Explanation,
    warnings: [],
  };
}

function done(out: CircuitOut, x: Explainer): CircuitOut {
  for (const p of out.pumps) if (!p.chosen) out.warnings.push('pump_none');
  out.warnings = [...new Set(out.warnings)];
  out.explanation = x.done();
  return out;
}

/** The whole substation; throws BtpInputError when an engine refuses the input. */
export function composeBtp(
  input: BtpInput,
  pumps: readonly PreparedPump[],
  plates: readonly PlateModel[],
): BtpResult {
  const ctx: Ctx = {
    input,
    pumps,
    plates,
    dpNetBar: input.network.p_supply_bar - input.network.p_return_bar,
  };
  const warnings: string[] = ['demo_catalogue'];
  const circuits = [heating(ctx)];
  if (input.vent.scheme !== 'none') circuits.push(vent(ctx));
  if (input.dhw.scheme !== 'none') circuits.push(dhw(ctx, warnings));
  const entry = inlet(ctx, circuits);
  const result: BtpResult = {
    circuits: [entry, ...circuits],
    warnings,
    totals: { load_kw: finite(entry.load_kw), network_m3h: finite(entry.primary_m3h) },
    engine: BTP_ENGINE,
  };
  if (!allFinite(result)) throw new Error('non-finite number in the substation result');
  return result;
}
