// Organisation creation rules, shared by the form post, the API and the dialog island. Messages are
// dictionary keys (the spec's texts live in i18n/ru.json). Pure.
import * as v from 'valibot';
import { cleanInn, isValidInn } from '#lib/inn.ts';
import { textField } from '#lib/validation.ts';

export const OrganisationCreateSchema = v.object({
  inn: v.pipe(
    textField(),
    v.transform(cleanInn),
    v.nonEmpty('organisations.errors.innRequired'),
    v.check(isValidInn, 'organisations.errors.innInvalid'),
  ),
  post: v.pipe(textField(), v.nonEmpty('organisations.errors.postRequired'), v.maxLength(200, 'organisations.errors.tooLong')),
  /** Used when the suggestion service does not know the INN (or is not configured). */
  name: v.pipe(textField(), v.maxLength(500, 'organisations.errors.tooLong')),
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
