// Form posts of the support pages (they work without JavaScript): a new request from the bug report
// form, a chat message with an optional file, and closing/reopening on the desk. Success redirects
// (post/redirect/get); a failure re-renders the page with what was typed and what was wrong.
import type { User } from '#lib/db/schema.ts';
import { readForm, type FormValues } from '#lib/http/api.ts';
import type { T } from '#lib/i18n/index.ts';
import { log } from '#lib/log.ts';
import { parseWith, translateErrors, type FieldErrors } from '#lib/validation.ts';
import { addMessage, createRequest } from './support.actions.server.ts';
import { submitMessage, submitStatus, translateFailure } from './support.api.server.ts';
import { checkUpload, FileRefused } from './support.files.server.ts';
import { BugReportSchema } from './support.schema.ts';
import { findRequest, isEmployee } from './support.server.ts';
import { paths, withQuery } from '#lib/paths.ts';

export interface PostOutcome {
  redirect?: string;
  status?: number;
  /** The bug report form (new request): values and translated errors. */
  create?: { values: Record<string, string>; errors: FieldErrors };
  /** The chat message box. */
  composer?: { text: string; errors: FieldErrors };
  flash?: string;
}

const hasFile = (v: unknown): v is File => v instanceof File && (v.size > 0 || v.name !== '');
const text = (values: FormValues, key: string) =>
  typeof values[key] === 'string' ? (values[key] as string) : '';

/** Handles a POST to /support/reports or /support/desk; `back(id)` is the page address of a request. */
export async function handlePost(
  user: User,
  request: Request,
  t: T,
  back: (id: number) => string,
): Promise<PostOutcome> {
  const values = await readForm(request);
  const action = text(values, '_action');
  if (action === 'create') return create(user, values, request.headers.get('user-agent'), t);
  if (action === 'message') {
    const r = await submitMessage(user, values, hasFile(values.media));
    if (r.ok) return { redirect: back(r.support_id) };
    const { message, errors } = translateFailure(r, t);
    return {
      status: r.status,
      composer: {
        text: text(values, 'message'),
        errors: Object.keys(errors).length ? errors : { '': message },
      },
    };
  }
  if (action === 'status' && isEmployee(user)) {
    const r = await submitStatus(user, values);
    if (r.ok) return { redirect: back(Number(values.support_id)) };
    return { status: r.status, flash: translateFailure(r, t).message };
  }
  return { status: 400, flash: t('support.errors.create') };
}

async function create(
  user: User,
  values: FormValues,
  userAgent: string | null,
  t: T,
): Promise<PostOutcome> {
  const typed = {
    title: text(values, 'title'),
    type: text(values, 'type'),
    message: text(values, 'message'),
    url: text(values, 'url'),
  };
  const fail = (status: number, errors: FieldErrors): PostOutcome => ({
    status,
    create: { values: typed, errors },
    flash: t('support.errors.create'),
  });
  const parsed = parseWith(BugReportSchema, values);
  if (!parsed.ok) return fail(422, translateErrors(parsed.errors, t));
  try {
    // The file is checked before anything is written, so a refused file leaves no request behind.
    const upload = hasFile(values.media) ? await checkUpload(values.media) : undefined;
    const { message, ...rest } = parsed.value;
    const id = await createRequest(user, { ...rest, message: upload ? '' : message }, userAgent);
    if (upload) {
      const target = await findRequest(user, id);
      if (target) await addMessage(user, target, message, upload);
    }
    return { redirect: withQuery(paths.support.reports(), { id, created: 1 }) };
  } catch (err) {
    if (err instanceof FileRefused) return fail(err.status, { media: t(err.key, err.params) });
    log.error('support: create (form) failed', { user: user.id, err });
    return fail(500, {});
  }
}
