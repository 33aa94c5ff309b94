// The live operating point of a pump against its design (issue 25), pure arithmetic: the measured
// flow, head (or differential pressure) and electrical power converted to m3/h, m and kW; the
// point on the pump's curve at the measured flow (the curve at the design speed, moved to the
// measured speed by the affinity laws when the speed is measured); the current efficiency and
// power against the design; the drift in % (flow, head) and points (efficiency) with a warning
// past the thresholds; the energy cost of the drift over a year. Every figure is finite: a missing,
// not-good or stale value gives the "no live data" state. Each result lists the formulas used.
import { flowToM3h, G, headToM } from '#features/calculations/kit/units.ts';

export const OP_FLOW_UNITS = ['m3/h', 'l/s', 't/h'] as const;
/** m is a head; the others are a differential pressure, converted with the liquid's density. */
export const OP_HEAD_UNITS = ['m', 'kPa', 'bar', 'kgf/cm2', 'MPa'] as const;
export const OP_POWER_UNITS = ['kW', 'W'] as const;
export type OpFlowUnit = (typeof OP_FLOW_UNITS)[number];
export type OpHeadUnit = (typeof OP_HEAD_UNITS)[number];
export type OpPowerUnit = (typeof OP_POWER_UNITS)[number];

/** Drift thresholds: flow and head in % of the design, efficiency in percentage points. */
export const DRIFT_PCT = 10;
export const DRIFT_ETA_POINTS = 5;
export const HOURS_PER_YEAR = 8760;

/** Formula texts by id (mathematics, shown verbatim; their names are translated). */
export const OP_FORMULAS = {
  flow: 'Q [m³/h] = Q [l/s]·3.6 = G [t/h]·1000/ρ',
  head_dp: 'H = Δp/(ρ·g)',
  power_w: 'P₁ [kW] = P₁ [W]/1000',
  affinity: 'k = n/n_d; H(Q) = k²·H_d(Q/k), η(Q) = η_d(Q/k), P₂(Q) = k³·P₂,d(Q/k)',
  curve: 'y(Q) = y_i + (y_{i+1} − y_i)·(Q − Q_i)/(Q_{i+1} − Q_i), y = H_c, η_c, P₂,c',
  hydraulic: 'P_hyd = ρ·g·Q·H',
  eta_measured: 'η = P_hyd/(P₁·η_m), η_m = P₂,d/P₁,d',
  eta_curve: 'η = η_c(Q)',
  power_hydraulic: 'P₁ = P_hyd/(η_c(Q)·η_m), η_m = P₂,d/P₁,d',
  deviation: 'δQ = 100·(Q − Q_d)/Q_d; δH = 100·(H − H_d)/H_d; Δη = 100·(η − η_d)',
  energy: 'ΔE = (P₁ − P₁,d)·8760 h; C = ΔE·c_e',
} as const;
export type OpFormula = keyof typeof OP_FORMULAS;

export interface PumpCurve {
  q_m3h: number[];
  h_m: number[];
  eta: number[];
  p2_kw: number[];
}

export interface PumpDesign {
  q_m3h: number;
  h_m: number;
  /** Pump efficiency at the design point, 0..1. */
  eta: number;
  p1_kw: number;
  p2_kw: number;
  rho_kg_m3: number;
  /** Speed of the design curve, rpm (catalogue speed times the duty speed ratio); null if unknown. */
  speed_rpm: number | null;
  /** The curve at the design speed (samples sorted by flow). */
  curve: PumpCurve;
}

export interface Reading {
  value: number | null;
  /** Dispatching quality: g good, n not available, s stale. */
  quality: string;
}

export interface Measured {
  flow: Reading & { unit: OpFlowUnit };
  head: Reading & { unit: OpHeadUnit };
  power: (Reading & { unit: OpPowerUnit }) | null;
  speed: Reading | null;
  /** Time of the last successful read (ISO), null when never read. */
  at: string | null;
  /** Whether the values are current: the object online and its snapshot within the link-loss threshold. */
  fresh: boolean;
}

export interface OpStep {
  id: string;
  value: number;
  /** Unit code: m3h, m, kW, kWh, pct, pp (percentage points), rub, '' (a ratio). */
  unit: string;
}

