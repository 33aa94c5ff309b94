import { describe, expect, it } from 'vitest';
import { buildRows } from './rows.ts';
import { DEFAULT_MAPPING } from './types.ts';
import type { ExtractedLine } from './types.ts';
import { normaliseUnit, parseQuantity } from './quantity.ts';
import { normaliseArticle, normaliseText, numericTokens } from '#lib/normalise.ts';

const L = (page: number, cells: string[], extra: Partial<ExtractedLine> = {}): ExtractedLine => ({
  page,
  cells: [...cells, ...Array(9).fill('')].slice(0, 9),
  kind: 'data',
  ...extra,
});

describe('buildRows', () => {
  const lines: ExtractedLine[] = [
    L(1, [
      'Поз.',
      'Наименование и техническая характеристика',
      'Тип, марка',
      'Код продукции',
      'Поставщик',
      'Ед. изме-',
      'Кол.',
      'Масса 1 ед., кг',
      'Примечание',
    ]),
    L(1, ['', '', '', '', '', 'рения', '', '', '']),
    L(1, ['1', '2', '3', '4', '5', '6', '7', '8', '9']),
    L(1, ['', 'Насосное оборудование'], { emphasised: true }),
    L(1, [
      '1.1',
      'Насос циркуляционный с мокрым',
      'UPS 25-40',
      '',
      'Grundfos',
      'шт',
      '2',
      '2,6',
      '',
    ]),
    L(1, ['', 'ротором, Q=2 м3/ч, H=4 м', '180']),
    L(1, ['1.2', 'То же', 'UPS 32-60', '', 'Grundfos', 'шт.', '1']),
    L(1, ['', '2. Арматура']),
    L(1, ['2.1', 'Клапан балансировочный Ду 50', 'STAD DN50', '', 'IMI', 'шт.', '29+3 (10%)=32']),
    L(1, ['', '', '', '', '', '', '', '', ''], { kind: 'furniture' }),
    L(1, ['Изм.', 'Кол.уч.', 'Лист', '№ док.', 'Подп.', 'Дата']),
    L(2, [
      'Поз.',
      'Наименование и техническая характеристика',
      'Тип, марка',
      'Код продукции',
      'Поставщик',
      'Ед. изме-',
      'Кол.',
      'Масса 1 ед., кг',
      'Примечание',
    ]),
    L(2, ['', '', '', '', '', 'рения', '', '', '']),
    L(2, ['1', '2', '3', '4', '5', '6', '7', '8', '9']),
    L(2, ['2.2', 'Труба стальная электро-', '', '', '', 'м.п.', '12,5']),
    L(2, ['', 'сварная 57х3,5']),
    L(2, ['2.3', 'Кран шаровой', 'BV-15', '', '', '', '10 шт']),
    L(2, ['', 'Итого']),
  ];

  it('joins continuation lines, keeps sections, drops repeated headings and title blocks', () => {
    const rows = buildRows({ lines }, DEFAULT_MAPPING, []);
    expect(rows.map((r) => [r.pos, r.title, r.marka, r.unit, r.count, r.section, r.page])).toEqual([
      [
        '1.1',
        'Насос циркуляционный с мокрым ротором, Q=2 м3/ч, H=4 м',
        'UPS 25-40 180',
        'шт.',
        2,
        'Насосное оборудование',
        1,
      ],
      [
        '1.2',
        'Насос циркуляционный с мокрым ротором, Q=2 м3/ч, H=4 м',
        'UPS 32-60',
        'шт.',
        1,
        'Насосное оборудование',
        1,
      ],
      ['2.1', 'Клапан балансировочный Ду 50', 'STAD DN50', 'шт.', 32, '2. Арматура', 1],
      ['2.2', 'Труба стальная электросварная 57х3,5', '', 'м', 12.5, '2. Арматура', 2],
      ['2.3', 'Кран шаровой', 'BV-15', 'шт.', 10, '2. Арматура', 2],
    ]);
    expect(rows[2]!.countText).toBe('29+3 (10%)=32');
    expect(rows[0]!.man).toBe('Grundfos');
  });

  it('takes only the chosen pages and follows the mapping', () => {
    expect(buildRows({ lines }, DEFAULT_MAPPING, [2]).map((r) => r.pos)).toEqual(['2.2', '2.3']);
    const swapped = buildRows(
      { lines: [L(1, ['3', 'Фильтр сетчатый', 'шт', '1'])] },
      { pos: 0, title: 2, marka: 0, sku: 0, man: 0, unit: 3, count: 1 },
      [1],
    );
    expect(swapped).toMatchObject([{ pos: '', title: 'Фильтр сетчатый', unit: 'шт.', count: 3 }]);
  });

  it('keeps a heading right under an item a row of its own, and wrapped names whole', () => {
    const rows = buildRows(
      {
        lines: [
          L(1, ['1', 'Реле контроля фаз', 'РКФ-М06-1-15', '', 'Меандр', 'шт.', '1']),
          L(1, ['', 'Узел учета тепловой энергии']),
          L(1, ['2', 'Тепловычислитель с архивом и', 'ВКТ-9-02', '', '', 'шт.', '1']),
          L(1, ['', 'Интерфейсом RS-485']),
          L(1, ['3', 'Насос циркуляционный с мокрым', 'ALPHA2', '', '', 'шт.', '2']),
          L(1, ['', 'ротором']),
          L(1, ['4', 'Клапан регулирующий седельный', 'VB-2', '', '', 'шт.', '1']),
          L(1, ['', 'AME 435 QM, Kvs=16 м3/ч']),
          L(1, ['5', 'Насос дренажный погружной', 'KP 250', '', '', 'шт.', '1']),
          L(1, ['', 'Grundfos Unilift']),
          L(1, ['6', 'Труба стальная', '', '', '', 'м', '12']),
          L(1, ['', 'Освещение и розетки']),
          L(1, ['7', 'Светильник светодиодный', '', '', '', 'шт.', '2']),
        ],
      },
      DEFAULT_MAPPING,
      [],
    );
    expect(rows.map((r) => [r.pos, r.title, r.section])).toEqual([
      ['1', 'Реле контроля фаз', ''],
      ['2', 'Тепловычислитель с архивом и Интерфейсом RS-485', 'Узел учета тепловой энергии'],
      ['3', 'Насос циркуляционный с мокрым ротором', 'Узел учета тепловой энергии'],
      ['4', 'Клапан регулирующий седельный AME 435 QM, Kvs=16 м3/ч', 'Узел учета тепловой энергии'],
      ['5', 'Насос дренажный погружной Grundfos Unilift', 'Узел учета тепловой энергии'],
      ['6', 'Труба стальная', 'Узел учета тепловой энергии'],
      ['7', 'Светильник светодиодный', 'Освещение и розетки'],
    ]);
  });

  describe('a name-only line right under an item', () => {
    const M = { pos: 1, title: 2, marka: 0, sku: 0, man: 0, unit: 6, count: 7 };
    const item = (pos: string, title: string, count: string, extra: Partial<ExtractedLine> = {}) =>
      L(1, [pos, title, 'X-1', '', '', 'шт', count], extra);
    const view = (rows: ReturnType<typeof buildRows>) =>
      rows.map((r) => [r.pos, r.title, r.section]);

    it('continues the name above when nothing says it is a heading, capitalised or not', () => {
      const rows = buildRows(
        {
          lines: [
            item('1', 'Насос циркуляционный', '2'),
            L(1, ['', 'Комплект ответных фланцев']),
            item('2', 'Кран шаровой DN25', '4'),
            L(1, ['', 'Полнопроходной латунный']),
            item('3', 'Фильтр сетчатый', '1'),
          ],
        },
        M,
        [],
      );
      expect(view(rows)).toEqual([
        ['1', 'Насос циркуляционный Комплект ответных фланцев', ''],
        ['2', 'Кран шаровой DN25 Полнопроходной латунный', ''],
        ['3', 'Фильтр сетчатый', ''],
      ]);
      expect(rows.map((r) => [r.unit, r.count])).toEqual([
        ['шт.', 2],
        ['шт.', 4],
        ['шт.', 1],
      ]);
    });

    it('is a heading when emphasised', () => {
      const rows = buildRows(
        {
          lines: [
            item('1', 'Насос циркуляционный', '2'),
            L(1, ['', 'Комплект поставки заказчика'], { emphasised: true }),
            item('2', 'Кран шаровой DN25', '4'),
          ],
        },
        M,
        [],
      );
      expect(view(rows)).toEqual([
        ['1', 'Насос циркуляционный', ''],
        ['2', 'Кран шаровой DN25', 'Комплект поставки заказчика'],
      ]);
    });

    it('is a heading when it starts with a section word (first two words), with no figures', () => {
      const heads = [
        'Узел учета тепловой энергии',
        'Шкаф автоматики насосной',
        'Насосное оборудование',
        'ИТП',
        'Система отопления',
        'Раздел второй',
        'Трубопроводы и материалы',
        'Запорно-регулирующая арматура',
      ];
      for (const head of heads) {
        const rows = buildRows(
          {
            lines: [
              item('1', 'Реле контроля фаз', '1'),
              L(1, ['', head]),
              item('2', 'Тепловычислитель', '1'),
            ],
          },
          M,
          [],
        );
        expect(view(rows), head).toEqual([
          ['1', 'Реле контроля фаз', ''],
          ['2', 'Тепловычислитель', head],
        ]);
      }
      // A section word further on, or with figures, is the rest of a name.
      for (const tail of ['Комплект монтажных материалов', 'Шкаф 600х400х250']) {
        const rows = buildRows(
          {
            lines: [
              item('1', 'Насос циркуляционный', '1'),
              L(1, ['', tail]),
              item('2', 'Кран шаровой', '1'),
            ],
          },
          M,
          [],
        );
        expect(view(rows), tail).toEqual([
          ['1', `Насос циркуляционный ${tail}`, ''],
          ['2', 'Кран шаровой', ''],
        ]);
      }
    });

    it('is a heading when it ends with a colon', () => {
      const rows = buildRows(
        {
          lines: [
            item('1', 'Насос циркуляционный', '2'),
            L(1, ['', 'Поставка заказчика:']),
            item('2', 'Кран шаровой DN25', '4'),
          ],
        },
        M,
        [],
      );
      expect(view(rows)).toEqual([
        ['1', 'Насос циркуляционный', ''],
        ['2', 'Кран шаровой DN25', 'Поставка заказчика:'],
      ]);
    });

    it('is a heading when the numbering breaks at the next position (another group, level or a restart)', () => {
      const rows = buildRows(
        {
          lines: [
            item('1.4', 'Насос дренажный', '1'),
            L(1, ['', 'Водоподготовка']),
            item('2.1', 'Фильтр умягчения', '1'),
            L(1, ['', 'Полнопроходной латунный']),
            item('2.2', 'Кран шаровой', '2'),
            L(1, ['', 'Дополнительная поставка']),
            item('1', 'Манометр', '4'),
            L(1, ['', 'Вентиляция приточная']),
            item('1.1', 'Клапан воздушный', '1'),
          ],
        },
        M,
        [],
      );
      expect(view(rows)).toEqual([
        ['1.4', 'Насос дренажный', ''],
        ['2.1', 'Фильтр умягчения Полнопроходной латунный', 'Водоподготовка'],
        ['2.2', 'Кран шаровой', 'Водоподготовка'],
        ['1', 'Манометр', 'Дополнительная поставка'],
        ['1.1', 'Клапан воздушный', 'Вентиляция приточная'],
      ]);
    });

    it('is a heading when a blank gap on the page stands above it, not when it sits at the line spacing', () => {
      const box = (top: number) => ({ box: { top, bottom: top + 10 } });
      const rows = buildRows(
        {
          lines: [
            item('1', 'Насос циркуляционный', '2', box(100)),
            L(1, ['', 'Комплект ответных фланцев'], box(111)),
            item('2', 'Кран шаровой DN25', '4', box(122)),
            L(1, ['', 'Поставка заказчика'], box(145)),
            item('3', 'Фильтр сетчатый', '1', box(156)),
            item('4', 'Манометр', '1', box(167)),
          ],
        },
        M,
        [],
      );
      expect(view(rows)).toEqual([
        ['1', 'Насос циркуляционный Комплект ответных фланцев', ''],
        ['2', 'Кран шаровой DN25', ''],
        ['3', 'Фильтр сетчатый', 'Поставка заказчика'],
        ['4', 'Манометр', 'Поставка заказчика'],
      ]);
    });
  });

  it("gives a row the union of its lines' page bands", () => {
    const rows = buildRows(
      {
        lines: [
          L(1, ['1', 'Насос циркуляционный с мокрым', 'UPS', '', '', 'шт', '2'], {
            box: { top: 100, bottom: 110 },
          }),
          L(1, ['', 'ротором'], { box: { top: 111, bottom: 121 } }),
          L(1, ['', 'Арматура'], { box: { top: 122, bottom: 132 } }),
          L(1, ['2', 'Кран шаровой', 'BV-15', '', '', 'шт', '4'], {
            box: { top: 133, bottom: 143 },
          }),
          L(1, ['3', 'Кран шаровой', 'BV-20', '', '', 'шт', '4']),
        ],
      },
      DEFAULT_MAPPING,
      [],
    );
    expect(rows.map((r) => r.box)).toEqual([
      { top: 100, bottom: 121 },
      { top: 133, bottom: 143 },
      undefined,
    ]);
    expect(rows[1]!.section).toBe('Арматура');
  });

  it('opens a position on the line above when the values sit on its last line', () => {
    const rows = buildRows(
      {
        lines: [
          L(1, ['1', 'Насос', 'A', '', '', 'шт', '1']),
          L(1, ['', 'Теплообменник пластинчатый']),
          L(1, ['2', 'разборный', 'TL-3', '', '', 'шт', '2']),
        ],
      },
      DEFAULT_MAPPING,
      [],
    );
    expect(rows.map((r) => r.title)).toEqual(['Насос', 'Теплообменник пластинчатый разборный']);
  });
});

