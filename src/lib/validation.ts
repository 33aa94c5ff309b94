// Turning valibot issues into per-field message keys, and translating them. Schemas use dictionary
// keys as messages; the page, the API or the island translates them. Pure: islands use it too.
import * as v from 'valibot';
import { stripControls } from './http/controls.ts';

export type FieldErrors = Record<string, string>;

/** The message key of a required key missing from an object whose schema names no message of its own. */
export const MISSING_FIELD = 'validation.generic.requiredField';

/** Schemas name their messages by dictionary key (dotted words); anything else is valibot's own text. */
const MESSAGE_KEY = /^[\w-]+(?:\.[\w-]+)+$/;

/**
 * A required key missing from an object: valibot reports it on the object schema (expected: the key),
 * with that schema's message, or its own English text when the schema names none: then the field is
 * told it is required.
 */
const isMissingKey = (issue: v.BaseIssue<unknown>) => {
  const key = issue.path?.at(-1)?.key;
  return (
    issue.kind === 'schema' &&
    issue.type === 'object' &&
    issue.input === undefined &&
    typeof key === 'string' &&
    issue.expected === JSON.stringify(key) &&
    !MESSAGE_KEY.test(issue.message)
  );
};

/** The first message key per field ('' for errors not tied to a field). */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? '';
    if (!(key in out)) out[key] = isMissingKey(issue) ? MISSING_FIELD : issue.message;
  }
  return out;
}

export function parseWith<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
): { ok: true; value: v.InferOutput<S> } | { ok: false; errors: FieldErrors } {
  const r = v.safeParse(schema, input);
  return r.success ? { ok: true, value: r.output } : { ok: false, errors: fieldErrors(r.issues) };
}

export function translateErrors(errors: FieldErrors, t: (key: string) => string): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([k, key]) => [k, t(key)]));
}

/** A form text field: missing counts as empty, control characters and surrounding spaces are dropped. */
export const textField = () =>
  v.pipe(v.optional(v.string(), ''), v.transform(stripControls), v.trim());

/** The largest id either engine stores: ids are integer columns (PostgreSQL's int4). */
export const MAX_ID = 2_147_483_647;

/**
 * A record id entering from outside (route parameter, query, form or JSON body): ASCII digits (or a
 * JSON integer) from 1 to MAX_ID, else null. One rule on both engines: SQLite would just find
 * nothing for 999999999999 while PostgreSQL refuses it as out of range for integer (a 500).
 */
export function parseId(value: unknown): number | null {
  if (typeof value === 'number')
    return Number.isInteger(value) && value >= 1 && value <= MAX_ID ? value : null;
  if (typeof value !== 'string' || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= MAX_ID ? n : null;
}

/** Whether a number is a storable record id (1..MAX_ID): queries check it before they run. */
export const isId = (n: number): boolean => Number.isInteger(n) && n >= 1 && n <= MAX_ID;
