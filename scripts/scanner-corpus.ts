// Our own GOST 21.110 Form 1 specifications for the document scanner, with ground truth, in every
// format the scanner accepts: xlsx (exceljs), docx (a small OOXML writer below), xls and doc
// (LibreOffice from the xlsx/docx), PDF with ruled rows, PDF without horizontal row lines, PDF with
// a page stored rotated (/Rotate 90, displays upright) and a 300 DPI "scan" (slight skew, noise,
// JPEG) as JPG, PNG and an image-only PDF.
//
//   npm run scanner:corpus                 → all formats into .scanner-corpus/
//   npm run scanner:corpus -- xlsx docx    → only these formats
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
import { joinPieces } from '../src/features/scanner/recognition/normalise.ts';
import { zipArchive } from '../tests/helpers/sample-files.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CORPUS_DIR = path.join(ROOT, '.scanner-corpus');
export const TRUTH_DIR = path.join(ROOT, 'tests/fixtures/scanner');

export const VARIANTS = ['xlsx', 'docx', 'xls', 'doc', 'pdf', 'pdf-norules', 'pdf-rotated', 'scan-jpg', 'scan-png', 'scan-pdf'] as const;
export type Variant = (typeof VARIANTS)[number];

export function variantFile(doc: string, v: Variant): string {
  const ext: Record<Variant, string> = {
    xlsx: 'xlsx', docx: 'docx', xls: 'xls', doc: 'doc', pdf: 'ruled.pdf', 'pdf-norules': 'norules.pdf',
    'pdf-rotated': 'rotated.pdf', 'scan-jpg': 'scan.jpg', 'scan-png': 'scan.png', 'scan-pdf': 'scan.pdf',
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
}
type Entry = { section: string } | Item;

interface Spec {
  name: string;
  code: string;
  edition: 2013 | 1995;
  pages: Entry[][];
}

const HEAD_2013 = ['Поз.', 'Наименование и техническая характеристика', 'Тип, марка, обозначение документа, опросного листа', 'Код продукции', 'Поставщик', 'Ед. изме-\nрения', 'Коли-\nчество', 'Масса 1 ед., кг', 'Примечание'];
const HEAD_1995 = ['Позиция', 'Наименование и техническая характеристика', 'Тип, марка оборудования. Обозначение документа, опросного листа', 'Код оборудования, изделия, материала', 'Завод-изготовитель', 'Единица измере-\nния', 'Коли-\nчество', 'Масса единицы, кг', 'Примечание'];

export const SPECS: Spec[] = [
  {
    name: 'itp',
    code: 'ИТП-01-ОВ.СО',
    edition: 2013,
    pages: [
      [
        { section: 'Теплообменное оборудование' },
        { pos: '1', title: ['Теплообменник пластинчатый разборный для системы', 'отопления, Q=450 кВт, 95/70 °С'], marka: ['НН №14-ТКТМ-16/1-10-1'], man: 'Ридан', unit: 'шт.', count: 1, mass: '185' },
        { pos: '2', title: ['Теплообменник пластинчатый паяный для системы ГВС,', 'Q=320 кВт, двухступенчатая схема'], marka: ['XB 37H-1 60'], man: 'Danfoss', unit: 'шт', count: 2, mass: '12,4' },
        { pos: '3', title: ['То же'], marka: ['XB 37H-1 40'], man: 'Danfoss', unit: 'шт', count: 1, mass: '9,8' },
        { section: 'Насосное оборудование' },
        { pos: '4', title: ['Насос циркуляционный системы отопления с мокрым ротором,', 'G=14,2 м3/ч, H=8 м, 1x230 В'], marka: ['MAGNA3 40-120 F'], man: 'Grundfos', unit: 'шт.', count: '2 (1 раб.+1 рез.)', mass: '21,5' },
        { pos: '5', title: ['Насос подпиточный вертикальный многоступенчатый'], marka: ['CR 3-8', 'A-A-A-E-HQQE'], man: 'Grundfos', unit: 'шт.', count: 2, mass: '28' },
        { pos: '6', title: ['Насос циркуляционный ГВС, бронзовый корпус'], marka: ['Stratos PICO-Z 25/1-6'], man: 'Wilo', unit: 'шт.', count: 1, mass: '2,1' },
        { section: 'Запорно-регулирующая арматура' },
        { pos: '7', title: ['Клапан регулирующий седельный с электроприводом', 'AME 435 QM, Kvs=16 м3/ч, Ду 32'], marka: ['VB-2 Ду32'], man: 'Danfoss', unit: 'компл', count: 1 },
        { pos: '8', title: ['Регулятор перепада давления с ограничением расхода'], marka: ['AFPQ Ду40'], man: 'Danfoss', unit: 'шт.', count: 1, mass: '14,2' },
        { pos: '9', title: ['Кран шаровой стальной фланцевый Ду 80, Ру 25'], marka: ['BALLOMAX КШТ 61.103.080'], man: 'Broen', unit: 'шт.', count: '29+3 (10%)=32', note: 'с запасом 10%' },
        { pos: '10', title: ['Кран шаровой муфтовый латунный Ду 15'], marka: ['LD.ПРО 11Б27п'], man: 'LD', unit: 'шт.', count: 24 },
        { pos: '11', title: ['Клапан балансировочный ручной Ду 50'], marka: ['Ballorex Venturi DN50'], man: 'Broen', unit: 'шт.', count: 4, mass: '6,3' },
        { pos: '12', title: ['Фильтр сетчатый фланцевый магнитный Ду 80'], marka: ['ФМФ-80'], man: 'Тепловодомер', unit: 'шт.', count: 2 },
      ],
      [
        { section: 'Контрольно-измерительные приборы' },
        { pos: '13', title: ['Манометр показывающий радиальный 0-1,6 МПа, кл. 1,5'], marka: ['ДМ 02-100-1-G1/2'], man: 'Росма', unit: 'шт.', count: 18 },
        { pos: '14', title: ['Термометр биметаллический 0-120 °С с гильзой'], marka: ['БТ-51.211'], man: 'Росма', unit: 'шт.', count: 14 },
        { pos: '15', title: ['Датчик давления 0-1,0 МПа, 4-20 мА'], marka: ['ПД100-ДИ1,0-111-0,5'], man: 'ОВЕН', unit: 'шт', count: 6 },
        { pos: '16', title: ['Датчик температуры погружной Pt1000'], marka: ['ДТС125Л-РТ1000.0,5.60'], man: 'ОВЕН', unit: 'шт.', count: '4' },
        { section: 'Щиты и шкафы управления' },
        { pos: '17', title: ['Шкаф управления ИТП с контроллером, ввод 3x400 В,', 'IP54, с GSM-модулем и диспетчеризацией', 'по Modbus TCP'], marka: ['ШУ-ИТП-01'], man: 'Термис', unit: 'компл.', count: 1, mass: '42' },
        { pos: '18', title: ['Шкаф управления насосами 2x5,5 кВт, каскадный режим'], marka: ['ШУН-2-5,5'], man: 'Термис', unit: 'шт.', count: 1 },
        { section: 'Трубопроводы и материалы' },
        { pos: '19', title: ['Труба стальная электросварная 89х3,5'], marka: ['ГОСТ 10704-91'], unit: 'м', count: '12,5', mass: '7,38' },
        { pos: '20', title: ['Труба стальная водогазопроводная 32х3,2'], marka: ['ГОСТ 3262-75'], unit: 'м.п.', count: '36,0' },
        { pos: '21', title: ['Изоляция трубная из вспененного каучука,', 'толщина 19 мм'], marka: ['K-Flex ST 19x89'], man: 'K-Flex', unit: 'пог.м', count: '48' },
        { pos: '22', title: ['Краска грунтовочная ГФ-021'], unit: 'кг', count: 0.75, formula: '3/4' },
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
        { pos: '1.1', title: ['Установка повышения давления на базе трёх', 'вертикальных насосов, Q=36 м3/ч, H=48 м'], marka: ['Hydro MPC-E 3 CR15-4'], man: 'Grundfos', unit: 'компл.', count: 1, mass: '412' },
        { pos: '1.2', title: ['Бак мембранный 100 л, 16 бар'], marka: ['Reflex DE 100'], man: 'Reflex', unit: 'шт.', count: 2 },
        { pos: '1.3', title: ['Насос дренажный погружной с поплавком'], marka: ['Unilift KP 250-A1'], man: 'Grundfos', unit: 'шт.', count: 1 },
        { pos: '1.4', title: ['То же, без поплавка'], marka: ['Unilift KP 250-M1'], man: 'Grundfos', unit: 'шт.', count: 1 },
        { section: '2. Арматура' },
        { pos: '2.1', title: ['Затвор дисковый поворотный с редуктором Ду 150'], marka: ['Tecofi VP3448'], man: 'Tecofi', unit: 'шт.', count: 4 },
        { pos: '2.2', title: ['Клапан обратный межфланцевый Ду 100'], marka: ['Tecofi CB3440'], man: 'Tecofi', unit: 'шт.', count: 3 },
        { pos: '2.3', title: ['Вставка гибкая резиновая фланцевая', 'Ду 100, Ру 16'], marka: ['VA-100'], unit: 'шт.', count: 6 },
        { pos: '2.4', title: ['Кран шаровой полнопроходной Ду 20'], marka: ['Valtec VT.214.N'], man: 'Valtec', unit: 'шт.', count: '10-12' },
      ],
      [
        { section: '3. Автоматика' },
        { pos: '3.1', title: ['Реле давления для защиты от сухого хода'], marka: ['РД-5'], man: 'Danfoss', unit: 'шт.', count: 1 },
        { pos: '3.2', title: ['Преобразователь частоты 7,5 кВт'], marka: ['VLT HVAC FC 102'], man: 'Danfoss', unit: 'шт.', count: 3 },
        { pos: '3.3', title: ['Кабель силовой медный', 'не распространяющий горение'], marka: ['ВВГнг(А)-LS 5х4'], unit: 'м', count: 'по месту' },
        { section: '4. Трубопроводы' },
        { pos: '4.1', title: ['Труба напорная из полиэтилена ПЭ100 SDR17 110х6,6'], marka: ['ГОСТ 18599-2001'], unit: 'м', count: '120,5' },
        { pos: '4.2', title: ['Отвод стальной крутоизогнутый 90° 159х4,5'], marka: ['ГОСТ 17375-2001'], unit: 'шт.', count: 16 },
        { pos: '4.3', title: ['Переход концентрический 159х108'], marka: ['ГОСТ 17378-2001'], unit: 'шт.', count: 4 },
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
      out.push({ page: p + 1, section, pos: e.pos, title, marka: joinPieces(e.marka ?? []), unit: normaliseUnit(e.unit), count: typeof e.count === 'number' ? e.count : q.value });
    }
  });
  return out;
}

// ------------------------------------------------------------------ xlsx

const WIDTHS_MM = [20, 130, 60, 35, 45, 20, 20, 25, 40];

async function writeXlsx(spec: Spec, ruled: boolean): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'scanner-corpus';
  const head = spec.edition === 2013 ? HEAD_2013 : HEAD_1995;
  const thin = { style: 'thin' as const };
  spec.pages.forEach((entries, p) => {
    const ws = wb.addWorksheet(`Лист ${p + 1}`, {
      pageSetup: { paperSize: 8 as unknown as ExcelJS.PaperSize, orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 1, margins: { left: 0.8, right: 0.2, top: 0.2, bottom: 0.2, header: 0, footer: 0 } },
    });
    ws.columns = WIDTHS_MM.map((w) => ({ width: w / 2.2 }));
    const font = { name: 'Liberation Sans', size: 10 };
    const put = (values: (string | number | ExcelJS.CellFormulaValue)[], opts: { bold?: boolean; borders?: 'all' | 'vertical' | 'none'; height?: number; center?: boolean } = {}) => {
      const row = ws.addRow(values);
      if (opts.height) row.height = opts.height;
      for (let c = 1; c <= 9; c++) {
        const cell = row.getCell(c);
        cell.font = { ...font, bold: opts.bold ?? false };
        cell.alignment = { vertical: 'top', horizontal: opts.center || c === 1 || c >= 6 ? 'center' : 'left', wrapText: true };
        if (opts.borders === 'all') cell.border = { top: thin, bottom: thin, left: thin, right: thin };
        else if (opts.borders === 'vertical') cell.border = { left: thin, right: thin };
      }
      return row;
    };
    if (p === 0) {
      put(['', 'Спецификация оборудования, изделий и материалов'], { bold: true });
      put([]);
    }
    const h = put(head, { borders: 'all', height: 42, center: true });
    h.eachCell((c) => (c.alignment = { vertical: 'middle', horizontal: 'center', wrapText: true }));
    put(['1', '2', '3', '4', '5', '6', '7', '8', '9'], { borders: 'all', center: true });
    const dataBorders = ruled ? 'all' : 'vertical';
    for (const e of entries) {
      if (!isItem(e)) {
        const r = put(['', e.section], { bold: true, borders: dataBorders });
        r.getCell(2).font = { ...font, bold: true, underline: true };
        continue;
      }
      const lines = Math.max(e.title.length, e.marka?.length ?? 0);
      for (let k = 0; k < lines; k++) {
        const first = k === 0;
        let count: string | number | ExcelJS.CellFormulaValue = '';
        if (first) count = e.formula ? { formula: e.formula, result: e.count as number } : e.count;
        put([first ? e.pos : '', e.title[k] ?? '', e.marka?.[k] ?? '', first ? (e.sku ?? '') : '', first ? (e.man ?? '') : '', first ? e.unit : '', count, first ? (e.mass ?? '') : '', first ? (e.note ?? '') : ''], { borders: dataBorders });
      }
    }
    if (!ruled) put([], { borders: 'all', height: 4 });
    put([]);
    put(['Изм.', 'Кол.уч.', 'Лист', '№ док.', 'Подп.', 'Дата', spec.code, '', `Лист ${p + 1}`], { borders: 'all' });
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

// ------------------------------------------------------------------ docx

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const TWIPS_PER_MM = 56.6929;

function para(text: string, o: { bold?: boolean; center?: boolean } = {}): string {
  const rpr = `<w:rPr><w:rFonts w:ascii="Liberation Sans" w:hAnsi="Liberation Sans" w:cs="Liberation Sans"/>${o.bold ? '<w:b/>' : ''}<w:sz w:val="18"/></w:rPr>`;
  const ppr = `<w:pPr><w:spacing w:before="0" w:after="0"/>${o.center ? '<w:jc w:val="center"/>' : ''}</w:pPr>`;
  return `<w:p>${ppr}${text ? `<w:r>${rpr}<w:t xml:space="preserve">${esc(text)}</w:t></w:r>` : ''}</w:p>`;
}

function cell(paras: string[], o: { span?: number; vMerge?: 'restart' | 'continue'; bold?: boolean; center?: boolean } = {}): string {
  const width = Math.round(WIDTHS_MM.slice(0, o.span ?? 1).reduce((a, b) => a + b, 0) * TWIPS_PER_MM);
  const tcPr = `<w:tcPr><w:tcW w:w="${width}" w:type="dxa"/>${o.span && o.span > 1 ? `<w:gridSpan w:val="${o.span}"/>` : ''}${o.vMerge === 'restart' ? '<w:vMerge w:val="restart"/>' : o.vMerge === 'continue' ? '<w:vMerge/>' : ''}</w:tcPr>`;
  const body = paras.length ? paras.map((t) => para(t, o)).join('') : para('');
  return `<w:tc>${tcPr}${body}</w:tc>`;
}

function docxTable(spec: Spec, entries: Entry[]): string {
  const head = spec.edition === 2013 ? HEAD_2013 : HEAD_1995;
  const grid = WIDTHS_MM.map((w) => `<w:gridCol w:w="${Math.round(w * TWIPS_PER_MM)}"/>`).join('');
  const border = '<w:tblBorders>' + ['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map((b) => `<w:${b} w:val="single" w:sz="4" w:space="0" w:color="000000"/>`).join('') + '</w:tblBorders>';
  let rows = `<w:tr><w:trPr><w:tblHeader/></w:trPr>${head.map((h) => cell(h.split('\n'), { center: true })).join('')}</w:tr>`;
  rows += `<w:tr><w:trPr><w:tblHeader/></w:trPr>${head.map((_, i) => cell([String(i + 1)], { center: true })).join('')}</w:tr>`;
  let n = 0;
  for (const e of entries) {
    if (!isItem(e)) {
      rows += `<w:tr>${cell([])}${cell([e.section], { span: 8, bold: true })}</w:tr>`;
      continue;
    }
    n++;
    // Every third multi-line item is written as two rows with the value cells merged vertically
    // (vMerge); the others keep the lines as paragraphs of one cell.
    const split = e.title.length > 1 && n % 3 === 0;
    const values = [e.pos, '', '', e.sku ?? '', e.man ?? '', e.unit, String(e.count), e.mass ?? '', e.note ?? ''];
    if (split) {
      const first = values.map((v, i) => (i === 1 ? cell([e.title[0]!]) : i === 2 ? cell([(e.marka ?? []).join(' ')]) : cell([v], { vMerge: 'restart', center: i === 0 || i >= 5 })));
      const second = values.map((_, i) => (i === 1 ? cell(e.title.slice(1)) : i === 2 ? cell([]) : cell([], { vMerge: 'continue' })));
      rows += `<w:tr>${first.join('')}</w:tr><w:tr>${second.join('')}</w:tr>`;
    } else {
      rows += `<w:tr>${values.map((v, i) => (i === 1 ? cell(e.title) : i === 2 ? cell(e.marka ?? []) : cell(v ? [v] : [], { center: i === 0 || i >= 5 }))).join('')}</w:tr>`;
    }
  }
  return `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/>${border}<w:tblLayout w:type="fixed"/></w:tblPr><w:tblGrid>${grid}</w:tblGrid>${rows}</w:tbl>`;
}

/** An OOXML package: its parts stored in a zip (tests/helpers/sample-files.ts writes it). */
const zipStore = (files: Record<string, string>): Buffer => zipArchive(Object.entries(files).map(([name, data]) => ({ name, data })));

function writeDocx(spec: Spec): Buffer {
  const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
  let body = para('Спецификация оборудования, изделий и материалов', { bold: true });
  spec.pages.forEach((entries, p) => {
    if (p > 0) body += '<w:p><w:r><w:br w:type="page"/></w:r></w:p>';
    body += docxTable(spec, entries);
    body += para(`${spec.code}    Лист ${p + 1}`);
  });
  const sect = '<w:sectPr><w:pgSz w:w="23811" w:h="16838" w:orient="landscape"/><w:pgMar w:top="567" w:right="283" w:bottom="567" w:left="1134" w:header="0" w:footer="0" w:gutter="0"/></w:sectPr>';
  return zipStore({
    '[Content_Types].xml': '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    '_rels/.rels': '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
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

/** Render at 300 DPI, tilt slightly, add speckle noise and blur, save as JPEG (and PNG for page 1). */
async function scanPages(pdfBytes: Uint8Array, doc: string): Promise<{ jpgs: Buffer[]; png: Buffer }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'scan-corpus-'));
  try {
    writeFileSync(path.join(dir, 'in.pdf'), pdfBytes);
    execFileSync('pdftoppm', ['-r', '300', '-gray', '-png', path.join(dir, 'in.pdf'), path.join(dir, 'p')]);
    const files = readdirSync(dir).filter((f) => f.startsWith('p') && f.endsWith('.png')).sort();
    const jpgs: Buffer[] = [];
    let png: Buffer | null = null;
    let seed = doc.length;
    for (const f of files) {
      const img = sharp(path.join(dir, f));
      const meta = await img.metadata();
      const w = meta.width!;
      const hgt = meta.height!;
      const noise = await sharp({ create: { width: w, height: hgt, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
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
export async function generateCorpus(opts: GenerateOptions = {}): Promise<Record<string, Partial<Record<Variant, string>>>> {
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
    if (opts.writeTruth !== false) writeFileSync(path.join(TRUTH_DIR, `${spec.name}.truth.json`), JSON.stringify({ document: spec.name, rows: truthOf(spec) }, null, 1) + '\n');
    const xlsx = await writeXlsx(spec, true);
    const docx = writeDocx(spec);
    if (variants.has('xlsx')) save('xlsx', xlsx);
    if (variants.has('docx')) save('docx', docx);
    if (variants.has('xls')) save('xls', await convertOffice(xlsx, 'xlsx', 'xls'));
    if (variants.has('doc')) save('doc', await convertOffice(docx, 'docx', 'doc'));
    let ruledPdf: Uint8Array | null = null;
    const needRuled = ['pdf', 'pdf-rotated', 'scan-jpg', 'scan-png', 'scan-pdf'].some((v) => variants.has(v as Variant));
    if (needRuled) ruledPdf = await convertOffice(xlsx, 'xlsx', 'pdf');
    if (variants.has('pdf')) save('pdf', ruledPdf!);
    if (variants.has('pdf-norules')) save('pdf-norules', await convertOffice(await writeXlsx(spec, false), 'xlsx', 'pdf'));
    if (variants.has('pdf-rotated')) save('pdf-rotated', await rotatePage(ruledPdf!));
    if (variants.has('scan-jpg') || variants.has('scan-png') || variants.has('scan-pdf')) {
      const { jpgs, png } = await scanPages(ruledPdf!, spec.name);
      if (variants.has('scan-jpg')) save('scan-jpg', jpgs[0]!);
      if (variants.has('scan-png')) save('scan-png', png);
      if (variants.has('scan-pdf')) save('scan-pdf', await imagePdf(jpgs));
    }
  }
  return written;
}

export function readTruth(doc: string): TruthRow[] {
  return (JSON.parse(readFileSync(path.join(TRUTH_DIR, `${doc}.truth.json`), 'utf8')) as { rows: TruthRow[] }).rows;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const asked = process.argv.slice(2).filter((a) => (VARIANTS as readonly string[]).includes(a)) as Variant[];
  const t = Date.now();
  await generateCorpus({ variants: asked.length ? asked : VARIANTS, log: (s) => console.log(s) });
  console.log(`corpus written to ${CORPUS_DIR} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}
