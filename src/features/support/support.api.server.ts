// The support calls as results (for the pages' form posts) and as HTTP answers (for /api/v1/support/**).
// Failures carry the spec's catalogue message plus per-field reasons in `errors`.
import * as v from 'valibot';
import type { User } from '#lib/db/schema.ts';
import { HttpError, json } from '#lib/http/api.ts';
import { respond } from '#lib/http/respond.ts';
import type { T } from '#lib/i18n/index.ts';
import { log } from '#lib/log.ts';
import { parseWith, translateErrors, type FieldErrors } from '#lib/validation.ts';
import { addMessage, createRequest, RequestClosed, setStatus } from './support.actions.server.ts';
import { checkUpload, FileRefused } from './support.files.server.ts';
import { listOwn, messagePage } from './support.lists.server.ts';
import {
  BugReportSchema,
  ChatPageSchema,
  CreateSchema,
  DeskFilterSchema,
  MediaSchema,
  MessageSchema,
  OwnListSchema,
  StatusSchema,
} from './support.schema.ts';
import {
  findRequest,
  isEmployee,
  listDesk,
  markRead,
  requestInfo,
  staffDetails,
} from './support.server.ts';

/** A refused call: message and field errors are dictionary keys; `params` fills in their {name} parts per field. */
export type Failure = {
  ok: false;
  status: number;
  message: string;
  errors: FieldErrors;
  params?: Record<string, Record<string, string | number>>;
};
export type Result<T> = ({ ok: true } & T) | Failure;

const fail = (
  status: number,
  message: string,
  errors: FieldErrors = {},
  params?: Failure['params'],
): Failure => ({ ok: false, status, message, errors, params });

/** Translates a failure's message and field errors. */
export function translateFailure(f: Failure, t: T): { message: string; errors: FieldErrors } {
  return {
    message: t(f.message),
    errors: Object.fromEntries(
      Object.entries(f.errors).map(([k, key]) => [k, t(key, f.params?.[k])]),
    ),
  };
}

export async function submitCreate(
  user: User,
  values: Record<string, unknown>,
  userAgent: string | null,
  opts: { bugReport?: boolean } = {},
): Promise<Result<{ id: number }>> {
  const parsed = parseWith(opts.bugReport ? BugReportSchema : CreateSchema, values);
  if (!parsed.ok) return fail(422, 'support.errors.create', parsed.errors);
  try {
    return { ok: true, id: await createRequest(user, parsed.value, userAgent) };
  } catch (err) {
    log.error('support: create failed', { user: user.id, err });
    return fail(500, 'support.errors.create');
  }
}

/** A text message, or a file with an optional text (file given: the media call). */
export async function submitMessage(
  user: User,
  values: Record<string, unknown>,
  withFile: boolean,
): Promise<Result<{ id: number; support_id: number }>> {
  const errorKey = withFile ? 'support.errors.file' : 'support.errors.message';
  const parsed = parseWith(withFile ? MediaSchema : MessageSchema, values);
  if (!parsed.ok) return fail(422, errorKey, parsed.errors);
  const request = await findRequest(user, parsed.value.support_id);
  if (!request) return fail(404, 'support.errors.list', { support_id: 'support.errors.list' });
  try {
    const upload = withFile ? await checkUpload(values.media) : undefined;
    const id = await addMessage(user, request, parsed.value.message, upload);
    return { ok: true, id, support_id: request.id };
  } catch (err) {
    if (err instanceof FileRefused)
      return fail(err.status, errorKey, { media: err.key }, { media: err.params });
    if (err instanceof RequestClosed)
      return fail(409, errorKey, { support_id: 'support.validation.closed' });
    log.error('support: message failed', { user: user.id, request: request.id, err });
    return fail(500, errorKey);
  }
}

export async function submitStatus(
  user: User,
  values: Record<string, unknown>,
): Promise<Result<{ status: number }>> {
  const parsed = parseWith(StatusSchema, values);
  if (!parsed.ok) return fail(422, 'support.errors.status', parsed.errors);
  const request = isEmployee(user) ? await findRequest(user, parsed.value.support_id) : null;
  if (!request) return fail(404, 'support.errors.list');
  await setStatus(request, parsed.value.status);
  return { ok: true, status: parsed.value.status };
}

