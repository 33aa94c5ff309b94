// Valibot issues become one message key per field: a schema's own key as it is, and a required key
// missing from a body (valibot's English default on the object) the shared "required field" key,
// never English text reaching a Russian answer.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { fieldErrors, MISSING_FIELD, parseId, parseWith } from './validation.ts';

describe('fieldErrors', () => {
  const Schema = v.object({
    months: v.pipe(v.number('x.months'), v.minValue(1, 'x.months')),
    basis: v.picklist(['shipment', 'commissioning'], 'x.basis'),
    nested: v.optional(v.object({ a: v.string('x.a') })),
  });

  it('keeps the schema’s own keys, the first per field', () => {
    expect(parseWith(Schema, { months: 0, basis: 'x' })).toEqual({
      ok: false,
      errors: { months: 'x.months', basis: 'x.basis' },
    });
  });

  it('names a missing required key, nested too, as a required field', () => {
    const r = parseWith(Schema, { nested: {} });
    expect(r).toEqual({
      ok: false,
      errors: { months: MISSING_FIELD, basis: MISSING_FIELD, 'nested.a': MISSING_FIELD },
    });
  });

  it('keeps an object schema’s own message for a missing key', () => {
    const Own = v.object({ kind: v.string('x.kind') }, 'x.row');
    expect(fieldErrors(v.safeParse(Own, {}).issues!)).toEqual({ kind: 'x.row' });
  });

  it('keeps a message for the whole body under the empty key', () => {
    expect(parseWith(Schema, 'text')).toEqual({ ok: false, errors: { '': expect.any(String) } });
  });
});

describe('parseId', () => {
  it('takes ids from 1 to the integer column’s largest, nothing else', () => {
    expect(parseId('42')).toBe(42);
    expect(parseId(2_147_483_647)).toBe(2_147_483_647);
    for (const bad of ['0', '2147483648', '99999999999', '-1', '1.5', ' 1', '', null, 1.5, 0])
      expect(parseId(bad)).toBeNull();
  });
});
