// The organisation calls as HTTP answers, shared by /api/v1/organisations/** and the legacy
// /api/app/organisations.* calls, plus the form submission used by the page. Failures carry the
// spec's catalogue messages.
import type { User } from '#lib/db/schema.ts';
import { log } from '#lib/log.ts';
import { itemAnswers, type SubmitResult } from '#features/pickers/item-api.server.ts';
import { parseWith } from '#lib/validation.ts';
import {
  ORGANISATION_FIELDS,
  OrganisationCreateSchema,
  type OrganisationItem,
} from './organisations.schema.ts';
import {
  AlreadyLinkedError,
  findOrganisations,
  NameRequiredError,
  createOrganisation,
  getOrganisation,
  listOrganisations,
} from './organisations.server.ts';

/** Validates and saves a new organisation link; message and errors are dictionary keys. */
export async function submitOrganisation(
  user: User,
  values: Record<string, unknown>,
): Promise<SubmitResult<OrganisationItem>> {
  const parsed = parseWith(OrganisationCreateSchema, values);
  if (!parsed.ok)
    return { ok: false, status: 422, message: 'organisations.errors.save', errors: parsed.errors };
  try {
    return { ok: true, item: await createOrganisation(user.id, parsed.value) };
  } catch (err) {
    if (err instanceof NameRequiredError)
      return { ok: false, status: 422, message: 'organisations.errors.save', errors: err.errors };
    if (err instanceof AlreadyLinkedError)
      return {
        ok: false,
        status: 409,
        message: 'organisations.errors.duplicate',
        errors: { inn: 'organisations.errors.duplicate' },
      };
    log.error('organisation save failed', { user: user.id, err });
    return { ok: false, status: 500, message: 'organisations.errors.save', errors: {} };
  }
}

export const { createResponse, listResponse, allResponse, showResponse } = itemAnswers({
  name: 'organisation',
  keys: {
    list: 'organisations.errors.list',
    all: 'organisations.errors.all',
    save: 'organisations.errors.save',
    entity: 'organisations.entity',
  },
  fields: ORGANISATION_FIELDS,
  list: (userId, q) => listOrganisations(userId, q),
  find: (userId, q) => findOrganisations(userId, q),
  get: (userId, id) => getOrganisation(userId, id),
  submit: submitOrganisation,
});