export interface OpExplanation {
  formulas: Array<{ id: OpFormula; text: string }>;
  steps: OpStep[];
}

export type DriftKind = 'flow' | 'head' | 'eta';

export interface OpLive {
  q_m3h: number;
  h_m: number;
  p1_kw: number;
  eta: number;
  speed_rpm: number | null;
}

export type OperatingPoint =
  | {
      state: 'no-data';
      reason: 'stale' | 'missing';
      at: string | null;
      design: Omit<PumpDesign, 'curve'>;
      curve: PumpCurve;
      tariff_rub_kwh: number;
    }
  | {
      state: 'live';
      at: string | null;
      design: Omit<PumpDesign, 'curve'>;
      curve: PumpCurve;
      live: OpLive;
      /** The curve moved to the measured speed (affinity laws); null when the speed is not measured. */
      curve_at_speed: PumpCurve | null;
      /** The point on the curve (at the measured speed) at the measured flow; null off the curve's range. */
      onCurve: { h_m: number; eta: number; p2_kw: number } | null;
      deviation: { q_pct: number; h_pct: number; eta_points: number };
      warnings: DriftKind[];
      power_basis: 'measured' | 'hydraulic';
      energy: { extra_kw: number; kwh_year: number; cost_rub_year: number; tariff_rub_kwh: number };
      explanation: OpExplanation;
    };

/** The product's operating point as the API answers it and the product page's island shows it. */
export interface ProductOperatingPoint {
  product_id: number;
  object: { id: number; title: string };
  point: OperatingPoint;
}

const finite = (x: number | null | undefined): x is number =>
  typeof x === 'number' && Number.isFinite(x);

const good = (r: Reading | null): r is Reading & { value: number } =>
  !!r && r.quality === 'g' && finite(r.value);

/** Linear interpolation of ys at x over ascending xs; null outside [xs[0], xs[last]]. */
export function interpolate(xs: number[], ys: number[], x: number): number | null {
  const n = Math.min(xs.length, ys.length);
  if (n === 0 || !finite(x) || x < xs[0]! || x > xs[n - 1]!) return null;
  for (let i = 1; i < n; i++) {
    const x0 = xs[i - 1]!;
    const x1 = xs[i]!;
    if (x <= x1) {
      const y0 = ys[i - 1]!;
      const y1 = ys[i]!;
      const y = x1 === x0 ? y1 : y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
      return finite(y) ? y : null;
    }
  }
  return finite(ys[0]) ? ys[0]! : null;
}

/** The curve moved from the design speed by k = n/n_d (affinity laws). */
export function curveAtSpeed(c: PumpCurve, k: number): PumpCurve {
  if (k === 1) return c;
  return {
    q_m3h: c.q_m3h.map((q) => q * k),
    h_m: c.h_m.map((h) => h * k * k),
    eta: c.eta.slice(),
    p2_kw: c.p2_kw.map((p) => p * k * k * k),
  };
}

const round = (x: number, digits = 4) => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};

