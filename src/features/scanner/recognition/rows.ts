// The row builder: applies the user's column mapping and page choice to an ExtractedDocument and
// returns logical positions. Pure and fast (milliseconds for thousands of lines), so step 3 of the
// wizard never waits for recognition again.
//
// Rules (GOST 21.110 Form 1 as found in the wild):
// - A position starts at an anchor line: one with a position number or a quantity. The lines after
//   it with neither continue it (name, type, supplier wrapped over several lines; hyphen breaks
//   joined). When a line that reads like the start of a name comes right before an anchor whose own
//   name cell is empty or continues in lower case, the values sit on the last line (some CAD
//   exports) and the line opens the next position instead.
// - A line with text in the name column only is a section heading when it says so: emphasised,
//   numbered (`1. Оборудование АПС`), after a blank line or at the start, or a known section word.
// - Heading lines, column-number rows, title-block lines and totals are dropped wherever they recur.
// - `То же` (same as above) takes the previous position's value of that column.

import type { ColumnMapping, ExtractedDocument, ExtractedLine, LineBox, RecognisedRow } from './types.ts';
import { columnNumbers, headingField, isHeadingLine } from './headers.ts';
import { basicFold, joinPieces } from './normalise.ts';
import { normaliseUnit, parseQuantity } from './quantity.ts';

type TextField = 'pos' | 'title' | 'marka' | 'sku' | 'man' | 'unit';
const TEXT_FIELDS: TextField[] = ['pos', 'title', 'marka', 'sku', 'man', 'unit'];

interface Fields {
  pos: string;
  title: string;
  marka: string;
  sku: string;
  man: string;
  unit: string;
  count: string;
}

function pick(cells: string[], col: number): string {
  return col > 0 ? (cells[col - 1] ?? '').replace(/\s+/g, ' ').trim() : '';
}

function fieldsOf(line: ExtractedLine, m: ColumnMapping): Fields {
  return {
    pos: pick(line.cells, m.pos),
    title: pick(line.cells, m.title),
    marka: pick(line.cells, m.marka),
    sku: pick(line.cells, m.sku),
    man: pick(line.cells, m.man),
    unit: pick(line.cells, m.unit),
    count: pick(line.cells, m.count),
  };
}

/** Title-block (основная надпись) and sheet-margin words; two of them on one line mark furniture. */
const STAMP_WORDS = new Set([
  'изм', 'кол уч', 'колуч', 'лист', 'листов', '№ док', '№док', 'подп', 'подпись', 'дата', 'разраб', 'пров', 'проверил',
  'н контр', 'нконтр', 'утв', 'гип', 'стадия', 'инв № подл', 'взам инв №', 'подп и дата', 'формат', 'копировал', 'nдок',
]);

function isStampLine(cells: string[]): boolean {
  let hits = 0;
  for (const c of cells) {
    const f = basicFold(c).replace(/[.,:]/g, ' ').replace(/\s+/g, ' ').trim();
    if (f && STAMP_WORDS.has(f)) hits++;
  }
  return hits >= 2;
}

const TOTAL = /^(итого|всего|total)(?=$|[\s:.,])/;

/** A known section word in a name-only line (`Насосное оборудование`, `Арматура`). */
const SECTION_WORDS = /(оборудовани|арматур|материал|автоматик|трубопровод|изделия|^кип|прибор|электрооборудован|раздел|система|прочее|комплектующ|щиты|шкафы|кабельн)/;

function isPlainPos(s: string): boolean {
  return /^[\p{L}]{0,3}\d+(?:[.\-/]\d+)*\.?[\p{L}]?$/u.test(s) || /^[\p{Lu}]{1,3}\d*(?:[.\-/]\d+)*$/u.test(s);
}

function cleanPos(s: string): string {
  return s.replace(/\.$/, '').trim();
}

function startsUpper(s: string): boolean {
  return /^[\p{Lu}]/u.test(s);
}

/**
 * Reads like a heading of its own rather than the wrapped rest of a name: two or more words, a
 * capitalised first word and lower-case words after it (`Узел учета тепловой энергии`), no
 * figures, models or brand names (`Grundfos Unilift`, `AME 435`).
 */
function headingLike(s: string): boolean {
  const words = s.trim().split(/\s+/);
  if (words.length < 2 || !/^\p{Lu}\p{Ll}{2,}(?:-\p{Ll}+)?[,.:]?$/u.test(words[0]!)) return false;
  return words.slice(1).every((w) => /^\p{Ll}+(?:-\p{Ll}+)*[,.:;]?$/u.test(w));
}

