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

/** The stored grid of migration 0029 (objects.map_cell): the cell size at zoom MAP_CELL_ZOOM. */
export const MAP_CELL_ZOOM = 6;
export const MAP_CELL_DEGREES = cellDegrees(MAP_CELL_ZOOM);

/** The stored cell number of a point (as migration 0029 computes it). */
const cellOf = (lat: number, lon: number): number =>
  Math.floor((lat + 90) / MAP_CELL_DEGREES) * 1024 + Math.floor((lon + 180) / MAP_CELL_DEGREES);

interface CellRow {
  n: number;
  lat: number;
  lon: number;
  id: number;
}

/**
 * Zoom MAP_CELL_ZOOM and out (a country or more on screen, where a box may hold every object): the
 * stored cells (user_id, map_cell, lat, lon) are walked in index order and counted as they come (no
 * grouping of every object afresh), then merged in 2^k blocks into the cells of the map's zoom.
 */
async function coarseCells(userId: number, q: MapQuery, handle: Kysely<DB>): Promise<CellRow[]> {
  const rows = await handle
    .selectFrom('objects')
    .select([
      sql<number>`map_cell`.as('cell'),
      sql<number>`count(*)`.as('n'),
      sql<number>`sum(lat)`.as('lat'),
      sql<number>`sum(lon)`.as('lon'),
      sql<number>`min(id)`.as('id'),
    ])
    .where('user_id', '=', userId)
    // The cells' range first, so both planners walk (user_id, map_cell, lat, lon) rather than the
    // (user_id, lat, lon) range of every object in the box.
    .where(sql`map_cell`, '>=', cellOf(q.south, q.west))
    .where(sql`map_cell`, '<=', cellOf(q.north, q.east))
    .where('lat', '>=', q.south)
    .where('lat', '<=', q.north)
    .where('lon', '>=', q.west)
    .where('lon', '<=', q.east)
    .groupBy(sql`map_cell`)
    .orderBy(sql`map_cell`)
    .execute();
  const block = 2 ** (MAP_CELL_ZOOM - q.zoom);
  const merged = new Map<number, CellRow>();
  for (const r of rows) {
    const cell = Number(r.cell);
    const key =
      Math.floor(Math.floor(cell / 1024) / block) * 1024 + Math.floor((cell % 1024) / block);
    const m = merged.get(key) ?? { n: 0, lat: 0, lon: 0, id: Number.MAX_SAFE_INTEGER };
    m.n += Number(r.n);
    m.lat += Number(r.lat);
    m.lon += Number(r.lon);
    m.id = Math.min(m.id, Number(r.id));
    merged.set(key, m);
  }
  return [...merged.values()]
    .map((m) => ({ ...m, lat: m.lat / m.n, lon: m.lon / m.n }))
    .sort((a, b) => b.n - a.n)
    .slice(0, MAX_CELLS + 1);
}

export async function objectsInBox(
  userId: number,
  q: MapQuery,
  handle: Kysely<DB> = defaultDb(),
): Promise<MapAnswer> {
  const rows =
    q.zoom <= MAP_CELL_ZOOM
      ? await coarseCells(userId, q, handle)
      : await fineCells(userId, q, handle);
  return answer(userId, q, handle, rows);
}

async function fineCells(userId: number, q: MapQuery, handle: Kysely<DB>): Promise<CellRow[]> {
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
  return rows;
}

async function answer(
  userId: number,
  q: MapQuery,
  handle: Kysely<DB>,
  rows: CellRow[],
): Promise<MapAnswer> {
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
