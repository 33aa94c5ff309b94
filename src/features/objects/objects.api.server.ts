// The object calls as HTTP answers, shared by /api/v1/objects/** and the legacy /api/app/objects.*
// calls, plus the form submission used by the page. Failures carry the spec's catalogue messages.
import type { User } from '#lib/db/schema.ts';
import { json } from '#lib/http/api.ts';
import type { T } from '#lib/i18n/index.ts';
import { ListQueryError, parseListQuery } from '#lib/list.ts';
import { log } from '#lib/log.ts';
import { parseAllQuery } from '#features/pickers/pickers.schema.ts';
import { parseWith, translateErrors, type FieldErrors } from '#lib/validation.ts';
import { objectsInBox } from './objects.map.server.ts';
import { coordsFromFields, MapQuerySchema, OBJECT_FIELDS, ObjectCreateSchema, type ObjectItem } from './objects.schema.ts';
import { findObjects, createObject, getObject, listObjects } from './objects.server.ts';

export type SubmitResult = { ok: true; item: ObjectItem } | { ok: false; status: number; message: string; errors: FieldErrors };

/** Validates and saves a new object; coordinates come as `coords` or as `lat` + `lon`. */
export async function submitObject(user: User, values: Record<string, unknown>): Promise<SubmitResult> {
  const parsed = parseWith(ObjectCreateSchema, { name: values.name, address: values.address, coords: coordsFromFields(values) });
  if (!parsed.ok) return { ok: false, status: 422, message: 'objects.errors.save', errors: parsed.errors };
  try {
    return { ok: true, item: await createObject(user.id, parsed.value) };
  } catch (err) {
    log.error('object save failed', { user: user.id, err });
    return { ok: false, status: 500, message: 'objects.errors.save', errors: {} };
  }
}

export async function createResponse(user: User, values: Record<string, unknown>, t: T): Promise<Response> {
  const r = await submitObject(user, values);
  if (r.ok) return json({ data: r.item }, 201);
  return json({ message: t(r.message), errors: translateErrors(r.errors, t) }, r.status);
}

export async function listResponse(user: User, params: URLSearchParams, t: T): Promise<Response> {
  try {
    return json({ data: await listObjects(user.id, parseListQuery(params, OBJECT_FIELDS)) });
  } catch (err) {
    if (err instanceof ListQueryError) return json({ message: t('objects.errors.list'), errors: { filter: err.message } }, 400);
    log.error('object list failed', { user: user.id, err });
    return json({ message: t('objects.errors.list') }, 500);
  }
}

/** The pickers' call: ?search= and ?limit= (default 50, at most 100) -> data.totalCount (all matches), data.entities. */
export async function allResponse(user: User, params: URLSearchParams, t: T): Promise<Response> {
  try {
    return json({ data: await findObjects(user.id, parseAllQuery(params)) });
  } catch (err) {
    log.error('object list (all) failed', { user: user.id, err });
    return json({ message: t('objects.errors.all') }, 500);
  }
}

export async function showResponse(user: User, id: string | undefined, t: T): Promise<Response> {
  const item = /^\d{1,15}$/.test(id ?? '') ? await getObject(user.id, Number(id)) : null;
  if (!item) return json({ message: t('errors.notFound', { name: t('objects.entity') }) }, 404);
  return json({ data: item });
}

/** The map's cells for a bounding box (GET /api/v1/objects/map). */
export async function mapResponse(user: User, params: URLSearchParams, t: T): Promise<Response> {
  const parsed = parseWith(MapQuerySchema, { bbox: params.get('bbox') ?? undefined, zoom: params.get('zoom') ?? undefined });
  if (!parsed.ok) return json({ message: t('objects.errors.all'), errors: translateErrors(parsed.errors, t) }, 400);
  try {
    return json({ data: await objectsInBox(user.id, parsed.value) });
  } catch (err) {
    log.error('objects map failed', { user: user.id, err });
    return json({ message: t('objects.errors.all') }, 500);
  }
}
