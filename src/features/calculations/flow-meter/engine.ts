// Heat metering unit (flow meter) selection, pure. From the loads and temperatures (or flows entered
// directly) it works out the design and minimum flow of every measured pipe of the scheme, then for
// every meter series of the catalogue the smallest DN that holds both flows inside the meter's range
// with the margin and the velocity limits, the reducers when the meter is smaller than the pipe and
// their pressure loss, the straight runs, the unit's composition (meters, sensor pair, pressure
// transmitters, calculator channels) and which of the heat supply organisation's requirements the
// unit meets. Water properties come from IAPWS-IF97 (src/features/properties). Every figure is a
// step of the explanation; nothing non-finite is returned (inputs outside the checked ranges are
// refused with the field named, never extrapolated).
import { Explainer } from '#features/calculations/kit/explain.ts';
import { checked } from '#features/calculations/kit/numeric.ts';
import { waterProperties, PropertyRangeError } from '#features/properties/water.ts';
import {
  type Pipe,
  MEASURED,
  ATM_MPA,
  P_RANGE_MPA,
  type Requirements,
  type FlowInput,
  type Issue,
  FlowInputError,
  type PipeFlow,
  type MeterChoice,
  type RequirementCheck,
  type UnitItem,
  type Variant,
  type Rejection,
  type FlowMeterResult,
  type Q,
} from './model.ts';
import { DN_SERIES, type HeatCalculator, type MeterModel, type UnitCatalogue } from './meter.ts';

export * from './model.ts';

export const ENGINE_NAME = 'flow-meter-engine';
export const ENGINE_VERSION = '1.0.0';

export const FORMULAS: Record<string, string> = {
  mass_flow: 'G = Q/(h(t₁) − h(t₂)), h from IAPWS-IF97 at the network pressure',
  dhw_flow: 'G_dhw = Q_dhw/(h(t_dhw) − h(t_cold))',
  open_return: 'G₂ = G₁ − G_dhw (open system: the DHW water leaves the network)',
  make_up: 'G_mu = share·G₁',
  min_flow: 'G_min = share·G_design',
  volume_flow: 'V = G·1000/ρ(t)',
  velocity: 'v = V/(3600·π·DN²/4)',
  range: 'q_min ≤ V_min and V_design ≤ margin·q_max; rated zone when V_min ≥ q_t',
  meter_dp: 'Δp_m = Δp(q_max)·(V/q_max)²',
  reducer: 'Δp_r = (ζ_c + ζ_d)·ρ·v²/2, ζ_c = 0.05, ζ_d = 0.3·(1 − β²)², β = DN_m/DN_pipe',
  straight: 'L = n·DN_m, n = max(manufacturer, organisation)',
  channels: 'flow channels = meters; temperature = 2 (matched pair); pressure = transmitters',
};

const SOURCES = [
  'IAPWS-IF97 region 1 (density, enthalpy), src/features/properties',
  'Rules of commercial heat metering, Government Decree No. 1034 of 18.11.2013 (scheme of measured pipes, accuracy) [unverified clause wording]',
  'Reducer loss coefficients after Idelchik, Handbook of Hydraulic Resistance, conical contraction and diffuser [unverified]',
  'Catalogue data of the chosen equipment (demo data where marked)',
];

/** The engine's builder: the calculations kit's, with this engine's name, formulas and sources. */
type Builder = Explainer;
const builder = (): Builder =>
  new Explainer({
    engine: { name: ENGINE_NAME, version: ENGINE_VERSION },
    formulas: FORMULAS,
    source: SOURCES,
  });

const r6 = (x: number) => Number(x.toPrecision(6));

/** How much the return flow of a closed loop may exceed the supply (a flow meter's accuracy), as a share. */
export const CLOSED_LOOP_TOLERANCE = 0.02;

