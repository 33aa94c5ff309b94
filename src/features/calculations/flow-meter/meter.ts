// The equipment of a heat metering unit as the selection engine reads it from catalogue items: flow
// meters (kind flow_meter), matched temperature sensor pairs (temp_sensor_pair), heat calculators
// (heat_calculator) and pressure transmitters (kind sensor with specs.role pressure_transmitter).
// Their figures live in the item's `specs`; meterSpecErrors checks a flow meter's specs when the
// catalogue imports it (catalogue/meter-specs.ts), so the engine never meets a range that cannot
// hold a flow. Pure.
import { meterSpecErrors, METER_TYPES, type MeterType } from '#features/catalogue/meter-specs.ts';

export { meterSpecErrors, METER_TYPES, type MeterType };

/** Standard nominal diameters (mm); a pipe DN must be one of them. */
export const DN_SERIES = [
  15, 20, 25, 32, 40, 50, 65, 80, 100, 125, 150, 200, 250, 300, 350, 400,
] as const;

export interface MeterModel {
  sku: string;
  title: string;
  /** Model series (one variant of the unit uses one series on every pipe). */
  series: string;
  type: MeterType;
  dn: number;
  /** Volume flows, m3/h: below q_min no metering, q_min..q_t transitional zone, q_t..q_max rated accuracy. */
  q_min: number;
  q_t: number;
  q_max: number;
  /** Relative error in the rated zone, % (the accuracy class as the Rules state it). */
  error_pct: number;
  /** Pressure loss at q_max, kPa; Δp = dp_qmax·(Q/q_max)² (quadratic loss coefficient). */
  dp_qmax_kpa: number;
  /** Straight runs the manufacturer asks for, in DN of the meter. */
  straight_up_dn: number;
  straight_down_dn: number;
  interfaces: string[];
  t_max_c: number;
  pn_bar: number;
  /** In the state register of measuring instruments. */
  register: boolean;
  price_kop: number;
  demo: boolean;
}

export interface SensorPair {
  sku: string;
  title: string;
  /** Immersion length, mm; the pair fits pipes dn_min..dn_max. */
  length_mm: number;
  dn_min: number;
  dn_max: number;
  t_max_c: number;
  price_kop: number;
}

export interface HeatCalculator {
  sku: string;
  title: string;
  flow_channels: number;
  temp_channels: number;
  pressure_channels: number;
  interfaces: string[];
  archive_hourly_days: number;
  archive_daily_days: number;
  price_kop: number;
}

export interface PressureTransmitter {
  sku: string;
  title: string;
  range_bar: number;
  price_kop: number;
}

export interface UnitCatalogue {
  meters: MeterModel[];
  pairs: SensorPair[];
  calculators: HeatCalculator[];
  transmitters: PressureTransmitter[];
}

type Specs = Record<string, unknown>;
const num = (x: unknown): number | undefined =>
  typeof x === 'number' && Number.isFinite(x) ? x : undefined;
const strs = (x: unknown): string[] =>
  Array.isArray(x) ? x.filter((s): s is string => typeof s === 'string').slice(0, 20) : [];

interface Row {
  sku: string;
  kind: string;
  title: string;
  price_kop: number;
  demo: number | boolean;
  specs: Specs;
}

/** Catalogue rows into the engine's equipment; rows whose specs do not read are left out. */
export function unitCatalogueOf(rows: Row[]): UnitCatalogue {
  const out: UnitCatalogue = { meters: [], pairs: [], calculators: [], transmitters: [] };
  for (const r of rows) {
    const s = r.specs;
    const base = { sku: r.sku, title: r.title, price_kop: Number(r.price_kop) };
    if (r.kind === 'flow_meter') {
      if (meterSpecErrors(s)) continue;
      out.meters.push({
        ...base,
        series: String(s.series),
        type: s.type as MeterType,
        dn: num(s.dn)!,
        q_min: num(s.q_min)!,
        q_t: num(s.q_t)!,
        q_max: num(s.q_max)!,
        error_pct: num(s.error_pct)!,
        dp_qmax_kpa: num(s.dp_qmax_kpa)!,
        straight_up_dn: num(s.straight_up_dn)!,
        straight_down_dn: num(s.straight_down_dn)!,
        interfaces: strs(s.interfaces),
        t_max_c: num(s.t_max_c)!,
        pn_bar: num(s.pn_bar)!,
        register: s.register === true,
        demo: Boolean(r.demo),
      });
    } else if (r.kind === 'temp_sensor_pair') {
      const length = num(s.length_mm),
        lo = num(s.dn_min),
        hi = num(s.dn_max),
        t = num(s.t_max_c);
      if (length && lo && hi && t)
        out.pairs.push({ ...base, length_mm: length, dn_min: lo, dn_max: hi, t_max_c: t });
    } else if (r.kind === 'heat_calculator') {
      const f = num(s.flow_channels),
        tc = num(s.temp_channels),
        pc = num(s.pressure_channels);
      if (f && tc && pc !== undefined)
        out.calculators.push({
          ...base,
          flow_channels: f,
          temp_channels: tc,
          pressure_channels: pc,
          interfaces: strs(s.interfaces),
          archive_hourly_days: num(s.archive_hourly_days) ?? 0,
          archive_daily_days: num(s.archive_daily_days) ?? 0,
        });
    } else if (r.kind === 'sensor' && s.role === 'pressure_transmitter') {
      const range = Array.isArray(s.range_bar) ? num(s.range_bar[1]) : num(s.range_bar);
      if (range) out.transmitters.push({ ...base, range_bar: range });
    }
  }
  return out;
}
