// Dispatching objects as a user sees them: every read goes through the user's explicit grant (view,
// or view and control). Membership of an organisation never grants access; without a grant an
// object does not exist for the user (404).
import { sql, type Kysely } from 'kysely';
import { mayAccess } from '#features/chrome/guard.ts';
import type { MenuUser } from '#features/chrome/menu.ts';
import { db as defaultDb } from '#lib/db/index.ts';
import type { DB } from '#lib/db/schema.ts';
import { containsWhere } from '#lib/search.server.ts';
import { flip, pageWindow, type ListQuery, type ListResult } from '#lib/list.ts';
import { roundAt, type ScadaTag } from './scada.schema.ts';
import { paths } from '#lib/paths.ts';

export type { ScadaTag };

/**
 * Whether the user may use dispatching at all (the scada module): the site map's requirement of its
 * pages, which the middleware applies to the pages, the embeds, the reports and the API. The live
 * stream and the socket's scada topic ask the same function, so one rule decides on every path.
 */
export const scadaEnabled = (
  user: Omit<MenuUser, 'module_scada'> & { module_scada?: number },
): boolean =>
  mayAccess(paths.tools.scada.list(), { ...user, module_scada: user.module_scada ?? 0 });

export const LIST_FIELDS = ['status', 'oid'] as const;
export type ScadaField = (typeof LIST_FIELDS)[number];

export interface ScadaItem {
  id: number;
  title: string;
  oid: number | null;
  oid_name: string | null;
  address: string;
  status: number;
  last_update_at: string | null;
  control: number;
}

export interface Live {
  /** Values by tag index (null: not available). */
  v: Array<number | null>;
  /** Quality by tag index: g good, n not available (0xFFFF or read error), s stale. */
  q: string[];
  /** Time of the last successful read (ISO). */
  t: string | null;
  /** Object status: 1 online, 0 no link. */
  s: number;
}

function granted(handle: Kysely<DB>, userId: number) {
  return handle
    .selectFrom('scada_objects as o')
    .innerJoin('scada_grants as g', (j) =>
      j.onRef('g.object_id', '=', 'o.id').on('g.user_id', '=', userId),
    )
    .leftJoin('organisations as org', 'org.id', 'o.organisation_id');
}

const itemColumns = [
  'o.id',
  'o.title',
  'o.organisation_id as oid',
  'org.name as oid_name',
  'o.address',
  'o.status',
  'o.last_update_at',
  'g.control',
] as const;

