// The flat text values of a calculation's page form or JSON body, as the heat exchanger and flow
// meter schemas read them: only the named fields, each optional trimmed text of at most 200
// characters, and numbers as people type them (decimal comma allowed). Pure: pages, APIs and
// islands share it.
import * as v from 'valibot';

const text = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200)));
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

/** A number typed by a person: decimal comma allowed; empty is absent; anything else is NaN. */
export function numberOf(x: string | undefined): number | undefined {
  if (x === undefined || x.trim() === '') return undefined;
  const s = x.trim().replace(',', '.');
  return /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(s) ? Number(s) : Number.NaN;
}
