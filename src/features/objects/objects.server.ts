// Objects (sites) of the signed-in user: list (search, filter, sort, paging), all (maps, pickers),
// one, and creation. Every query is scoped to the owner, so another user's id is not found.
import { sql, type Kysely } from 'kysely';
import { db as defaultDb, now } from '#lib/db/index.ts';
import type { DB } from '#lib/db/schema.ts';
import { searchText, type ListQuery, type ListResult } from '#lib/list.ts';
import { ALL_DEFAULT_LIMIT, type AllQuery } from '#features/pickers/pickers.schema.ts';
import {
  formatCoords,
  type OBJECT_FIELDS,
  type ObjectCreate,
  type ObjectItem,
} from './objects.schema.ts';
import { containsWhere } from '#lib/search.server.ts';
import { isId } from '#lib/validation.ts';

type Field = (typeof OBJECT_FIELDS)[number];

const itemColumns = ['id', 'name', 'address', 'coords', 'lat', 'lon'] as const;

const scoped = (handle: Kysely<DB>, userId: number) =>
  handle.selectFrom('objects').where('user_id', '=', userId);

export async function listObjects(
  userId: number,
  q: ListQuery<Field>,
  handle: Kysely<DB> = defaultDb(),
): Promise<ListResult<ObjectItem>> {
  let base = scoped(handle, userId);
  if (q.searchText) base = base.where(containsWhere(handle, 'objects', q.searchText));
  for (const value of Object.values(q.filter) as string[]) {
    // search holds the lower-cased name and address; a filter is a case-insensitive "contains".
    base = base.where(containsWhere(handle, 'objects', value));
  }
  const { n } = await base
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const entities = await base
    .select([...itemColumns])
    .orderBy(sql.ref(q.sortField), q.sortOrder)
    .orderBy('id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNumber - 1) * q.pageSize)
    .execute();
  return { totalCount: Number(n), entities: entities.map(numeric) };
}

// pg returns double precision as numbers already; SQLite too. Kept explicit for safety.
const numeric = (o: ObjectItem): ObjectItem => ({ ...o, lat: Number(o.lat), lon: Number(o.lon) });

/** The user's objects for pickers: at most `limit`, newest first, optionally only those whose name or address contains `search`; totalCount counts every match. */
export async function findObjects(
  userId: number,
  q: AllQuery,
  handle: Kysely<DB> = defaultDb(),
): Promise<ListResult<ObjectItem>> {
  let base = scoped(handle, userId);
  if (q.search) base = base.where(containsWhere(handle, 'objects', q.search));
  const { n } = await base
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const entities = await base
    .select([...itemColumns])
    .orderBy('id', 'desc')
    .limit(q.limit)
    .execute();
  return { totalCount: Number(n), entities: entities.map(numeric) };
}

/** The first page of findObjects without a search: what server-rendered pickers show before JavaScript. */
export async function allObjects(
  userId: number,
  handle: Kysely<DB> = defaultDb(),
): Promise<ObjectItem[]> {
  return (await findObjects(userId, { search: '', limit: ALL_DEFAULT_LIMIT }, handle)).entities;
}

/** How many objects the user has (an index-only count). */
export async function countObjects(
  userId: number,
  handle: Kysely<DB> = defaultDb(),
): Promise<number> {
  const { n } = await scoped(handle, userId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function getObject(
  userId: number,
  id: number,
  handle: Kysely<DB> = defaultDb(),
): Promise<ObjectItem | null> {
  if (!isId(id)) return null;
  const row = await scoped(handle, userId)
    .select([...itemColumns])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? numeric(row) : null;
}

export async function createObject(
  userId: number,
  input: ObjectCreate,
  handle: Kysely<DB> = defaultDb(),
): Promise<ObjectItem> {
  const t = now();
  const row = await handle
    .insertInto('objects')
    .values({
      user_id: userId,
      name: input.name,
      address: input.address,
      coords: formatCoords(input.coords),
      lat: input.coords.lat,
      lon: input.coords.lon,
      search: searchText(input.name, input.address),
      created_at: t,
      updated_at: t,
    })
    .returning([...itemColumns])
    .executeTakeFirstOrThrow();
  return numeric(row);
}