/** Checks the ranges the engine relies on; every problem names its field. */
function check(i: FlowInput): void {
  const issues: Issue[] = [];
  const bad = (field: string, key: string, params?: Issue['params']) => {
    if (!issues.some((x) => x.field === field))
      issues.push({ field, key, ...(params ? { params } : {}) });
  };
  const range = (
    field: string,
    x: number | undefined,
    min: number,
    max: number,
    required = true,
  ) => {
    if (x === undefined) return required ? bad(field, 'required') : undefined;
    if (!Number.isFinite(x)) return bad(field, 'number');
    if (x < min || x > max) bad(field, 'range', { min, max });
  };
  range('t_supply', i.t_supply_c, 1, 180);
  range('t_return', i.t_return_c, 1, 180);
  if (
    Number.isFinite(i.t_supply_c) &&
    Number.isFinite(i.t_return_c) &&
    i.t_supply_c <= i.t_return_c
  )
    bad('t_return', 'cross', { t1: i.t_supply_c });
  range('p', i.p_mpa, P_RANGE_MPA.min, P_RANGE_MPA.max);
  range('min_share', i.min_share_pct, 0.5, 100);
  range('margin', i.margin_pct, 50, 100);
  range('v_max', i.v_max_ms, 0.5, 15);
  range('v_min', i.v_min_ms, 0, 5);
  if (i.v_min_ms >= i.v_max_ms) bad('v_min', 'below', { max: i.v_max_ms });
  range('dp_available', i.dp_available_kpa, 0.1, 1000, false);
  const pipes = MEASURED[i.scheme];
  if (i.mode === 'loads') {
    range('q_heat', i.q_heat_kw, 0, 200_000, i.q_dhw_kw === undefined);
    range('q_dhw', i.q_dhw_kw, 0, 200_000, false);
    if ((i.q_heat_kw ?? 0) + (i.q_dhw_kw ?? 0) <= 0 && !issues.some((x) => x.field === 'q_heat'))
      bad('q_heat', 'positive');
    if (pipes.includes('make_up')) range('make_up', i.make_up_pct, 0.1, 20);
    if (i.scheme === 'open' && !issues.some((x) => x.field === 'q_dhw') && !((i.q_dhw_kw ?? 0) > 0))
      bad('q_dhw', 'open_dhw');
    if (pipes.includes('dhw') && (i.q_dhw_kw ?? 0) > 0) {
      range('t_dhw', i.t_dhw_c, 20, 90);
      range('t_cold', i.t_cold_c, 1, 30);
      if (i.t_dhw_c <= i.t_cold_c) bad('t_dhw', 'above_cold', { t: i.t_cold_c });
    }
  } else {
    for (const p of pipes) {
      const f = i.flows?.[p];
      range(`g_${p}`, f?.design, 0.001, 10_000);
      if (f?.min !== undefined) {
        range(`gmin_${p}`, f.min, 0, 10_000, false);
        if (f.min > f.design) bad(`gmin_${p}`, 'above', { max: f.design });
      }
    }
    if (pipes.includes('dhw')) range('t_dhw', i.t_dhw_c, 20, 90);
    // A closed loop returns what it supplies: a return flow above the supply (by more than a flow
    // meter's 2 % accuracy, as mass) is a typing error, not a duty.
    const g1 = i.flows?.supply?.design,
      g2 = i.flows?.return?.design;
    if (
      i.scheme !== 'open' &&
      g1 !== undefined &&
      g2 !== undefined &&
      Number.isFinite(g1) &&
      Number.isFinite(g2) &&
      g2 > g1 * (1 + CLOSED_LOOP_TOLERANCE) &&
      !issues.some((x) => x.field === 'g_return')
    )
      bad('g_return', 'return_above_supply', { max: g1 });
  }
  for (const p of pipes) {
    const dn = i.pipe_dn[p];
    if (dn !== undefined && !(DN_SERIES as readonly number[]).includes(dn))
      bad(`dn_${p}`, 'dn', { list: DN_SERIES.join(', ') });
  }
  if (issues.length) throw new FlowInputError(issues);
}

/** Water at t and the network pressure: must be liquid (IF97 region 1). */
function water(t: number, p: number, field: string) {
  try {
    const w = waterProperties(t, p);
    if (w.region !== 1)
      throw new FlowInputError([{ field, key: 'not_liquid', params: { t, p: r6(p) } }]);
    return w;
  } catch (err) {
    if (err instanceof PropertyRangeError)
      throw new FlowInputError([
        { field, key: 'property_range', params: { min: err.min, max: err.max, unit: err.unit } },
      ]);
    throw err;
  }
}

