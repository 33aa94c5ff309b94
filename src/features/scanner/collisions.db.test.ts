// The collision list of issue 22: pairs of catalogue articles that differ only by a decimal point or
// a separator (DFC-55 / DFC-5.5, KV-15 / KV-1-5), both items of every pair in one catalogue. Every
// spelling of every article, as a marking and inside a name, is matched through matchRows: the answer
// is either the right item or no automatic match. 0 wrong automatic matches is the bar. The popup's
// candidates of an unsettled number carry the numbers that tell the two apart.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { migratedDatabase } from '../../../tests/helpers/db.ts';
import { importItems } from '#features/catalogue/catalogue.server.ts';
import { candidatesFor, matchRows, rememberSynonyms, type RowText } from './match.server.ts';
import type { ScanDB } from './scanner.tables.ts';

const PAIRS: Array<[string, string]> = [
  ['DFC-55', 'DFC-5.5'],
  ['DFC-185', 'DFC-18.5'],
  ['DSS-55', 'DSS-5.5'],
  ['DSHU-4x22-D', 'DSHU-4x2.2-D'],
  ['DSHU-1x55-F', 'DSHU-1x5.5-F'],
  ['DSHU-2x75-SS', 'DSHU-2x7.5-SS'],
  ['DMP-16-25', 'DMP-1.6-2.5'],
  ['DMP-63-10', 'DMP-6.3-10'],
  ['PHE-01-45', 'PHE-0.1-45'],
  ['IL 80/170-75/2', 'IL 80/170-7.5/2'],
  ['KV-15', 'KV-1-5'],
  ['UPS 2540', 'UPS 25-40'],
  ['RK-110', 'RK-1-10'],
  ['TT-25', 'TT-2.5'],
  ['MV 3-15', 'MV 31-5'],
  ['SD 15x40', 'SD 1.5x40'],
  ['CR 12', 'CR 1-2'],
  ['AQ-105', 'AQ-10.5'],
  ['ШУ-3х11', 'ШУ-3х1,1'],
  ['KSh-25-16', 'KSh-2.5-16'],
];

const database = migratedDatabase();
const owner = { userId: 1, organisationId: null };
const db = () => database.db as unknown as Kysely<ScanDB>;
const idOf = new Map<string, number>();

/** Latin letters that have a Cyrillic twin, typed in Cyrillic (as a Russian keyboard layout does). */
const LOOKALIKE: Record<string, string> = {
  A: 'А',
  B: 'В',
  C: 'С',
  E: 'Е',
  H: 'Н',
  K: 'К',
  M: 'М',
  O: 'О',
  P: 'Р',
  T: 'Т',
  X: 'Х',
};

/** Spellings of one article that keep its meaning (the right item is the article's own). */
function sameSpellings(a: string): string[] {
  return [
    a,
    a.toLowerCase(),
    a.replace(/(\d)\.(\d)/g, '$1,$2'),
    a.replace(/(\p{L})[-\s]+|[-\s]+(?=\p{L})/gu, (m, l: string | undefined) => (l ? `${l} ` : ' ')),
    a.replace(/[A-Z]/g, (c) => LOOKALIKE[c] ?? c),
    a.replace(/(\d)x(\d)/g, '$1х$2'),
    a.replace(/-/g, '\u2013'),
  ];
}

/** Spellings that lose the decimal mark (no right item: only no automatic match is right). */
const lossySpellings = (a: string): string[] =>
  /\d[.,]\d/.test(a)
    ? [a.replace(/(\d)[.,](\d)/g, '$1 $2'), a.replace(/(\d)[.,](\d)/g, '$1-$2')]
    : [];

beforeAll(async () => {
  const items = PAIRS.flat().map((model, i) => ({
    sku: `COL-${i}`,
    kind: 'other',
    title: `Изделие ${model}`,
    model,
    manufacturer: 'ДКС',
    price_kop: (i + 1) * 100_00,
  }));
  const results = await importItems(database.db, database.engine, items);
  expect(results.every((r) => r.status === 'created')).toBe(true);
  for (const r of await database.db.selectFrom('catalogue_items').select(['id', 'model']).execute())
    idOf.set(r.model, r.id);
});

