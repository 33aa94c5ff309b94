import { existsSync, readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { profileColumn, suggestColumns } from './columns.ts';
import { columnNumbers, detectHeader, matchHeading, mappingFromNumbers } from './headers.ts';
import { extractXlsx } from './office.ts';
import { eplanRows, GOST_HEAD } from './sheets.testkit.ts';
import type { ExtractedDocument } from './types.ts';

describe('heading vocabulary', () => {
  it.each([
    ['Поз.', 'pos'],
    ['Позиция', 'pos'],
    ['№ п/п', 'pos'],
    ['Наименование и техническая характеристика', 'title'],
    ['Тип, марка, обозначение документа, опросного листа', 'marka'],
    ['Тип, марка оборудования. Обозначение документа, опросного листа', 'marka'],
    ['Код продукции', 'sku'],
    ['Код оборудования, изделия, материала', 'sku'],
    ['Поставщик', 'man'],
    ['Завод-изготовитель', 'man'],
    ['Завод- изготовитель', 'man'],
    ['Ед. измерения', 'unit'],
    ['Единица измере- ния', 'unit'],
    ['Кол.', 'count'],
    ['Коли- чество', 'count'],
    ['Кол-во', 'count'],
    ['Масса 1 ед., кг', 'mass'],
    ['Масса единицы, кг', 'mass'],
    ['Примечание', 'note'],
    ['Наименоваие', 'title'], // OCR typo
    ['Непрерывный номер', 'pos'], // EPLAN
    ['Порядковый номер', 'pos'],
  ])('%s → %s', (text, field) => {
    expect(matchHeading(text).field).toBe(field);
  });

  it('does not take data for headings', () => {
    for (const t of ['Насос циркуляционный', 'шт.', '1.1', 'Grundfos', 'UPS 25-40', '2'])
      expect(matchHeading(t).field).toBeNull();
  });
});

describe('column-number row', () => {
  it('accepts sequential and non-sequential rows from 1', () => {
    expect(columnNumbers(['1', '2', '3', '4', '5', '6', '7', '8', '9'])).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
    expect(columnNumbers(['1', '2', '3', '4', '5', '6', '8', '10', '11', '12', '13'])).toEqual([
      1, 2, 3, 4, 5, 6, 8, 10, 11, 12, 13,
    ]);
    expect(columnNumbers(['1', '', '3', '4'])).toEqual([1, 0, 3, 4]);
  });
  it('rejects data rows', () => {
    expect(columnNumbers(['1', 'Насос', 'UPS', '', '', 'шт', '2'])).toBeNull();
    expect(columnNumbers(['2', '3', '4'])).toBeNull();
    expect(columnNumbers(['1', '3', '2'])).toBeNull();
    expect(columnNumbers(['1', '2'])).toBeNull();
  });
  it('maps a sequential row by number, a gapped one by position', () => {
    expect(mappingFromNumbers([1, 2, 3, 4, 5, 6, 7, 8, 9])).toEqual({
      pos: 1,
      title: 2,
      marka: 3,
      sku: 4,
      man: 5,
      unit: 6,
      count: 7,
    });
    expect(mappingFromNumbers([0, 1, 2, 3, 4, 5, 6, 7])).toEqual({
      pos: 2,
      title: 3,
      marka: 4,
      sku: 5,
      man: 6,
      unit: 7,
      count: 8,
    });
    expect(mappingFromNumbers([1, 2, 3, 5, 7])).toEqual({
      pos: 1,
      title: 2,
      marka: 3,
      sku: 4,
      man: 5,
      unit: 0,
      count: 0,
    });
  });
});

describe('detectHeader', () => {
  it('joins a two-line hyphenated heading and finds the number row', () => {
    const d = detectHeader([
      ['', 'СПЕЦИФИКАЦИЯ ОБОРУДОВАНИЯ', '', '', '', '', '', '', ''],
      [
        'Поз.',
        'Наименование и техническая характеристика',
        'Тип, марка, обозначение документа, опросного листа',
        'Код продукции',
        'Поставщик',
        'Ед. измере-',
        'Коли-',
        'Масса 1 ед., кг',
        'Примечание',
      ],
      ['', '', '', '', '', 'ния', 'чество', '', ''],
      ['1', '2', '3', '4', '5', '6', '7', '8', '9'],
      ['1', 'Насос', 'UPS 25-40', '', 'Grundfos', 'шт.', '2', '', ''],
    ]);
    expect(d.headerRows).toEqual([1, 2]);
    expect(d.numberRow).toBe(3);
    expect(d.columns[5]).toBe('Ед. измерения');
    expect(d.columns[6]).toBe('Количество');
    expect(d.mapping).toEqual({ pos: 1, title: 2, marka: 3, sku: 4, man: 5, unit: 6, count: 7 });
  });

  it('maps a non-GOST column order and the 95-edition headings', () => {
    const d = detectHeader([
      [
        'Позиция',
        'Наименование и техническая характеристика',
        'Тип, марка, обозначение документа, опросного листа',
        'Код оборудования изделия, материала',
        'Завод-изготовитель',
        'Единица измере- ния',
        'Коли- чество',
        'Примечание',
        'Изм.1',
      ],
      ['1', '2', '3', '4', '5', '6', '8', '10', '11'],
    ]);
    expect(d.mapping).toEqual({ pos: 1, title: 2, marka: 3, sku: 4, man: 5, unit: 6, count: 7 });
    expect(d.numberRow).toBe(1);
    const e = detectHeader([
      ['№', 'Наименование', 'Кол-во', 'Цена', 'Сумма'],
      ['1', 'Контроллер', '2', '100', '200'],
    ]);
    expect(e.headerRows).toEqual([0]);
    expect(e.mapping).toEqual({ pos: 1, title: 2, marka: 0, sku: 0, man: 0, unit: 0, count: 3 });
    const f = detectHeader([['Кол.', 'Ед.', 'Наименование', 'Артикул', 'Поз.']]);
    expect(f.mapping).toEqual({ pos: 5, title: 3, marka: 4, sku: 0, man: 0, unit: 2, count: 1 });
  });

  it('uses a number row alone on later pages and returns null without either', () => {
    const d = detectHeader([
      ['1', '2', '3', '4', '5', '6', '7', '8', '9'],
      ['2.1', 'Клапан', '', '', '', 'шт', '1', '', ''],
    ]);
    expect(d.headerRows).toEqual([]);
    expect(d.numberRow).toBe(0);
    expect(d.mapping?.count).toBe(7);
    expect(
      detectHeader([
        ['Насос', 'UPS', '2'],
        ['Клапан', 'VF', '1'],
      ]).mapping,
    ).toBeNull();
  });

  it('does not swallow a section row or a data row into the heading', () => {
    const d = detectHeader([
      ['Поз.', 'Наименование', 'Тип, марка', 'Кол.'],
      ['', 'Насосное оборудование', '', ''],
      ['1', 'Насос', 'UPS', '2'],
    ]);
    expect(d.headerRows).toEqual([0]);
  });
});

// --------------------------------------------------------------- suggestion from headings and data

const SAMPLES = new URL('../../../../../shared/samples/scanner/', import.meta.url).pathname;
const sample = (name: string) =>
  existsSync(SAMPLES + name) ? new Uint8Array(readFileSync(SAMPLES + name)) : null;

async function xlsx(rows: (string | number)[][]): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Лист1');
  for (const r of rows) ws.addRow(r);
  return new Uint8Array((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}
/** What extractSlice does after a reader: the suggestion from the document's headings and data lines. */
function suggestionOf(doc: Pick<ExtractedDocument, 'headers' | 'lines' | 'suggestedMapping'>) {
  const data = doc.lines.filter((l) => l.kind === 'data').map((l) => l.cells);
  return suggestColumns(
    doc.headers,
    data,
    doc.suggestedMapping,
    doc.lines.some((l) => l.kind === 'column-numbers'),
  );
}

/** A priced list whose "Наименование" column holds the articles and "Описание" the descriptive names. */
function pricedRows(): (string | number)[][] {
  const rows: (string | number)[][] = [
    ['№', 'Наименование', 'Описание', 'Ед.', 'Кол-во', 'Цена', 'Сумма'],
  ];
  const items: [string, string][] = [
    ['TM3DI16', 'Модуль дискретного ввода на 16 входов'],
    ['ABL8REM24050', 'Блок питания импульсный 24 В'],
    ['VW3A7701', 'Тормозной резистор для привода'],
    ['ATV320U15N4C', 'Преобразователь частоты 1,5 кВт'],
    ['XS530B1PAL2', 'Индуктивный датчик приближения'],
    ['DSHU-4x2.2-D', 'Шкаф управления насосами'],
    ['TM241CE24R', 'Базовый блок контроллера с релейными выходами'],
  ];
  items.forEach(([article, name], i) =>
    rows.push([i + 1, article, name, 'шт.', i + 1, 1000 * (i + 1), 1000 * (i + 1) * (i + 1)]),
  );
  return rows;
}

describe('column suggestion from headings and what the columns hold', () => {
  it('profiles a column: a rising position run, quantities, units, articles, names', () => {
    expect(profileColumn(['1', '2', '2.1', '2.2', '3'])!.sequence).toBe(1);
    expect(profileColumn(['1', '1', '2', '1', '4'])!.sequence).toBeLessThan(0.6);
    expect(profileColumn(['2', '0,75', '29+3 (10%)=32', '120 м'])!.number).toBe(1);
    expect(profileColumn(['2 недели', '3 дня', '1 месяц'])!.number).toBe(0);
    expect(profileColumn(['шт.', 'м', 'компл', 'кг'])!.unit).toBe(1);
    expect(profileColumn(['TM3DI16', 'DPS-500', 'ШУН-1х4', 'weintek'])!.article).toBe(0.75);
    expect(
      profileColumn([
        'Реле перепада давления',
        'Насос циркуляционный',
        'Клапан обратный',
        'Кран шаровой',
      ])!.name,
    ).toBe(1);
    expect(profileColumn(['1', '', ''])).toBeNull();
  });

  it('an EPLAN parts list: "Непрерывный номер" is the position, by its heading', async () => {
    const doc = await extractXlsx(await xlsx(eplanRows()));
    const s = suggestionOf(doc);
    expect(s.mapping).toEqual({ pos: 1, title: 3, marka: 4, sku: 0, man: 6, unit: 0, count: 5 });
    expect(s.confidence.pos).toEqual({ basis: 'header', heading: 'Непрерывный номер' });
    expect(s.confidence.count).toEqual({ basis: 'header', heading: 'Количество' });
    // Without a heading (and without "Обозначение", which may name a position designator), the rising run alone names it.
    const unnamed = suggestColumns(
      ['', '', ...doc.headers.slice(2)],
      doc.lines.filter((l) => l.kind === 'data').map((l) => l.cells),
      null,
      false,
    );
    expect(unnamed.mapping?.pos).toBe(1);
    expect(unnamed.confidence.pos).toEqual({ basis: 'content', heading: '' });
  });

  it('a priced list: the "Наименование" column of articles is the article, the descriptive column the name', async () => {
    const doc = await extractXlsx(await xlsx(pricedRows()));
    const s = suggestionOf(doc);
    expect(s.mapping).toEqual({ pos: 1, title: 3, marka: 2, sku: 0, man: 0, unit: 4, count: 5 });
    expect(s.confidence.marka).toEqual({ basis: 'content', heading: '' });
    expect(s.confidence.title).toEqual({ basis: 'header', heading: 'Описание' });
    expect(s.confidence.unit).toEqual({ basis: 'header', heading: 'Ед.' });
  });

  it('a GOST 21.110 sheet keeps its heading mapping, every field by its heading', async () => {
    const rows: (string | number)[][] = [
      GOST_HEAD,
      [1, 2, 3, 4, 5, 6, 7, 8, 9],
      ['', 'Насосное оборудование', '', '', '', '', '', '', ''],
      [
        '1',
        'Насос циркуляционный с мокрым ротором',
        'DCR 50/8-0.37/4',
        '',
        'Demo Pumps',
        'шт.',
        2,
        12.5,
        '',
      ],
      ['2', 'Шкаф управления насосом 4 кВт', 'ШУН-1х4', '', 'Завод шкафов', 'шт.', 1, 30, ''],
      ['3', 'Кран шаровой латунный Ду50', 'КШ-50', '', '', 'шт.', 4, 0.8, ''],
      ['4', 'Труба стальная электросварная', '108х4,0', '', '', 'м', 120, 10.3, 'с запасом'],
    ];
    const doc = await extractXlsx(await xlsx(rows));
    const s = suggestionOf(doc);
    expect(s.mapping).toEqual({ pos: 1, title: 2, marka: 3, sku: 4, man: 5, unit: 6, count: 7 });
    for (const f of ['pos', 'title', 'marka', 'man', 'unit', 'count'] as const)
      expect(s.confidence[f]?.basis, f).toBe('header');
    expect(s.confidence.count?.heading).toBe('Кол.');
  });

  it('a page with only the column-number row keeps the GOST mapping "by the number row", and doubts a contradicted field', () => {
    const base = { pos: 1, title: 2, marka: 3, sku: 4, man: 5, unit: 6, count: 7 };
    const data = [
      ['1', 'Клапан обратный', 'CV-25', '', '', 'шт', '1'],
      ['2', 'Фильтр сетчатый', 'FS-25', '', '', 'шт', '2'],
      ['3', 'Манометр показывающий', 'MP-100', '', '', 'шт', '4'],
    ];
    const s = suggestColumns(['', '', '', '', '', '', ''], data, base, true);
    expect(s.mapping).toEqual(base);
    expect(s.confidence.count).toEqual({ basis: 'numbers', heading: '' });
    expect(s.confidence.sku).toEqual({ basis: 'numbers', heading: '' });
    const swapped = suggestColumns(
      ['', '', '', '', '', '', ''],
      data,
      { ...base, title: 7, count: 2 },
      true,
    );
    expect(swapped.confidence.title?.basis).toBe('unsure');
    expect(swapped.confidence.count?.basis).toBe('unsure');
  });

  it('a heading the data contradicts is suggested, but as unsure', () => {
    const s = suggestColumns(
      ['Поз.', 'Наименование', 'Кол.'],
      [
        ['1', 'Насос циркуляционный', 'по месту'],
        ['2', 'Клапан обратный', 'см. чертёж'],
        ['3', 'Фильтр сетчатый', 'уточнить'],
      ],
      null,
      false,
    );
    expect(s.mapping?.count).toBe(3);
    expect(s.confidence.count).toEqual({ basis: 'unsure', heading: '' });
    expect(s.confidence.title).toEqual({ basis: 'header', heading: 'Наименование' });
  });

  it('a sheet without any heading gets a suggestion from its data alone when the name and quantity are found', () => {
    const data = [
      ['1', 'Насос циркуляционный с мокрым ротором', 'UPS 25-40', 'шт.', '2'],
      ['2', 'Клапан обратный пружинный', 'CV-25', 'шт.', '1'],
      ['3', 'Фильтр сетчатый фланцевый', 'FS-50', 'шт.', '1'],
      ['4', 'Манометр показывающий', 'MP-100', 'шт.', '3'],
    ];
    const s = suggestColumns(['', '', '', '', ''], data, null, false);
    expect(s.mapping).toEqual({ pos: 1, title: 2, marka: 3, sku: 0, man: 0, unit: 4, count: 5 });
    expect(s.confidence.title?.basis).toBe('content');
    expect(s.confidence.count?.basis).toBe('content');
    expect(
      suggestColumns(
        ['', ''],
        [
          ['x', 'y'],
          ['z', 'w'],
          ['a', 'b'],
        ],
        null,
        false,
      ).mapping,
    ).toBeNull();
  });

  // The shared samples are read from ../shared when present; without them these are skipped.
  const eplan = sample('02-amonamarth1-util-mini-eplan-parts-list.xlsx');
  const priced = sample('03-kaymantex68-autooperator-priced-list.xlsx');
  it.skipIf(!eplan)(
    'shared sample 02 (EPLAN parts list): the running number is the position',
    async () => {
      const s = suggestionOf(await extractXlsx(eplan!));
      expect(s.mapping).toEqual({ pos: 1, title: 4, marka: 5, sku: 0, man: 6, unit: 0, count: 7 });
      expect(s.confidence.pos).toEqual({ basis: 'header', heading: 'Непрерывный номер' });
    },
  );
  it.skipIf(!priced)(
    'shared sample 03 (priced list): the "Наименование" column of articles is the article',
    async () => {
      const s = suggestionOf(await extractXlsx(priced!));
      expect(s.mapping).toEqual({ pos: 1, title: 2, marka: 3, sku: 0, man: 0, unit: 0, count: 4 });
      expect(s.confidence.marka).toEqual({ basis: 'content', heading: '' });
    },
  );
});