/** Design and minimum flow of every measured pipe, each figure a step. */
function pipeFlows(i: FlowInput, b: Builder): { pipes: PipeFlow[]; q_total: Q | null } {
  const pipes = MEASURED[i.scheme];
  const temp: Record<Pipe, number> = {
    supply: i.t_supply_c,
    return: i.t_return_c,
    dhw: i.t_dhw_c,
    make_up: i.t_return_c,
  };
  const field: Record<Pipe, string> = {
    supply: 't_supply',
    return: 't_return',
    dhw: 't_dhw',
    make_up: 't_return',
  };
  const props = Object.fromEntries(
    pipes.map((p) => [p, water(temp[p], i.p_mpa, field[p])]),
  ) as Record<Pipe, ReturnType<typeof water>>;
  const design: Partial<Record<Pipe, number>> = {};
  const minimum: Partial<Record<Pipe, number>> = {};
  let qTotal: Q | null = null;
  if (i.mode === 'loads') {
    const h1 = water(i.t_supply_c, i.p_mpa, 't_supply').h;
    const h2 = water(i.t_return_c, i.p_mpa, 't_return').h;
    b.quantity('h_supply', h1, 'kJ/kg');
    b.quantity('h_return', h2, 'kJ/kg');
    const qHeat = i.q_heat_kw ?? 0;
    const qDhw = i.q_dhw_kw ?? 0;
    // Closed systems heat DHW in an exchanger fed by network water: that load adds to the network flow.
    const qNet = i.scheme === 'open' ? qHeat : qHeat + qDhw;
    const g1 = b.quantity('g_heating', (qNet / (h1 - h2)) * 3.6, 't/h', 'mass_flow').value;
    let gDhw = 0;
    if (i.scheme === 'open' && qDhw > 0) {
      const hd = water(i.t_dhw_c, i.p_mpa, 't_dhw').h;
      const hc = water(i.t_cold_c, i.p_mpa, 't_cold').h;
      gDhw = b.quantity('g_dhw', (qDhw / (hd - hc)) * 3.6, 't/h', 'dhw_flow').value;
    }
    design.supply = b.quantity('supply.g_design', g1 + gDhw, 't/h').value;
    design.return =
      i.scheme === 'open'
        ? b.quantity('return.g_design', g1, 't/h', 'open_return').value
        : b.quantity('return.g_design', g1, 't/h').value;
    if (pipes.includes('dhw')) design.dhw = b.quantity('dhw.g_design', gDhw, 't/h').value;
    if (pipes.includes('make_up'))
      design.make_up = b.quantity(
        'make_up.g_design',
        (i.make_up_pct / 100) * g1,
        't/h',
        'make_up',
      ).value;
    for (const p of pipes)
      minimum[p] = b.quantity(
        `${p}.g_min`,
        (i.min_share_pct / 100) * design[p]!,
        't/h',
        'min_flow',
      ).value;
    qTotal = b.quantity('q_total', qHeat + qDhw, 'kW');
  } else {
    for (const p of pipes) {
      const f = i.flows![p]!;
      design[p] = b.quantity(`${p}.g_design`, f.design, 't/h').value;
      minimum[p] =
        f.min !== undefined
          ? b.quantity(`${p}.g_min`, f.min, 't/h').value
          : b.quantity(`${p}.g_min`, (i.min_share_pct / 100) * f.design, 't/h', 'min_flow').value;
    }
  }
  const out: PipeFlow[] = [];
  for (const p of pipes) {
    const rho = props[p].rho;
    b.quantity(`${p}.rho`, rho, 'kg/m3');
    out.push({
      pipe: p,
      t_c: { value: temp[p], unit: '°C' },
      rho: { value: r6(rho), unit: 'kg/m3' },
      g_design: { value: design[p]!, unit: 't/h' },
      g_min: { value: minimum[p]!, unit: 't/h' },
      q_design: b.quantity(`${p}.v_design`, (design[p]! * 1000) / rho, 'm3/h', 'volume_flow'),
      q_min: b.quantity(`${p}.v_min`, (minimum[p]! * 1000) / rho, 'm3/h', 'volume_flow'),
      pipe_dn: i.pipe_dn[p] ?? null,
    });
  }
  return { pipes: out, q_total: qTotal };
}

