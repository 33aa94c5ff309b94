import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { translator } from '#lib/i18n/index.ts';
import { DEFAULT_MAPPING, bySection, columnChoices, fileProblem, initialMapping, initialPages, mappingProblems, percent, resumeFrom, saveFields, scorePercent, stepSearch, thumbWidth, fromScan, keepPositions, restorePositions, withChoice, withCount, type Entity } from './model.ts';
import { sampleSpecification } from './sample.server.ts';

const ID = 'AbCdEfGhIjKlMnOpQrStU';
const row = (index: number, over: Partial<Entity> = {}): Entity => ({
  index, page: 1, section: '', pos: String(index + 1), title: `Item ${index}`, marka: '', sku: '', man: '', unit: 'pcs', count: 1, cid: 0, match: null, catalog: null, ...over,
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
    expect(initialMapping({ mapping: null, suggestedMapping: null })).toEqual({ pos: 1, title: 2, marka: 3, sku: 4, man: 5, unit: 6, count: 7 });
    expect(initialMapping({ mapping: null, suggestedMapping: suggested })).toEqual(suggested);
    expect(initialMapping({ mapping: DEFAULT_MAPPING, suggestedMapping: suggested })).toEqual(DEFAULT_MAPPING);
  });

  it('lets pos, marka, sku, man and unit be absent, never title or count, and one column serve one field', () => {
    expect(mappingProblems(DEFAULT_MAPPING)).toEqual({});
    expect(mappingProblems({ ...DEFAULT_MAPPING, pos: 0, marka: 0, sku: 0, man: 0, unit: 0 })).toEqual({});
    expect(mappingProblems({ ...DEFAULT_MAPPING, title: 0, count: 0 })).toEqual({ title: 'columnRequired', count: 'columnRequired' });
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
    expect(mappingProblems({ ...DEFAULT_MAPPING, count: 11 }, 9)).toEqual({ count: 'columnInvalid' });
    expect(mappingProblems({ ...DEFAULT_MAPPING, unit: 15, count: 1.5 }, 14)).toEqual({ unit: 'columnInvalid', count: 'columnInvalid' });
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
    list = withChoice(list, 1, { cid: 42, title: 'Pump', article: 'P-1', man: 'M', unit: 'pcs', price: 10 });
    list = withCount(list, 2, 3);
    expect(list[1]).toMatchObject({ cid: 42, catalog: { title: 'Pump' } });
    expect(list[2]).toMatchObject({ count: 3, edited: true });
    expect(bySection(list).map((g) => [g.section, g.rows.length])).toEqual([['', 1], ['Pumps', 2]]);
    const fields = saveFields({ uniqid: ID, order: 7, mapping: DEFAULT_MAPPING, entities: list, ticked: new Set([1, 2]), confirmed: { 1: 42, 0: 5 } });
    const get = (k: string) => fields.filter(([n]) => n === k).map(([, v]) => v);
    expect(get('pid')).toEqual(['7']);
    expect(get('module')).toEqual(['orders']);
    expect(get('count')).toEqual(['7']);
    expect(get('products[]').map((p) => JSON.parse(p))).toEqual([
      { index: 1, pos: '2', title: 'Item 1', marka: '', sku: '', man: '', unit: 'pcs', count: 1, cid: 42 },
      { index: 2, pos: '3', title: 'Item 2', marka: '', sku: '', man: '', unit: 'pcs', count: 3, cid: 0 },
    ]);
    expect(JSON.parse(get('newCid')[0]!)).toEqual({ 1: 42 });
  });
});

describe('server matches', () => {
  it('a row the server matched by itself comes named and marked as its match; a choice in the popup replaces it', () => {
    const item = { cid: 7, title: 'Pump', article: 'P-7', man: '', unit: 'pcs', price: 1 };
    const list = fromScan([row(0, { cid: 7, catalog: item }), row(1), row(2, { cid: 0, catalog: null })]);
    expect(list.map((e) => [e.cid, e.catalog?.title ?? null, e.auto])).toEqual([
      [7, 'Pump', true],
      [0, null, false],
      [0, null, false],
    ]);
    expect(withChoice(list, 0, { ...item, cid: 9, title: 'Other' })[0]).toMatchObject({ cid: 9, catalog: { title: 'Other' }, auto: false });
    expect(withChoice(list, 0, null)[0]).toMatchObject({ cid: 0, catalog: null, auto: false });
  });
});

describe('the positions step kept for a reload', () => {
  it('keeps the choices, removed matches, typed quantities and ticks, and puts them back on the same rows', () => {
    const item = { cid: 7, title: 'Pump', article: 'P-7', man: '', unit: 'pcs', price: 1 };
    const scanned = fromScan([row(0, { cid: 5, catalog: { ...item, cid: 5, title: 'Auto' } }), row(1), row(2, { count: null }), row(3)]);
    let list = withChoice(scanned, 1, item);
    list = withChoice(list, 0, null);
    list = withCount(list, 2, 4);
    const kept = keepPositions(list, new Set([0, 1, 2]), { 0: 0, 1: 7 });
    expect(kept.rows.map((r) => r.index)).toEqual([0, 1, 2]);
    const back = restorePositions(fromScan([row(0, { cid: 5, catalog: { ...item, cid: 5, title: 'Auto' } }), row(1), row(2, { count: null }), row(3)]), JSON.parse(JSON.stringify(kept)));
    expect(back.entities.map((e) => [e.index, e.cid, e.catalog?.title ?? null, e.count, Boolean(e.auto)])).toEqual([
      [0, 0, null, 1, false],
      [1, 7, 'Pump', 1, false],
      [2, 0, null, 4, false],
      [3, 0, null, 1, false],
    ]);
    expect([...back.ticked]).toEqual([0, 1, 2]);
    expect(back.confirmed).toEqual({ 0: 0, 1: 7 });
  });
  it('drops what belongs to rows the new list does not have', () => {
    const back = restorePositions(fromScan([row(0)]), { ticked: [0, 5], confirmed: { 5: 9 }, rows: [{ index: 5, cid: 9, catalog: null, count: 2, edited: true }] });
    expect([...back.ticked]).toEqual([0]);
    expect(back.confirmed).toEqual({});
    expect(back.entities[0]).toMatchObject({ index: 0, cid: 0 });
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
    expect(Array.from({ length: 9 }, (_, i) => ws.getCell(3, i + 1).value)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(text(4, 2)).toBe('Насосное оборудование');
    expect([text(5, 1), text(5, 6), ws.getCell(5, 7).value]).toEqual(['1.1', 'шт.', 2]);
    expect(text(6, 2)).toBe('N=7,5 кВт, 400 В');
    const en = new ExcelJS.Workbook();
    await en.xlsx.load((await sampleSpecification(translator('en'))) as unknown as ArrayBuffer);
    expect(String(en.worksheets[0]!.getCell(2, 2).value)).toBe('Name and technical data');
  });
});
