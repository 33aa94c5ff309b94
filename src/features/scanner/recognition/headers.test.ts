import { describe, expect, it } from 'vitest';
import { columnNumbers, detectHeader, matchHeading, mappingFromNumbers } from './headers.ts';

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
    expect(columnNumbers(['1', '2', '3', '4', '5', '6', '7', '8', '9'])).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(columnNumbers(['1', '2', '3', '4', '5', '6', '8', '10', '11', '12', '13'])).toEqual([1, 2, 3, 4, 5, 6, 8, 10, 11, 12, 13]);
    expect(columnNumbers(['1', '', '3', '4'])).toEqual([1, 0, 3, 4]);
  });
  it('rejects data rows', () => {
    expect(columnNumbers(['1', 'Насос', 'UPS', '', '', 'шт', '2'])).toBeNull();
    expect(columnNumbers(['2', '3', '4'])).toBeNull();
    expect(columnNumbers(['1', '3', '2'])).toBeNull();
    expect(columnNumbers(['1', '2'])).toBeNull();
  });
  it('maps a sequential row by number, a gapped one by position', () => {
    expect(mappingFromNumbers([1, 2, 3, 4, 5, 6, 7, 8, 9])).toEqual({ pos: 1, title: 2, marka: 3, sku: 4, man: 5, unit: 6, count: 7 });
    expect(mappingFromNumbers([0, 1, 2, 3, 4, 5, 6, 7])).toEqual({ pos: 2, title: 3, marka: 4, sku: 5, man: 6, unit: 7, count: 8 });
    expect(mappingFromNumbers([1, 2, 3, 5, 7])).toEqual({ pos: 1, title: 2, marka: 3, sku: 4, man: 5, unit: 0, count: 0 });
  });
});

describe('detectHeader', () => {
  it('joins a two-line hyphenated heading and finds the number row', () => {
    const d = detectHeader([
      ['', 'СПЕЦИФИКАЦИЯ ОБОРУДОВАНИЯ', '', '', '', '', '', '', ''],
      ['Поз.', 'Наименование и техническая характеристика', 'Тип, марка, обозначение документа, опросного листа', 'Код продукции', 'Поставщик', 'Ед. измере-', 'Коли-', 'Масса 1 ед., кг', 'Примечание'],
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
      ['Позиция', 'Наименование и техническая характеристика', 'Тип, марка, обозначение документа, опросного листа', 'Код оборудования изделия, материала', 'Завод-изготовитель', 'Единица измере- ния', 'Коли- чество', 'Примечание', 'Изм.1'],
      ['1', '2', '3', '4', '5', '6', '8', '10', '11'],
    ]);
    expect(d.mapping).toEqual({ pos: 1, title: 2, marka: 3, sku: 4, man: 5, unit: 6, count: 7 });
    expect(d.numberRow).toBe(1);
    const e = detectHeader([['№', 'Наименование', 'Кол-во', 'Цена', 'Сумма'], ['1', 'Контроллер', '2', '100', '200']]);
    expect(e.headerRows).toEqual([0]);
    expect(e.mapping).toEqual({ pos: 1, title: 2, marka: 0, sku: 0, man: 0, unit: 0, count: 3 });
    const f = detectHeader([['Кол.', 'Ед.', 'Наименование', 'Артикул', 'Поз.']]);
    expect(f.mapping).toEqual({ pos: 5, title: 3, marka: 4, sku: 0, man: 0, unit: 2, count: 1 });
  });

  it('uses a number row alone on later pages and returns null without either', () => {
    const d = detectHeader([['1', '2', '3', '4', '5', '6', '7', '8', '9'], ['2.1', 'Клапан', '', '', '', 'шт', '1', '', '']]);
    expect(d.headerRows).toEqual([]);
    expect(d.numberRow).toBe(0);
    expect(d.mapping?.count).toBe(7);
    expect(detectHeader([['Насос', 'UPS', '2'], ['Клапан', 'VF', '1']]).mapping).toBeNull();
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
