import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { translator } from '#lib/i18n/index.ts';
import {
  DEFAULT_MAPPING,
  bySection,
  columnChoices,
  fileProblem,
  initialMapping,
  initialPages,
  mappingProblems,
  percent,
  resumeFrom,
  saveFields,
  scorePercent,
  stepSearch,
  thumbWidth,
  fromScan,
  keepPositions,
  restorePositions,
  rowKey,
  withChoice,
  withCount,
  withEdit,
  withoutEdits,
  isCorrected,
  positionProblems,
  priceKop,
  lineKop,
  orderTotal,
  cropUrl,
  MAX_COUNT,
  PRODUCT_LIMITS,
  type Entity,
  type PositionsKept,
} from './model.ts';
import { cropGeometry, CROP_MAX_BAND_PT, CROP_MAX_WIDTH_PX } from '../crop.ts';
import { sampleSpecification } from './sample.server.ts';

const ID = 'AbCdEfGhIjKlMnOpQrStU';
const row = (index: number, over: Partial<Entity> = {}): Entity => ({
  index,
  page: 1,
  section: '',
  pos: String(index + 1),
  title: `Item ${index}`,
  marka: '',
  sku: '',
  man: '',
  unit: 'pcs',
  count: 1,
  cid: 0,
  match: null,
  catalog: null,
  ...over,
});

