// The kit's one form reader: a value longer than a field takes is kept (never cut, never thrown on) and
// named by tooLongFields, so the answer refuses it as a field error instead of failing with 500.
import { describe, expect, it } from 'vitest';
import {
  MAX_TEXT,
  numberOf,
  pickRaw,
  rawSchemaOf,
  Reader,
  shownFigure,
  tooLongFields,
} from './form.ts';

const FIELDS = ['a', 'b', 'c'] as const;
const schema = rawSchemaOf(FIELDS);

describe('pickRaw and tooLongFields', () => {
  it('keeps a value of 201 characters as typed and names its field', () => {
    const long = '1'.repeat(MAX_TEXT + 1);
    const raw = pickRaw(schema, FIELDS, {
      a: long,
      b: ' 12 ',
      c: 'x'.repeat(MAX_TEXT),
      d: 'y'.repeat(5000),
    });
    expect(raw).toEqual({ a: long, b: '12', c: 'x'.repeat(MAX_TEXT) });
    expect(tooLongFields(raw)).toEqual(['a']);
  });

  it('measures after trimming and names every long field in order', () => {
    const raw = pickRaw(schema, FIELDS, {
      a: `  ${'1'.repeat(MAX_TEXT)}  `,
      b: 'b'.repeat(MAX_TEXT + 1),
      c: 'c'.repeat(20_000),
    });
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

describe('the one numberOf', () => {
  it('reads a dot or a comma, takes a JSON number as it is, and refuses what is not one number', () => {
    expect(numberOf('7.5')).toBe(7.5);
    expect(numberOf(' -0,25 ')).toBe(-0.25);
    expect(numberOf('1e308')).toBe(1e308);
    expect(numberOf(12)).toBe(12);
    expect(numberOf(undefined)).toBeUndefined();
    expect(numberOf(null)).toBeUndefined();
    for (const x of ['NaN', 'Infinity', '1,2,3', '1 000', '0x10', '5 kW'])
      expect(numberOf(x)).toBeNaN();
    // A form that takes longer fields (the pump form's JSON load profile) says so.
    expect(numberOf('1'.repeat(MAX_TEXT + 1), 4000)).toBe(Number('1'.repeat(MAX_TEXT + 1)));
  });
});

describe('Reader', () => {
  const F = ['q', 'q_unit', 'p', 'p_unit', 'p_kind', 'dp', 'dp_unit', 't', 'choice'] as const;
  type Field = (typeof F)[number];
  const read = (values: Record<string, string>) =>
    new Reader<Field>(pickRaw(rawSchemaOf(F), F, values));

  it('collects every refusal at once, one per field, the first said wins', () => {
    const x = read({ q: 'abc', t: '', choice: 'other', p: '1'.repeat(MAX_TEXT + 1) }).tooLong();
    expect(x.opt('q')).toBeUndefined();
    expect(Number.isNaN(x.req('t'))).toBe(true);
    x.pick('choice', ['a', 'b'], 'a');
    x.opt('p');
    expect(x.issues).toEqual([
      { field: 'p', key: 'too_long', params: { max: MAX_TEXT } },
      { field: 'q', key: 'number' },
      { field: 't', key: 'required' },
      { field: 'choice', key: 'unit' },
    ]);
  });

  it('names a load limit in the unit the user chose and converts to kW', () => {
    const x = read({ q: '1e308', q_unit: 'Gcal/h' });
    expect(x.load('q', true, 100_000)).toBe(1e308 * 1163);
    expect(x.issues).toEqual([
      {
        field: 'q',
        key: 'up_to',
        params: { max: shownFigure(100_000 / 1163, 'down'), unit_key: 'Gcal_h' },
      },
    ]);
    const y = read({ q: '-5' });
    y.load('q', true, 100_000);
    expect(y.issues).toEqual([{ field: 'q', key: 'positive' }]);
    expect(read({ q: '1,5', q_unit: 'MW' }).load('q', true, 100_000)).toBe(1500);
  });

  it('says gauge and absolute apart and refuses a pressure at or below vacuum', () => {
    expect(read({ p: '3', p_unit: 'bar' }).pressure('p')).toBeCloseTo(0.401325, 12);
    expect(read({ p: '3', p_unit: 'bar', p_kind: 'absolute' }).pressure('p')).toBeCloseTo(0.3, 12);
    const x = read({ p: '-2', p_unit: 'bar', p_kind: 'gauge' });
    x.pressure('p');
    expect(x.issues).toEqual([{ field: 'p', key: 'absolute_positive' }]);
    const y = read({ p: '1', p_unit: 'psi' });
    y.pressure('p');
    expect(y.issues).toEqual([{ field: 'p_unit', key: 'unit' }]);
  });

  it('reads a pressure drop in m w.c. as kPa, the fallback when empty, and limits it in the user unit', () => {
    expect(read({ dp: '2', dp_unit: 'm w.c.' }).dp('dp', 50, 1000)).toBeCloseTo(19.6133, 10);
    expect(read({}).dp('dp', 50, 1000)).toBe(50);
    const x = read({ dp: '200', dp_unit: 'm w.c.' });
    x.dp('dp', 50, 1000);
    expect(x.issues).toEqual([
      { field: 'dp', key: 'up_to', params: { max: 101.9, unit_key: 'm_w_c' } },
    ]);
  });

  it('holds a range with the limits rounded inwards', () => {
    const x = read({ t: '-1' });
    x.within('t', x.opt('t'), 0, 250);
    expect(x.issues).toEqual([{ field: 't', key: 'range', params: { min: 0, max: 250 } }]);
  });
});
