// The objects map's data, bounded at any number of objects: only what lies in the visible bounding
// box, grouped on the server into grid cells of about CELL_PX screen pixels at the map's zoom. A
// cell holding one object answers that object (name, address); a cell holding several answers
// their count and centre, which the map draws as a cluster. At most MAX_CELLS cells are answered
// (a viewport holds far fewer); `truncated` tells the map to ask the person to zoom in.
import { sql, type Kysely } from 'kysely';
import { db as defaultDb } from '#lib/db/index.ts';
import type { DB } from '#lib/db/schema.ts';
import type { MapQuery } from './objects.schema.ts';

export const CELL_PX = 64;
export const MAX_CELLS = 400;

export interface MapCell {
  lat: number;
  lon: number;
  count: number;
  /** Set when the cell holds one object. */
  id?: number;
  name?: string;
  address?: string;
}

export interface MapAnswer {
  /** Objects inside the box. */
  total: number;
  cells: MapCell[];
  truncated: boolean;
}

/** Grid cell size in degrees at a zoom level (Web Mercator: 256 px tiles, 2^zoom tiles around the world). */
export const cellDegrees = (zoom: number): number => (CELL_PX * 360) / (256 * 2 ** zoom);

export async function objectsInBox(
  userId: number,
  q: MapQuery,
  handle: Kysely<DB> = defaultDb(),
): Promise<MapAnswer> {
  // A literal, not a parameter: PostgreSQL must see the same expression in SELECT and GROUP BY.
  const cell = sql.lit(cellDegrees(q.zoom));
  // The (user_id, lat, lon) index of migration 0007 narrows the rows; grouping happens in SQL, so
  // only cells travel, never the objects themselves.
  // One integer key per cell (row * 2^23 + column) groups faster than two floor() columns; the cast
  // rounds differently per engine (SQLite truncates, PostgreSQL rounds), which only shifts the grid.
  const key = sql<number>`cast(lat / ${cell} as bigint) * 8388608 + cast(lon / ${cell} as bigint)`;
  const rows = await handle
    .selectFrom('objects')
    .select([
      sql<number>`count(*)`.as('n'),
      sql<number>`avg(lat)`.as('lat'),
      sql<number>`avg(lon)`.as('lon'),
      sql<number>`min(id)`.as('id'),
    ])
    .where('user_id', '=', userId)
    .where('lat', '>=', q.south)
    .where('lat', '<=', q.north)
    .where('lon', '>=', q.west)
    .where('lon', '<=', q.east)
    .groupBy(key)
    .orderBy(sql`count(*)`, 'desc')
    .limit(MAX_CELLS + 1)
    .execute();
  const truncated = rows.length > MAX_CELLS;
  const kept = rows.slice(0, MAX_CELLS);
  const singles = kept.filter((r) => Number(r.n) === 1).map((r) => Number(r.id));
  const named = new Map<number, { name: string; address: string; lat: number; lon: number }>();
  for (let i = 0; i < singles.length; i += 200) {
    const part = await handle
      .selectFrom('objects')
      .select(['id', 'name', 'address', 'lat', 'lon'])
      .where('user_id', '=', userId)
      .where('id', 'in', singles.slice(i, i + 200))
      .execute();
    for (const o of part) named.set(o.id, o);
  }
  const cells = kept.map((r): MapCell => {
    const one = Number(r.n) === 1 ? named.get(Number(r.id)) : undefined;
    return one
      ? {
          lat: Number(one.lat),
          lon: Number(one.lon),
          count: 1,
          id: Number(r.id),
          name: one.name,
          address: one.address,
        }
      : { lat: Number(r.lat), lon: Number(r.lon), count: Number(r.n) };
  });
  const total = kept.reduce((n, r) => n + Number(r.n), 0);
  return { total: truncated ? await countInBox(userId, q, handle) : total, cells, truncated };
}

async function countInBox(userId: number, q: MapQuery, handle: Kysely<DB>): Promise<number> {
  const r = await handle
    .selectFrom('objects')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('lat', '>=', q.south)
    .where('lat', '<=', q.north)
    .where('lon', '>=', q.west)
    .where('lon', '<=', q.east)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
