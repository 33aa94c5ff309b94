// Our own GOST 21.110 Form 1 specifications for the document scanner, with ground truth, in every
// format the scanner accepts: xlsx (exceljs), docx (a small OOXML writer below), xls and doc
// (LibreOffice from the xlsx/docx), PDF with ruled rows, PDF without horizontal row lines, PDF with
// a page stored rotated (/Rotate 90, displays upright) and a 300 DPI "scan" (slight skew, noise,
// JPEG) as JPG, PNG and an image-only PDF.
//
//   npm run scanner:corpus                 → all formats into .scanner-corpus/
//   npm run scanner:corpus -- xlsx docx    → only these formats
//   npm run scanner:corpus -- word shkaf   → only these documents
//
// The truth (tests/fixtures/scanner/<doc>.truth.json) is written from the same data, so every format
// of one document is checked against one list of positions.

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { PDFDocument, degrees } from 'pdf-lib';
import sharp from 'sharp';
import { convertOffice } from '../src/features/scanner/recognition/libreoffice.ts';
import { normaliseUnit, parseQuantity } from '../src/features/scanner/recognition/quantity.ts';
import { joinPieces } from '../src/lib/normalise.ts';
import { zipArchive } from '../tests/helpers/sample-files.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CORPUS_DIR = path.join(ROOT, '.scanner-corpus');
export const TRUTH_DIR = path.join(ROOT, 'tests/fixtures/scanner');

export const VARIANTS = [
  'xlsx',
  'docx',
  'xls',
  'doc',
  'pdf',
  'pdf-norules',
  'pdf-rotated',
  'scan-jpg',
  'scan-png',
  'scan-pdf',
] as const;
export type Variant = (typeof VARIANTS)[number];

export function variantFile(doc: string, v: Variant): string {
  const ext: Record<Variant, string> = {
    xlsx: 'xlsx',
    docx: 'docx',
    xls: 'xls',
    doc: 'doc',
    pdf: 'ruled.pdf',
    'pdf-norules': 'norules.pdf',
    'pdf-rotated': 'rotated.pdf',
    'scan-jpg': 'scan.jpg',
    'scan-png': 'scan.png',
    'scan-pdf': 'scan.pdf',
  };
  return `${doc}.${ext[v]}`;
}

// ------------------------------------------------------------------ content

interface Item {
  pos: string;
  /** Name lines as printed (the first on the anchor line, the rest continuation lines). */
  title: string[];
  marka?: string[];
  sku?: string;
  man?: string;
  unit: string;
  /** Quantity cell as written; a number is written as a number cell in xlsx. */
  count: string | number;
  /** xlsx only: write the count as this formula with the count as its cached result. */
  formula?: string;
  mass?: string;
  note?: string;
  /** Wide sheets: price and delivery columns. */
  price?: string;
  term?: string;
}
type Entry = { section: string } | Item;

type Field =
  'pos' | 'title' | 'marka' | 'sku' | 'man' | 'unit' | 'count' | 'mass' | 'note' | 'price' | 'term';

/** A table layout other than GOST Form 1's nine columns: headings, widths (mm) and the field of each column. */
interface Layout {
  head: string[];
  widths: number[];
  fields: Field[];
  /** Write the column-number row (1 2 3 …) under the heading. */
  numbers: boolean;
}

interface Spec {
  name: string;
  code: string;
  edition: 2013 | 1995;
  pages: Entry[][];
  /** Default: GOST 21.110 Form 1 (nine columns, number row). */
  layout?: Layout;
  /**
   * 'word': a table typed in Word, the way a user does it: portrait A4, names that wrap by
   * themselves inside their cells (one paragraph each), no column-number row. The PDFs are made
   * from the .docx by LibreOffice (pdf: with borders, pdf-norules: without any), not from the .xlsx.
   */
  style?: 'word';
  /** Section headings in plain text (not bold/underlined): only their text tells them apart. */
  plainHeadings?: boolean;
  /** Variants not made for this document. */
  skip?: Variant[];
  /**
   * Column mapping the accuracy script passes when the suggestion does not find it (wide sheets
   * need the header suggestion of issue 22's other half). 1-based columns.
   */
  mapping?: {
    pos: number;
    title: number;
    marka: number;
    sku: number;
    man: number;
    unit: number;
    count: number;
  };
}

const HEAD_2013 = [
  'Поз.',
  'Наименование и техническая характеристика',
  'Тип, марка, обозначение документа, опросного листа',
  'Код продукции',
  'Поставщик',
  'Ед. изме-\nрения',
  'Коли-\nчество',
  'Масса 1 ед., кг',
  'Примечание',
];
const HEAD_1995 = [
  'Позиция',
  'Наименование и техническая характеристика',
  'Тип, марка оборудования. Обозначение документа, опросного листа',
  'Код оборудования, изделия, материала',
  'Завод-изготовитель',
  'Единица измере-\nния',
  'Коли-\nчество',
  'Масса единицы, кг',
  'Примечание',
];

