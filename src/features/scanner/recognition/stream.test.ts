import { describe, expect, it } from 'vitest';
import { groupLines } from './lines.ts';
import { buildPageTable, type TextBox } from './stream.ts';
import { ocrDigits, ocrTitle, ocrUnit, repairNumberRow, repairPositions } from './ocr-cells.ts';

/** A word box at (x, baseline y), 10 units high, 6 units per character. */
const w = (text: string, x: number, y: number): TextBox => ({
  text,
  x0: x,
  x1: x + 6 * text.length,
  y0: y - 8,
  y1: y + 2,
  size: 10,
});
const COLS = [20, 60, 300, 420, 480, 560, 620, 680, 740];
const row = (y: number, cells: string[]) =>
  cells.flatMap((c, i) => (c ? [w(c, COLS[i]! + 2, y)] : []));

describe('stream table builder (no ruling lines)', () => {
  it('finds columns from the column-number row and the gaps, marks heading and numbers, keeps every line', () => {
    const boxes = [
      ...row(20, [
        'Поз.',
        'Наименование',
        'Тип, марка',
        'Код',
        'Поставщик',
        'Ед.',
        'Кол.',
        'Масса',
        'Прим.',
      ]),
      ...row(40, ['1', '2', '3', '4', '5', '6', '7', '8', '9']),
      ...row(60, ['', 'Насосы', '', '', '', '', '', '', '']),
      ...row(80, [
        '1.1',
        'Насос циркуляционный',
        'UPS 25-40',
        '',
        'Grundfos',
        'шт.',
        '2',
        '2,6',
        '',
      ]),
      ...row(92, ['', 'для отопления', '', '', '', '', '', '', '']),
      ...row(110, ['1.2', 'Кран шаровой', 'BV-25', '', 'Broen', 'шт.', '12', '', '']),
    ];
    const t = buildPageTable(boxes, null, null)!;
    expect(t.columnsFrom).toBe('numbers');
    expect(t.bounds).toHaveLength(10);
    expect(t.rows.map((r) => r.kind)).toEqual([
      'header',
      'column-numbers',
      'data',
      'data',
      'data',
      'data',
    ]);
    expect(t.rows[3]!.cells).toEqual([
      '1.1',
      'Насос циркуляционный',
      'UPS 25-40',
      '',
      'Grundfos',
      'шт.',
      '2',
      '2,6',
      '',
    ]);
    expect(t.rows[4]!.cells[1]).toBe('для отопления');
    expect(t.detection.mapping).toMatchObject({ pos: 1, title: 2, unit: 6, count: 7 });
  });

  it('a heading wrapped over lines without a number row is one heading; a footer across the columns is no cell', () => {
    const boxes = [
      w('Ведомость оборудования и материалов', 20, 5),
      ...row(20, [
        'Поз',
        'Наименование и техническая',
        'Тип, марка,',
        'Ко',
        'Поставщи',
        'Ед.',
        'Кол.',
        'Масса,',
        'Прим.',
      ]),
      ...row(32, ['.', 'характеристика', 'обозначение', 'д', 'к', 'изм.', '', 'кг', '']),
      ...row(44, ['', '', 'документа', '', '', '', '', '', '']),
      ...row(60, ['1', 'Насос циркуляционный', 'UPS 25-40', '', 'Grundfos', 'шт.', '2', '2,6', '']),
      ...row(72, ['', 'для отопления', '', '', '', '', '', '', '']),
      ...row(90, ['2', 'Кран шаровой', 'BV-25', '', 'Broen', 'шт.', '12', '', '']),
      w('ПВ-03-ОВ.СО Лист 1', 20, 110),
    ];
    const t = buildPageTable(boxes, null, null)!;
    expect(t.bounds).toHaveLength(10);
    expect(t.detection.columns.slice(0, 5)).toEqual([
      'Поз.',
      'Наименование и техническая характеристика',
      'Тип, марка, обозначение документа',
      'Код',
      'Поставщик',
    ]);
    expect(t.detection.mapping).toMatchObject({
      pos: 1,
      title: 2,
      marka: 3,
      man: 5,
      unit: 6,
      count: 7,
    });
    expect(t.rows.map((r) => r.kind)).toEqual([
      'header',
      'header',
      'header',
      'data',
      'data',
      'data',
      'furniture',
    ]);
  });

  it('OCR: a GOST form whose unit and quantity headings are misread keeps columns 6 and 7 for them', () => {
    const boxes = [
      ...row(20, [
        'Поз.',
        'Наименование',
        'Тип, марка',
        'Код',
        'Поставщик',
        'En:',
        'Kon.',
        'Масса',
        'Прим.',
      ]),
      ...row(40, ['1', 'Насос циркуляционный', 'UPS 25-40', '', 'Grundfos', 'шт.', '2', '2,6', '']),
      ...row(60, ['2', 'Кран шаровой', 'BV-25', '', 'Broen', 'шт.', '12', '', '']),
    ];
    const t = buildPageTable(boxes, null, null, true)!;
    expect(t.detection.mapping).toMatchObject({ pos: 1, title: 2, marka: 3, unit: 6, count: 7 });
  });

  it('keeps text lying over another text (overflow from the row above) on a line of its own', () => {
    const lines = groupLines([
      w('29+3', 620, 100),
      w('10', 22, 113),
      w('(10%)=32', 610, 110),
      w('24', 626, 113),
    ]);
    expect(lines.map((l) => l.boxes.map((b) => b.text).join(' '))).toEqual([
      '29+3',
      '(10%)=32',
      '10 24',
    ]);
  });

  it('OCR: repairs a misread column number and reads digit lookalikes in position cells', () => {
    const boxes = [
      ...row(20, [
        'Поз.',
        'Наименование',
        'Тип, марка',
        'Код',
        'Поставщик',
        'Ед.',
        'Кол.',
        'Масса',
        'Прим.',
      ]),
      ...row(40, ['1', '2', '3', '4', '5', '6', 'tf', '8', '9']),
      ...row(60, ['т', 'Насос', 'UPS 25-40', '', 'Grundfos', 'шт.', 'З', '', '']),
    ];
    const t = buildPageTable(boxes, null, null, true)!;
    expect(t.rows[1]!.kind).toBe('column-numbers');
    expect(t.rows[2]!.cells.slice(0, 7)).toEqual([
      '1',
      'Насос',
      'UPS 25-40',
      '',
      'Grundfos',
      'шт.',
      '3',
    ]);
    expect(ocrDigits('1О')).toBe('10');
    expect(ocrDigits('Ду')).toBe('Ду');
    expect(ocrDigits('2.1')).toBe('2.1');
  });

  it('reads an OCR unit cell as the unit it shows, and leaves other text alone', () => {
    expect(ocrUnit('wT.')).toBe('шт.');
    expect(ocrUnit('LUT')).toBe('шт');
    expect(ocrUnit('KOMNJI.')).toBe('компл.');
    expect(ocrUnit('Kr')).toBe('кг');
    expect(ocrUnit('wr.')).toBe('шт.');
    expect(ocrUnit('кт')).toBe('кт');
    expect(ocrUnit('M')).toBe('м');
    expect(ocrUnit('шт.')).toBe('шт.');
    expect(ocrUnit('м.п.')).toBe('м.п.');
    expect(ocrUnit('Grundfos')).toBe('Grundfos');
    expect(ocrUnit('Е')).toBe('Е');
  });

  it('repairs an OCR name and a position misread in one digit between agreeing neighbours', () => {
    expect(ocrTitle('To же, без поплавка')).toBe('То же, без поплавка');
    expect(ocrTitle('Насос, G=14,2 мз/ч, H=8 м')).toBe('Насос, G=14,2 м3/ч, H=8 м');
    expect(ocrTitle('Kvs=16 m3/y, Ду 32')).toBe('Kvs=16 м3/ч, Ду 32');
    expect(ocrTitle('Томская мзда')).toBe('Томская мзда');
    expect(ocrTitle('— Термометр биметаллический')).toBe('Термометр биметаллический');
    expect(ocrTitle('| Шкаф управления')).toBe('Шкаф управления');
    expect(ocrTitle('Кабель — 5 м')).toBe('Кабель — 5 м');
    const cut = [
      ['Поз.'],
      ['3.1'],
      ['8.2'],
      ['3.3'],
      ['4.1'],
      ['7'],
      ['4.3'],
      ['1'],
      ['8'],
      ['3'],
    ].map((c) => ({ cells: c }));
    repairPositions(cut, 0, new Set([0]));
    expect(cut.map((c) => c.cells[0])).toEqual([
      'Поз.',
      '3.1',
      '3.2',
      '3.3',
      '4.1',
      '7',
      '4.3',
      '1',
      '2',
      '3',
    ]);
    // An OCR'd column-number row with `3` read as `<` and `7` as `1` is still the number row.
    const numbers = [
      {
        cells: ['Поз.', 'Наименование', 'Тип', 'Код', 'Поставщик', 'Ед.', 'Кол.', 'Масса', 'Прим.'],
      },
      { cells: ['1', '2', '<', '4', '5', '6', '1', '8', '9'] },
    ];
    repairNumberRow(numbers);
    expect(numbers[1]!.cells).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    const data = [{ cells: ['1', 'Насос', 'CR 3', '', '', 'шт.', '2', '', ''] }];
    repairNumberRow(data);
    expect(data[0]!.cells[6]).toBe('2');
    // A lost dot (`13` between 1.2 and 1.4) is restored; a whole number among whole numbers is left.
    const dots = [['1.2'], ['13'], ['1.4'], ['1,5'], ['1.6'], ['12'], ['13'], ['14']].map((c) => ({
      cells: c,
    }));
    repairPositions(dots, 0, new Set());
    expect(dots.map((c) => c.cells[0])).toEqual([
      '1.2',
      '1.3',
      '1.4',
      '1.5',
      '1.6',
      '12',
      '13',
      '14',
    ]);
    // A section's first position (`20` between 1.4 and 2.2) and a dot lost with a digit misread (`92`).
    const sections = [
      ['1.3'],
      ['1.4'],
      ['20'],
      ['2.2'],
      ['3.1'],
      ['92'],
      ['3.3'],
      ['7'],
      ['8'],
    ].map((c) => ({ cells: c }));
    repairPositions(sections, 0, new Set());
    expect(sections.map((c) => c.cells[0])).toEqual([
      '1.3',
      '1.4',
      '2.1',
      '2.2',
      '3.1',
      '3.2',
      '3.3',
      '7',
      '8',
    ]);
  });
});
