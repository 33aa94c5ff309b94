// The catalogue's pump control cabinets, cached per process until the catalogue changes (count or
// newest updated_at of the cabinets moves), and matched to a set of pumps: enough pump outputs,
// motor power within the cabinet's largest, the same start method, a transfer switch when asked.
import type { Kysely } from 'kysely';
import type { DB } from '#lib/db/schema.ts';
import { viewOf } from '#features/catalogue/catalogue.server.ts';

export interface CabinetItem {
  id: number;
  sku: string;
  title: string;
  manufacturer: string;
  model: string;
  price_kop: number;
  lead_days: number;
  pumps: number;
  p2_kw_max: number;
  start_method: string;
  ats: boolean;
  demo: boolean;
}

const BATCH = 1000;
const KEY = Symbol.for('cabinet.catalogue.cabinets');
type Holder = { [KEY]?: { key: string; items: CabinetItem[] } };

export async function catalogueCabinets(db: Kysely<DB>): Promise<CabinetItem[]> {
  const stamp = await db
    .selectFrom('catalogue_items')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('updated_at').as('at')])
    .where('kind', '=', 'cabinet')
    .executeTakeFirstOrThrow();
  const key = `${Number(stamp.n)}:${stamp.at ?? ''}`;
  const g = globalThis as Holder;
  if (g[KEY]?.key === key) return g[KEY].items;
  const items: CabinetItem[] = [];
  for (let after = 0; ;) {
    const rows = await db
      .selectFrom('catalogue_items')
      .selectAll()
      .where('kind', '=', 'cabinet')
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      const v = viewOf(row);
      const s = v.specs;
      if (!(Number(s.pumps) > 0) || !(Number(s.p2_kw_max) > 0)) continue;
      items.push({
        id: v.id,
        sku: v.sku,
        title: v.title,
        manufacturer: v.manufacturer,
        model: v.model,
        price_kop: v.price_kop,
        lead_days: v.lead_days,
        pumps: Number(s.pumps),
        p2_kw_max: Number(s.p2_kw_max),
        start_method: String(s.start_method ?? ''),
        ats: s.ats === true,
        demo: v.demo,
      });
    }
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1]!.id;
  }
  g[KEY] = { key, items };
  return items;
}

/** Up to `limit` cabinets that fit, cheapest first (fewest spare outputs break ties). */
export async function matchingCabinets(
  db: Kysely<DB>,
  need: { pumps: number; p2_kw: number; method: string; ats: boolean },
  limit = 5,
): Promise<CabinetItem[]> {
  return (await catalogueCabinets(db))
    .filter(
      (c) =>
        c.pumps >= need.pumps &&
        c.p2_kw_max >= need.p2_kw &&
        c.start_method === need.method &&
        (!need.ats || c.ats),
    )
    .sort((a, b) => a.price_kop - b.price_kop || a.pumps - b.pumps || a.sku.localeCompare(b.sku))
    .slice(0, limit);
}
