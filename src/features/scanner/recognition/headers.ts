// Fuzzy header matching against the heading vocabulary of GOST 21.110 Form 1 (vocabulary.ts),
// detection of the `1 2 3 …` column-number row and the column mapping read from them. Used by every
// reader: office cells, PDF text and OCR lines alike; the suggestion that also weighs the data below
// the headings is columns.ts.

import { DEFAULT_MAPPING } from './types.ts';
import type { ColumnMapping } from './types.ts';
import { levenshtein } from '#lib/levenshtein.ts';
import { basicFold, joinPieces } from '#lib/normalise.ts';
import { MAPPED_FIELDS, VOCABULARY, type HeaderField } from './vocabulary.ts';

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
  if (cp.length >= 4 && ch.includes(cp))
    score = Math.max(score, 0.55 + 0.45 * (cp.length / ch.length));
  else if (ch.startsWith(cp) && cp.length >= 2)
    score = Math.max(score, 0.5 + 0.3 * (cp.length / ch.length));
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
  return bestScore >= HEADING_THRESHOLD
    ? { field: best, score: bestScore }
    : { field: null, score: bestScore };
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
    if ((MAPPED_FIELDS as string[]).includes(p.field))
      mapping[p.field as keyof ColumnMapping] = p.col + 1;
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

/** Header scores per field of one heading (only those at or above the threshold). */
export function headingScores(text: string): Map<HeaderField, number> {
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