export const SPECS: Spec[] = [
  {
    name: 'itp',
    code: 'ИТП-01-ОВ.СО',
    edition: 2013,
    pages: [
      [
        { section: 'Теплообменное оборудование' },
        {
          pos: '1',
          title: [
            'Теплообменник пластинчатый разборный для системы',
            'отопления, Q=450 кВт, 95/70 °С',
          ],
          marka: ['НН №14-ТКТМ-16/1-10-1'],
          man: 'Ридан',
          unit: 'шт.',
          count: 1,
          mass: '185',
        },
        {
          pos: '2',
          title: [
            'Теплообменник пластинчатый паяный для системы ГВС,',
            'Q=320 кВт, двухступенчатая схема',
          ],
          marka: ['XB 37H-1 60'],
          man: 'Danfoss',
          unit: 'шт',
          count: 2,
          mass: '12,4',
        },
        {
          pos: '3',
          title: ['То же'],
          marka: ['XB 37H-1 40'],
          man: 'Danfoss',
          unit: 'шт',
          count: 1,
          mass: '9,8',
        },
        { section: 'Насосное оборудование' },
        {
          pos: '4',
          title: [
            'Насос циркуляционный системы отопления с мокрым ротором,',
            'G=14,2 м3/ч, H=8 м, 1x230 В',
          ],
          marka: ['MAGNA3 40-120 F'],
          man: 'Grundfos',
          unit: 'шт.',
          count: '2 (1 раб.+1 рез.)',
          mass: '21,5',
        },
        {
          pos: '5',
          title: ['Насос подпиточный вертикальный многоступенчатый'],
          marka: ['CR 3-8', 'A-A-A-E-HQQE'],
          man: 'Grundfos',
          unit: 'шт.',
          count: 2,
          mass: '28',
        },
        {
          pos: '6',
          title: ['Насос циркуляционный ГВС, бронзовый корпус'],
          marka: ['Stratos PICO-Z 25/1-6'],
          man: 'Wilo',
          unit: 'шт.',
          count: 1,
          mass: '2,1',
        },
        { section: 'Запорно-регулирующая арматура' },
        {
          pos: '7',
          title: [
            'Клапан регулирующий седельный с электроприводом',
            'AME 435 QM, Kvs=16 м3/ч, Ду 32',
          ],
          marka: ['VB-2 Ду32'],
          man: 'Danfoss',
          unit: 'компл',
          count: 1,
        },
        {
          pos: '8',
          title: ['Регулятор перепада давления с ограничением расхода'],
          marka: ['AFPQ Ду40'],
          man: 'Danfoss',
          unit: 'шт.',
          count: 1,
          mass: '14,2',
        },
        {
          pos: '9',
          title: ['Кран шаровой стальной фланцевый Ду 80, Ру 25'],
          marka: ['BALLOMAX КШТ 61.103.080'],
          man: 'Broen',
          unit: 'шт.',
          count: '29+3 (10%)=32',
          note: 'с запасом 10%',
        },
        {
          pos: '10',
          title: ['Кран шаровой муфтовый латунный Ду 15'],
          marka: ['LD.ПРО 11Б27п'],
          man: 'LD',
          unit: 'шт.',
          count: 24,
        },
        {
          pos: '11',
          title: ['Клапан балансировочный ручной Ду 50'],
          marka: ['Ballorex Venturi DN50'],
          man: 'Broen',
          unit: 'шт.',
          count: 4,
          mass: '6,3',
        },
        {
          pos: '12',
          title: ['Фильтр сетчатый фланцевый магнитный Ду 80'],
          marka: ['ФМФ-80'],
          man: 'Тепловодомер',
          unit: 'шт.',
          count: 2,
        },
      ],
      [
        { section: 'Контрольно-измерительные приборы' },
        {
          pos: '13',
          title: ['Манометр показывающий радиальный 0-1,6 МПа, кл. 1,5'],
          marka: ['ДМ 02-100-1-G1/2'],
          man: 'Росма',
          unit: 'шт.',
          count: 18,
        },
        {
          pos: '14',
          title: ['Термометр биметаллический 0-120 °С с гильзой'],
          marka: ['БТ-51.211'],
          man: 'Росма',
          unit: 'шт.',
          count: 14,
        },
        {
          pos: '15',
          title: ['Датчик давления 0-1,0 МПа, 4-20 мА'],
          marka: ['ПД100-ДИ1,0-111-0,5'],
          man: 'ОВЕН',
          unit: 'шт',
          count: 6,
        },
        {
          pos: '16',
          title: ['Датчик температуры погружной Pt1000'],
          marka: ['ДТС125Л-РТ1000.0,5.60'],
          man: 'ОВЕН',
          unit: 'шт.',
          count: '4',
        },
        { section: 'Щиты и шкафы управления' },
        {
          pos: '17',
          title: [
            'Шкаф управления ИТП с контроллером, ввод 3x400 В,',
            'IP54, с GSM-модулем и диспетчеризацией',
            'по Modbus TCP',
          ],
          marka: ['ШУ-ИТП-01'],
          man: 'Термис',
          unit: 'компл.',
          count: 1,
          mass: '42',
        },
        {
          pos: '18',
          title: ['Шкаф управления насосами 2x5,5 кВт, каскадный режим'],
          marka: ['ШУН-2-5,5'],
          man: 'Термис',
          unit: 'шт.',
          count: 1,
        },
        { section: 'Трубопроводы и материалы' },
        {
          pos: '19',
          title: ['Труба стальная электросварная 89х3,5'],
          marka: ['ГОСТ 10704-91'],
          unit: 'м',
          count: '12,5',
          mass: '7,38',
        },
        {
          pos: '20',
          title: ['Труба стальная водогазопроводная 32х3,2'],
          marka: ['ГОСТ 3262-75'],
          unit: 'м.п.',
          count: '36,0',
        },
        {
          pos: '21',
          title: ['Изоляция трубная из вспененного каучука,', 'толщина 19 мм'],
          marka: ['K-Flex ST 19x89'],
          man: 'K-Flex',
          unit: 'пог.м',
          count: '48',
        },
        {
          pos: '22',
          title: ['Краска грунтовочная ГФ-021'],
          unit: 'кг',
          count: 0.75,
          formula: '3/4',
        },
        { pos: '23', title: ['Опора скользящая Ду 80'], marka: ['Т13.01'], unit: 'шт.', count: 8 },
      ],
    ],
  },
  {
    name: 'pns',
    code: 'ПНС-12-ВК.СО',
    edition: 1995,
    pages: [
      [
        { section: '1. Насосная установка' },
        {
          pos: '1.1',
          title: [
            'Установка повышения давления на базе трёх',
            'вертикальных насосов, Q=36 м3/ч, H=48 м',
          ],
          marka: ['Hydro MPC-E 3 CR15-4'],
          man: 'Grundfos',
          unit: 'компл.',
          count: 1,
          mass: '412',
        },
        {
          pos: '1.2',
          title: ['Бак мембранный 100 л, 16 бар'],
          marka: ['Reflex DE 100'],
          man: 'Reflex',
          unit: 'шт.',
          count: 2,
        },
        {
          pos: '1.3',
          title: ['Насос дренажный погружной с поплавком'],
          marka: ['Unilift KP 250-A1'],
          man: 'Grundfos',
          unit: 'шт.',
          count: 1,
        },
        {
          pos: '1.4',
          title: ['То же, без поплавка'],
          marka: ['Unilift KP 250-M1'],
          man: 'Grundfos',
          unit: 'шт.',
          count: 1,
        },
        { section: '2. Арматура' },
        {
          pos: '2.1',
          title: ['Затвор дисковый поворотный с редуктором Ду 150'],
          marka: ['Tecofi VP3448'],
          man: 'Tecofi',
          unit: 'шт.',
          count: 4,
        },
        {
          pos: '2.2',
          title: ['Клапан обратный межфланцевый Ду 100'],
          marka: ['Tecofi CB3440'],
          man: 'Tecofi',
          unit: 'шт.',
          count: 3,
        },
        {
          pos: '2.3',
          title: ['Вставка гибкая резиновая фланцевая', 'Ду 100, Ру 16'],
          marka: ['VA-100'],
          unit: 'шт.',
          count: 6,
        },
        {
          pos: '2.4',
          title: ['Кран шаровой полнопроходной Ду 20'],
          marka: ['Valtec VT.214.N'],
          man: 'Valtec',
          unit: 'шт.',
          count: '10-12',
        },
      ],
      [
        { section: '3. Автоматика' },
        {
          pos: '3.1',
          title: ['Реле давления для защиты от сухого хода'],
          marka: ['РД-5'],
          man: 'Danfoss',
          unit: 'шт.',
          count: 1,
        },
        {
          pos: '3.2',
          title: ['Преобразователь частоты 7,5 кВт'],
          marka: ['VLT HVAC FC 102'],
          man: 'Danfoss',
          unit: 'шт.',
          count: 3,
        },
        {
          pos: '3.3',
          title: ['Кабель силовой медный', 'не распространяющий горение'],
          marka: ['ВВГнг(А)-LS 5х4'],
          unit: 'м',
          count: 'по месту',
        },
        { section: '4. Трубопроводы' },
        {
          pos: '4.1',
          title: ['Труба напорная из полиэтилена ПЭ100 SDR17 110х6,6'],
          marka: ['ГОСТ 18599-2001'],
          unit: 'м',
          count: '120,5',
        },
        {
          pos: '4.2',
          title: ['Отвод стальной крутоизогнутый 90° 159х4,5'],
          marka: ['ГОСТ 17375-2001'],
          unit: 'шт.',
          count: 16,
        },
        {
          pos: '4.3',
          title: ['Переход концентрический 159х108'],
          marka: ['ГОСТ 17378-2001'],
          unit: 'шт.',
          count: 4,
        },
      ],
    ],
  },
  {
    // Section headings right after an item (no section word, not bold), and articles that differ
    // only by a decimal point or a separator in the type/mark column (issue 22).
    name: 'shkaf',
    code: 'ШУ-07-ЭМ.СО',
    edition: 2013,
    plainHeadings: true,
    pages: [
      [
        { section: 'Вводно-распределительное устройство' },
        {
          pos: '1',
          title: ['Выключатель нагрузки трёхполюсный 100 А'],
          marka: ['ВН-32 3P 100A'],
          man: 'IEK',
          unit: 'шт.',
          count: 1,
        },
        {
          pos: '2',
          title: ['Фильтр сетевой помехоподавляющий 55 А'],
          marka: ['DFC-55'],
          man: 'Dekraft',
          unit: 'шт.',
          count: 1,
        },
        {
          pos: '3',
          title: ['Фильтр сетевой помехоподавляющий 5,5 А'],
          marka: ['DFC-5.5'],
          man: 'Dekraft',
          unit: 'шт.',
          count: 2,
        },
        {
          pos: '4',
          title: ['Реле контроля фаз'],
          marka: ['РКФ-М06-1-15'],
          man: 'Меандр',
          unit: 'шт.',
          count: 1,
        },
        { section: 'Узел учета тепловой энергии' },
        {
          pos: '5',
          title: ['Тепловычислитель с архивом и интерфейсом RS-485'],
          marka: ['ВКТ-9-02'],
          man: 'Теплоком',
          unit: 'шт.',
          count: 1,
          mass: '0,9',
        },
        {
          pos: '6',
          title: ['Преобразователь расхода электромагнитный Ду 40'],
          marka: ['ПРЭМ-40 ГФ'],
          man: 'Теплоком',
          unit: 'шт.',
          count: 2,
        },
        {
          pos: '7',
          title: [
            'Комплект термопреобразователей сопротивления',
            'платиновых, длина погружной части 80 мм',
          ],
          marka: ['КТСП-Н Pt500'],
          unit: 'компл.',
          count: 1,
        },
        {
          pos: '8',
          title: ['Блок питания 24 В, 2,5 А на DIN-рейку'],
          marka: ['БП60Б-Д4-24'],
          man: 'ОВЕН',
          unit: 'шт.',
          count: 1,
        },
        { section: 'Шкаф автоматики насосной' },
        {
          pos: '9',
          title: ['Дроссель моторный трёхфазный 4 x 22 А'],
          marka: ['DSHU-4x22-D'],
          man: 'Инстарт',
          unit: 'шт.',
          count: 2,
        },
        {
          pos: '10',
          title: ['Дроссель моторный трёхфазный 4 x 2,2 А'],
          marka: ['DSHU-4x2.2-D'],
          man: 'Инстарт',
          unit: 'шт.',
          count: 3,
        },
        {
          pos: '11',
          title: ['Контактор модульный 25 А, 2НО'],
          marka: ['КМ25-20'],
          man: 'IEK',
          unit: 'шт.',
          count: 4,
        },
      ],
      [
        { section: 'Освещение и розетки' },
        {
          pos: '12',
          title: ['Светильник светодиодный для шкафа с датчиком', 'открывания двери, 230 В'],
          marka: ['LED-SL 10W'],
          unit: 'шт.',
          count: 2,
        },
        {
          pos: '13',
          title: ['Розетка на DIN-рейку 16 А'],
          marka: ['РАр10-3-ОП'],
          man: 'IEK',
          unit: 'шт.',
          count: 1,
        },
        {
          pos: '14',
          title: ['Термостат нормально-замкнутый 0-60 °С'],
          marka: ['KTO 011'],
          man: 'Stego',
          unit: 'шт.',
          count: 1,
        },
        { section: 'Монтажные изделия' },
        {
          pos: '15',
          title: ['Клемма проходная винтовая 4 мм2'],
          marka: ['ЗНИ-4'],
          man: 'IEK',
          unit: 'шт.',
          count: 60,
        },
        {
          pos: '16',
          title: ['Кабель-канал перфорированный 40х60'],
          marka: ['КМП 40х60'],
          unit: 'м',
          count: '6,5',
        },
        {
          pos: '17',
          title: ['Провод монтажный гибкий 1,5 мм2'],
          marka: ['ПуГВ 1х1,5'],
          unit: 'м',
          count: 120,
        },
        {
          pos: '18',
          title: ['Провод монтажный гибкий 15 мм2'],
          marka: ['ПуГВ 1х15'],
          unit: 'м',
          count: 12,
        },
      ],
    ],
  },
  {
    // A Word table as users type it (portrait A4, wrapped cells, headings after items), exported
    // to PDF by LibreOffice with and without borders (issue 22).
    name: 'word',
    code: 'ПВ-03-ОВ.СО',
    edition: 2013,
    style: 'word',
    layout: {
      head: [
        'Поз.',
        'Наименование и техническая характеристика',
        'Тип, марка, обозначение документа, опросного листа',
        'Код',
        'Поставщик',
        'Ед. изм.',
        'Кол.',
        'Масса, кг',
        'Прим.',
      ],
      widths: [10, 55, 33, 9, 20, 14, 11, 15, 13],
      fields: ['pos', 'title', 'marka', 'sku', 'man', 'unit', 'count', 'mass', 'note'],
      numbers: false,
    },
    pages: [
      [
        { section: 'Приточная установка П1' },
        {
          pos: '1',
          title: [
            'Установка приточная компактная с водяным калорифером, фильтром класса F7 и частотным регулированием вентилятора, L=3200 м3/ч',
          ],
          marka: ['КЦКП-3,15-ПР-01'],
          man: 'ВЕЗА',
          unit: 'компл.',
          count: 1,
          mass: '420',
        },
        {
          pos: '2',
          title: ['Клапан воздушный утеплённый с электроприводом 230 В и возвратной пружиной'],
          marka: ['АЗЕ 186.000-05 600х400'],
          man: 'ВЕЗА',
          unit: 'шт.',
          count: 1,
        },
        {
          pos: '3',
          title: ['Шумоглушитель пластинчатый прямоугольный 600х400, длина 1000 мм'],
          marka: ['ГП-1-600х400-1000'],
          unit: 'шт.',
          count: 2,
          mass: '38',
        },
        {
          pos: '4',
          title: [
            'Узел смесительный для водяного калорифера с циркуляционным насосом и трёхходовым клапаном',
          ],
          marka: ['УТ-2.0-40-6,3'],
          man: 'ВЕЗА',
          unit: 'компл.',
          count: 1,
        },
        {
          pos: '5',
          title: ['Реле контроля фаз'],
          marka: ['РКФ-М06-1-15'],
          man: 'Меандр',
          unit: 'шт.',
          count: 1,
        },
        { section: 'Узел учета тепловой энергии' },
        {
          pos: '6',
          title: [
            'Теплосчётчик ультразвуковой с комплектом термопреобразователей сопротивления, Ду 40',
          ],
          marka: ['ВКТ-9-02 / ПРЭМ-40'],
          man: 'Теплоком',
          unit: 'компл.',
          count: 1,
        },
        {
          pos: '7',
          title: ['Фильтр магнитно-механический фланцевый Ду 40, Ру 16'],
          marka: ['ФММ-40'],
          unit: 'шт.',
          count: 2,
          mass: '9,5',
        },
        {
          pos: '8',
          title: ['Кран шаровой стальной приварной полнопроходной Ду 40 с рукояткой'],
          marka: ['LD КШЦП 40'],
          man: 'LD',
          unit: 'шт.',
          count: 4,
        },
        {
          pos: '9',
          title: ['Манометр показывающий радиальный с трёхходовым краном, 0-1,0 МПа'],
          marka: ['ДМ 02-100-1-G1/2'],
          man: 'Росма',
          unit: 'шт.',
          count: 4,
        },
        {
          pos: '10',
          title: ['Термометр биметаллический с погружной гильзой, 0-150 °С'],
          marka: ['БТ-51.211'],
          man: 'Росма',
          unit: 'шт.',
          count: 4,
        },
        { section: 'Автоматика и электрооборудование' },
        {
          pos: '11',
          title: [
            'Шкаф управления приточной установкой с контроллером, частотным преобразователем 3 кВт и защитой калорифера от замораживания',
          ],
          marka: ['ШУ-П1'],
          man: 'Термис',
          unit: 'компл.',
          count: 1,
          mass: '35',
        },
        {
          pos: '12',
          title: ['Датчик температуры канальный с погружной частью 150 мм, Pt1000'],
          marka: ['ДТС035-PT1000.В2.150'],
          man: 'ОВЕН',
          unit: 'шт.',
          count: 3,
        },
        {
          pos: '13',
          title: ['Термостат защиты от замораживания капиллярный, длина капилляра 6 м'],
          marka: ['ТС-6-М'],
          unit: 'шт.',
          count: 1,
        },
        {
          pos: '14',
          title: [
            'Кабель контрольный с медными жилами, не распространяющий горение, с низким дымовыделением',
          ],
          marka: ['КВВГнг(А)-LS 7х1,5'],
          unit: 'м',
          count: 85,
        },
      ],
    ],
  },
  {
    // A wide parts list (no GOST form): the quantity in column 11, no column-number row.
    name: 'wide',
    code: 'ВЕД-11',
    edition: 2013,
    layout: {
      head: [
        '№ п/п',
        'Наименование',
        'Артикул',
        'Код',
        'Производитель',
        'Цена, руб.',
        'Срок поставки',
        'Масса, кг',
        'Примечание',
        'Ед. изм.',
        'Кол-во',
      ],
      widths: [14, 110, 45, 25, 35, 25, 25, 20, 35, 18, 18],
      fields: [
        'pos',
        'title',
        'marka',
        'sku',
        'man',
        'price',
        'term',
        'mass',
        'note',
        'unit',
        'count',
      ],
      numbers: false,
    },
    mapping: { pos: 1, title: 2, marka: 3, sku: 4, man: 5, unit: 10, count: 11 },
    pages: [
      [
        {
          pos: '1',
          title: ['Насос циркуляционный с мокрым ротором'],
          marka: ['MAGNA3 32-80'],
          sku: '97924247',
          man: 'Grundfos',
          price: '98 400',
          term: '2 нед.',
          unit: 'шт.',
          count: 2,
          mass: '11,2',
        },
        {
          pos: '2',
          title: ['Насос циркуляционный с мокрым ротором'],
          marka: ['MAGNA3 32-40'],
          sku: '97924245',
          man: 'Grundfos',
          price: '86 100',
          term: '2 нед.',
          unit: 'шт.',
          count: 1,
          mass: '10,8',
        },
        {
          pos: '3',
          title: ['Преобразователь частоты 5,5 кВт'],
          marka: ['FC-051P5K5'],
          man: 'Danfoss',
          price: '41 250',
          term: 'склад',
          unit: 'шт.',
          count: 2,
        },
        {
          pos: '4',
          title: ['Преобразователь частоты 55 кВт'],
          marka: ['FC-102P55K'],
          man: 'Danfoss',
          price: '612 000',
          term: '6 нед.',
          unit: 'шт.',
          count: 1,
        },
        {
          pos: '5',
          title: ['Клапан обратный пружинный Ду 50'],
          marka: ['402 Ду50'],
          man: 'ADL',
          price: '4 310',
          term: 'склад',
          unit: 'шт.',
          count: 6,
        },
        {
          pos: '6',
          title: ['Затвор дисковый с рукояткой Ду 100'],
          marka: ['Гранвент MV-150 Ду100'],
          man: 'ADL',
          price: '7 980',
          term: 'склад',
          unit: 'шт.',
          count: 4,
        },
        {
          pos: '7',
          title: ['Труба стальная электросварная 108х4'],
          marka: ['ГОСТ 10704-91'],
          price: '1 120',
          term: 'склад',
          unit: 'м',
          count: '36,5',
          note: 'мерная длина',
        },
        {
          pos: '8',
          title: ['Отвод крутоизогнутый 90° 108х4'],
          marka: ['ГОСТ 17375-2001'],
          price: '390',
          term: 'склад',
          unit: 'шт.',
          count: 14,
        },
        {
          pos: '9',
          title: ['Манометр показывающий 0-1,6 МПа'],
          marka: ['ДМ 02-100-1-G1/2'],
          man: 'Росма',
          price: '1 450',
          term: 'склад',
          unit: 'шт.',
          count: 8,
        },
        {
          pos: '10',
          title: ['Кабель силовой медный 5х2,5'],
          marka: ['ВВГнг(А)-LS 5х2,5'],
          price: '212',
          term: 'склад',
          unit: 'м',
          count: 140,
        },
        {
          pos: '11',
          title: ['Кабель силовой медный 5х25'],
          marka: ['ВВГнг(А)-LS 5х25'],
          price: '1 870',
          term: '1 нед.',
          unit: 'м',
          count: 35,
        },
        {
          pos: '12',
          title: ['Шкаф управления насосами'],
          marka: ['ШУН-2-5,5'],
          man: 'Термис',
          price: '184 000',
          term: '4 нед.',
          unit: 'компл.',
          count: 1,
          mass: '42',
        },
      ],
    ],
  },
];

