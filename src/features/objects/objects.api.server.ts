// The object calls as HTTP answers, shared by /api/v1/objects/** and the legacy /api/app/objects.*
// calls, plus the form submission used by the page. Failures carry the spec's catalogue messages.
import type { User } from '#lib/db/schema.ts';
import { HttpError, json } from '#lib/http/api.ts';
import { respond } from '#lib/http/respond.ts';
import type { T } from '#lib/i18n/index.ts';
import { log } from '#lib/log.ts';
import { itemAnswers, type SubmitResult } from '#features/pickers/item-api.server.ts';
import { parseWith, translateErrors } from '#lib/validation.ts';
import { objectsInBox } from './objects.map.server.ts';
import {
  coordsFromFields,
  MapQuerySchema,
  OBJECT_FIELDS,
  ObjectCreateSchema,
  type ObjectItem,
} from './objects.schema.ts';
import { findObjects, createObject, getObject, listObjects } from './objects.server.ts';

/** Validates and saves a new object; coordinates come as `coords` or as `lat` + `lon`. */
export async function submitObject(
  user: User,
  values: Record<string, unknown>,
): Promise<SubmitResult<ObjectItem>> {
  const parsed = parseWith(ObjectCreateSchema, {
    name: values.name,
    address: values.address,
    coords: coordsFromFields(values),
  });
  if (!parsed.ok)
    return { ok: false, status: 422, message: 'objects.errors.save', errors: parsed.errors };
  try {
    return { ok: true, item: await createObject(user.id, parsed.value) };
  } catch (err) {
    log.error('object save failed', { user: user.id, err });
    return { ok: false, status: 500, message: 'objects.errors.save', errors: {} };
  }
}

export const { createResponse, listResponse, allResponse, showResponse } = itemAnswers({
  name: 'object',
  keys: {
    list: 'objects.errors.list',
    all: 'objects.errors.all',
    save: 'objects.errors.save',
    entity: 'objects.entity',
  },
  fields: OBJECT_FIELDS,
  list: (userId, q) => listObjects(userId, q),
  find: (userId, q) => findObjects(userId, q),
  get: (userId, id) => getObject(userId, id),
  submit: submitObject,
});

/** The map's cells for a bounding box (GET /api/v1/objects/map). */
export function mapResponse(user: User, params: URLSearchParams, t: T): Promise<Response> {
  return respond(t, 'objects.errors.all', async () => {
    const parsed = parseWith(MapQuerySchema, {
      bbox: params.get('bbox') ?? undefined,
      zoom: params.get('zoom') ?? undefined,
    });
    // A malformed query parameter: 400 naming it (decision 0034).
    if (!parsed.ok)
      throw new HttpError(400, t('objects.errors.all'), {
        errors: translateErrors(parsed.errors, t),
      });
    return json({ data: await objectsInBox(user.id, parsed.value) });
  });
}