/**
 * A request with the latest page of its messages for the viewer (marked read for the viewer's side),
 * or an older page (`before`: messages before that id; nothing is marked read).
 */
export async function openRequest(
  user: User,
  id: number,
  page: { before?: number; limit?: number } = {},
) {
  const request = await findRequest(user, id);
  if (!request) return null;
  const { messages, older } = await messagePage(request.id, page.before, page.limit);
  if (!page.before) await markRead(request.id, request.side, messages.at(-1)?.id ?? 0);
  const info =
    request.side === 'staff'
      ? { ...requestInfo(request), ...(await staffDetails(request)) }
      : requestInfo(request);
  return { request: info, side: request.side, messages, older };
}

/** A malformed query parameter answers 400 naming it (decision 0034), never the 500 of v.parse. */
function query<S extends v.GenericSchema>(
  schema: S,
  params: URLSearchParams,
  key: string,
  t: T,
): v.InferOutput<S> {
  const parsed = parseWith(schema, Object.fromEntries(params));
  if (!parsed.ok) throw new HttpError(400, t(key), { errors: translateErrors(parsed.errors, t) });
  return parsed.value;
}

/** GET /api/v1/support: data (the spec's list items, newest first) plus meta.next, the key of the next page. */
export const listResponse = (user: User, params: URLSearchParams, t: T): Promise<Response> =>
  respond(t, 'support.errors.list', async () => {
    const q = query(OwnListSchema, params, 'support.errors.list', t);
    const page = await listOwn(user.id, { search: q.searchText, before: q.before, limit: q.limit });
    return json({ data: page.items, meta: { next: page.next } });
  });

/** GET /api/v1/support/{id}: data (messages, oldest first), request, and meta.older (older pages exist). */
export const showResponse = (
  user: User,
  id: string | undefined,
  params: URLSearchParams,
  t: T,
): Promise<Response> =>
  respond(t, 'support.errors.messages', async () => {
    const page = query(ChatPageSchema, params, 'support.errors.messages', t);
    const r = /^\d{1,9}$/.test(id ?? '') ? await openRequest(user, Number(id), page) : null;
    if (!r) throw new HttpError(404, t('support.errors.messages'));
    return json({ data: r.messages, request: r.request, meta: { older: r.older } });
  });

/** The desk list (employees only: the site guard answers 404 to anyone else before this runs). */
export const deskResponse = (user: User, params: URLSearchParams, t: T): Promise<Response> =>
  respond(t, 'support.errors.list', async () =>
    json({ data: await listDesk(query(DeskFilterSchema, params, 'support.errors.list', t)) }),
  );

/** Runs a submission: success answers `ok`, a refusal the one error shape with its status. */
const submitted = <R>(
  t: T,
  key: string,
  run: () => Promise<Result<R>>,
  ok: (r: { ok: true } & R) => Response,
): Promise<Response> =>
  respond(t, key, async () => {
    const r = await run();
    if (!r.ok) {
      const f = translateFailure(r, t);
      throw new HttpError(r.status, f.message, { errors: f.errors });
    }
    return ok(r);
  });

export const createResponse = (
  user: User,
  values: Record<string, unknown>,
  userAgent: string | null,
  t: T,
): Promise<Response> =>
  submitted(
    t,
    'support.errors.create',
    () => submitCreate(user, values, userAgent),
    (r) => json({ id: r.id, text: t('support.created', { id: r.id }) }, 201),
  );

export const messageResponse = (
  user: User,
  values: Record<string, unknown>,
  withFile: boolean,
  t: T,
): Promise<Response> =>
  submitted(
    t,
    withFile ? 'support.errors.file' : 'support.errors.message',
    () => submitMessage(user, values, withFile),
    (r) => json({ data: { id: r.id, support_id: r.support_id } }, 201),
  );

export const statusResponse = (
  user: User,
  values: Record<string, unknown>,
  t: T,
): Promise<Response> =>
  submitted(
    t,
    'support.errors.status',
    () => submitStatus(user, values),
    (r) => json({ data: { status: r.status } }),
  );
