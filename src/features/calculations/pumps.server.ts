// The catalogue's pumps as the engine needs them, prepared once (curve fits, BEP, largest power) and
// cached per process until the catalogue changes (its pump count or newest updated_at moves).
// Loaded in id-ordered batches so no single query is unbounded.
import type { Kysely } from 'kysely';
import { preparePump, type PreparedPump } from './engine/curve.ts';
import type { PumpModel } from './engine/types.ts';
import type { DB } from '#lib/db/schema.ts';
import { viewOf, type CatalogueView } from '#features/catalogue/catalogue.server.ts';

const BATCH = 1000;

/** The engine's pump model from a stored pump item, or null when its specs are not a pump. */
export function pumpModelOf(v: CatalogueView): PumpModel | null {
  const s = v.specs as Partial<PumpModel>;
  if (v.kind !== 'pump' || !Array.isArray(s.curve) || !s.motor || !(Number(s.speed_rpm) > 0))
    return null;
  return {
    sku: v.sku,
    title: v.title,
    manufacturer: v.manufacturer,
    model: v.model,
    price_kop: v.price_kop,
    lead_days: v.lead_days,
    speed_rpm: Number(s.speed_rpm),
    curve: s.curve,
    q_min_m3h: s.q_min_m3h,
    q_max_m3h: s.q_max_m3h,
    trim_min_ratio: s.trim_min_ratio,
    ...(Number(v.specs.impeller_d_mm) > 0 ? { impeller_d_mm: Number(v.specs.impeller_d_mm) } : {}),
    motor: s.motor,
    ...(Number(s.stages) >= 1 ? { stages: Math.round(Number(s.stages)) } : {}),
    t_max_c: s.t_max_c,
    ...(typeof s.t_min_c === 'number' && Number.isFinite(s.t_min_c) ? { t_min_c: s.t_min_c } : {}),
    pn_bar: s.pn_bar,
    dn: s.dn,
    demo: v.demo,
  };
}

interface Cache {
  key: string;
  pumps: PreparedPump[];
  /** Curve fits by sku and the item's updated_at: a catalogue change re-fits only the items it touched. */
  fits: Map<string, { at: string; pump: PreparedPump | null }>;
}
const KEY = Symbol.for('cabinet.catalogue.pumps');
type Holder = { [KEY]?: Cache };

export async function preparedPumps(db: Kysely<DB>): Promise<PreparedPump[]> {
  const stamp = await db
    .selectFrom('catalogue_items')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('updated_at').as('at')])
    .where('kind', '=', 'pump')
    .executeTakeFirstOrThrow();
  const key = `${Number(stamp.n)}:${stamp.at ?? ''}`;
  const g = globalThis as Holder;
  if (g[KEY]?.key === key) return g[KEY].pumps;
  const previous = g[KEY]?.fits;
  const fits: Cache['fits'] = new Map();
  const pumps: PreparedPump[] = [];
  for (let after = 0; ;) {
    const rows = await db
      .selectFrom('catalogue_items')
      .selectAll()
      .where('kind', '=', 'pump')
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      const at = String(row.updated_at);
      let fit = previous?.get(row.sku);
      if (fit?.at !== at) {
        const model = pumpModelOf(viewOf(row));
        const prepared = model ? preparePump(model) : null;
        fit = { at, pump: prepared?.ok ? prepared.pump : null };
      }
      fits.set(row.sku, fit);
      if (fit.pump) pumps.push(fit.pump);
    }
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1]!.id;
  }
  g[KEY] = { key, pumps, fits };
  return pumps;
}