const area = (dn: number) => (Math.PI * (dn / 1000) ** 2) / 4;
const K_CONFUSER = 0.05;
const diffuserK = (beta: number) => 0.3 * (1 - beta * beta) ** 2;

type Try =
  | { ok: true; choice: MeterChoice }
  | { ok: false; reason: Rejection['reason']; params: Record<string, number | string> };

/** One meter on one pipe: the range, velocity, temperature, pressure and pressure-drop checks. */
function tryMeter(
  m: MeterModel,
  f: PipeFlow,
  i: FlowInput,
  req: Requirements | null,
  b: Builder | null,
): Try {
  const vd = f.q_design.value,
    vm = f.q_min.value;
  if (f.pipe_dn !== null && m.dn > f.pipe_dn)
    return { ok: false, reason: 'pipe_dn', params: { dn: m.dn, pipe_dn: f.pipe_dn } };
  if (vd > (i.margin_pct / 100) * m.q_max)
    return {
      ok: false,
      reason: 'too_small',
      params: { q: r6(vd), q_max: m.q_max, margin: i.margin_pct, dn: m.dn },
    };
  if (vm < m.q_min)
    return { ok: false, reason: 'range', params: { q: r6(vm), q_min: m.q_min, dn: m.dn } };
  const v = vd / 3600 / area(m.dn);
  if (v > i.v_max_ms || v < i.v_min_ms)
    return {
      ok: false,
      reason: 'velocity',
      params: { v: r6(v), min: i.v_min_ms, max: i.v_max_ms, dn: m.dn },
    };
  if (f.t_c.value > m.t_max_c)
    return { ok: false, reason: 'temperature', params: { t: f.t_c.value, t_max: m.t_max_c } };
  const pBar = (i.p_mpa - ATM_MPA) * 10;
  if (pBar > m.pn_bar)
    return { ok: false, reason: 'pressure', params: { p: r6(pBar), pn: m.pn_bar } };
  const rho = f.rho.value;
  const dpMeter = m.dp_qmax_kpa * (vd / m.q_max) ** 2;
  let reducer: MeterChoice['reducer'] = null;
  let dpRed = 0;
  if (f.pipe_dn !== null && f.pipe_dn > m.dn) {
    const beta = m.dn / f.pipe_dn;
    const kd = diffuserK(beta);
    dpRed = ((K_CONFUSER + kd) * rho * v * v) / 2 / 1000;
    reducer = {
      pipe_dn: f.pipe_dn,
      beta: { value: r6(beta), unit: '' },
      k_confuser: { value: K_CONFUSER, unit: '' },
      k_diffuser: { value: r6(kd), unit: '' },
      dp: { value: r6(dpRed), unit: 'kPa' },
    };
  }
  const dpTotal = dpMeter + dpRed;
  if (i.dp_available_kpa !== undefined && dpTotal > i.dp_available_kpa)
    return {
      ok: false,
      reason: 'pressure_drop',
      params: { dp: r6(dpTotal), max: i.dp_available_kpa, dn: m.dn },
    };
  const up = Math.max(m.straight_up_dn, req?.straight_up_dn ?? 0);
  const down = Math.max(m.straight_down_dn, req?.straight_down_dn ?? 0);
  const p = f.pipe;
  const s = (key: string, value: number, unit: string, formula?: string): Q =>
    b
      ? b.quantity(`${p}.${key}`, value, unit, formula)
      : { value: checked(`${p}.${key}`, value), unit };
  s('meter_dn', m.dn, 'mm');
  const choice: MeterChoice = {
    pipe: p,
    sku: m.sku,
    title: m.title,
    series: m.series,
    type: m.type,
    dn: m.dn,
    q_min: { value: m.q_min, unit: 'm3/h' },
    q_t: { value: m.q_t, unit: 'm3/h' },
    q_max: { value: m.q_max, unit: 'm3/h' },
    pct_min: s('pct_min', (vm / m.q_max) * 100, '%', 'range'),
    pct_design: s('pct_design', (vd / m.q_max) * 100, '%', 'range'),
    v_design: s('velocity', v, 'm/s', 'velocity'),
    zone: vm >= m.q_t ? 'rated' : 'transitional',
    dp_meter: s('dp_meter', dpMeter, 'kPa', 'meter_dp'),
    reducer: reducer ? { ...reducer, dp: s('dp_reducers', dpRed, 'kPa', 'reducer') } : null,
    dp_total: s('dp_total', dpTotal, 'kPa'),
    straight_up: { dn: up, mm: s('straight_up', up * m.dn, 'mm', 'straight') },
    straight_down: { dn: down, mm: s('straight_down', down * m.dn, 'mm', 'straight') },
    price_kop: m.price_kop,
  };
  return { ok: true, choice };
}

