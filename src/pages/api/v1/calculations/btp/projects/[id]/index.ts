// GET /api/v1/calculations/btp/projects/{id}: one project (inputs, result, status); another
// employee's id is 404. PUT (or POST): save the composition fields, recomputed on the server ->
// the select answer (400 with field errors, nothing but the typed inputs saved). Customers: 403.
import type { APIRoute } from 'astro';
import { placeField } from '#features/calculations/btp/btp.page.server.ts';
import {
  calculateProject,
  placeProject,
  projectOrThrow,
  requireEmployee,
} from '#features/calculations/btp/btp.server.ts';
import { HttpError, json, readForm } from '#lib/http/api.ts';

/** The select answer's refusal: the one error shape with the spec's result fields as extras (decision 0034). */
const refusal = (status: number, message: string, errors: Record<string, string>) =>
  new HttpError(status, message, {
    type: 'error',
    entities: [],
    error: message,
    warning: null,
    errors,
  });

export const GET: APIRoute = async ({ locals, params }) => {
  const p = await projectOrThrow(requireEmployee(locals), params.id, locals.t);
  return json({ type: 'success', entity: p });
};

const save: APIRoute = async ({ locals, params, request }) => {
  const user = requireEmployee(locals);
  const p = await projectOrThrow(user, params.id, locals.t);
  const form = await readForm(request);
  // The organisation and object (the caller's own), when given: 400 for a malformed id, 422 for
  // another's (a body field refused, decision 0034).
  if ('oid' in form || 'object' in form) {
    const oid = placeField(form.oid ?? String(p.organisation_id ?? '')),
      object = placeField(form.object ?? String(p.object_id ?? ''));
    if (oid === undefined || object === undefined) {
      const field = oid === undefined ? 'oid' : 'object';
      const message = locals.t('calcBtp.errors.number', {
        field: locals.t(`calcBtp.fields.${field}`),
      });
      throw refusal(400, message, { [field]: message });
    }
    const errors = await placeProject(user, p, oid, object, locals.t);
    const first = Object.values(errors)[0];
    if (first !== undefined) throw refusal(422, first, errors);
  }
  const r = await calculateProject(user, p, form, locals.t);
  return json({ ...r.body, id: p.id, number: p.number }, r.status);
};
export const PUT = save;
export const POST = save;