describe('collision list: articles differing by a decimal point or a separator', () => {
  it('holds at least 18 pairs, both items of each in the catalogue', () => {
    expect(PAIRS.length).toBeGreaterThanOrEqual(18);
    for (const [a, b] of PAIRS) expect([idOf.has(a), idOf.has(b)]).toEqual([true, true]);
  });

  it('every spelling gives the right item or no automatic match: 0 wrong automatic matches', async () => {
    const cases: Array<{ text: string; want: number | null; row: RowText }> = [];
    for (const model of PAIRS.flat()) {
      const want = idOf.get(model)!;
      for (const text of sameSpellings(model)) {
        cases.push({ text, want, row: { title: 'Изделие', marka: text, sku: '', man: '' } });
        cases.push({ text, want, row: { title: `Изделие ${text}`, marka: '', sku: '', man: '' } });
      }
      for (const text of lossySpellings(model)) {
        cases.push({ text, want: null, row: { title: 'Изделие', marka: text, sku: '', man: '' } });
        cases.push({
          text,
          want: null,
          row: { title: `Изделие ${text}`, marka: '', sku: '', man: '' },
        });
      }
    }
    const got = await matchRows(
      db(),
      database.engine,
      owner,
      cases.map((c) => c.row),
    );
    const wrong = cases.flatMap((c, i) =>
      got[i]?.confident && got[i]!.item.id !== c.want
        ? [{ text: c.text, row: c.row, got: got[i]!.item.model }]
        : [],
    );
    expect(wrong).toEqual([]);
    // Not vacuous: a marking that keeps its meaning is confirmed by the exact article key.
    const byMarking = cases
      .map((c, i) => ({ c, g: got[i] }))
      .filter(({ c }) => c.row.marka && c.want !== null);
    const unconfirmed = byMarking
      .filter(({ c, g }) => !(g?.confident && g.item.id === c.want))
      .map(({ c }) => c.text);
    expect(unconfirmed).toEqual([]);
    expect(cases.length).toBeGreaterThan(PAIRS.length * 2 * 10);
  });

  it('the popup of an unsettled number shows both items with the numbers that differ, nothing ticked', async () => {
    const list = await candidatesFor(
      db(),
      database.engine,
      owner,
      { title: 'Изделие DFC', marka: '', sku: '', man: '' },
      '',
    );
    const byModel = new Map(list.map((c) => [c.item.model, c]));
    expect(byModel.get('DFC-55')?.differs).toEqual(['55']);
    expect(byModel.get('DFC-5.5')?.differs).toEqual(['5.5']);
    expect(list.every((c) => !c.confident)).toBe(true);
    const shu = await candidatesFor(
      db(),
      database.engine,
      owner,
      { title: 'Изделие', marka: 'DSHU-4x2 2-D', sku: '', man: '' },
      '',
    );
    const pair = new Map(shu.map((c) => [c.item.model, c.differs]));
    expect(pair.get('DSHU-4x22-D')).toContain('22');
    expect(pair.get('DSHU-4x2.2-D')).toContain('2.2');
    expect(pair.get('DSHU-4x22-D')).not.toContain('4');
  });

  it('a near match left unticked says why (step 4), naming the articles', async () => {
    const [m] = await matchRows(db(), database.engine, owner, [
      { title: 'Изделие DFC', marka: '', sku: '', man: '' },
    ]);
    expect(m?.confident).toBe(false);
    expect(m?.hold?.key).toBe('scanner.api.why.twin');
    expect(String(m?.hold?.params?.articles)).toMatch(/DFC-55|DFC-5\.5/);
  });
});