describe('quantities and units', () => {
  it.each([
    ['2', 2, false],
    ['0,75', 0.75, false],
    ['1 200', 1200, false],
    ['29+3 (10%)=32', 32, true],
    ['29+3', 32, true],
    ['29 + 3 (10%)', 32, true],
    ['1,5+0,5 м', 2, true],
    ['0,1+0,2', 0.3, true],
    ['10-12', 12, true],
    ['10…12', 12, true],
    ['120 м', 120, true],
    ['по месту', null, true],
    ['2 (1 раб. + 1 рез.)', 2, true],
  ])('%s → %s', (text, value, free) => {
    const q = parseQuantity(text);
    expect(q.value).toBe(value);
    expect(q.free).toBe(free);
  });
  it('reads the unit in the quantity cell', () => {
    expect(parseQuantity('120 м.п.').unit).toBe('м');
    expect(parseQuantity('3 компл').unit).toBe('компл.');
  });
  it.each([
    ['шт', 'шт.'],
    ['Шт.', 'шт.'],
    ['м.п.', 'м'],
    ['пог.м', 'м'],
    ['п.м.', 'м'],
    ['м2', 'м²'],
    ['компл', 'компл.'],
    ['к-т', 'компл.'],
    ['кг', 'кг'],
    ['ящик', 'ящик'],
  ])('unit %s → %s', (a, b) => expect(normaliseUnit(a)).toBe(b));
});

