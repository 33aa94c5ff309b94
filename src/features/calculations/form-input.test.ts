// The shared form reader: a value longer than a field takes is kept (never cut, never thrown on) and
// named by tooLongFields, so the answer refuses it as a field error instead of failing with 500.
import { describe, expect, it } from 'vitest';
import { MAX_TEXT, numberOf, pickRaw, rawSchemaOf, tooLongFields } from './form-input.ts';

const FIELDS = ['a', 'b', 'c'] as const;
const schema = rawSchemaOf(FIELDS);

describe('pickRaw and tooLongFields', () => {
  it('keeps a value of 201 characters as typed and names its field', () => {
    const long = '1'.repeat(MAX_TEXT + 1);
    const raw = pickRaw(schema, FIELDS, { a: long, b: ' 12 ', c: 'x'.repeat(MAX_TEXT), d: 'y'.repeat(5000) });
    expect(raw).toEqual({ a: long, b: '12', c: 'x'.repeat(MAX_TEXT) });
    expect(tooLongFields(raw)).toEqual(['a']);
  });

  it('measures after trimming and names every long field in order', () => {
    const raw = pickRaw(schema, FIELDS, { a: `  ${'1'.repeat(MAX_TEXT)}  `, b: 'b'.repeat(MAX_TEXT + 1), c: 'c'.repeat(20_000) });
    expect(tooLongFields(raw)).toEqual(['b', 'c']);
  });

  it('leaves out what is not text and answers nothing for short values', () => {
    const raw = pickRaw(schema, FIELDS, { a: 5, b: null, c: '7,5' });
    expect(raw).toEqual({ c: '7,5' });
    expect(tooLongFields(raw)).toEqual([]);
  });
});

describe('numberOf', () => {
  it('reads a decimal comma; empty is absent; a text too long to be a number is NaN', () => {
    expect(numberOf('7,5')).toBe(7.5);
    expect(numberOf(' ')).toBeUndefined();
    expect(numberOf('abc')).toBeNaN();
    expect(numberOf('1'.repeat(MAX_TEXT + 1))).toBeNaN();
  });
});