describe('a row read by OCR (a scan): an exact article is no proof when its OCR twin is in the catalogue', () => {
  it('every article of the list, read from a scan, is held for the person with the twin named; 0 automatic matches', async () => {
    const rows = PAIRS.flat().map((model) => ({
      title: 'Изделие',
      marka: model,
      sku: '',
      man: '',
      ocr: true,
    }));
    const got = await matchRows(db(), database.engine, owner, rows);
    const ticked = got.flatMap((g, i) => (g?.confident ? [rows[i]!.marka] : []));
    expect(ticked).toEqual([]);
    // Still matched (the popup opens on it) and the reason names both articles.
    for (const [i, g] of got.entries()) {
      expect(g?.item.id).toBe(idOf.get(rows[i]!.marka));
      expect(g?.hold?.key).toBe('scanner.api.why.ocrTwin');
    }
    const [first] = got;
    expect(String(first?.hold?.params?.articles)).toBe('DFC-55 / DFC-5.5');
  });

  it('an article without an OCR twin is still confirmed on a scan', async () => {
    await importItems(database.db, database.engine, [
      {
        sku: 'SOLO-1',
        kind: 'other',
        title: 'Изделие QZ-770',
        model: 'QZ-770',
        manufacturer: 'ДКС',
        price_kop: 1_000_00,
      },
    ]);
    const [m] = await matchRows(db(), database.engine, owner, [
      { title: 'Изделие', marka: 'QZ-770', sku: '', man: '', ocr: true },
    ]);
    expect(m?.confident).toBe(true);
    expect(m?.hold).toBeUndefined();
  });
});

describe('neither the name column nor a remembered choice gets round the twin rule', () => {
  it('a scanned row naming the article in its name is held too', async () => {
    const rows = ['DFC-55', 'DSHU-4x22-D', 'DFC-5.5'].map((a) => ({
      title: `Изделие ${a}`,
      marka: '',
      sku: '',
      man: '',
      ocr: true,
    }));
    const got = await matchRows(db(), database.engine, owner, rows);
    expect(got.map((g) => g?.confident)).toEqual([false, false, false]);
    expect(got.map((g) => g?.hold?.key)).toEqual([
      'scanner.api.why.ocrTwin',
      'scanner.api.why.ocrTwin',
      'scanner.api.why.ocrTwin',
    ]);
    // Typed (not a scan), the same text names its item exactly.
    const typed = await matchRows(
      db(),
      database.engine,
      owner,
      rows.map(({ ocr: _o, ...r }) => r),
    );
    expect(typed.map((g) => (g?.confident ? g.item.model : null))).toEqual([
      'DFC-55',
      'DSHU-4x22-D',
      'DFC-5.5',
    ]);
  });

  it('a choice of DFC-5.5 for a row reading DFC-55 is not learned as the article, and never ticks a typed DFC-55', async () => {
    const someone = { userId: 77, organisationId: null };
    const row = { title: 'Изделие', marka: 'DFC-55', sku: '', man: '' };
    await rememberSynonyms(db(), someone, [{ row, cid: idOf.get('DFC-5.5')! }]);
    const keys = (
      await db().selectFrom('scan_synonyms').select('key').where('owner', '=', 'user:77').execute()
    ).map((r) => r.key);
    expect(keys.some((k) => k.startsWith('a:'))).toBe(false);
    expect(keys.some((k) => k.startsWith('t:'))).toBe(true);
    const [m] = await matchRows(db(), database.engine, someone, [row]);
    expect(m?.confident).toBe(false);
    expect(m?.hold).toEqual({
      key: 'scanner.api.why.synonymContradicted',
      params: { chosen: 'DFC-5.5', article: 'DFC-55' },
    });
    // A remembered choice that agrees with the article still ticks.
    await rememberSynonyms(db(), someone, [
      { row: { ...row, marka: 'DFC-185' }, cid: idOf.get('DFC-185')! },
    ]);
    const [agreed] = await matchRows(db(), database.engine, someone, [
      { ...row, marka: 'DFC-185' },
    ]);
    expect(agreed?.confident).toBe(true);
  });
});
