// Organisation creation rules, shared by the form post, the API and the dialog island. Messages are
// dictionary keys (the spec's texts live in i18n/ru.json). Pure.
import * as v from 'valibot';
import { cleanInn, isValidInn } from '#lib/inn.ts';
import { textField } from '#lib/validation.ts';

const name = v.pipe(textField(), v.maxLength(500, 'organisations.errors.tooLong'));

export const OrganisationCreateSchema = v.object({
  inn: v.pipe(
    textField(),
    v.transform(cleanInn),
    v.nonEmpty('organisations.errors.innRequired'),
    v.check(isValidInn, 'organisations.errors.innInvalid'),
  ),
  post: v.pipe(
    textField(),
    v.nonEmpty('organisations.errors.postRequired'),
    v.maxLength(200, 'organisations.errors.tooLong'),
  ),
  /** Taken when no suggestion names the organisation (see OrganisationNamedSchema). */
  name,
});

/**
 * The same with the name required: used when no suggestion filled it in (no suggestion service,
 * none picked, or the registry does not know the INN) and the organisation is new to the cabinet,
 * so that an organisation is never stored under its INN as its name.
 */
export const OrganisationNamedSchema = v.object({
  ...OrganisationCreateSchema.entries,
  name: v.pipe(name, v.nonEmpty('organisations.errors.nameRequired')),
});

export type OrganisationCreate = v.InferOutput<typeof OrganisationCreateSchema>;

export const ORGANISATION_FIELDS = ['name', 'inn', 'post'] as const;

/** What lists, pickers and the API show of an organisation. */
export interface OrganisationItem {
  id: number;
  name: string;
  inn: string;
  kpp: string | null;
  address: string | null;
  post: string;
}