function looksContinued(prev: string): boolean {
  return /[-,;(«/+]$|\b(и|с|для|в|на|из|по|до|от)$/iu.test(prev.trim());
}

function isSameAsAbove(s: string): RegExpMatchArray | null {
  return basicFold(s).match(/^(?:то же|тоже|-\s*"?\s*-|"|〃)(?:[.,:;]\s*|\s+|$)(.*)$/);
}

interface Building {
  page: number;
  pieces: Record<TextField, string[]>;
  countText: string;
  section: string;
  box?: LineBox;
}

/** The union of two page bands (either may be unknown). */
function unite(a: LineBox | undefined, b: LineBox | undefined): LineBox | undefined {
  if (!a) return b ? { top: b.top, bottom: b.bottom } : undefined;
  if (!b) return a;
  return { top: Math.min(a.top, b.top), bottom: Math.max(a.bottom, b.bottom) };
}

function start(page: number, f: Fields, section: string, prefix: string[] = [], box?: LineBox): Building {
  return {
    ...(box ? { box: { top: box.top, bottom: box.bottom } } : {}),
    page,
    pieces: {
      pos: f.pos ? [f.pos] : [],
      title: [...prefix, ...(f.title ? [f.title] : [])],
      marka: f.marka ? [f.marka] : [],
      sku: f.sku ? [f.sku] : [],
      man: f.man ? [f.man] : [],
      unit: f.unit ? [f.unit] : [],
    },
    countText: f.count,
    section,
  };
}

function append(b: Building, f: Fields, box?: LineBox, page = b.page): void {
  // A position continued on the next page keeps the band of its first page (the crop shows one page).
  const u = page === b.page ? unite(b.box, box) : b.box;
  if (u) b.box = u;
  for (const k of TEXT_FIELDS) {
    if (k === 'pos') continue;
    if (f[k]) b.pieces[k].push(f[k]);
  }
  if (!b.countText && f.count) b.countText = f.count;
}

/**
 * Build positions from the extracted lines of the chosen pages with the given mapping.
 * `pages`: 1-based page numbers; an empty list means every page.
 */
export function buildRows(doc: Pick<ExtractedDocument, 'lines'>, mapping: ColumnMapping, pages: number[]): RecognisedRow[] {
  const chosen = new Set(pages);
  const lines = doc.lines.filter((l) => (chosen.size === 0 || chosen.has(l.page)) && l.kind === 'data');
  const built: Building[] = [];
  let current: Building | null = null;
  let section = '';
  let gap = true;
  let pending: { text: string; box?: LineBox }[] = [];
  let skipHeadingContinuation = false;

  let page = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const cells = line.cells;
    if (line.page !== page) {
      // A new sheet starts like a blank line: a name-only line at its top is a heading, not the
      // rest of the last position of the previous sheet (lower-case text still continues it).
      page = line.page;
      gap = true;
    }
    if (isHeadingLine(cells)) {
      skipHeadingContinuation = true;
      continue;
    }
    if (columnNumbers(cells) || isStampLine(cells)) {
      skipHeadingContinuation = false;
      continue;
    }
    if (skipHeadingContinuation) {
      // `ния`, `чество`: the rest of a repeated heading.
      const filled = cells.filter((c) => c.trim());
      if (filled.length && filled.every((c) => /^[\p{Ll}(]/u.test(c.trim()) || headingField(c))) continue;
      skipHeadingContinuation = false;
    }
    const f = fieldsOf(line, mapping);
    const filled = TEXT_FIELDS.some((k) => f[k]) || f.count !== '';
    if (!filled) {
      gap = true;
      continue;
    }
    if (TOTAL.test(basicFold(f.title || f.pos))) {
      gap = true;
      continue;
    }
    const quantity = f.count ? parseQuantity(f.count) : null;
    const hasCount = quantity !== null && quantity.value !== null;
    const hasPos = f.pos !== '' && isPlainPos(f.pos);
    if (!hasPos && f.pos && !f.title) {
      // Text in the position column that is no position number: treat it as name text.
      f.title = f.pos;
    }
    if (!hasPos) f.pos = '';

    if (!hasPos && current && !gap && f.count && countContinues(current.countText, f.count)) {
      // The quantity cell wrapped: `29+3` / `(10%)=32`.
      current.countText = `${current.countText} ${f.count}`;
      append(current, { ...f, count: '' }, line.box, line.page);
      continue;
    }
    if (hasPos || hasCount) {
      if (!hasPos && current && current.countText === '' && current.pieces.pos.length && !gap && !pending.length) {
        append(current, f, line.box, line.page);
        current.countText = f.count;
        gap = false;
        continue;
      }
      current = start(line.page, f, section, pending.map((p) => p.text), pending.reduce<LineBox | undefined>((u, p) => unite(u, p.box), line.box));
      pending = [];
      built.push(current);
      gap = false;
      continue;
    }

    const onlyTitle = !!f.title && !f.marka && !f.sku && !f.man && !f.unit;
    if (onlyTitle) {
      const prevTitle = current?.pieces.title[current.pieces.title.length - 1] ?? '';
      const numbered = /^\d+(\.\d+)*\.?\s+\p{Lu}/u.test(f.title);
      const continuing = current !== null && !gap && looksContinued(prevTitle);
      // Values on the last line: a name start right before an anchor whose own name continues it.
      let opensNext = false;
      if (current && !continuing && startsUpper(f.title)) {
        const next = nextDataLine(lines, i + 1);
        if (next) {
          const nf = fieldsOf(next, mapping);
          const nq = nf.count ? parseQuantity(nf.count).value : null;
          opensNext = (nf.pos !== '' || nq !== null) && (!nf.title || /^[\p{Ll}(]/u.test(nf.title));
        }
      }
      // A heading is a row of its own even right under an item (no blank line between): a
      // capitalised name-only line without figures that the previous name does not run into.
      const sectionish =
        line.emphasised === true ||
        numbered ||
        (!continuing && startsUpper(f.title) && !/\d/.test(f.title) && (gap || current === null || SECTION_WORDS.test(basicFold(f.title)) || (!opensNext && headingLike(f.title))));
      if (sectionish && !continuing) {
        if (pending.length) pending = [];
        section = joinPieces([f.title]);
        current = null;
        gap = false;
        continue;
      }
      if (opensNext) {
        pending.push({ text: f.title, ...(line.box ? { box: line.box } : {}) });
        gap = false;
        continue;
      }
    }
    if (current) append(current, f, line.box, line.page);
    else if (onlyTitle) section = joinPieces([f.title]);
    gap = false;
  }

  return finish(built);
}

/** True when a quantity cell's text goes on in the next line's quantity cell. */
function countContinues(prev: string, next: string): boolean {
  if (!prev) return false;
  const open = (prev.match(/\(/g) ?? []).length > (prev.match(/\)/g) ?? []).length;
  return open || /[+\-=(*/×]\s*$/.test(prev) || /^\s*[=()+\p{Ll}]/u.test(next);
}

function nextDataLine(lines: ExtractedLine[], from: number): ExtractedLine | null {
  for (let k = from; k < Math.min(lines.length, from + 3); k++) {
    const l = lines[k]!;
    if (l.cells.some((c) => c.trim())) return l;
  }
  return null;
}

function finish(built: Building[]): RecognisedRow[] {
  const rows: RecognisedRow[] = [];
  const previous: Record<TextField, string> = { pos: '', title: '', marka: '', sku: '', man: '', unit: '' };
  for (const b of built) {
    const values = {} as Record<TextField, string>;
    for (const k of TEXT_FIELDS) {
      let v = joinPieces(b.pieces[k]);
      const same = k !== 'pos' ? isSameAsAbove(v) : null;
      if (same) v = joinPieces([previous[k], same[1] ?? '']);
      values[k] = v;
    }
    const q = b.countText ? parseQuantity(b.countText) : null;
    let unit = normaliseUnit(values.unit);
    if (!unit && q?.unit) unit = q.unit;
    const row: RecognisedRow = {
      index: rows.length,
      page: b.page,
      pos: cleanPos(values.pos),
      title: values.title,
      marka: values.marka,
      sku: values.sku,
      man: values.man,
      unit,
      count: q?.value ?? null,
      section: b.section,
    };
    if (b.box) row.box = b.box;
    if (q?.free) row.countText = b.countText;
    for (const k of TEXT_FIELDS) previous[k] = values[k];
    if (!row.title && !row.marka && row.count === null) continue;
    rows.push(row);
  }
  return rows;
}
