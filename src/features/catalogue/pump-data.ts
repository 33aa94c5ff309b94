// What the catalogue holds of a pump: the manufacturer's curve points at nominal speed, the motor,
// and the rule a curve must meet to be stored (checkItem runs it on every imported pump). The
// selection engine (calculations/engine) reads these; they live here so the catalogue never
// imports the engine. Units are in the field names (q_m3h, h_m, p2_kw ...). Pure.
export interface CurvePoint {
  q_m3h: number;
  h_m: number;
  p2_kw?: number;
  p1_kw?: number;
  eta?: number;
  npshr_m?: number;
}

export interface MotorData {
  p2_kw: number;
  in_a: number;
  /** Locked-rotor (start) current ratio Ia/In for direct-on-line start. */
  ia_in: number;
  cos_phi: number;
  eta: number;
  voltage_v: number;
}

export type CurveError =
  | 'curve.points'
  | 'curve.positive'
  | 'curve.order'
  | 'curve.monotone'
  | 'curve.range'
  | 'curve.power';

/**
 * Checks manufacturer points: at least 3, finite and positive (Q ≥ 0, H > 0), flows strictly
 * increasing, head decreasing inside the allowed range, power (P2, P1 or η) on every point.
 */
export function validateCurve(
  curve: readonly CurvePoint[],
  qMin?: number,
  qMax?: number,
): CurveError[] {
  const errors: CurveError[] = [];
  if (curve.length < 3) return ['curve.points'];
  const ok = (x: unknown, min = 0, strict = false) =>
    typeof x === 'number' && Number.isFinite(x) && (strict ? x > min : x >= min);
  if (!curve.every((p) => ok(p.q_m3h) && ok(p.h_m, 0, true))) errors.push('curve.positive');
  else {
    if (curve.some((p, i) => i > 0 && p.q_m3h <= curve[i - 1]!.q_m3h)) errors.push('curve.order');
    const lo = qMin ?? curve[0]!.q_m3h;
    const hi = qMax ?? curve[curve.length - 1]!.q_m3h;
    if (!(lo >= curve[0]!.q_m3h && hi <= curve[curve.length - 1]!.q_m3h && hi > lo))
      errors.push('curve.range');
    else {
      const inRange = curve.filter((p) => p.q_m3h >= lo && p.q_m3h <= hi);
      if (inRange.length < 3) errors.push('curve.points');
      else if (inRange.some((p, i) => i > 0 && p.h_m >= inRange[i - 1]!.h_m))
        errors.push('curve.monotone');
    }
  }
  const power = (p: CurvePoint) =>
    ok(p.p2_kw, 0, true) || ok(p.p1_kw, 0, true) || (ok(p.eta, 0, true) && (p.eta ?? 0) <= 1);
  if (!curve.every(power)) errors.push('curve.power');
  return errors;
}
