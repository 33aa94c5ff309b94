// Specification sheets the scanner's tests build, in one place: the headings of GOST 21.110 Form 1
// (unit tests, the scanner and BTP suites, the PDF fixtures) and an EPLAN-like parts list. Imports
// nothing, so unit, integration and browser tests may all use it.

/** The headings of GOST 21.110 Form 1, in its column order. */
export const GOST_HEAD = [
  'Поз.',
  'Наименование и техническая характеристика',
  'Тип, марка, обозначение документа, опросного листа',
  'Код продукции',
  'Поставщик',
  'Ед. измерения',
  'Кол.',
  'Масса 1 ед., кг',
  'Примечание',
];

/** Parts of an EPLAN-like list: reference designators, name, article, maker. */
export const EPLAN_PARTS: [string, string, string, string][] = [
  ['QF1,QF2', 'Автоматический выключатель трёхполюсный', 'BA47-29 3P 16A', 'IEK'],
  ['KM1', 'Контактор модульный', 'КМ20-20М', 'IEK'],
  ['A1', 'Программируемый логический контроллер', 'M245', 'Zentec'],
  ['F1', 'Плавкий предохранитель', 'ВПТ6-5 2А', ''],
  ['HL1', 'Светосигнальная арматура зелёная', 'AD22DS-G', 'DKC'],
  ['T1', 'Датчик температуры наружный', 'TS-E01 NTC10k', 'Завод РГП'],
  ['PDS1', 'Реле перепада давления', 'DPS-500', ''],
  ['U1', 'Преобразователь частоты', 'VCI-G15-4B', 'INSTART'],
];

/**
 * An EPLAN-like parts list: a heading row, then a running number, reference designators,
 * designation, name, quantity (1-3 in turn) and maker for each of `parts`.
 */
export function eplanRows(parts = EPLAN_PARTS): (string | number)[][] {
  return [
    [
      'Непрерывный номер',
      'Обозначение',
      'Наименование',
      'Номер изделия',
      'Количество',
      'Изготовитель',
    ],
    ...parts.map(([ref, name, article, maker], i) => [
      String(i + 1),
      ref,
      name,
      article,
      (i % 3) + 1,
      maker,
    ]),
  ];
}
