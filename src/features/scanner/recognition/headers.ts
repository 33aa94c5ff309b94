// The heading vocabulary of GOST 21.110 Form 1 (2013 and -95 editions, plus the usual customer
// variants), fuzzy header matching, detection of the `1 2 3 …` column-number row and the column
// mapping suggested from them. Used by every reader: office cells, PDF text and OCR lines alike.

import { DEFAULT_MAPPING } from './types.ts';
import type { ColumnMapping } from './types.ts';
import type { SuggestionBasis, SuggestionConfidence } from './types.ts';
import { levenshtein } from '#lib/levenshtein.ts';
import { basicFold, joinPieces } from '#lib/normalise.ts';
import { isKnownUnit, parseQuantity } from './quantity.ts';

/** Fields the mapping knows, plus the columns that must not be mistaken for them. */
export type HeaderField = keyof ColumnMapping | 'mass' | 'note' | 'price' | 'sum' | 'other';

/** Heading phrases per field (folded: lower case, ё → е, punctuation as spaces). */
const VOCABULARY: Record<HeaderField, string[]> = {
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
  count: ['кол', 'количество', 'кол во', 'общ количество', 'общее количество', 'qty', 'quantity', 'count'],
  mass: ['масса 1 ед кг', 'масса единицы кг', 'масса ед кг', 'масса', 'вес', 'mass', 'weight'],
  note: ['примечание', 'примечания', 'note', 'notes', 'remark'],
  price: ['цена', 'цена за ед', 'стоимость', 'price'],
  sum: ['сумма', 'итого', 'всего', 'total', 'amount'],
  other: ['изм', 'лист', 'место установки', 'ссылочный документ'],
};

const MAPPED_FIELDS: (keyof ColumnMapping)[] = ['pos', 'title', 'marka', 'sku', 'man', 'unit', 'count'];

