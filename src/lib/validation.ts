// Turning valibot issues into per-field message keys, and translating them. Schemas use dictionary
// keys as messages; the page, the API or the island translates them. Pure: islands use it too.
import * as v from 'valibot';
import { stripControls } from './http/controls.ts';

export type FieldErrors = Record<string, string>;

/** The first message key per field ('' for errors not tied to a field). */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? '';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

export function parseWith<S extends v.GenericSchema>(schema: S, input: unknown): { ok: true; value: v.InferOutput<S> } | { ok: false; errors: FieldErrors } {
  const r = v.safeParse(schema, input);
  return r.success ? { ok: true, value: r.output } : { ok: false, errors: fieldErrors(r.issues) };
}

export function translateErrors(errors: FieldErrors, t: (key: string) => string): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([k, key]) => [k, t(key)]));
}

/** A form text field: missing counts as empty, control characters and surrounding spaces are dropped. */
export const textField = () => v.pipe(v.optional(v.string(), ''), v.transform(stripControls), v.trim());
