// The organisation calls as HTTP answers, shared by /api/v1/organisations/** and the legacy
// /api/app/organisations.* calls, plus the form submission used by the page. Failures carry the
// spec's catalogue messages.
import type { User } from '#lib/db/schema.ts';
import { json } from '#lib/http/api.ts';
import type { T } from '#lib/i18n/index.ts';
import { ListQueryError, parseListQuery } from '#lib/list.ts';
import { log } from '#lib/log.ts';
import { parseAllQuery } from '#features/pickers/pickers.schema.ts';
import { parseWith, translateErrors, type FieldErrors } from '#lib/validation.ts';
import { ORGANISATION_FIELDS, OrganisationCreateSchema, type OrganisationItem } from './organisations.schema.ts';
import { AlreadyLinkedError, findOrganisations, NameRequiredError, createOrganisation, getOrganisation, listOrganisations } from './organisations.server.ts';

export type SubmitResult = { ok: true; item: OrganisationItem } | { ok: false; status: number; message: string; errors: FieldErrors };

/** Validates and saves a new organisation link; message and errors are dictionary keys. */
export async function submitOrganisation(user: User, values: Record<string, unknown>): Promise<SubmitResult> {
  const parsed = parseWith(OrganisationCreateSchema, values);
  if (!parsed.ok) return { ok: false, status: 422, message: 'organisations.errors.save', errors: parsed.errors };
  try {
    return { ok: true, item: await createOrganisation(user.id, parsed.value) };
  } catch (err) {
    if (err instanceof NameRequiredError) return { ok: false, status: 422, message: 'organisations.errors.save', errors: err.errors };
    if (err instanceof AlreadyLinkedError) return { ok: false, status: 409, message: 'organisations.errors.duplicate', errors: { inn: 'organisations.errors.duplicate' } };
    log.error('organisation save failed', { user: user.id, err });
    return { ok: false, status: 500, message: 'organisations.errors.save', errors: {} };
  }
}

export async function createResponse(user: User, values: Record<string, unknown>, t: T): Promise<Response> {
  const r = await submitOrganisation(user, values);
  if (r.ok) return json({ data: r.item }, 201);
  return json({ message: t(r.message), errors: translateErrors(r.errors, t) }, r.status);
}

export async function listResponse(user: User, params: URLSearchParams, t: T): Promise<Response> {
  try {
    return json({ data: await listOrganisations(user.id, parseListQuery(params, ORGANISATION_FIELDS)) });
  } catch (err) {
    if (err instanceof ListQueryError) return json({ message: t('organisations.errors.list'), errors: { filter: err.message } }, 400);
    log.error('organisation list failed', { user: user.id, err });
    return json({ message: t('organisations.errors.list') }, 500);
  }
}

/** The pickers' call: ?search= and ?limit= (default 50, at most 100) -> data.totalCount (all matches), data.entities. */
export async function allResponse(user: User, params: URLSearchParams, t: T): Promise<Response> {
  try {
    return json({ data: await findOrganisations(user.id, parseAllQuery(params)) });
  } catch (err) {
    log.error('organisation list (all) failed', { user: user.id, err });
    return json({ message: t('organisations.errors.all') }, 500);
  }
}

export async function showResponse(user: User, id: string | undefined, t: T): Promise<Response> {
  const item = /^\d{1,15}$/.test(id ?? '') ? await getOrganisation(user.id, Number(id)) : null;
  if (!item) return json({ message: t('errors.notFound', { name: t('organisations.entity') }) }, 404);
  return json({ data: item });
}
