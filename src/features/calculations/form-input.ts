// The flat text values of a calculation's page form or JSON body, as the heat exchanger and flow
// meter schemas read them: only the named fields, each optional trimmed text, and numbers as people
// type them (decimal comma allowed). A field takes at most MAX_TEXT characters; a longer one is kept
// as typed (never cut short, never thrown on) so that tooLongFields() names it and the answer refuses
// it as a field error. Pure: pages, APIs and islands share it.
import * as v from 'valibot';

/** The most characters one field takes (after trimming); no figure or unit is anywhere near it. */
export const MAX_TEXT = 200;

const text = v.optional(v.pipe(v.string(), v.trim()));
export type RawSchema<F extends string> = v.ObjectSchema<Record<F, typeof text>, undefined>;

/** The shape of a form with these fields: every field optional text. */
export function rawSchemaOf<const F extends string>(fields: readonly F[]): RawSchema<F> {
  return v.object(Object.fromEntries(fields.map((f) => [f, text])) as Record<F, typeof text>);
}

/** The named fields' text values of a form or JSON body, shape-checked (anything else is left out). */
export function pickRaw<F extends string>(schema: RawSchema<F>, fields: readonly F[], values: Record<string, unknown>): v.InferOutput<RawSchema<F>> {
  const picked: Record<string, string> = {};
  for (const k of fields) if (typeof values[k] === 'string') picked[k] = values[k] as string;
  return v.parse(schema, picked);
}

/** The fields of picked values longer than MAX_TEXT, in their order: each one a field error (too_long). */
export function tooLongFields(raw: Readonly<Record<string, string | undefined>>): string[] {
  return Object.entries(raw).flatMap(([k, x]) => (typeof x === 'string' && x.length > MAX_TEXT ? [k] : []));
}

/** A number typed by a person: decimal comma allowed; empty is absent; anything else (a text too long to be one included) is NaN. */
export function numberOf(x: string | undefined): number | undefined {
  if (x === undefined || x.trim() === '') return undefined;
  if (x.length > MAX_TEXT) return Number.NaN;
  const s = x.trim().replace(',', '.');
  return /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(s) ? Number(s) : Number.NaN;
}
