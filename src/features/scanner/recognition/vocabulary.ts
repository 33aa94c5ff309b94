// The heading vocabulary of GOST 21.110 Form 1 (2013 and -95 editions, plus the usual customer
// variants): the phrases each column's heading is matched against (headers.ts). Input vocabulary
// of Russian documents, never shown to users.
import type { ColumnMapping } from './types.ts';

/** Fields the mapping knows, plus the columns that must not be mistaken for them. */
export type HeaderField = keyof ColumnMapping | 'mass' | 'note' | 'price' | 'sum' | 'other';

/** Heading phrases per field (folded: lower case, ё → е, punctuation as spaces). */
export const VOCABULARY: Record<HeaderField, string[]> = {
  pos: [
    'поз',
    'позиция',
    'позиции',
    'номер позиции',
    '№',
    '№ п п',
    'n п п',
    'nn',
    '№№',
    'no',
    'pos',
    'position',
    'item',
    'обозначение по схеме',
    'поз обозначение',
    // EPLAN and ERP parts lists number their rows this way.
    'непрерывный номер',
    'порядковый номер',
    'номер по порядку',
    'номер строки',
  ],
  title: [
    'наименование и техническая характеристика',
    'наименование и техническая характеристика оборудования',
    'наименование',
    'наименование оборудования',
    'описание',
    'наименование товара',
    'name',
    'description',
  ],
  marka: [
    'тип марка обозначение документа опросного листа',
    'тип марка оборудования обозначение документа опросного листа',
    'тип марка',
    'тип',
    'марка',
    'артикул',
    'модель',
    'номер изделия',
    'обозначение',
    'type',
    'model',
    'article',
    'part number',
  ],
  sku: ['код продукции', 'код оборудования изделия материала', 'код', 'код окп', 'code', 'sku'],
  man: [
    'поставщик',
    'завод изготовитель',
    'изготовитель',
    'производитель',
    'завод изготовитель для импортного оборудования страна фирма',
    'manufacturer',
    'supplier',
    'vendor',
  ],
  unit: ['ед измерения', 'единица измерения', 'ед изм', 'ед', 'единица', 'unit', 'uom'],
  count: [
    'кол',
    'количество',
    'кол во',
    'общ количество',
    'общее количество',
    'qty',
    'quantity',
    'count',
  ],
  mass: ['масса 1 ед кг', 'масса единицы кг', 'масса ед кг', 'масса', 'вес', 'mass', 'weight'],
  note: ['примечание', 'примечания', 'note', 'notes', 'remark'],
  price: ['цена', 'цена за ед', 'стоимость', 'price'],
  sum: ['сумма', 'итого', 'всего', 'total', 'amount'],
  other: ['изм', 'лист', 'место установки', 'ссылочный документ'],
};

export const MAPPED_FIELDS: (keyof ColumnMapping)[] = [
  'pos',
  'title',
  'marka',
  'sku',
  'man',
  'unit',
  'count',
];