function requirementChecks(
  req: Requirements,
  meters: MeterChoice[],
  models: MeterModel[],
  calc: HeatCalculator,
): RequirementCheck[] {
  const out: RequirementCheck[] = [];
  const series = meters[0]!.series,
    type = meters[0]!.type;
  if (req.meter_types.length)
    out.push({
      code: 'meter_type',
      met: req.meter_types.includes(type),
      reason: req.meter_types.includes(type) ? 'accepted' : 'not_accepted',
      params: { type, accepted: req.meter_types.join(', ') },
    });
  if (req.meter_models.length)
    out.push({
      code: 'meter_model',
      met: req.meter_models.includes(series),
      reason: req.meter_models.includes(series) ? 'accepted' : 'not_accepted',
      params: { model: series, accepted: req.meter_models.join(', ') },
    });
  if (req.max_error_pct !== null) {
    const worst = Math.max(...models.map((m) => m.error_pct));
    const transitional = meters.filter((m) => m.zone === 'transitional').map((m) => m.pipe);
    const met = worst <= req.max_error_pct && transitional.length === 0;
    out.push({
      code: 'accuracy',
      met,
      reason: worst > req.max_error_pct ? 'error' : transitional.length ? 'transitional' : 'ok',
      params: { error: worst, max: req.max_error_pct, pipes: transitional.join(', ') },
    });
  }
  if (req.straight_up_dn !== null || req.straight_down_dn !== null)
    out.push({
      code: 'straight_runs',
      met: true,
      reason: 'laid_out',
      params: { up: req.straight_up_dn ?? 0, down: req.straight_down_dn ?? 0 },
    });
  if (req.archive_hourly_days !== null || req.archive_daily_days !== null) {
    const h = req.archive_hourly_days ?? 0,
      d = req.archive_daily_days ?? 0;
    const met = calc.archive_hourly_days >= h && calc.archive_daily_days >= d;
    out.push({
      code: 'archive',
      met,
      reason: met ? 'ok' : 'short',
      params: {
        hourly: calc.archive_hourly_days,
        daily: calc.archive_daily_days,
        need_hourly: h,
        need_daily: d,
      },
    });
  }
  if (req.remote_interfaces.length) {
    const common = calc.interfaces.filter((x) => req.remote_interfaces.includes(x));
    out.push({
      code: 'remote_reading',
      met: common.length > 0,
      reason: common.length ? 'ok' : 'missing',
      params: { has: calc.interfaces.join(', '), need: req.remote_interfaces.join(', ') },
    });
  }
  if (req.register_required) {
    const met = models.every((m) => m.register);
    out.push({ code: 'register', met, reason: met ? 'ok' : 'missing', params: { model: series } });
  }
  return out;
}