export async function listScada(
  userId: number,
  q: ListQuery<ScadaField>,
  handle: Kysely<DB> = defaultDb(),
): Promise<ListResult<ScadaItem>> {
  // Count and page ids from the user's grants (index entries of (user_id, object_id)); the objects
  // are joined only when a search, filter or sort needs their columns, the organisation never. Then
  // the page's few rows. A page in the second half is read from the end (the last costs the first's).
  const needsObject = !!q.searchText || !!q.filter.status || !!q.filter.oid || q.sortField !== 'id';
  let base = handle
    .selectFrom('scada_grants as g')
    .$if(needsObject, (b) => b.innerJoin('scada_objects as o', 'o.id', 'g.object_id'))
    .where('g.user_id', '=', userId);
  if (q.searchText) base = base.where(containsWhere(handle, 'scada_objects', q.searchText, 'o'));
  if (q.filter.status === '0' || q.filter.status === '1')
    base = base.where(sql.ref('o.status'), '=', Number(q.filter.status));
  if (q.filter.oid && /^\d{1,9}$/.test(q.filter.oid))
    base = base.where(sql.ref('o.organisation_id'), '=', Number(q.filter.oid));
  const { n } = await base
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const total = Number(n);
  const w = pageWindow(q, total);
  if (!w) return { totalCount: total, entities: [] };
  const order = w.reverse ? flip(q.sortOrder) : q.sortOrder;
  const key =
    q.sortField === 'status' ? 'o.status' : q.sortField === 'oid' ? 'o.organisation_id' : null;
  let page = base.select('g.object_id');
  if (key) page = page.orderBy(sql.ref(key), order);
  const ids = (
    await page.orderBy('g.object_id', order).limit(w.limit).offset(w.offset).execute()
  ).map((r) => r.object_id);
  if (w.reverse) ids.reverse();
  if (ids.length === 0) return { totalCount: total, entities: [] };
  const rows = await granted(handle, userId)
    .select([...itemColumns])
    .where('o.id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r as ScadaItem]));
  return { totalCount: total, entities: ids.flatMap((id) => byId.get(id) ?? []) };
}

export async function getScada(
  userId: number,
  id: number | null,
  handle: Kysely<DB> = defaultDb(),
): Promise<ScadaItem | null> {
  if (id === null || !Number.isSafeInteger(id)) return null;
  return (
    ((await granted(handle, userId)
      .select([...itemColumns])
      .where('o.id', '=', id)
      .executeTakeFirst()) as ScadaItem | undefined) ?? null
  );
}

/**
 * The grant of a user on an object: null (none), 0 view, 1 view and control. A grant counts only while
 * the user has the module (scadaEnabled, read afresh), so the stream's heartbeat re-check closes a
 * stream whose user lost the module as it does one whose grant was withdrawn.
 */
export async function grantOf(
  userId: number,
  objectId: number,
  handle: Kysely<DB> = defaultDb(),
): Promise<number | null> {
  const row = await handle
    .selectFrom('scada_grants as g')
    .innerJoin('users as u', 'u.id', 'g.user_id')
    .select(['g.control', 'u.is_admin', 'u.is_employee', 'u.module_scada'])
    .where('g.object_id', '=', objectId)
    .where('g.user_id', '=', userId)
    .executeTakeFirst();
  return row && scadaEnabled(row) ? row.control : null;
}

/** Objects the user may see (granted, while the user has the module): the alarm feed's list. */
export async function grantedObjects(
  userId: number,
  handle: Kysely<DB> = defaultDb(),
): Promise<number[]> {
  const rows = await handle
    .selectFrom('scada_grants as g')
    .innerJoin('users as u', 'u.id', 'g.user_id')
    .select(['g.object_id', 'u.is_admin', 'u.is_employee', 'u.module_scada'])
    .where('g.user_id', '=', userId)
    .orderBy('g.object_id')
    .limit(MAX_FOLLOWED)
    .execute();
  return rows.filter((r) => scadaEnabled(r)).map((r) => r.object_id);
}

/** The alarm feed follows at most this many objects of one user (a customer has a handful). */
const MAX_FOLLOWED = 2000;

export async function tagsOf(
  objectId: number,
  handle: Kysely<DB> = defaultDb(),
): Promise<ScadaTag[]> {
  return handle
    .selectFrom('scada_tags')
    .select([
      'id',
      'idx',
      'title',
      'type',
      'unit',
      'actions',
      'field_type',
      'min',
      'max',
      'step',
      'alarm',
    ])
    .where('object_id', '=', objectId)
    .where('idx', '>=', 0)
    .orderBy('idx')
    .execute();
}

/** The last values of an object; values older than the online window are marked stale. */
export async function liveOf(objectId: number, handle: Kysely<DB> = defaultDb()): Promise<Live> {
  const row = await handle
    .selectFrom('scada_objects')
    .select(['live', 'status', 'last_update_at'])
    .where('id', '=', objectId)
    .executeTakeFirst();
  return parseLive(row?.live ?? null, row?.status ?? 0);
}

/** Values rounded at their variables' precision (tags by index), as they leave the server. */
export const roundLive = <L extends { v: Array<number | null> }>(live: L, tags: ScadaTag[]): L => ({
  ...live,
  v: live.v.map((x, i) => (tags[i] ? roundAt(tags[i], x) : x)),
});

export function parseLive(json: string | null, status: number): Live {
  const live = json ? (JSON.parse(json) as Omit<Live, 's'>) : { v: [], q: [], t: null };
  return { ...live, q: status ? live.q : live.q.map(() => 's'), s: status };
}

/** Organisations of the user's granted objects (the list's organisation filter). Bounded by the grants. */
export async function scadaOrganisations(
  userId: number,
  handle: Kysely<DB> = defaultDb(),
): Promise<Array<{ id: number; name: string }>> {
  return handle
    .selectFrom('scada_grants as g')
    .innerJoin('scada_objects as o', 'o.id', 'g.object_id')
    .innerJoin('organisations as org', 'org.id', 'o.organisation_id')
    .where('g.user_id', '=', userId)
    .select(['org.id', 'org.name'])
    .distinct()
    .orderBy('org.name')
    .limit(200)
    .execute();
}

export interface AuditRow {
  id: number;
  created_at: string;
  user: string;
  tag: string;
  old_value: number | null;
  requested: string;
  result: string;
  reason: string | null;
}

/** The newest command attempts of an object, key-paged by id. */
export async function auditOf(
  objectId: number,
  before: number | null = null,
  limit = 20,
  handle: Kysely<DB> = defaultDb(),
): Promise<AuditRow[]> {
  let q = handle
    .selectFrom('scada_commands as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .innerJoin('scada_tags as t', 't.id', 'c.tag_id')
    .where('c.object_id', '=', objectId);
  if (before) q = q.where('c.id', '<', before);
  const rows = await q
    .select([
      'c.id',
      'c.created_at',
      sql<string>`u.surname || ' ' || u.name`.as('user'),
      't.title as tag',
      'c.old_value',
      'c.requested',
      'c.result',
      'c.reason',
    ])
    .orderBy('c.id', 'desc')
    .limit(Math.min(limit, 100))
    .execute();
  return rows;
}