describe('normalisation', () => {
  it('folds look-alike letters in articles', () => {
    expect(normaliseArticle('С2000-КДЛ')).toBe(normaliseArticle('C2000-KДЛ'));
    expect(normaliseArticle('UPS 25-40')).toBe(normaliseArticle('ups25/40'));
    expect(normaliseArticle('ТS-10')).toBe(normaliseArticle('TS 10'));
  });
  it('folds text: ё, look-alikes, diameters, separators, decimal commas', () => {
    expect(normaliseText('Ёмкость')).toBe('емкость');
    expect(normaliseText('Hacoc циркуляционный')).toBe('насос циркуляционный');
    expect(normaliseText('Кран Ду 50')).toBe('кран dn50');
    expect(normaliseText('Кран DN50')).toBe('кран dn50');
    expect(normaliseText('Кран ø50')).toBe('кран dn50');
    expect(normaliseText('Труба 57х3,5')).toBe(normaliseText('Труба 57 x 3.5'));
  });
  it('lists numeric tokens', () => {
    expect(numericTokens('Насос UPS 25-40, 0,75 кВт, Ду050')).toEqual(['25', '40', '0.75', '50']);
  });
});

describe('buildRows: the source band of a row', () => {
  it('is the union of its lines on its page; a row without boxed lines has none', () => {
    const rows = buildRows(
      {
        lines: [
          L(1, ['1', 'Насос циркуляционный с мокрым', 'UPS 25-40', '', '', 'шт', '2'], {
            box: { top: 100, bottom: 110 },
          }),
          L(1, ['', 'ротором, Q=2 м3/ч'], { box: { top: 111, bottom: 121.5 } }),
          L(1, ['2', 'Кран шаровой', 'BV-15', '', '', 'шт', '4'], {
            box: { top: 130, bottom: 140 },
          }),
          L(1, ['3', 'Клапан', 'K-1', '', '', 'шт', '1']),
        ],
      },
      DEFAULT_MAPPING,
      [],
    );
    expect(rows.map((r) => [r.pos, r.box])).toEqual([
      ['1', { top: 100, bottom: 121.5 }],
      ['2', { top: 130, bottom: 140 }],
      ['3', undefined],
    ]);
  });
});

describe('buildRows: names read by OCR', () => {
  // The name of a scanned row over two lines, a one-letter word glued at each line's end and
  // `м3/ч` split by the line break: repaired on the joined name, only for OCR lines.
  const cells = [
    ['1', 'Клапан воздушный утеплённыйс', 'АЗЕ 186', '', 'ВЕЗА', 'wT.', '1'],
    ['', 'электроприводом 230 Ви'],
    ['', 'возвратной пружиной, L=3200 м3З'],
    ['', '/ч'],
  ];

  it('repairs the joined name of OCR lines', () => {
    const rows = buildRows(
      { lines: cells.map((c) => L(1, c, { confidence: 90 })) },
      DEFAULT_MAPPING,
      [],
    );
    expect(rows.map((r) => r.title)).toEqual([
      'Клапан воздушный утеплённый с электроприводом 230 В и возвратной пружиной, L=3200 м3/ч',
    ]);
    expect(rows[0]!.unit).toBe('шт.');
  });

  it('leaves names from a text layer as written', () => {
    const rows = buildRows({ lines: cells.map((c) => L(1, c)) }, DEFAULT_MAPPING, []);
    expect(rows[0]!.title).toContain('утеплённыйс');
  });
});
