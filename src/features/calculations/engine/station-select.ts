// Booster-set selection over the catalogue: every pump as N duty + standby (N given, or 1..4 tried),
// hard filters of the set, ranking by annual energy then price; each set gets its cabinet electrics
// (VFD per pump with speed control, else direct start up to 7.5 kW and star-delta above).
import type { PreparedPump } from './curve.ts';
import { cabinetElectrics, type CabinetResult, type StartMethod } from './electrics.ts';
import { evaluateStation, type StationResult } from './booster.ts';
import { normaliseInput, type FieldError, type PumpSelectInput } from './select.ts';

export interface StationSelectInput extends PumpSelectInput {
  /** Duty pumps; absent: 1 to 4 are tried. */
  count?: number;
  standby?: number;
}

export interface StationEntity {
  sku: string;
  title: string;
  manufacturer: string;
  model: string;
  duty_count: number;
  standby_count: number;
  /** Price of all pumps of the set, kopecks (the cabinet is priced from the catalogue by the caller). */
  pumps_price_kop: number;
  station: StationResult;
  cabinet: CabinetResult;
  start_method: StartMethod;
}

export interface StationSelectResult {
  type: 'success' | 'empty' | 'error';
  entities: StationEntity[];
  errors: FieldError[];
  misses: Array<{ sku: string; duty_count: number; reason: string }>;
}

export function selectStations(pumps: readonly PreparedPump[], input: StationSelectInput): StationSelectResult {
  const n = normaliseInput(input);
  const errors: FieldError[] = n.ok ? [] : [...n.errors];
  const count = input.count;
  const standby = input.standby ?? 1;
  if (count !== undefined && !(Number.isInteger(count) && count >= 1 && count <= 6)) errors.push({ field: 'count', key: 'range' });
  if (!(Number.isInteger(standby) && standby >= 0 && standby <= 3)) errors.push({ field: 'standby', key: 'range' });
  if (!n.ok || errors.length) return { type: 'error', entities: [], errors, misses: [] };
  const d = n.duty;
  const counts = count ? [count] : [1, 2, 3, 4];
  const out: StationEntity[] = [];
  const misses: StationSelectResult['misses'] = [];
  for (const p of pumps) {
    if (p.model.t_max_c !== undefined && d.temperature_c > p.model.t_max_c) continue;
    for (const c of counts) {
      const st = evaluateStation(p, {
        q_m3h: d.q_m3h, h_m: d.h_m, h_static_m: d.h_static_m, duty: c, standby, speed_control: d.speed_control, rho: d.rho,
        profile: d.load_profile, kop_per_kwh: d.kop_per_kwh, r_min: d.r_min, vfd_eta: d.vfd_eta,
      });
      if (!st.ok) {
        misses.push({ sku: p.model.sku, duty_count: c, reason: st.reason ?? 'flow_range' });
        continue;
      }
      const method: StartMethod = d.speed_control ? 'vfd' : p.model.motor.p2_kw > 7.5 ? 'star_delta' : 'direct';
      const cabinet = cabinetElectrics({ pumps: [{ motor: p.model.motor, duty: c, standby }], method, ats: false, dry_run: true });
      out.push({
        sku: p.model.sku, title: p.model.title, manufacturer: p.model.manufacturer, model: p.model.model, duty_count: c, standby_count: standby,
        pumps_price_kop: p.model.price_kop * (c + standby), station: st, cabinet, start_method: method,
      });
    }
  }
  out.sort((a, b) => a.station.annual_kwh - b.station.annual_kwh || a.pumps_price_kop - b.pumps_price_kop || a.sku.localeCompare(b.sku));
  const limit = input.limit ?? 20;
  return { type: out.length ? 'success' : 'empty', entities: out.slice(0, limit), errors: [], misses: out.length ? [] : misses.slice(0, 3) };
}