export interface TruthRow {
  page: number;
  section: string;
  pos: string;
  title: string;
  marka: string;
  unit: string;
  count: number | null;
}

function isItem(e: Entry): e is Item {
  return 'pos' in e;
}

export function truthOf(spec: Spec): TruthRow[] {
  const out: TruthRow[] = [];
  let section = '';
  let prevTitle = '';
  spec.pages.forEach((entries, p) => {
    for (const e of entries) {
      if (!isItem(e)) {
        section = e.section;
        continue;
      }
      let title = joinPieces(e.title);
      const same = title.match(/^То же(?:[,.]\s*(.*))?$/);
      if (same) title = joinPieces([prevTitle, same[1] ?? '']);
      prevTitle = title;
      const q = parseQuantity(String(e.count));
      out.push({
        page: p + 1,
        section,
        pos: e.pos,
        title,
        marka: joinPieces(e.marka ?? []),
        unit: normaliseUnit(e.unit),
        count: typeof e.count === 'number' ? e.count : q.value,
      });
    }
  });
  return out;
}

// ------------------------------------------------------------------ xlsx

const WIDTHS_MM = [20, 130, 60, 35, 45, 20, 20, 25, 40];
const GOST_FIELDS: Field[] = [
  'pos',
  'title',
  'marka',
  'sku',
  'man',
  'unit',
  'count',
  'mass',
  'note',
];

