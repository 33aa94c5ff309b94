// Support requests: who may see which request, the desk's list and the per-side read marks (the
// customer's list and the chat pages are in support.lists.server.ts). Writes live in support.actions.server.ts.
import type { ExpressionBuilder } from 'kysely';
import { db } from '#lib/db/index.ts';
import type { DB, User } from '#lib/db/schema.ts';
import type { DeskFilter } from './support.schema.ts';
import { CLOSED, OPEN, type DeskItem, type SupportRequestInfo } from './support.types.ts';
import type { SupportRequestRow } from './support.tables.ts';
import { isId } from '#lib/validation.ts';

type Viewer = Pick<User, 'id' | 'is_employee'>;

/** Which side of a request the viewer is on: its customer, or an employee answering; null when neither. */
export type Side = 'customer' | 'staff';

export function sideOf(viewer: Viewer, request: Pick<SupportRequestRow, 'user_id'>): Side | null {
  if (request.user_id === viewer.id) return 'customer';
  return viewer.is_employee === 1 ? 'staff' : null;
}

export const isEmployee = (user: Pick<User, 'is_employee'> | null | undefined): boolean =>
  user?.is_employee === 1;

export const fullName = (u: { name: string; surname: string }): string =>
  `${u.name} ${u.surname}`.trim();

/** Unread messages for one side: the other side's messages after that side's read mark. */
function unreadFor(side: Side) {
  return (eb: ExpressionBuilder<DB, 'support_requests'>) =>
    eb
      .selectFrom('support_messages as m')
      .select((e) => e.fn.countAll<number>().as('n'))
      .whereRef('m.request_id', '=', 'support_requests.id')
      .where('m.from_staff', '=', side === 'customer' ? 1 : 0)
      .whereRef(
        'm.id',
        '>',
        side === 'customer'
          ? 'support_requests.customer_read_id'
          : 'support_requests.staff_read_id',
      );
}

/** The request if this viewer may see it (its customer or any employee), else null. */
export async function findRequest(
  viewer: Viewer,
  id: number,
): Promise<(SupportRequestRow & { side: Side }) | null> {
  if (!isId(id)) return null;
  const row = await db()
    .selectFrom('support_requests')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  const side = row ? sideOf(viewer, row) : null;
  return row && side ? { ...row, side } : null;
}

export const requestInfo = (r: SupportRequestRow): SupportRequestInfo => ({
  id: r.id,
  title: r.title,
  type: r.type,
  status: r.status === OPEN ? OPEN : CLOSED,
  created_at: r.created_at,
  customer_id: r.user_id,
});

/** What employees also see of a request: the customer, and where a bug report came from. */
export async function staffDetails(
  r: SupportRequestRow,
): Promise<Pick<SupportRequestInfo, 'customer' | 'page_url' | 'user_agent'>> {
  const u = await db()
    .selectFrom('users')
    .select(['name', 'surname', 'email'])
    .where('id', '=', r.user_id)
    .executeTakeFirst();
  return {
    customer: u ? { full_name: fullName(u), email: u.email } : undefined,
    page_url: r.page_url,
    user_agent: r.user_agent,
  };
}

export const DESK_PAGE_SIZE = 20;

/** All customers' requests for employees, filtered, most recent activity first. */
export async function listDesk(filter: DeskFilter): Promise<{ total: number; items: DeskItem[] }> {
  let q = db()
    .selectFrom('support_requests')
    .innerJoin('users', 'users.id', 'support_requests.user_id');
  if (filter.status === 'open') q = q.where('support_requests.status', '=', OPEN);
  if (filter.status === 'closed') q = q.where('support_requests.status', '<>', OPEN);
  if (filter.type) q = q.where('support_requests.type', '=', filter.type);
  if (filter.customer) q = q.where('support_requests.user_id', '=', filter.customer);
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await q
    .select([
      'support_requests.id',
      'support_requests.title',
      'support_requests.status',
      'support_requests.type',
      'support_requests.created_at',
      'support_requests.updated_at',
    ])
    .select(['users.id as uid', 'users.name', 'users.surname', 'users.email'])
    .select((eb) => unreadFor('staff')(eb).as('unread_messages'))
    .orderBy('support_requests.updated_at', 'desc')
    .orderBy('support_requests.id', 'desc')
    .limit(DESK_PAGE_SIZE)
    .offset((filter.page - 1) * DESK_PAGE_SIZE)
    .execute();
  const items = rows.map((r) => ({
    id: r.id,
    title: r.title,
    status: r.status === OPEN ? OPEN : CLOSED,
    type: r.type,
    created_at: r.created_at,
    updated_at: r.updated_at,
    unread_messages: Number(r.unread_messages ?? 0),
    customer: { id: r.uid, full_name: fullName(r), email: r.email },
  }));
  return { total: Number(n), items };
}

/** Moves the viewer's read mark to the newest message they have been shown. */
export async function markRead(requestId: number, side: Side, upToId: number): Promise<void> {
  if (upToId < 1) return;
  const column = side === 'customer' ? 'customer_read_id' : 'staff_read_id';
  const set = side === 'customer' ? { customer_read_id: upToId } : { staff_read_id: upToId };
  await db()
    .updateTable('support_requests')
    .set(set)
    .where('id', '=', requestId)
    .where(column, '<', upToId)
    .execute();
}

/** The customer's unread count of one request (for live list updates). */
export async function customerUnread(requestId: number): Promise<number> {
  const r = await db()
    .selectFrom('support_requests')
    .select((eb) => unreadFor('customer')(eb).as('n'))
    .where('id', '=', requestId)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** The stored attachment's request, if the viewer may download it (customer of the request or employee). */
export async function findAttachment(
  viewer: Viewer,
  fileId: string,
): Promise<{ file_name: string } | null> {
  const row = await db()
    .selectFrom('support_messages as m')
    .innerJoin('support_requests as r', 'r.id', 'm.request_id')
    .select(['m.file_name', 'r.user_id'])
    .where('m.file_id', '=', fileId)
    .executeTakeFirst();
  if (!row || !sideOf(viewer, row)) return null;
  return { file_name: row.file_name ?? 'file' };
}
