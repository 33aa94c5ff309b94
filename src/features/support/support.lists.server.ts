// The bounded reads of the support area: a customer's requests (search, key-paged by id), their
// summary counts, a chat's messages (the latest page, older pages on demand), and the desk's
// customer filter. Each reads one page through an index of migrations 0005/0007, whatever the
// number of requests or messages.
import type { ExpressionBuilder } from 'kysely';
import { avatarSrc } from '#features/chrome/avatar.ts';
import { db } from '#lib/db/index.ts';
import type { DB } from '#lib/db/schema.ts';
import { fullName } from './support.server.ts';
import { CLOSED, OPEN, type SupportListItem, type SupportMessage } from './support.types.ts';
import { containsWhere } from '#lib/search.server.ts';
import { paths } from '#lib/paths.ts';

/** Requests per page of a customer's list, and messages per page of a chat. */
export const OWN_PAGE = 30;
export const CHAT_PAGE = 50;
export const MAX_PAGE = 100;
/** Customers offered by the desk's filter (the most recently active ones, plus the chosen one). */
export const DESK_CUSTOMERS = 100;

export interface Page<T> {
  items: T[];
  /** Key of the next (older) page: pass it as `before`; null on the last page. */
  next: number | null;
}

export interface OwnQuery {
  /** Lower-cased in the query; shorter than 3 characters means no search (as the list boxes). */
  search?: string;
  before?: number;
  limit?: number;
}

const pageSize = (limit: number | undefined, fallback: number) =>
  limit && limit > 0 ? Math.min(limit, MAX_PAGE) : fallback;

/** The customer's unread answers of a request: staff messages after the customer's read mark. */
function unreadAnswers(eb: ExpressionBuilder<DB, 'support_requests'>) {
  return eb
    .selectFrom('support_messages as m')
    .select((e) => e.fn.countAll<number>().as('n'))
    .whereRef('m.request_id', '=', 'support_requests.id')
    .where('m.from_staff', '=', 1)
    .whereRef('m.id', '>', 'support_requests.customer_read_id');
}

/** One page of the customer's requests, newest first, with the count of answers not read yet. */
export async function listOwn(userId: number, q: OwnQuery = {}): Promise<Page<SupportListItem>> {
  const limit = pageSize(q.limit, OWN_PAGE);
  let query = db()
    .selectFrom('support_requests')
    .select(['id', 'title', 'status', 'created_at'])
    .select((eb) => unreadAnswers(eb).as('unread_messages'))
    .where('user_id', '=', userId);
  const search = (q.search ?? '').trim();
  if (search.length >= 3) query = query.where(containsWhere(db(), 'support_requests', search));
  if (q.before) query = query.where('id', '<', q.before);
  // One more row than shown tells whether an older page exists, without counting them all.
  const rows = await query
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  const items = rows.slice(0, limit).map((r) => ({
    ...r,
    status: r.status === OPEN ? OPEN : CLOSED,
    unread_messages: Number(r.unread_messages ?? 0),
  }));
  return { items, next: rows.length > limit ? items.at(-1)!.id : null };
}

/** How many requests the customer has, how many are open, and how many answers are unread. */
export async function ownSummary(
  userId: number,
): Promise<{ total: number; open: number; unread: number }> {
  const counts = await db()
    .selectFrom('support_requests')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>(eb.case().when('status', '=', OPEN).then(1).else(0).end()).as('open'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const unread = await db()
    .selectFrom('support_messages as m')
    .innerJoin('support_requests as r', 'r.id', 'm.request_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('r.user_id', '=', userId)
    .where('m.from_staff', '=', 1)
    .whereRef('m.id', '>', 'r.customer_read_id')
    .executeTakeFirstOrThrow();
  return { total: Number(counts.total), open: Number(counts.open ?? 0), unread: Number(unread.n) };
}

export interface ChatPage {
  /** Oldest first, as the chat shows them. */
  messages: SupportMessage[];
  /** Messages older than the first one shown exist. */
  older: boolean;
}

/** The latest messages of a request (or those before `before`), with the authors' names and avatars. */
export async function messagePage(
  requestId: number,
  before?: number,
  limit?: number,
): Promise<ChatPage> {
  const size = pageSize(limit, CHAT_PAGE);
  let query = db()
    .selectFrom('support_messages as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select([
      'm.id',
      'm.user_id',
      'm.message',
      'm.file_id',
      'm.file_name',
      'm.created_at',
      'm.from_staff',
      'u.name',
      'u.surname',
      'u.avatar',
    ])
    .where('m.request_id', '=', requestId);
  if (before) query = query.where('m.id', '<', before);
  const rows = await query
    .orderBy('m.id', 'desc')
    .limit(size + 1)
    .execute();
  const messages = rows
    .slice(0, size)
    .reverse()
    .map((r) => ({
      id: r.id,
      uid: r.user_id,
      full_name: fullName(r),
      avatar: avatarSrc(r.avatar),
      message: r.message,
      file: r.file_id ? { url: paths.support.file(r.file_id), name: r.file_name ?? 'file' } : null,
      created_at: r.created_at,
      from_staff: r.from_staff === 1,
    }));
  return { messages, older: rows.length > size };
}

/**
 * Customers for the desk's filter: the askers of the latest 1,000 requests by activity (at most
 * DESK_CUSTOMERS of them; one indexed walk in two batches), plus the one already chosen. Anyone
 * else is reached by the request's own link or the customer id in the URL.
 */
export async function deskCustomers(
  chosen = 0,
): Promise<Array<{ id: number; full_name: string; email: string }>> {
  const ids: number[] = [];
  let cursor: { updated_at: string; id: number } | null = null;
  for (let batch = 0; batch < 2 && ids.length < DESK_CUSTOMERS; batch++) {
    let q = db().selectFrom('support_requests').select(['id', 'user_id', 'updated_at']);
    if (cursor) {
      const c = cursor;
      q = q.where((eb) =>
        eb.or([
          eb('updated_at', '<', c.updated_at),
          eb.and([eb('updated_at', '=', c.updated_at), eb('id', '<', c.id)]),
        ]),
      );
    }
    const rows = await q.orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(500).execute();
    for (const r of rows)
      if (!ids.includes(r.user_id) && ids.length < DESK_CUSTOMERS) ids.push(r.user_id);
    if (rows.length < 500) break;
    cursor = rows.at(-1)!;
  }
  if (chosen && !ids.includes(chosen)) ids.push(chosen);
  if (ids.length === 0) return [];
  const users = await db()
    .selectFrom('users')
    .select(['id', 'name', 'surname', 'email'])
    .where('id', 'in', ids)
    .orderBy('surname')
    .orderBy('name')
    .execute();
  return users.map((u) => ({ id: u.id, full_name: fullName(u), email: u.email }));
}