/** Folded heading text: hyphen breaks joined, punctuation → space, one alphabet for look-alikes. */
export function foldHeading(s: string): string {
  return basicFold(joinPieces([s]))
    .replace(/[^\p{L}\p{N}№]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function compact(s: string): string {
  return s.replace(/\s+/g, '');
}

function tokenMatch(h: string, p: string): boolean {
  if (h === p) return true;
  const tolerance = p.length >= 9 ? 2 : p.length >= 5 ? 1 : 0;
  return tolerance > 0 && levenshtein(h, p, tolerance) <= tolerance;
}

const STOP = new Set(['и', 'для', 'по', 'в', 'на', 'of', 'the', 'and']);

/** How well a folded heading matches one vocabulary phrase, 0..1. */
function phraseScore(heading: string, phrase: string): number {
  if (heading === phrase) return 1;
  const h = heading.split(' ').filter((t) => !STOP.has(t));
  const p = phrase.split(' ').filter((t) => !STOP.has(t));
  if (!h.length || !p.length) return 0;
  const used = new Set<number>();
  let matched = 0;
  for (const pt of p) {
    const i = h.findIndex((ht, k) => !used.has(k) && tokenMatch(ht, pt));
    if (i >= 0) {
      used.add(i);
      matched++;
    }
  }
  let score = (2 * matched) / (h.length + p.length);
  // A heading whose words were glued by a joined hyphen break (`заводизготовитель`), or a phrase
  // the heading merely starts with (`количество` / `кол`).
  const ch = compact(heading);
  const cp = compact(phrase);
  if (cp.length >= 4 && ch.includes(cp)) score = Math.max(score, 0.55 + 0.45 * (cp.length / ch.length));
  else if (ch.startsWith(cp) && cp.length >= 2) score = Math.max(score, 0.5 + 0.3 * (cp.length / ch.length));
  return score;
}

/** Best field for one heading cell and its score (score 0 and field null when nothing fits). */
export function matchHeading(text: string): { field: HeaderField | null; score: number } {
  const heading = foldHeading(text);
  if (!heading) return { field: null, score: 0 };
  let best: HeaderField | null = null;
  let bestScore = 0;
  for (const [field, phrases] of Object.entries(VOCABULARY) as [HeaderField, string[]][]) {
    for (const phrase of phrases) {
      const s = phraseScore(heading, phrase);
      if (s > bestScore) {
        bestScore = s;
        best = field;
      }
    }
  }
  return bestScore >= HEADING_THRESHOLD ? { field: best, score: bestScore } : { field: null, score: bestScore };
}

const HEADING_THRESHOLD = 0.6;

/**
 * A `1 2 3 …` column-number row: at least three cells, every filled cell a small whole number,
 * strictly increasing from 1 (gaps allowed: `1 2 3 4 5 6 8 10 11` when columns were removed).
 * Returns the number per column (0 for an empty cell) or null.
 */
export function columnNumbers(cells: string[]): number[] | null {
  const out: number[] = [];
  let count = 0;
  let last = 0;
  for (const raw of cells) {
    const c = raw.trim();
    if (!c) {
      out.push(0);
      continue;
    }
    if (!/^\d{1,2}\.?$/.test(c)) return null;
    const n = Number.parseInt(c, 10);
    if (n <= last || n > 40) return null;
    if (count === 0 && n !== 1) return null;
    out.push(n);
    last = n;
    count++;
  }
  return count >= 3 && count >= Math.ceil(cells.filter((c) => c.trim()).length) ? out : null;
}

/** True for a cell that continues a heading from the line above (`ния`, `(для импортного …)`). */
function continuesHeading(cell: string, above: string): boolean {
  const c = cell.trim();
  if (!c) return true;
  if (/-\s*$/.test(above.trim())) return true;
  return /^[\p{Ll}(,]/u.test(c) && !/\d/.test(c);
}

export interface HeaderDetection {
  /** Indexes (into `lines`) of the heading lines, in order; [] when none. */
  headerRows: number[];
  /** Index of the column-number row, or null. */
  numberRow: number | null;
  /** Heading per column as read (pieces joined), '' when unknown. */
  columns: string[];
  /** Suggested mapping; null when neither a heading nor a column-number row was recognised. */
  mapping: ColumnMapping | null;
}

/** How far down a page the heading is looked for (lines). */
const HEADER_SEARCH_LINES = 60;

/**
 * The field of one heading cell (matchHeading's), remembered per cell text. The row builder asks
 * this of every cell of every line (repeated headings), and fuzzy matching against the whole
 * vocabulary costs about 0.3 ms a cell: a 165,000-line sheet spent minutes here. Texts repeat
 * (names, makers, units), and a cell without a letter (positions, codes, quantities) can match no
 * phrase (every phrase needs a letter to reach the threshold), so it is answered at once.
 */
const fieldMemo = new Map<string, HeaderField | null>();
const FIELD_MEMO_SIZE = 20_000;
/** No letter even after NFKC (which folding applies first: `№` → `No`, `㎏` → `kg`). */
const letterless = (text: string): boolean => !/\p{L}/u.test(text.normalize('NFKC'));
export function headingField(text: string): HeaderField | null {
  if (letterless(text)) return null;
  let field = fieldMemo.get(text);
  if (field === undefined) {
    field = matchHeading(text).field;
    if (fieldMemo.size >= FIELD_MEMO_SIZE) fieldMemo.clear();
    fieldMemo.set(text, field);
  }
  return field;
}

/** True when a line looks like a table heading (two or more distinct heading cells, no data). */
export function isHeadingLine(cells: string[]): boolean {
  // A data row may contain one heading-like word (`Насос` is not one, `Код` might be); a heading
  // has most of its filled cells recognised. Cheap cells (letterless or seen before) are asked
  // first, and the line is given up as soon as too few cells are left to reach that share.
  const filled = cells.filter((c) => c.trim());
  const need = Math.max(2, Math.ceil(filled.length * 0.5));
  if (filled.length < need) return false;
  const fields: HeaderField[] = [];
  const unknown: string[] = [];
  let misses = 0;
  for (const c of filled) {
    const known = letterless(c) ? null : fieldMemo.get(c);
    if (known === undefined) unknown.push(c);
    else if (known === null) misses++;
    else fields.push(known);
    if (filled.length - misses < need) return false;
  }
  for (const c of unknown) {
    const f = headingField(c);
    if (f === null) misses++;
    else fields.push(f);
    if (filled.length - misses < need) return false;
  }
  return new Set(fields).size >= 2 && fields.length >= need;
}

/**
 * Find the table heading and the column-number row among the first lines of a page (cells cut
 * into the document's columns) and suggest a mapping. The heading may span up to five lines
 * (wrapped or hyphenated words, two-row merged cells); later pages may carry only the
 * column-number row.
 */
export function detectHeader(lines: string[][]): HeaderDetection {
  const width = lines.reduce((m, l) => Math.max(m, l.length), 0);
  const limit = Math.min(lines.length, HEADER_SEARCH_LINES);
  let numberRow: number | null = null;
  let numbers: number[] | null = null;
  const headerRows: number[] = [];
  for (let i = 0; i < limit; i++) {
    const cells = lines[i]!;
    if (!headerRows.length && isHeadingLine(cells)) {
      headerRows.push(i);
      // Continuation lines: up to four more (PDF headings wrap to 3-4 lines), stopping at the
      // number row or at data.
      for (let k = i + 1; k < Math.min(limit, i + 5); k++) {
        const next = lines[k]!;
        if (columnNumbers(next)) break;
        if (!next.some((c) => c.trim())) break;
        const ok = next.every((c, col) => {
          if (!c.trim()) return true;
          if (matchHeading(c).field) return true;
          return continuesHeading(c, lines[k - 1]![col] ?? '');
        });
        if (!ok) break;
        headerRows.push(k);
      }
      const after = headerRows[headerRows.length - 1]! + 1;
      if (after < lines.length && columnNumbers(lines[after]!)) {
        numberRow = after;
        numbers = columnNumbers(lines[after]!);
      }
      break;
    }
    const nums = columnNumbers(cells);
    if (nums) {
      numberRow = i;
      numbers = nums;
      break;
    }
  }

  const columns: string[] = [];
  for (let col = 0; col < width; col++) {
    const pieces: string[] = [];
    for (const r of headerRows) {
      const c = (lines[r]![col] ?? '').trim();
      // A merged cell repeated on both rows is one heading, not two.
      if (c && pieces[pieces.length - 1] !== c) pieces.push(c);
    }
    columns.push(joinPieces(pieces));
  }

  let mapping: ColumnMapping | null = null;
  if (headerRows.length) mapping = mappingFromHeadings(columns);
  if (!mapping && numbers) mapping = mappingFromNumbers(numbers);
  return { headerRows, numberRow, columns, mapping };
}

/** Greedy unique assignment of columns to fields by heading score (best pairs first). */
export function mappingFromHeadings(columns: string[]): ColumnMapping | null {
  const pairs: { col: number; field: HeaderField; score: number }[] = [];
  columns.forEach((text, col) => {
    const heading = foldHeading(text);
    if (!heading) return;
    for (const [field, phrases] of Object.entries(VOCABULARY) as [HeaderField, string[]][]) {
      let best = 0;
      for (const phrase of phrases) best = Math.max(best, phraseScore(heading, phrase));
      if (best >= HEADING_THRESHOLD) pairs.push({ col, field, score: best });
    }
  });
  pairs.sort((a, b) => b.score - a.score || a.col - b.col);
  const takenCols = new Set<number>();
  const takenFields = new Set<HeaderField>();
  const mapping: ColumnMapping = { pos: 0, title: 0, marka: 0, sku: 0, man: 0, unit: 0, count: 0 };
  for (const p of pairs) {
    if (takenCols.has(p.col) || takenFields.has(p.field)) continue;
    takenCols.add(p.col);
    takenFields.add(p.field);
    if ((MAPPED_FIELDS as string[]).includes(p.field)) mapping[p.field as keyof ColumnMapping] = p.col + 1;
  }
  return mapping.title ? mapping : null;
}

/**
 * Mapping from a column-number row alone: a GOST row numbered 1..k in order means the standard
 * layout, so column n carries field n (pos 1, title 2 … count 7); otherwise the spec defaults apply
 * to the physical columns that exist.
 */
export function mappingFromNumbers(numbers: number[]): ColumnMapping {
  const filled = numbers.filter((n) => n > 0);
  const mapping: ColumnMapping = { ...DEFAULT_MAPPING };
  const sequential = filled.every((n, i) => n === i + 1);
  if (sequential) {
    for (const field of MAPPED_FIELDS) {
      const col = numbers.indexOf(DEFAULT_MAPPING[field]);
      mapping[field] = col >= 0 ? col + 1 : 0;
    }
  } else {
    for (const field of MAPPED_FIELDS) if (mapping[field] > numbers.length) mapping[field] = 0;
  }
  return mapping;
}

// ---------------------------------------------------------------- suggestion from headings and data

/** What a column holds: shares of its filled data cells (0..1). */
export interface ColumnProfile {
  /** Filled cells looked at. */
  filled: number;
  /** Position-like (`1`, `2.1`, `12.`) and rising from one to the next, as a share. */
  sequence: number;
  /** Quantity-like: a number, perhaps with a unit or the working (`2`, `0,75`, `2 шт.`, `29+3=32`). */
  number: number;
  /** A unit of the vocabulary (`шт.`, `м`, `компл.`). */
  unit: number;
  /** An article-like code: one to three words, one of them holding letters and digits (`TM3DI16`, `DPS-500`). */
  article: number;
  /** A name: words of letters (`Реле перепада давления`). */
  name: number;
  /** A reference designator of a circuit diagram, or a list of them (`QF1,QF2`, `KM1`, `HL1`): EPLAN's "Обозначение", not an article. */
  designator: number;
  /** Mean length of the filled cells. */
  meanLength: number;
}

const DESIGNATOR = /^[A-ZА-ЯЁ]{1,4}\d{1,3}(?:\s*[,;]\s*[A-ZА-ЯЁ]{1,4}\d{1,3})*$/u;
const POS_CELL = /^\d{1,4}(?:\.\d{1,3}){0,3}\.?$/;
const PLAIN_NUMBER = /^\d{1,3}(?:[  ]\d{3})+(?:[.,]\d+)?$|^\d+(?:[.,]\d+)?$/;
/** Rows sampled per column (the first ones: a heading's columns keep their kind down the page). */
const PROFILE_ROWS = 400;
/** Fewer filled cells than this say nothing about a column. */
const PROFILE_MIN = 3;

const posKey = (c: string): number[] => c.replace(/\.$/, '').split('.').map(Number);
function rises(prev: number[], next: number[]): boolean {
  for (let i = 0; i < Math.max(prev.length, next.length); i++) {
    const a = prev[i] ?? -1;
    const b = next[i] ?? -1;
    if (a !== b) return b > a;
  }
  return false;
}

export function articleLike(c: string): boolean {
  if (c.length < 2 || c.length > 40 || PLAIN_NUMBER.test(c) || POS_CELL.test(c)) return false;
  const words = c.split(/\s+/);
  if (words.length > 3) return false;
  return words.some((w) => /\d/.test(w) && /\p{L}/u.test(w)) || /^[\p{Lu}\d]+(?:[-./][\p{L}\d]+)+$/u.test(c);
}

export function nameLike(c: string): boolean {
  const letters = (c.match(/\p{L}/gu) ?? []).length;
  const solid = c.replace(/\s+/g, '').length;
  if (letters < 6 || letters / solid < 0.6 || isKnownUnit(c)) return false;
  const words = c.split(/\s+/).filter((w) => /\p{L}{3,}/u.test(w));
  return words.length >= 2 || (letters >= 8 && !articleLike(c));
}

function quantityLike(c: string): boolean {
  if (PLAIN_NUMBER.test(c)) return true;
  if (!/^\d/.test(c) || c.length > 24) return false;
  const q = parseQuantity(c);
  // Words after the number must be a unit (`2 шт.`), not any text (`2 недели`).
  return q.value !== null && (q.unit !== '' || !/\p{L}/u.test(c));
}

/** The profile of one column's data cells, or null when too few are filled. */
export function profileColumn(cells: string[]): ColumnProfile | null {
  const filled = cells.map((c) => c.trim()).filter(Boolean);
  if (filled.length < PROFILE_MIN) return null;
  let pos = 0;
  let rising = 0;
  let pairs = 0;
  let number = 0;
  let unit = 0;
  let article = 0;
  let name = 0;
  let designator = 0;
  let length = 0;
  let prev: number[] | null = null;
  for (const c of filled) {
    length += c.length;
    if (POS_CELL.test(c)) {
      pos++;
      const key = posKey(c);
      if (prev) {
        pairs++;
        if (rises(prev, key)) rising++;
      }
      prev = key;
    }
    if (quantityLike(c)) number++;
    if (isKnownUnit(c)) unit++;
    if (articleLike(c)) article++;
    if (nameLike(c)) name++;
    if (DESIGNATOR.test(c)) designator++;
  }
  const n = filled.length;
  return {
    filled: n,
    sequence: (pos / n) * (pairs ? rising / pairs : 0),
    number: number / n,
    unit: unit / n,
    article: article / n,
    name: name / n,
    designator: designator / n,
    meanLength: length / n,
  };
}

/** How well the data fits a mapped field (0..1). The manufacturer cannot be told from its cells. */
function contentFit(p: ColumnProfile, f: keyof ColumnMapping): number {
  switch (f) {
    case 'pos':
      return p.sequence;
    case 'count':
      // Position numbers are numbers too: a steadily rising run is the position (quantities rise
      // from one row to the next about half the time).
      return p.number * (1 - 0.8 * Math.max(0, (p.sequence - 0.5) / 0.5));
    case 'unit':
      return p.unit;
    case 'marka':
      return p.article;
    case 'sku':
      return p.article * 0.5;
    case 'title':
      return p.name * Math.min(1, p.meanLength / 16);
    default:
      return 0;
  }
}

/** How strongly the data says the column is NOT this field (0..1). */
function contradiction(p: ColumnProfile, f: keyof ColumnMapping): number {
  switch (f) {
    case 'title':
      // A column of codes or of numbers is not the name.
      if (p.number >= 0.8) return 1;
      return p.article >= 0.4 && p.name < 0.5 ? p.article : 0;
    case 'count':
      return p.number < 0.5 ? 1 - p.number : 0;
    case 'pos':
      return p.name >= 0.5 ? p.name : 0;
    case 'unit':
      return p.unit < 0.2 && p.meanLength > 12 ? 0.6 : 0;
    case 'marka':
      return p.designator >= 0.6 ? p.designator : 0;
    default:
      return 0;
  }
}

/** Least content fit for a column to be suggested by its data alone. */
const CONTENT_MIN: Record<keyof ColumnMapping, number> = { pos: 0.8, count: 0.7, unit: 0.6, marka: 0.45, title: 0.5, sku: 2, man: 2 };
/** Content fit from which a suggestion by data alone is sure. */
const CONTENT_SURE: Record<keyof ColumnMapping, number> = { pos: 0.8, count: 0.8, unit: 0.6, marka: 0.6, title: 0.6, sku: 2, man: 2 };

/** Header scores per field of one heading (only those at or above the threshold). */
function headingScores(text: string): Map<HeaderField, number> {
  const out = new Map<HeaderField, number>();
  const heading = foldHeading(text);
  if (!heading) return out;
  for (const [field, phrases] of Object.entries(VOCABULARY) as [HeaderField, string[]][]) {
    let best = 0;
    for (const phrase of phrases) best = Math.max(best, phraseScore(heading, phrase));
    if (best >= HEADING_THRESHOLD) out.set(field, best);
  }
  return out;
}

export interface ColumnSuggestion {
  mapping: ColumnMapping | null;
  confidence: SuggestionConfidence;
}

/**
 * The mapping suggested from the headings AND from what each column holds, with how sure each
 * field is. `headers` are the document's headings per column ('' unknown), `rows` its data lines'
 * cells, `base` what the reader suggested (from the heading or the column-number row). A heading
 * decides when the data agrees; the data breaks ties between equal headings (`Описание` and
 * `Наименование`), moves a field off a column whose cells contradict it (a "name" column of codes
 * is the article) and fills fields no heading named (a rising `1, 2, 3` column is the position).
 * Without headings the reader's column-number mapping is kept (checked against the data), and a
 * document with neither gets a suggestion from its data alone when that finds the name and the quantity.
 */
export function suggestColumns(headers: string[], rows: string[][], base: ColumnMapping | null, numberRow: boolean): ColumnSuggestion {
  const width = Math.max(headers.length, ...rows.slice(0, PROFILE_ROWS).map((r) => r.length), 0);
  const profiles: (ColumnProfile | null)[] = [];
  for (let col = 0; col < width; col++) profiles.push(profileColumn(rows.slice(0, PROFILE_ROWS).map((r) => r[col] ?? '')));
  const headed = headers.some((h) => foldHeading(h));

  if (!headed && base) {
    // The column-number row (or the reader's own knowledge) placed the fields: kept, and checked.
    const confidence: SuggestionConfidence = {};
    for (const f of MAPPED_FIELDS) {
      const col = base[f];
      if (!col) continue;
      const p = profiles[col - 1];
      const doubtful = p ? contradiction(p, f) >= 0.5 : f === 'title' || f === 'count';
      confidence[f] = { basis: doubtful ? 'unsure' : numberRow ? 'numbers' : 'unsure', heading: '' };
    }
    return { mapping: base, confidence };
  }

  type Pair = { col: number; field: HeaderField; score: number; header: number; fit: number; against: number };
  const pairs: Pair[] = [];
  for (let col = 0; col < width; col++) {
    const scores = headingScores(headers[col] ?? '');
    const p = profiles[col] ?? null;
    for (const [field, h] of scores) {
      const mapped = (MAPPED_FIELDS as string[]).includes(field);
      const fit = mapped && p ? contentFit(p, field as keyof ColumnMapping) : 0;
      const against = mapped && p ? contradiction(p, field as keyof ColumnMapping) : 0;
      pairs.push({ col, field, score: 2 * h + fit - 1.5 * against, header: h, fit, against });
    }
    if (!p) continue;
    for (const field of MAPPED_FIELDS) {
      if (scores.has(field)) continue;
      const fit = contentFit(p, field);
      if (fit < CONTENT_MIN[field]) continue;
      // A column whose heading names something else (price, mass, a note) is not taken for its data.
      if ([...scores.keys()].some((k) => !(MAPPED_FIELDS as string[]).includes(k))) continue;
      pairs.push({ col, field, score: fit, header: 0, fit, against: contradiction(p, field) });
    }
  }
  pairs.sort((a, b) => b.score - a.score || b.header - a.header || a.col - b.col);
  const takenCols = new Set<number>();
  const takenFields = new Set<HeaderField>();
  const mapping: ColumnMapping = { pos: 0, title: 0, marka: 0, sku: 0, man: 0, unit: 0, count: 0 };
  const confidence: SuggestionConfidence = {};
  for (const p of pairs) {
    if (p.score <= 0.3 || takenCols.has(p.col) || takenFields.has(p.field)) continue;
    takenCols.add(p.col);
    takenFields.add(p.field);
    if (!(MAPPED_FIELDS as string[]).includes(p.field)) continue;
    const field = p.field as keyof ColumnMapping;
    mapping[field] = p.col + 1;
    let basis: SuggestionBasis;
    if (p.header > 0) basis = p.against >= 0.5 || (p.header < 0.75 && p.fit < 0.5) ? 'unsure' : 'header';
    else basis = p.fit >= CONTENT_SURE[field] && p.against < 0.5 ? 'content' : 'unsure';
    confidence[field] = { basis, heading: basis === 'header' ? joinPieces([headers[p.col] ?? '']).trim() : '' };
  }
  // What the reader knew besides (a field it placed by the page's geometry) stays when nothing here took its place.
  if (base && headed) {
    for (const f of MAPPED_FIELDS) {
      const col = base[f];
      if (mapping[f] || !col || takenCols.has(col - 1)) continue;
      mapping[f] = col;
      takenCols.add(col - 1);
      confidence[f] = { basis: 'unsure', heading: '' };
    }
  }
  if (!mapping.title) return { mapping: base, confidence: base ? Object.fromEntries(MAPPED_FIELDS.filter((f) => base[f]).map((f) => [f, { basis: 'unsure' as const, heading: '' }])) : {} };
  if (!headed && !mapping.count) return { mapping: null, confidence: {} };
  return { mapping, confidence };
}