export function operatingPoint(
  design: PumpDesign,
  m: Measured,
  tariffRubKwh: number,
): OperatingPoint {
  const { curve, ...d } = design;
  const base = { at: m.at, design: d, curve, tariff_rub_kwh: tariffRubKwh };
  if (!m.fresh) return { state: 'no-data', reason: 'stale', ...base };
  if (!good(m.flow) || !good(m.head) || (m.power && !good(m.power)) || (m.speed && !good(m.speed)))
    return { state: 'no-data', reason: 'missing', ...base };
  const formulas: OpFormula[] = [];
  const steps: OpStep[] = [];
  const step = (id: string, value: number, unit: string) => steps.push({ id, value, unit });
  const rho = design.rho_kg_m3;

  // Units, explicitly: flow to m3/h, head or differential pressure to m, power to kW.
  const q = flowToM3h(m.flow.value, m.flow.unit, rho);
  const h = headToM(m.head.value, m.head.unit, rho);
  if (!q.ok || !h.ok) return { state: 'no-data', reason: 'missing', ...base };
  if (m.flow.unit !== 'm3/h') formulas.push('flow');
  if (m.head.unit !== 'm') formulas.push('head_dp');
  const Q = q.value;
  const H = h.value;
  step('q', Q, 'm3h');
  step('h', H, 'm');

  // The curve at the measured speed (affinity laws), or at the design speed.
  const speed = m.speed ? m.speed.value! : null;
  const k =
    speed !== null && finite(design.speed_rpm) && design.speed_rpm > 0 && speed > 0
      ? speed / design.speed_rpm
      : 1;
  if (k !== 1) {
    formulas.push('affinity');
    step('k', k, '');
  }
  const running = curveAtSpeed(curve, k);
  const hc = interpolate(running.q_m3h, running.h_m, Q);
  const etac = interpolate(running.q_m3h, running.eta, Q);
  const p2c = interpolate(running.q_m3h, running.p2_kw, Q);
  const onCurve =
    hc !== null && etac !== null && p2c !== null ? { h_m: hc, eta: etac, p2_kw: p2c } : null;
  if (onCurve) {
    formulas.push('curve');
    step('h_curve', onCurve.h_m, 'm');
    step('eta_curve', onCurve.eta * 100, 'pct');
  }

  // Hydraulic power, current efficiency and electrical power.
  const pHyd = (rho * G * (Q / 3600) * H) / 1000;
  formulas.push('hydraulic');
  step('p_hyd', pHyd, 'kW');
  const chain = d.p1_kw > 0 && d.p2_kw > 0 ? d.p2_kw / d.p1_kw : 1;
  let p1: number;
  let eta: number;
  let basis: 'measured' | 'hydraulic';
  if (m.power) {
    p1 = m.power.unit === 'W' ? m.power.value! / 1000 : m.power.value!;
    if (m.power.unit === 'W') formulas.push('power_w');
    eta = p1 > 0 ? pHyd / (p1 * chain) : 0;
    formulas.push('eta_measured');
    basis = 'measured';
  } else {
    eta = onCurve ? onCurve.eta : d.eta;
    p1 = eta > 0 ? pHyd / (eta * chain) : 0;
    formulas.push('eta_curve', 'power_hydraulic');
    basis = 'hydraulic';
  }
  if (!finite(p1) || !finite(eta)) return { state: 'no-data', reason: 'missing', ...base };
  step('eta_motor', chain * 100, 'pct');
  step('eta', eta * 100, 'pct');
  step('p1', p1, 'kW');

  // Drift against the design point.
  const dq = d.q_m3h > 0 ? (100 * (Q - d.q_m3h)) / d.q_m3h : 0;
  const dh = d.h_m > 0 ? (100 * (H - d.h_m)) / d.h_m : 0;
  const deta = 100 * (eta - d.eta);
  formulas.push('deviation');
  step('dq', dq, 'pct');
  step('dh', dh, 'pct');
  step('deta', deta, 'pp');
  // A drift exactly at the threshold is within it; past it warns (rounded first, so 10.0000001 from
  // float arithmetic of an exact 10 % does not warn).
  const warnings: DriftKind[] = [];
  if (Math.abs(round(dq, 6)) > DRIFT_PCT) warnings.push('flow');
  if (Math.abs(round(dh, 6)) > DRIFT_PCT) warnings.push('head');
  if (Math.abs(round(deta, 6)) > DRIFT_ETA_POINTS) warnings.push('eta');

  // The energy cost of the drift over a year.
  const extra = p1 - d.p1_kw;
  const kwh = extra * HOURS_PER_YEAR;
  const cost = kwh * tariffRubKwh;
  formulas.push('energy');
  step('extra_kw', extra, 'kW');
  step('kwh_year', kwh, 'kWh');
  step('cost_year', cost, 'rub');

  return {
    state: 'live',
    ...base,
    live: { q_m3h: Q, h_m: H, p1_kw: p1, eta, speed_rpm: speed },
    curve_at_speed: k !== 1 ? running : null,
    onCurve,
    deviation: { q_pct: dq, h_pct: dh, eta_points: deta },
    warnings,
    power_basis: basis,
    energy: { extra_kw: extra, kwh_year: kwh, cost_rub_year: cost, tariff_rub_kwh: tariffRubKwh },
    explanation: {
      formulas: formulas.map((id) => ({ id, text: OP_FORMULAS[id] })),
      steps: steps.filter((s) => finite(s.value)),
    },
  };
}