describe('scanner wizard rules', () => {
  it('resumes a scan from the URL at steps 1 to 3 only', () => {
    expect(resumeFrom(`?scan=${ID}&step=2`)).toEqual({ uniqid: ID, step: 2 });
    expect(resumeFrom(`?scan=${ID}&step=3`)).toEqual({ uniqid: ID, step: 3 });
    expect(resumeFrom(`?scan=${ID}&step=4`)).toEqual({ uniqid: ID, step: 1 });
    expect(resumeFrom(`?scan=${ID}`)).toEqual({ uniqid: ID, step: 1 });
    expect(resumeFrom('?scan=../../etc&step=2')).toBeNull();
    expect(resumeFrom('')).toBeNull();
    expect(stepSearch(ID, 2)).toBe(`?scan=${ID}&step=2`);
    expect(stepSearch(ID, 4)).toBe('');
    expect(stepSearch(null, 1)).toBe('');
  });

  it('checks the chosen file by name and size (the server checks the content)', () => {
    expect(fileProblem(null)).toBe('needFile');
    expect(fileProblem({ name: 'spec.XLSX', size: 10 })).toBeNull();
    expect(fileProblem({ name: 'scan.jpeg', size: 10 })).toBeNull();
    expect(fileProblem({ name: 'spec.txt', size: 10 })).toBe('badType');
    expect(fileProblem({ name: 'spec', size: 10 })).toBe('badType');
    expect(fileProblem({ name: 'spec.pdf', size: 0 })).toBe('empty');
    expect(fileProblem({ name: 'spec.pdf', size: 21 * 1024 * 1024 })).toBe('tooLarge');
  });

  it('starts the mapping from the saved one, then the suggestion, then the spec defaults', () => {
    const suggested = { ...DEFAULT_MAPPING, marka: 0, sku: 0, man: 3, unit: 4, count: 5 };
    expect(initialMapping({ mapping: null, suggestedMapping: null })).toEqual({
      pos: 1,
      title: 2,
      marka: 3,
      sku: 4,
      man: 5,
      unit: 6,
      count: 7,
    });
    expect(initialMapping({ mapping: null, suggestedMapping: suggested })).toEqual(suggested);
    expect(initialMapping({ mapping: DEFAULT_MAPPING, suggestedMapping: suggested })).toEqual(
      DEFAULT_MAPPING,
    );
  });

  it('lets pos, marka, sku, man and unit be absent, never title or count, and one column serve one field', () => {
    expect(mappingProblems(DEFAULT_MAPPING)).toEqual({});
    expect(
      mappingProblems({ ...DEFAULT_MAPPING, pos: 0, marka: 0, sku: 0, man: 0, unit: 0 }),
    ).toEqual({});
    expect(mappingProblems({ ...DEFAULT_MAPPING, title: 0, count: 0 })).toEqual({
      title: 'columnRequired',
      count: 'columnRequired',
    });
    expect(mappingProblems({ ...DEFAULT_MAPPING, count: 2 })).toEqual({ count: 'columnTwice' });
    expect(mappingProblems({ ...DEFAULT_MAPPING, unit: 10 })).toEqual({ unit: 'columnInvalid' });
  });

  it('offers columns 1..9 at least and every column of a wider table (40 at most), and checks a mapping against them', () => {
    expect(columnChoices(0)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(columnChoices(5)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(columnChoices(14)).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
    expect(columnChoices(500)).toHaveLength(40);
    expect(columnChoices(Number.NaN)).toHaveLength(9);
    // A legacy parts list with its quantity in column 11.
    expect(mappingProblems({ ...DEFAULT_MAPPING, count: 11 }, 14)).toEqual({});
    expect(mappingProblems({ ...DEFAULT_MAPPING, count: 11 }, 9)).toEqual({
      count: 'columnInvalid',
    });
    expect(mappingProblems({ ...DEFAULT_MAPPING, unit: 15, count: 1.5 }, 14)).toEqual({
      unit: 'columnInvalid',
      count: 'columnInvalid',
    });
  });

  it('ticks every page after load unless the user chose some before a reload', () => {
    expect(initialPages({ pageCount: 3, checkedPages: null })).toEqual([1, 2, 3]);
    expect(initialPages({ pageCount: 3, checkedPages: [] })).toEqual([1, 2, 3]);
    expect(initialPages({ pageCount: 3, checkedPages: [2, 7] })).toEqual([2]);
  });

  it('sizes thumbnails 250 px high by the page proportions; percentages are never NaN', () => {
    expect(thumbWidth({ width: 595, height: 842 })).toBe(177);
    expect(thumbWidth({})).toBe(354);
    expect(percent(1, 0)).toBe(0);
    expect(percent(Number.NaN, 4)).toBe(0);
    expect(percent(3, 4)).toBe(75);
    expect(scorePercent(0.834)).toBe(83);
    expect(scorePercent(Number.NaN)).toBe(0);
  });

  it('replaces a chosen item by index and sends the ticked positions with the confirmed matches', () => {
    let list = [row(0), row(1, { section: 'Pumps' }), row(2, { section: 'Pumps', count: null })];
    list = withChoice(list, 1, {
      cid: 42,
      title: 'Pump',
      article: 'P-1',
      man: 'M',
      unit: 'pcs',
      price: 10,
    });
    list = withCount(list, 2, 3);
    expect(list[1]).toMatchObject({ cid: 42, catalog: { title: 'Pump' } });
    expect(list[2]).toMatchObject({ count: 3, edited: true });
    expect(bySection(list).map((g) => [g.section, g.rows.length])).toEqual([
      ['', 1],
      ['Pumps', 2],
    ]);
    const fields = saveFields({
      uniqid: ID,
      order: 7,
      mapping: DEFAULT_MAPPING,
      entities: list,
      ticked: new Set([1, 2]),
      confirmed: { 1: 42, 0: 5 },
    });
    const get = (k: string) => fields.filter(([n]) => n === k).map(([, v]) => v);
    expect(get('pid')).toEqual(['7']);
    expect(get('module')).toEqual(['orders']);
    expect(get('count')).toEqual(['7']);
    expect(get('products[]').map((p) => JSON.parse(p))).toEqual([
      {
        index: 1,
        pos: '2',
        title: 'Item 1',
        marka: '',
        sku: '',
        man: '',
        unit: 'pcs',
        count: 1,
        cid: 42,
      },
      {
        index: 2,
        pos: '3',
        title: 'Item 2',
        marka: '',
        sku: '',
        man: '',
        unit: 'pcs',
        count: 3,
        cid: 0,
      },
    ]);
    expect(JSON.parse(get('newCid')[0]!)).toEqual({ 1: 42 });
  });
});

describe('server matches', () => {
  it('a row the server matched by itself comes named and marked as its match; a choice in the popup replaces it', () => {
    const item = { cid: 7, title: 'Pump', article: 'P-7', man: '', unit: 'pcs', price: 1 };
    const list = fromScan([
      row(0, { cid: 7, catalog: item }),
      row(1),
      row(2, { cid: 0, catalog: null }),
    ]);
    expect(list.map((e) => [e.cid, e.catalog?.title ?? null, e.auto])).toEqual([
      [7, 'Pump', true],
      [0, null, false],
      [0, null, false],
    ]);
    expect(withChoice(list, 0, { ...item, cid: 9, title: 'Other' })[0]).toMatchObject({
      cid: 9,
      catalog: { title: 'Other' },
      auto: false,
    });
    expect(withChoice(list, 0, null)[0]).toMatchObject({ cid: 0, catalog: null, auto: false });
  });
});

describe('the positions step kept for a reload', () => {
  const BUILT = { mapping: DEFAULT_MAPPING, pages: [1, 2] };
  it('keeps the choices, removed matches, typed quantities and ticks, and puts them back on the same rows', () => {
    const item = { cid: 7, title: 'Pump', article: 'P-7', man: '', unit: 'pcs', price: 1 };
    const scanned = fromScan([
      row(0, { cid: 5, catalog: { ...item, cid: 5, title: 'Auto' } }),
      row(1),
      row(2, { count: null }),
      row(3),
    ]);
    let list = withChoice(scanned, 1, item);
    list = withChoice(list, 0, null);
    list = withCount(list, 2, 4);
    const kept = keepPositions(list, new Set([0, 1, 2]), { 0: 0, 1: 7 }, BUILT);
    expect(kept.rows.map((r) => r.index)).toEqual([0, 1, 2]);
    const back = restorePositions(
      fromScan([
        row(0, { cid: 5, catalog: { ...item, cid: 5, title: 'Auto' } }),
        row(1),
        row(2, { count: null }),
        row(3),
      ]),
      JSON.parse(JSON.stringify(kept)),
      { mapping: { ...DEFAULT_MAPPING }, pages: [2, 1] },
    );
    expect(
      back.entities.map((e) => [
        e.index,
        e.cid,
        e.catalog?.title ?? null,
        e.count,
        Boolean(e.auto),
      ]),
    ).toEqual([
      [0, 0, null, 1, false],
      [1, 7, 'Pump', 1, false],
      [2, 0, null, 4, false],
      [3, 0, null, 1, false],
    ]);
    expect([...back.ticked]).toEqual([0, 1, 2]);
    expect(back.confirmed).toEqual({ 0: 0, 1: 7 });
  });
  it('drops what belongs to rows the new list does not have', () => {
    const keys = { 0: rowKey(row(0)), 5: rowKey(row(5)) };
    const back = restorePositions(
      fromScan([row(0)]),
      {
        ...BUILT,
        keys,
        ticked: [0, 5],
        confirmed: { 5: 9 },
        rows: [{ index: 5, cid: 9, catalog: null, count: 2, edited: true }],
      },
      BUILT,
    );
    expect([...back.ticked]).toEqual([0]);
    expect(back.confirmed).toEqual({});
    expect(back.entities[0]).toMatchObject({ index: 0, cid: 0 });
  });

  const item = { cid: 7, title: 'Pump', article: 'P-7', man: '', unit: 'pcs', price: 1 };
  const scanned = () =>
    fromScan([row(0, { title: 'Nasos', count: 2 }), row(1, { title: 'Opora' }), row(2), row(3)]);
  /** Row 0 chosen from the catalogue, row 1 corrected, row 2 unticked, row 3 untouched. */
  const worked = () => {
    let list = withChoice(scanned(), 0, item);
    list = withEdit(list, 1, 'title', 'Opora nepodvizhnaya');
    list = withCount(list, 1, 3);
    return JSON.parse(
      JSON.stringify(keepPositions(list, new Set([0, 1, 3]), { 0: 7 }, BUILT)),
    ) as PositionsKept;
  };
  const view = (r: ReturnType<typeof restorePositions>) => ({
    rows: r.entities.map((e) => [e.index, e.title, e.count, e.cid, e.orig ?? null]),
    ticked: [...r.ticked],
    confirmed: r.confirmed,
  });
  const untouched = {
    rows: scanned().map((e) => [e.index, e.title, e.count, e.cid, null]),
    ticked: [0, 1, 2, 3],
    confirmed: {},
  };

  it('with the same mapping and pages every row gets its choice, corrections and tick back', () => {
    expect(
      view(
        restorePositions(scanned(), worked(), { mapping: { ...DEFAULT_MAPPING }, pages: [2, 1] }),
      ),
    ).toEqual({
      rows: [
        [0, 'Nasos', 2, 7, null],
        [1, 'Opora nepodvizhnaya', 3, 0, { title: 'Opora', marka: '', unit: 'pcs', count: 1 }],
        [2, 'Item 2', 1, 0, null],
        [3, 'Item 3', 1, 0, null],
      ],
      ticked: [0, 1, 3],
      confirmed: { 0: 7 },
    });
  });

  it('with another mapping or other pages (another tab), or an older kept format, nothing comes back', () => {
    expect(
      view(
        restorePositions(scanned(), worked(), {
          mapping: { ...DEFAULT_MAPPING, title: 3, marka: 2 },
          pages: [1, 2],
        }),
      ),
    ).toEqual(untouched);
    expect(
      view(restorePositions(scanned(), worked(), { mapping: DEFAULT_MAPPING, pages: [1] })),
    ).toEqual(untouched);
    const { mapping: _m, pages: _p, keys: _k, ...old } = worked();
    expect(view(restorePositions(scanned(), old as PositionsKept, BUILT))).toEqual(untouched);
    // Hostile storage: no crash, nothing restored.
    expect(
      view(
        restorePositions(
          scanned(),
          { ...worked(), rows: 'x', ticked: null } as unknown as PositionsKept,
          BUILT,
        ),
      ),
    ).toEqual(untouched);
    expect(view(restorePositions(scanned(), null as unknown as PositionsKept, BUILT))).toEqual(
      untouched,
    );
  });

  it('a row recognised differently now is as recognised (ticked, unchosen, uncorrected); the other rows come back', () => {
    // Row building changed after a deploy: row 0's name and row 1's quantity are read otherwise.
    const now = fromScan([
      row(0, { title: 'Nasos tsirkulyatsionny', count: 2 }),
      row(1, { title: 'Opora', count: 2 }),
      row(2),
      row(3),
    ]);
    expect(view(restorePositions(now, worked(), BUILT))).toEqual({
      rows: [
        [0, 'Nasos tsirkulyatsionny', 2, 0, null],
        [1, 'Opora', 2, 0, null],
        [2, 'Item 2', 1, 0, null],
        [3, 'Item 3', 1, 0, null],
      ],
      ticked: [0, 1, 3],
      confirmed: {},
    });
    // The fingerprint is of the row as read (pos, name, mark, quantity), never of the corrections.
    const corrected = withCount(withEdit(scanned(), 1, 'title', 'Other'), 1, 9);
    expect(rowKey(corrected[1]!)).toBe(rowKey(scanned()[1]!));
    expect(rowKey(row(1, { pos: '2.1' }))).not.toBe(rowKey(row(1)));
    expect(rowKey(row(1, { marka: 'M' }))).not.toBe(rowKey(row(1)));
    expect(rowKey(row(1, { count: 2 }))).not.toBe(rowKey(row(1)));
  });
});

describe('sample specification', () => {
  it('is a GOST 21.110 Form 1 sheet: headings, the column-number row, sections and positions', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await sampleSpecification(translator('ru'))) as unknown as ArrayBuffer);
    const ws = book.worksheets[0]!;
    const text = (r: number, c: number) => String(ws.getCell(r, c).value ?? '');
    expect(text(2, 1)).toBe('Поз.');
    expect(text(2, 2)).toBe('Наименование и техническая характеристика');
    expect(text(2, 9)).toBe('Примечание');
    expect(Array.from({ length: 9 }, (_, i) => ws.getCell(3, i + 1).value)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
    expect(text(4, 2)).toBe('Насосное оборудование');
    expect([text(5, 1), text(5, 6), ws.getCell(5, 7).value]).toEqual(['1.1', 'шт.', 2]);
    expect(text(6, 2)).toBe('N=7,5 кВт, 400 В');
    const en = new ExcelJS.Workbook();
    await en.xlsx.load((await sampleSpecification(translator('en'))) as unknown as ArrayBuffer);
    expect(String(en.worksheets[0]!.getCell(2, 2).value)).toBe('Name and technical data');
  });
});

