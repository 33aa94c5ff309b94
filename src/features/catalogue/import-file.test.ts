import { describe, expect, it } from 'vitest';
import { parseCatalogueFile, parseCsv } from './import-file.ts';
import { normalise, relevance } from '#lib/search-text.ts';

describe('import file reader', () => {
  it('reads a JSON array or { items }', () => {
    expect(parseCatalogueFile('[{"sku":"A"}]', 'x.json')).toEqual({
      ok: true,
      items: [{ sku: 'A' }],
    });
    expect(parseCatalogueFile('{"items":[{"sku":"A"}]}', 'x.json')).toEqual({
      ok: true,
      items: [{ sku: 'A' }],
    });
    expect(parseCatalogueFile('{"sku":"A"}', 'x.json')).toEqual({ ok: false, error: 'shape' });
    expect(parseCatalogueFile('[{', 'x.json')).toEqual({ ok: false, error: 'json' });
    expect(parseCatalogueFile('  ', 'x.csv')).toEqual({ ok: false, error: 'empty' });
  });

  it('reads CSV with ; or , separators, quotes, nested columns, JSON cells, decimal commas', () => {
    const csv =
      '\uFEFFsku;kind;price_kop;demo;curve;motor.p2_kw;title\r\nA-1;pump;100;yes;"[{""q_m3h"":1}]";2,2;"Pump; ""big"""\r\n;;;;;;\r\n';
    const r = parseCatalogueFile(csv, 'x.csv');
    expect(r).toEqual({
      ok: true,
      items: [
        {
          sku: 'A-1',
          kind: 'pump',
          price_kop: 100,
          demo: true,
          curve: [{ q_m3h: 1 }],
          motor: { p2_kw: 2.2 },
          title: 'Pump; "big"',
        },
      ],
    });
    expect(parseCsv('a,b\n1,"x,y"')).toEqual([
      ['a', 'b'],
      ['1', 'x,y'],
    ]);
    expect(parseCsv('a,b\n1,"open')).toBeNull();
    const bad = parseCatalogueFile('sku,curve,price_kop\nA,[oops,12a', 'x.csv');
    expect(bad).toEqual({ ok: true, items: [{ sku: 'A', curve: '[oops', price_kop: '12a' }] }); // left for the item check to report
  });
});

describe('search relevance', () => {
  it('exact substrings first, then the share of trigrams; short words must appear', () => {
    const text = normalise('Demo inline DIL 80/17-4/4 DEMO-DIL-0001');
    expect(relevance(normalise('DIL 80'), text)).toBeGreaterThanOrEqual(1);
    expect(relevance('inlne', text)).toBeGreaterThanOrEqual(0.5);
    expect(relevance('inlne 65', text)).toBe(0);
    expect(relevance('xyz', text)).toBe(0);
    expect(relevance('', text)).toBe(0);
  });
});
