// The column mapping suggested for a table from its headings and the data below them: each column's
// profile (shares of positions, articles, names, quantities, units), how well it fits each field,
// and the greedy assignment with a basis and a confidence per field. Headings are read by headers.ts.

import { joinPieces } from '#lib/normalise.ts';
import type { ColumnMapping, SuggestionBasis, SuggestionConfidence } from './types.ts';
import { foldHeading, headingScores } from './headers.ts';
import { MAPPED_FIELDS, type HeaderField } from './vocabulary.ts';
import { isKnownUnit, parseQuantity } from './quantity.ts';

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
  return (
    words.some((w) => /\d/.test(w) && /\p{L}/u.test(w)) ||
    /^[\p{Lu}\d]+(?:[-./][\p{L}\d]+)+$/u.test(c)
  );
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
const CONTENT_MIN: Record<keyof ColumnMapping, number> = {
  pos: 0.8,
  count: 0.7,
  unit: 0.6,
  marka: 0.45,
  title: 0.5,
  sku: 2,
  man: 2,
};
/** Content fit from which a suggestion by data alone is sure. */
const CONTENT_SURE: Record<keyof ColumnMapping, number> = {
  pos: 0.8,
  count: 0.8,
  unit: 0.6,
  marka: 0.6,
  title: 0.6,
  sku: 2,
  man: 2,
};

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
export function suggestColumns(
  headers: string[],
  rows: string[][],
  base: ColumnMapping | null,
  numberRow: boolean,
): ColumnSuggestion {
  const width = Math.max(headers.length, ...rows.slice(0, PROFILE_ROWS).map((r) => r.length), 0);
  const profiles: (ColumnProfile | null)[] = [];
  for (let col = 0; col < width; col++)
    profiles.push(profileColumn(rows.slice(0, PROFILE_ROWS).map((r) => r[col] ?? '')));
  const headed = headers.some((h) => foldHeading(h));

  if (!headed && base) {
    // The column-number row (or the reader's own knowledge) placed the fields: kept, and checked.
    const confidence: SuggestionConfidence = {};
    for (const f of MAPPED_FIELDS) {
      const col = base[f];
      if (!col) continue;
      const p = profiles[col - 1];
      const doubtful = p ? contradiction(p, f) >= 0.5 : f === 'title' || f === 'count';
      confidence[f] = {
        basis: doubtful ? 'unsure' : numberRow ? 'numbers' : 'unsure',
        heading: '',
      };
    }
    return { mapping: base, confidence };
  }

  type Pair = {
    col: number;
    field: HeaderField;
    score: number;
    header: number;
    fit: number;
    against: number;
  };
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
    if (p.header > 0)
      basis = p.against >= 0.5 || (p.header < 0.75 && p.fit < 0.5) ? 'unsure' : 'header';
    else basis = p.fit >= CONTENT_SURE[field] && p.against < 0.5 ? 'content' : 'unsure';
    confidence[field] = {
      basis,
      heading: basis === 'header' ? joinPieces([headers[p.col] ?? '']).trim() : '',
    };
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
  if (!mapping.title)
    return {
      mapping: base,
      confidence: base
        ? Object.fromEntries(
            MAPPED_FIELDS.filter((f) => base[f]).map((f) => [
              f,
              { basis: 'unsure' as const, heading: '' },
            ]),
          )
        : {},
    };
  if (!headed && !mapping.count) return { mapping: null, confidence: {} };
  return { mapping, confidence };
}
