// Writes of the support area: creating a request, adding a message (text and/or file), closing and
// reopening. After each change the open pages learn about it over the live-event bus, and the
// customer gets a notification when an employee answers or changes the status.
import { notify } from '#features/notifications/notifications.server.ts';
import { db, now } from '#lib/db/index.ts';
import type { User } from '#lib/db/schema.ts';
import { DEFAULT_LOCALE, isLocale, translator } from '#lib/i18n/index.ts';
import { log } from '#lib/log.ts';
import { bus } from '#lib/realtime/bus.ts';
import { userTopic } from '#lib/realtime/topics.ts';
import { removeStored, storeUpload } from './support.files.server.ts';
import { customerUnread, type Side } from './support.server.ts';
import type { SupportRequestRow } from './support.tables.ts';
import {
  DESK_TOPIC,
  EV_DESK,
  EV_MESSAGE,
  EV_STATUS,
  EV_UNREAD,
  OPEN,
  requestTopic,
} from './support.types.ts';
import { paths } from '#lib/paths.ts';

/** A message sent to a closed request. */
export class RequestClosed extends Error {}

export interface CreateInput {
  title: string;
  type: string;
  message: string;
  url: string;
}

/** Opens a request for the user (and its first message when given); returns its id. */
export async function createRequest(
  user: Pick<User, 'id'>,
  input: CreateInput,
  userAgent: string | null,
): Promise<number> {
  const t = now();
  const id = await db()
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .insertInto('support_requests')
        .values({
          user_id: user.id,
          title: input.title,
          search: input.title.toLowerCase(),
          type: input.type,
          status: OPEN,
          page_url: input.url || null,
          user_agent: userAgent ? userAgent.slice(0, 500) : null,
          customer_read_id: 0,
          staff_read_id: 0,
          created_at: t,
          updated_at: t,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (input.message) {
        const m = await trx
          .insertInto('support_messages')
          .values({
            request_id: row.id,
            user_id: user.id,
            from_staff: 0,
            message: input.message,
            file_id: null,
            file_name: null,
            created_at: t,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('support_requests')
          .set({ customer_read_id: m.id })
          .where('id', '=', row.id)
          .execute();
      }
      return row.id;
    });
  await publish(DESK_TOPIC, EV_DESK, { support_id: id });
  return id;
}

type Upload = { bytes: Uint8Array; mime: string; name: string };
type Target = SupportRequestRow & { side: Side };

/** Adds a message by the user to the request; the file (already checked) is stored first and removed again if the row cannot be written. */
export async function addMessage(
  user: Pick<User, 'id'>,
  request: Target,
  text: string,
  upload?: Upload,
): Promise<number> {
  if (request.status !== OPEN) throw new RequestClosed();
  const stored = upload ? await storeUpload(user.id, upload) : null;
  const fromStaff = request.side === 'staff' ? 1 : 0;
  let id: number;
  try {
    id = await db()
      .transaction()
      .execute(async (trx) => {
        const t = now();
        const m = await trx
          .insertInto('support_messages')
          .values({
            request_id: request.id,
            user_id: user.id,
            from_staff: fromStaff,
            message: text,
            file_id: stored?.id ?? null,
            file_name: stored?.name ?? null,
            created_at: t,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        // Writing a message means the author has seen the conversation so far.
        const seen = fromStaff ? { staff_read_id: m.id } : { customer_read_id: m.id };
        await trx
          .updateTable('support_requests')
          .set({ updated_at: t, ...seen })
          .where('id', '=', request.id)
          .execute();
        return m.id;
      });
  } catch (err) {
    if (stored) await removeStored(stored.id).catch(() => {});
    throw err;
  }
  await publish(requestTopic(request.id), EV_MESSAGE, {
    support_id: request.id,
    id,
    from_staff: fromStaff,
  });
  await publish(userTopic(request.user_id), EV_UNREAD, {
    support_id: request.id,
    unread: await customerUnread(request.id),
  });
  await publish(DESK_TOPIC, EV_DESK, { support_id: request.id });
  if (fromStaff) await notifyCustomer(request, 'reply', text || stored?.name || '');
  return id;
}

/** Closes (0) or reopens (1) a request; employees only (the caller checks). */
export async function setStatus(request: Target, status: number): Promise<boolean> {
  const next = status === OPEN ? OPEN : 0;
  if ((request.status === OPEN ? OPEN : 0) === next) return false;
  await db()
    .updateTable('support_requests')
    .set({ status: next, updated_at: now() })
    .where('id', '=', request.id)
    .execute();
  const data = { support_id: request.id, status: next };
  await publish(requestTopic(request.id), EV_STATUS, data);
  await publish(userTopic(request.user_id), EV_STATUS, data);
  await publish(DESK_TOPIC, EV_DESK, data);
  if (request.side === 'staff')
    await notifyCustomer(request, next === OPEN ? 'reopened' : 'closed', request.title);
  return true;
}

async function publish(topic: string, type: string, data: unknown) {
  // The change is saved; a bus hiccup must not turn it into an error for the user.
  await bus()
    .publish(topic, type, data)
    .catch((err) => log.warn('support: publish failed', { topic, type, err }));
}

/** Tells the customer, in their interface language, that an employee answered or changed the status. */
async function notifyCustomer(
  request: SupportRequestRow,
  what: 'reply' | 'closed' | 'reopened',
  text: string,
) {
  try {
    const customer = await db()
      .selectFrom('users')
      .select('locale')
      .where('id', '=', request.user_id)
      .executeTakeFirst();
    const locale = customer?.locale;
    const t = translator(isLocale(locale) ? locale : DEFAULT_LOCALE);
    await notify(request.user_id, {
      module: 'support',
      icon: 'support',
      pid: request.id,
      title: t(`support.notify.${what}`, { id: request.id }),
      text: Array.from(text).slice(0, 200).join(''),
      url: paths.support.report(request.id),
    });
  } catch (err) {
    log.warn('support: notify failed', { request: request.id, err });
  }
}
