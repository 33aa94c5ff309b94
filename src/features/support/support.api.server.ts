// The support calls as results (for the pages' form posts) and as HTTP answers (for /api/v1/support/**).
// Failures carry the spec's catalogue message plus per-field reasons in `errors`.
import * as v from 'valibot';
import type { User } from '#lib/db/schema.ts';
import { json } from '#lib/http/api.ts';
import type { T } from '#lib/i18n/index.ts';
import { log } from '#lib/log.ts';
import { parseWith, type FieldErrors } from '#lib/validation.ts';
import { addMessage, createRequest, RequestClosed, setStatus } from './support.actions.server.ts';
import { checkUpload, FileRefused } from './support.files.server.ts';
import { listOwn, messagePage } from './support.lists.server.ts';
import { BugReportSchema, ChatPageSchema, CreateSchema, DeskFilterSchema, MediaSchema, MessageSchema, OwnListSchema, StatusSchema } from './support.schema.ts';
import { findRequest, isEmployee, listDesk, markRead, requestInfo, staffDetails } from './support.server.ts';

/** A refused call: message and field errors are dictionary keys; `params` fills in their {name} parts per field. */
export type Failure = { ok: false; status: number; message: string; errors: FieldErrors; params?: Record<string, Record<string, string | number>> };
export type Result<T> = ({ ok: true } & T) | Failure;

const fail = (status: number, message: string, errors: FieldErrors = {}, params?: Failure['params']): Failure => ({ ok: false, status, message, errors, params });

/** Translates a failure's message and field errors. */
export function translateFailure(f: Failure, t: T): { message: string; errors: FieldErrors } {
  return { message: t(f.message), errors: Object.fromEntries(Object.entries(f.errors).map(([k, key]) => [k, t(key, f.params?.[k])])) };
}

const answer = (f: Failure, t: T) => json(translateFailure(f, t), f.status);

export async function submitCreate(user: User, values: Record<string, unknown>, userAgent: string | null, opts: { bugReport?: boolean } = {}): Promise<Result<{ id: number }>> {
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
export async function submitMessage(user: User, values: Record<string, unknown>, withFile: boolean): Promise<Result<{ id: number; support_id: number }>> {
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
    if (err instanceof FileRefused) return fail(err.status, errorKey, { media: err.key }, { media: err.params });
    if (err instanceof RequestClosed) return fail(409, errorKey, { support_id: 'support.validation.closed' });
    log.error('support: message failed', { user: user.id, request: request.id, err });
    return fail(500, errorKey);
  }
}

export async function submitStatus(user: User, values: Record<string, unknown>): Promise<Result<{ status: number }>> {
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
export async function openRequest(user: User, id: number, page: { before?: number; limit?: number } = {}) {
  const request = await findRequest(user, id);
  if (!request) return null;
  const { messages, older } = await messagePage(request.id, page.before, page.limit);
  if (!page.before) await markRead(request.id, request.side, messages.at(-1)?.id ?? 0);
  const info = request.side === 'staff' ? { ...requestInfo(request), ...(await staffDetails(request)) } : requestInfo(request);
  return { request: info, side: request.side, messages, older };
}

/** GET /api/v1/support: data (the spec's list items, newest first) plus meta.next, the key of the next page. */
export async function listResponse(user: User, params: URLSearchParams, t: T): Promise<Response> {
  try {
    const q = v.parse(OwnListSchema, Object.fromEntries(params));
    const page = await listOwn(user.id, { search: q.searchText, before: q.before, limit: q.limit });
    return json({ data: page.items, meta: { next: page.next } });
  } catch (err) {
    log.error('support: list failed', { user: user.id, err });
    return json({ message: t('support.errors.list') }, 500);
  }
}

/** GET /api/v1/support/{id}: data (messages, oldest first), request, and meta.older (older pages exist). */
export async function showResponse(user: User, id: string | undefined, params: URLSearchParams, t: T): Promise<Response> {
  try {
    const page = v.parse(ChatPageSchema, Object.fromEntries(params));
    const r = /^\d{1,9}$/.test(id ?? '') ? await openRequest(user, Number(id), page) : null;
    if (!r) return json({ message: t('support.errors.messages') }, 404);
    return json({ data: r.messages, request: r.request, meta: { older: r.older } });
  } catch (err) {
    log.error('support: messages failed', { user: user.id, id, err });
    return json({ message: t('support.errors.messages') }, 500);
  }
}

/** The desk list (employees only: the site guard answers 404 to anyone else before this runs). */
export async function deskResponse(user: User, params: URLSearchParams, t: T): Promise<Response> {
  try {
    return json({ data: await listDesk(v.parse(DeskFilterSchema, Object.fromEntries(params))) });
  } catch (err) {
    log.error('support: desk list failed', { user: user.id, err });
    return json({ message: t('support.errors.list') }, 500);
  }
}

export async function createResponse(user: User, values: Record<string, unknown>, userAgent: string | null, t: T): Promise<Response> {
  const r = await submitCreate(user, values, userAgent);
  return r.ok ? json({ id: r.id, text: t('support.created', { id: r.id }) }, 201) : answer(r, t);
}

export async function messageResponse(user: User, values: Record<string, unknown>, withFile: boolean, t: T): Promise<Response> {
  const r = await submitMessage(user, values, withFile);
  return r.ok ? json({ data: { id: r.id, support_id: r.support_id } }, 201) : answer(r, t);
}

export async function statusResponse(user: User, values: Record<string, unknown>, t: T): Promise<Response> {
  const r = await submitStatus(user, values);
  return r.ok ? json({ data: { status: r.status } }) : answer(r, t);
}