function layoutOf(spec: Spec): Layout {
  return (
    spec.layout ?? {
      head: spec.edition === 2013 ? HEAD_2013 : HEAD_1995,
      widths: WIDTHS_MM,
      fields: GOST_FIELDS,
      numbers: true,
    }
  );
}

/** Text of one column of an item's k-th printed line (values on the first line, name/type lines on all). */
function lineValue(e: Item, field: Field, k: number): string {
  if (field === 'title') return e.title[k] ?? '';
  if (field === 'marka') return e.marka?.[k] ?? '';
  if (k > 0) return '';
  if (field === 'count') return String(e.count);
  return e[field] ?? '';
}

async function writeXlsx(spec: Spec, ruled: boolean): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'scanner-corpus';
  const layout = layoutOf(spec);
  const n = layout.fields.length;
  const titleCol = layout.fields.indexOf('title');
  const word = spec.style === 'word';
  const thin = { style: 'thin' as const };
  spec.pages.forEach((entries, p) => {
    const ws = wb.addWorksheet(`Лист ${p + 1}`, {
      pageSetup: word
        ? {
            paperSize: 9 as unknown as ExcelJS.PaperSize,
            orientation: 'portrait',
            fitToPage: true,
            fitToWidth: 1,
            fitToHeight: 0,
            margins: { left: 0.8, right: 0.4, top: 0.4, bottom: 0.4, header: 0, footer: 0 },
          }
        : {
            paperSize: 8 as unknown as ExcelJS.PaperSize,
            orientation: 'landscape',
            fitToPage: true,
            fitToWidth: 1,
            fitToHeight: 1,
            margins: { left: 0.8, right: 0.2, top: 0.2, bottom: 0.2, header: 0, footer: 0 },
          },
    });
    ws.columns = layout.widths.map((w) => ({ width: w / 2.2 }));
    const font = { name: 'Liberation Sans', size: 10 };
    const put = (
      values: (string | number | ExcelJS.CellFormulaValue)[],
      opts: {
        bold?: boolean;
        borders?: 'all' | 'vertical' | 'none';
        height?: number;
        center?: boolean;
      } = {},
    ) => {
      const row = ws.addRow(values);
      if (opts.height) row.height = opts.height;
      for (let c = 1; c <= n; c++) {
        const cell = row.getCell(c);
        cell.font = { ...font, bold: opts.bold ?? false };
        const numeric = ['pos', 'unit', 'count', 'mass', 'note', 'price', 'term'].includes(
          layout.fields[c - 1]!,
        );
        cell.alignment = {
          vertical: 'top',
          horizontal: opts.center || numeric ? 'center' : 'left',
          wrapText: true,
        };
        if (opts.borders === 'all')
          cell.border = { top: thin, bottom: thin, left: thin, right: thin };
        else if (opts.borders === 'vertical') cell.border = { left: thin, right: thin };
      }
      return row;
    };
    const at = (col: number, v: string) =>
      Array.from({ length: col + 1 }, (_, i) => (i === col ? v : ''));
    if (p === 0) {
      put(
        at(
          titleCol,
          spec.layout
            ? `Ведомость ${spec.code}`
            : 'Спецификация оборудования, изделий и материалов',
        ),
        { bold: true },
      );
      put([]);
    }
    const h = put(layout.head, { borders: 'all', height: word ? undefined : 42, center: true });
    h.eachCell((c) => (c.alignment = { vertical: 'middle', horizontal: 'center', wrapText: true }));
    if (layout.numbers)
      put(
        layout.fields.map((_, i) => String(i + 1)),
        { borders: 'all', center: true },
      );
    const dataBorders = ruled ? 'all' : 'vertical';
    for (const e of entries) {
      if (!isItem(e)) {
        const r = put(at(titleCol, e.section), { bold: !spec.plainHeadings, borders: dataBorders });
        if (!spec.plainHeadings)
          r.getCell(titleCol + 1).font = { ...font, bold: true, underline: true };
        continue;
      }
      const lines = Math.max(e.title.length, e.marka?.length ?? 0);
      for (let k = 0; k < lines; k++) {
        put(
          layout.fields.map((f): string | number | ExcelJS.CellFormulaValue => {
            if (f === 'count' && k === 0)
              return e.formula ? { formula: e.formula, result: e.count as number } : e.count;
            return lineValue(e, f, k);
          }),
          { borders: dataBorders },
        );
      }
    }
    if (!ruled) put([], { borders: 'all', height: 4 });
    put([]);
    if (!spec.layout)
      put(['Изм.', 'Кол.уч.', 'Лист', '№ док.', 'Подп.', 'Дата', spec.code, '', `Лист ${p + 1}`], {
        borders: 'all',
      });
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

// ------------------------------------------------------------------ docx

function esc(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

const TWIPS_PER_MM = 56.6929;

function para(text: string, o: { bold?: boolean; center?: boolean } = {}): string {
  const rpr = `<w:rPr><w:rFonts w:ascii="Liberation Sans" w:hAnsi="Liberation Sans" w:cs="Liberation Sans"/>${o.bold ? '<w:b/>' : ''}<w:sz w:val="18"/></w:rPr>`;
  const ppr = `<w:pPr><w:spacing w:before="0" w:after="0"/>${o.center ? '<w:jc w:val="center"/>' : ''}</w:pPr>`;
  return `<w:p>${ppr}${text ? `<w:r>${rpr}<w:t xml:space="preserve">${esc(text)}</w:t></w:r>` : ''}</w:p>`;
}

function cell(
  paras: string[],
  widthMm: number,
  o: { span?: number; vMerge?: 'restart' | 'continue'; bold?: boolean; center?: boolean } = {},
): string {
  const width = Math.round(widthMm * TWIPS_PER_MM);
  const tcPr = `<w:tcPr><w:tcW w:w="${width}" w:type="dxa"/>${o.span && o.span > 1 ? `<w:gridSpan w:val="${o.span}"/>` : ''}${o.vMerge === 'restart' ? '<w:vMerge w:val="restart"/>' : o.vMerge === 'continue' ? '<w:vMerge/>' : ''}</w:tcPr>`;
  const body = paras.length ? paras.map((t) => para(t, o)).join('') : para('');
  return `<w:tc>${tcPr}${body}</w:tc>`;
}

function docxTable(spec: Spec, entries: Entry[], borders: boolean): string {
  const layout = layoutOf(spec);
  const w = layout.widths;
  const titleCol = layout.fields.indexOf('title');
  const centred = (f: Field) =>
    ['pos', 'unit', 'count', 'mass', 'note', 'price', 'term'].includes(f);
  const grid = w.map((x) => `<w:gridCol w:w="${Math.round(x * TWIPS_PER_MM)}"/>`).join('');
  const line = (b: string) =>
    borders
      ? `<w:${b} w:val="single" w:sz="4" w:space="0" w:color="000000"/>`
      : `<w:${b} w:val="nil"/>`;
  const border =
    '<w:tblBorders>' +
    ['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map(line).join('') +
    '</w:tblBorders>';
  let rows = `<w:tr><w:trPr><w:tblHeader/></w:trPr>${layout.head.map((h, i) => cell(h.split('\n'), w[i]!, { center: true })).join('')}</w:tr>`;
  if (layout.numbers)
    rows += `<w:tr><w:trPr><w:tblHeader/></w:trPr>${layout.head.map((_, i) => cell([String(i + 1)], w[i]!, { center: true })).join('')}</w:tr>`;
  let n = 0;
  for (const e of entries) {
    if (!isItem(e)) {
      const before = Array.from({ length: titleCol }, (_, i) => cell([], w[i]!)).join('');
      rows += `<w:tr>${before}${cell(
        [e.section],
        w.slice(titleCol).reduce((a, b) => a + b, 0),
        { span: w.length - titleCol, bold: !spec.plainHeadings },
      )}</w:tr>`;
      continue;
    }
    n++;
    // Every third multi-line item is written as two rows with the value cells merged vertically
    // (vMerge); the others keep the lines as paragraphs of one cell.
    const split = e.title.length > 1 && n % 3 === 0;
    const values = layout.fields.map((f) => lineValue(e, f, 0));
    if (split) {
      const first = layout.fields.map((f, i) =>
        f === 'title'
          ? cell([e.title[0]!], w[i]!)
          : f === 'marka'
            ? cell([(e.marka ?? []).join(' ')], w[i]!)
            : cell([values[i]!], w[i]!, { vMerge: 'restart', center: centred(f) }),
      );
      const second = layout.fields.map((f, i) =>
        f === 'title'
          ? cell(e.title.slice(1), w[i]!)
          : f === 'marka'
            ? cell([], w[i]!)
            : cell([], w[i]!, { vMerge: 'continue' }),
      );
      rows += `<w:tr>${first.join('')}</w:tr><w:tr>${second.join('')}</w:tr>`;
    } else {
      rows += `<w:tr>${layout.fields.map((f, i) => (f === 'title' ? cell(e.title, w[i]!) : f === 'marka' ? cell(e.marka ?? [], w[i]!) : cell(values[i] ? [values[i]!] : [], w[i]!, { center: centred(f) }))).join('')}</w:tr>`;
    }
  }
  return `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/>${border}<w:tblLayout w:type="fixed"/></w:tblPr><w:tblGrid>${grid}</w:tblGrid>${rows}</w:tbl>`;
}

/** An OOXML package: its parts stored in a zip (tests/helpers/sample-files.ts writes it). */
const zipStore = (files: Record<string, string>): Buffer =>
  zipArchive(Object.entries(files).map(([name, data]) => ({ name, data })));

function writeDocx(spec: Spec, borders = spec.style !== 'word'): Buffer {
  const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
  let body = para(
    spec.layout ? `Ведомость ${spec.code}` : 'Спецификация оборудования, изделий и материалов',
    { bold: true },
  );
  spec.pages.forEach((entries, p) => {
    if (p > 0) body += '<w:p><w:r><w:br w:type="page"/></w:r></w:p>';
    body += docxTable(spec, entries, borders);
    body += para(`${spec.code}    Лист ${p + 1}`);
  });
  const sect =
    spec.style === 'word'
      ? '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="850" w:right="567" w:bottom="850" w:left="1134" w:header="0" w:footer="0" w:gutter="0"/></w:sectPr>'
      : '<w:sectPr><w:pgSz w:w="23811" w:h="16838" w:orient="landscape"/><w:pgMar w:top="567" w:right="283" w:bottom="567" w:left="1134" w:header="0" w:footer="0" w:gutter="0"/></w:sectPr>';
  return zipStore({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    'word/document.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${W}><w:body>${body}${sect}</w:body></w:document>`,
  });
}

// ------------------------------------------------------------------ PDF variants and scans

/** Store page 2 (or the last page) rotated: its content is drawn turned 90° and /Rotate 90 turns it back upright. */
async function rotatePage(pdfBytes: Uint8Array): Promise<Uint8Array> {
  const src = await PDFDocument.load(pdfBytes);
  const out = await PDFDocument.create();
  const target = Math.min(1, src.getPageCount() - 1);
  for (let i = 0; i < src.getPageCount(); i++) {
    if (i !== target) {
      const [copied] = await out.copyPages(src, [i]);
      out.addPage(copied!);
      continue;
    }
    const [embedded] = await out.embedPdf(src, [i]);
    const { width, height } = embedded!;
    const page = out.addPage([height, width]);
    page.drawPage(embedded!, { x: height, y: 0, rotate: degrees(90) });
    page.setRotation(degrees(90));
  }
  return out.save();
}

/**
 * Gaussian speckle (mean 128, sigma 40) from a seeded generator, so the corpus comes out the same
 * on every run and the accuracy figures of the scans can be compared between runs.
 */
function seededNoise(width: number, height: number, seed: number): Buffer {
  let a = seed >>> 0 || 1;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = Buffer.alloc(width * height * 3);
  for (let i = 0; i < out.length; i += 2) {
    const r = Math.sqrt(-2 * Math.log(next() || 1e-12));
    const th = 2 * Math.PI * next();
    out[i] = Math.max(0, Math.min(255, Math.round(128 + 40 * r * Math.cos(th))));
    if (i + 1 < out.length)
      out[i + 1] = Math.max(0, Math.min(255, Math.round(128 + 40 * r * Math.sin(th))));
  }
  return out;
}

/** Render at 300 DPI, tilt slightly, add speckle noise and blur, save as JPEG (and PNG for page 1). */
async function scanPages(
  pdfBytes: Uint8Array,
  doc: string,
): Promise<{ jpgs: Buffer[]; png: Buffer }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'scan-corpus-'));
  try {
    writeFileSync(path.join(dir, 'in.pdf'), pdfBytes);
    execFileSync('pdftoppm', [
      '-r',
      '300',
      '-gray',
      '-png',
      path.join(dir, 'in.pdf'),
      path.join(dir, 'p'),
    ]);
    const files = readdirSync(dir)
      .filter((f) => f.startsWith('p') && f.endsWith('.png'))
      .sort();
    const jpgs: Buffer[] = [];
    let png: Buffer | null = null;
    let seed = doc.length;
    for (const f of files) {
      const img = sharp(path.join(dir, f));
      const meta = await img.metadata();
      const w = meta.width!;
      const hgt = meta.height!;
      const noise = await sharp(seededNoise(w, hgt, seed * 7919 + files.indexOf(f)), {
        raw: { width: w, height: hgt, channels: 3 },
      })
        .linear(0.12, 225)
        .png()
        .toBuffer();
      seed++;
      const angle = seed % 2 ? 0.6 : -0.45;
      const processed = await sharp(path.join(dir, f))
        .flatten({ background: '#ffffff' })
        .composite([{ input: noise, blend: 'multiply' }])
        .rotate(angle, { background: '#ffffff' })
        .blur(0.6)
        .resize(w, hgt, { fit: 'cover' })
        .withMetadata({ density: 300 })
        .toColourspace('b-w')
        .jpeg({ quality: 78 })
        .toBuffer();
      jpgs.push(processed);
      if (!png) png = await sharp(processed).withMetadata({ density: 300 }).png().toBuffer();
    }
    return { jpgs, png: png! };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function imagePdf(jpgs: Buffer[]): Promise<Uint8Array> {
  const out = await PDFDocument.create();
  for (const j of jpgs) {
    const img = await out.embedJpg(j);
    const page = out.addPage([(img.width * 72) / 300, (img.height * 72) / 300]);
    page.drawImage(img, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() });
  }
  return out.save();
}

// ------------------------------------------------------------------ driver

export interface GenerateOptions {
  outDir?: string;
  variants?: readonly Variant[];
  docs?: string[];
  log?: (s: string) => void;
  /** Write tests/fixtures/scanner/<doc>.truth.json (default true). */
  writeTruth?: boolean;
}

/** Generate the corpus; returns the files written per document. Truth JSON is (re)written every time. */
export async function generateCorpus(
  opts: GenerateOptions = {},
): Promise<Record<string, Partial<Record<Variant, string>>>> {
  const outDir = opts.outDir ?? CORPUS_DIR;
  const variants = new Set(opts.variants ?? VARIANTS);
  const log = opts.log ?? (() => {});
  mkdirSync(outDir, { recursive: true });
  if (opts.writeTruth !== false) mkdirSync(TRUTH_DIR, { recursive: true });
  const written: Record<string, Partial<Record<Variant, string>>> = {};
  for (const spec of SPECS.filter((s) => !opts.docs || opts.docs.includes(s.name))) {
    const files: Partial<Record<Variant, string>> = {};
    written[spec.name] = files;
    const save = (v: Variant, bytes: Uint8Array) => {
      const f = path.join(outDir, variantFile(spec.name, v));
      writeFileSync(f, bytes);
      files[v] = f;
      log(`${f} (${bytes.length} bytes)`);
    };
    if (opts.writeTruth !== false)
      writeFileSync(
        path.join(TRUTH_DIR, `${spec.name}.truth.json`),
        JSON.stringify({ document: spec.name, rows: truthOf(spec) }, null, 1) + '\n',
      );
    const xlsx = await writeXlsx(spec, true);
    const docx = writeDocx(spec);
    const want = (v: Variant) => variants.has(v) && !spec.skip?.includes(v);
    if (want('xlsx')) save('xlsx', xlsx);
    if (want('docx')) save('docx', docx);
    if (want('xls')) save('xls', await convertOffice(xlsx, 'xlsx', 'xls'));
    if (want('doc')) save('doc', await convertOffice(docx, 'docx', 'doc'));
    // A Word-style document is printed from the .docx (with borders for the ruled PDF and the
    // scans, without any for pdf-norules); the others from the .xlsx.
    const word = spec.style === 'word';
    let ruledPdf: Uint8Array | null = null;
    const needRuled = (
      ['pdf', 'pdf-rotated', 'scan-jpg', 'scan-png', 'scan-pdf'] as Variant[]
    ).some(want);
    if (needRuled)
      ruledPdf = word
        ? await convertOffice(writeDocx(spec, true), 'docx', 'pdf')
        : await convertOffice(xlsx, 'xlsx', 'pdf');
    if (want('pdf')) save('pdf', ruledPdf!);
    if (want('pdf-norules'))
      save(
        'pdf-norules',
        word
          ? await convertOffice(writeDocx(spec, false), 'docx', 'pdf')
          : await convertOffice(await writeXlsx(spec, false), 'xlsx', 'pdf'),
      );
    if (want('pdf-rotated')) save('pdf-rotated', await rotatePage(ruledPdf!));
    if (want('scan-jpg') || want('scan-png') || want('scan-pdf')) {
      const { jpgs, png } = await scanPages(ruledPdf!, spec.name);
      if (want('scan-jpg')) save('scan-jpg', jpgs[0]!);
      if (want('scan-png')) save('scan-png', png);
      if (want('scan-pdf')) save('scan-pdf', await imagePdf(jpgs));
    }
  }
  return written;
}

export function readTruth(doc: string): TruthRow[] {
  return (
    JSON.parse(readFileSync(path.join(TRUTH_DIR, `${doc}.truth.json`), 'utf8')) as {
      rows: TruthRow[];
    }
  ).rows;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const asked = process.argv
    .slice(2)
    .filter((a) => (VARIANTS as readonly string[]).includes(a)) as Variant[];
  const t = Date.now();
  const docs = process.argv.slice(2).filter((a) => SPECS.some((s) => s.name === a));
  await generateCorpus({
    variants: asked.length ? asked : VARIANTS,
    docs: docs.length ? docs : undefined,
    log: (s) => console.log(s),
  });
  console.log(`corpus written to ${CORPUS_DIR} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}