/** The cheapest calculator with enough channels, preferring one that meets the archive and remote reading demands. */
function pickCalculator(
  list: HeatCalculator[],
  need: { flow: number; temperature: number; pressure: number },
  req: Requirements | null,
): HeatCalculator | null {
  const fits = list
    .filter(
      (c) =>
        c.flow_channels >= need.flow &&
        c.temp_channels >= need.temperature &&
        c.pressure_channels >= need.pressure,
    )
    .sort((a, b) => a.price_kop - b.price_kop || a.sku.localeCompare(b.sku));
  const good = (c: HeatCalculator) =>
    !req ||
    (c.archive_hourly_days >= (req.archive_hourly_days ?? 0) &&
      c.archive_daily_days >= (req.archive_daily_days ?? 0) &&
      (!req.remote_interfaces.length ||
        c.interfaces.some((x) => req.remote_interfaces.includes(x))));
  return fits.find(good) ?? fits[0] ?? null;
}

/** The whole selection; throws FlowInputError for input it cannot use. */
export function selectFlowMeters(i: FlowInput, cat: UnitCatalogue): FlowMeterResult {
  check(i);
  const b = builder();
  const req = i.requirements;
  b.input('t_supply', i.t_supply_c, '°C');
  b.input('t_return', i.t_return_c, '°C');
  b.input('p_abs', i.p_mpa, 'MPa');
  if (i.mode === 'loads') {
    b.input('q_heat', i.q_heat_kw ?? 0, 'kW');
    b.input('q_dhw', i.q_dhw_kw ?? 0, 'kW');
  }
  b.input('min_share', i.min_share_pct, '%');
  b.input('margin', i.margin_pct, '%');
  b.input('v_max', i.v_max_ms, 'm/s');
  const { pipes, q_total } = pipeFlows(i, b);
  const warnings: string[] = [];
  if (i.t_supply_c - i.t_return_c < 10) warnings.push('dt_low');
  if (q_total && q_total.value < 116.3) warnings.push('simplified');
  if (cat.meters.some((m) => m.demo)) warnings.push('demo_catalogue');
  if (pipes.some((p) => p.pipe_dn === null)) warnings.push('pipe_dn_unknown');

  const bySeries = new Map<string, MeterModel[]>();
  for (const m of cat.meters) bySeries.set(m.series, [...(bySeries.get(m.series) ?? []), m]);
  const rejected: Rejection[] = [];
  const found: Array<{ series: string; models: MeterModel[] }> = [];
  for (const [series, list] of [...bySeries.entries()].sort(([a], [b2]) => a.localeCompare(b2))) {
    const sorted = [...list].sort((a, c) => a.dn - c.dn);
    const chosen: MeterModel[] = [];
    for (const f of pipes) {
      let pick: MeterModel | null = null;
      let why: Try | null = null;
      // The smallest meter that would work but for being larger than the pipe: the DN that works.
      let fitsButPipe: Try | null = null;
      for (const m of sorted) {
        let t = tryMeter(m, f, i, req, null);
        if (t.ok) {
          pick = m;
          break;
        }
        if (t.reason === 'pipe_dn') {
          const free = tryMeter(m, { ...f, pipe_dn: null }, i, req, null);
          if (free.ok) {
            fitsButPipe ??= t;
            continue;
          }
          // Larger than the pipe and refused anyway: its own reason is what excludes it.
          t = free;
        }
        // The refusal of the largest meter past "too small" says why the series fails.
        const rank = (x: Try | null) => (!x || x.ok ? -1 : x.reason === 'too_small' ? 0 : 2);
        if (rank(t) >= rank(why)) why = t;
      }
      // A meter that works except for the pipe names that DN (not the largest of the series).
      if (fitsButPipe) why = fitsButPipe;
      if (!pick) {
        const w = why as Extract<Try, { ok: false }> | null;
        rejected.push({
          series,
          pipe: f.pipe,
          reason: w?.reason ?? 'too_small',
          params: w?.params ?? {},
        });
        break;
      }
      chosen.push(pick);
    }
    if (chosen.length === pipes.length) found.push({ series, models: chosen });
  }

  // Pressure is measured on supply and return (the Rules' parameter set for a metering unit).
  const transmitterCount = 2;
  const channels = { flow: pipes.length, temperature: 2, pressure: transmitterCount };
  const calc = pickCalculator(cat.calculators, channels, req);
  const sensorDn = Math.max(
    ...pipes.filter((p) => p.pipe === 'supply' || p.pipe === 'return').map((p) => p.pipe_dn ?? 0),
  );
  const variants: Variant[] = [];
  if (!calc) {
    for (const f of found)
      rejected.push({
        series: f.series,
        pipe: null,
        reason: 'no_calculator',
        params: {
          flow: channels.flow,
          temperature: channels.temperature,
          pressure: channels.pressure,
        },
      });
  } else {
    const pBar = (i.p_mpa - ATM_MPA) * 10;
    const transmitter =
      [...cat.transmitters]
        .filter((t) => t.range_bar >= pBar * 1.25)
        .sort((a, c) => a.range_bar - c.range_bar || a.price_kop - c.price_kop)[0] ?? null;
    for (const f of found) {
      const vb = b.fork();
      const meters = pipes.map(
        (p, k) => (tryMeter(f.models[k]!, p, i, req, vb) as Extract<Try, { ok: true }>).choice,
      );
      const dnForPair =
        sensorDn ||
        Math.max(
          ...meters.filter((m) => m.pipe === 'supply' || m.pipe === 'return').map((m) => m.dn),
        );
      const pair =
        [...cat.pairs]
          .filter(
            (s) => s.dn_min <= dnForPair && dnForPair <= s.dn_max && s.t_max_c >= i.t_supply_c,
          )
          .sort((a, c) => a.price_kop - c.price_kop)[0] ?? null;
      vb.quantity('channels.flow', channels.flow, 'pcs', 'channels');
      vb.quantity('channels.temperature', channels.temperature, 'pcs', 'channels');
      vb.quantity('channels.pressure', channels.pressure, 'pcs', 'channels');
      const items: UnitItem[] = meters.map((m) => ({
        sku: m.sku,
        role: 'meter' as const,
        title: m.title,
        qty: 1,
        price_kop: m.price_kop,
        pipe: m.pipe,
      }));
      if (pair)
        items.push({
          sku: pair.sku,
          role: 'sensor_pair',
          title: pair.title,
          qty: 1,
          price_kop: pair.price_kop,
        });
      if (transmitter && transmitterCount)
        items.push({
          sku: transmitter.sku,
          role: 'pressure_transmitter',
          title: transmitter.title,
          qty: transmitterCount,
          price_kop: transmitter.price_kop,
        });
      items.push({
        sku: calc.sku,
        role: 'calculator',
        title: calc.title,
        qty: 1,
        price_kop: calc.price_kop,
      });
      const requirements = req ? requirementChecks(req, meters, f.models, calc) : [];
      const vw: string[] = [];
      if (meters.some((m) => m.zone === 'transitional')) vw.push('transitional');
      if (!pair) vw.push('no_sensor_pair');
      if (!transmitter) vw.push('no_transmitter');
      for (const w of vw) vb.warn(w);
      for (const w of warnings) vb.warn(w);
      const price = items.reduce((s, x) => s + x.qty * x.price_kop, 0);
      vb.quantity('price', price, 'kop');
      variants.push({
        rank: 0,
        series: f.series,
        type: meters[0]!.type,
        meters,
        sensor_pair: pair,
        transmitters: transmitter,
        transmitter_count: transmitterCount,
        calculator: calc,
        channels,
        requirements,
        unmet: requirements.filter((x) => !x.met).length,
        items,
        price_kop: price,
        warnings: vw,
        explanation: vb.e,
      });
    }
  }
  variants.sort(
    (a, c) => a.unmet - c.unmet || a.price_kop - c.price_kop || a.series.localeCompare(c.series),
  );
  variants.forEach((v, k) => (v.rank = k + 1));
  const limit = Math.max(1, Math.min(20, Math.floor(i.limit ?? 10)));
  for (const w of warnings) b.warn(w);
  return {
    scheme: i.scheme,
    pipes,
    q_total,
    variants: variants.slice(0, limit),
    rejected,
    warnings,
    explanation: b.e,
  };
}