describe('the review: corrections, prices and the source crop', () => {
  const pump = {
    cid: 7,
    title: 'Pump',
    article: 'P-7',
    man: '',
    unit: 'pcs',
    price: 1234.56,
    price_kop: 123456,
  };

  it('corrects a name, type/mark, unit and quantity, keeps the recognised values, and can go back to them', () => {
    let list = fromScan([
      row(0, { title: 'Nasos', marka: 'UPS 25-4O', unit: 'sht', count: 2 }),
      row(1),
    ]);
    list = withEdit(list, 0, 'title', 'Pump UPS');
    list = withEdit(list, 0, 'marka', 'UPS 25-40');
    list = withEdit(list, 0, 'unit', 'pcs');
    list = withCount(list, 0, 5);
    expect(list[0]).toMatchObject({
      title: 'Pump UPS',
      marka: 'UPS 25-40',
      unit: 'pcs',
      count: 5,
      edited: true,
      orig: { title: 'Nasos', marka: 'UPS 25-4O', unit: 'sht', count: 2 },
    });
    expect(isCorrected(list[0]!)).toBe(true);
    expect(isCorrected(list[1]!)).toBe(false);
    // Typed back to what was read: no longer a correction.
    expect(
      isCorrected(
        withEdit(
          withEdit(withEdit(withCount(list, 0, 2), 0, 'title', 'Nasos'), 0, 'marka', 'UPS 25-4O'),
          0,
          'unit',
          'sht',
        )[0]!,
      ),
    ).toBe(false);
    // A text is cut at the save's limit.
    expect(withEdit(list, 1, 'unit', 'x'.repeat(50))[1]!.unit).toHaveLength(PRODUCT_LIMITS.unit);
    const back = withoutEdits(list, 0)[0]!;
    expect(back).toMatchObject({ title: 'Nasos', marka: 'UPS 25-4O', unit: 'sht', count: 2 });
    expect(back.orig).toBeUndefined();
    expect(back.edited).toBeUndefined();
  });

  it('names what stops a position from being saved, as scan.save checks it', () => {
    expect(positionProblems(row(0))).toEqual({});
    expect(positionProblems(row(0, { title: '  ' }))).toEqual({ title: 'titleRequired' });
    expect(
      positionProblems(
        row(0, { marka: 'm'.repeat(PRODUCT_LIMITS.marka + 1), unit: 'u'.repeat(21) }),
      ),
    ).toEqual({ marka: 'tooLong', unit: 'tooLong' });
    expect(positionProblems(row(0, { count: 0 }))).toEqual({ count: 'countPositive' });
    expect(positionProblems(row(0, { count: -1 }))).toEqual({ count: 'countPositive' });
    expect(positionProblems(row(0, { count: null }))).toEqual({ count: 'countPositive' });
    expect(positionProblems(row(0, { count: Number.NaN }))).toEqual({ count: 'countPositive' });
    expect(positionProblems(row(0, { count: MAX_COUNT }))).toEqual({});
    expect(positionProblems(row(0, { count: MAX_COUNT + 1 }))).toEqual({ count: 'countMax' });
  });

  it('keeps corrections across a reload and sends them to scan.save', () => {
    const scanned = () =>
      fromScan([
        row(0, { title: 'Nasos', count: 2, cid: 7, catalog: pump }),
        row(1, { title: 'Opora' }),
        row(2),
      ]);
    let list = withCount(scanned(), 0, 5);
    list = withEdit(list, 1, 'title', 'Opora nepodvizhnaya');
    list = withEdit(list, 1, 'marka', 'OPN-80');
    const built = { mapping: DEFAULT_MAPPING, pages: [] };
    const kept = JSON.parse(JSON.stringify(keepPositions(list, new Set([0, 1, 2]), {}, built)));
    expect(kept.rows.map((r: { index: number }) => r.index)).toEqual([0, 1]);
    const back = restorePositions(scanned(), kept, built);
    expect(back.entities.map((e) => [e.title, e.marka, e.count, e.cid, isCorrected(e)])).toEqual([
      ['Nasos', '', 5, 7, true],
      ['Opora nepodvizhnaya', 'OPN-80', 1, 0, true],
      ['Item 2', '', 1, 0, false],
    ]);
    expect(back.entities[1]!.orig).toEqual({ title: 'Opora', marka: '', unit: 'pcs', count: 1 });
    // A kept text past the limit (edited storage) is cut; one of the wrong type is ignored.
    const odd = restorePositions(
      scanned(),
      {
        ...kept,
        rows: [
          {
            index: 1,
            cid: 0,
            catalog: null,
            count: 1,
            orig: { title: 'Opora', marka: '', unit: 'pcs', count: 1 },
            title: 'T'.repeat(900),
            marka: 42 as unknown as string,
          },
        ],
      },
      built,
    );
    expect(odd.entities[1]!.title).toHaveLength(PRODUCT_LIMITS.title);
    expect(odd.entities[1]!.marka).toBe('');
    const fields = saveFields({
      uniqid: ID,
      order: 0,
      mapping: DEFAULT_MAPPING,
      entities: back.entities,
      ticked: back.ticked,
      confirmed: back.confirmed,
    });
    const products = fields.filter(([n]) => n === 'products[]').map(([, v]) => JSON.parse(v));
    expect(products.map((p) => [p.title, p.marka, p.unit, p.count, p.cid])).toEqual([
      ['Nasos', '', 'pcs', 5, 7],
      ['Opora nepodvizhnaya', 'OPN-80', 'pcs', 1, 0],
      ['Item 2', '', 'pcs', 1, 0],
    ]);
  });

  it('prices matched positions at the catalogue price and totals them as the order does; unmatched ones are counted', () => {
    const list = fromScan([
      row(0, { count: 3, cid: 7, catalog: pump }),
      row(1, { count: 1.5, cid: 8, catalog: { ...pump, cid: 8, price: 0.33, price_kop: 33 } }),
      row(2, { count: 4 }),
      row(3, { count: 2, cid: 7, catalog: pump }),
    ]);
    expect(priceKop(list[0]!)).toBe(123456);
    expect(priceKop(list[2]!)).toBeNull();
    // A catalogue item that is not the row's (stale) is no price.
    expect(priceKop({ cid: 9, catalog: pump })).toBeNull();
    // Without price_kop the roubles are taken (rounded to kopecks).
    expect(priceKop({ cid: 7, catalog: { ...pump, price_kop: undefined, price: 10.005 } })).toBe(
      1001,
    );
    expect(lineKop(list[0]!)).toBe(370368);
    // 1.5 x 33 = 49.5 -> 50, as the order's lineSum rounds.
    expect(lineKop(list[1]!)).toBe(50);
    expect(lineKop(list[2]!)).toBe(0);
    expect(orderTotal(list, new Set([0, 1, 2]))).toEqual({ kop: 370418, matched: 2, unmatched: 1 });
    expect(orderTotal(list, new Set([3]))).toEqual({ kop: 246912, matched: 1, unmatched: 0 });
    expect(orderTotal(list, new Set())).toEqual({ kop: 0, matched: 0, unmatched: 0 });
  });

  it('asks for the source crop of a row with a band, and knows its size before it loads', () => {
    expect(cropUrl(ID, row(0, { page: 2, box: { top: 100.4, bottom: 120.6 } }))).toBe(
      `/api/app/scan.crop?uniqid=${ID}&page=2&top=100&bottom=121`,
    );
    expect(cropUrl(ID, row(0))).toBeNull();
    expect(cropUrl(ID, row(0, { box: { top: 10, bottom: 10 } }))).toBeNull();
    const a4 = { width: 595, height: 842 };
    expect(cropGeometry(a4, 100, 121)).toEqual({
      top: 96,
      bottom: 125,
      scale: 2,
      width: 1190,
      height: 58,
      y: 192,
    });
    // A3 landscape: no wider than the limit; a band at the top and bottom edges stays on the page.
    const a3 = cropGeometry({ width: 1191, height: 842 }, 0, 10)!;
    expect(a3.width).toBeLessThanOrEqual(CROP_MAX_WIDTH_PX);
    expect(a3.top).toBe(0);
    expect(cropGeometry(a4, 830, 842)!.bottom).toBe(842);
    // A tall band is cut; a band off the page or upside down is none.
    const tall = cropGeometry(a4, 10, 800)!;
    expect(tall.bottom - tall.top).toBe(CROP_MAX_BAND_PT);
    expect(cropGeometry(a4, 900, 910)).toBeNull();
    expect(cropGeometry(a4, 50, 40)).toBeNull();
    expect(cropGeometry(a4, -5, 40)).toBeNull();
    expect(cropGeometry({ width: 0, height: 842 }, 1, 2)).toBeNull();
  });
});
