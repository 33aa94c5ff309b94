// Pumps built from the §3.2 reference curves for the engine tests.
import { preparePump, type PreparedPump } from './curve.ts';
import { CRONOLINE_IL_80_220, type ReferenceCurve } from './reference-curves.ts';
import type { PumpModel } from './types.ts';

export function modelFrom(ref: ReferenceCurve, over: Partial<PumpModel> = {}): PumpModel {
  return {
    sku: 'TEST-' + ref.name.replace(/\W+/g, '-'),
    title: ref.name,
    manufacturer: 'Test',
    model: ref.name,
    price_kop: 10_000_000,
    lead_days: 10,
    speed_rpm: ref.speed_rpm,
    curve: ref.points,
    q_min_m3h: ref.q_min_m3h,
    motor: { p2_kw: 5.5, in_a: 0, ia_in: 7, cos_phi: 0.86, eta: 0.89, voltage_v: 400 },
    t_max_c: 120,
    ...over,
  };
}

export function prepared(
  ref: ReferenceCurve = CRONOLINE_IL_80_220,
  over: Partial<PumpModel> = {},
): PreparedPump {
  const r = preparePump(modelFrom(ref, over));
  if (!r.ok) throw new Error('fixture curve invalid: ' + r.errors.join(','));
  return r.pump;
}
