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
//   numbered (`1. Оборудование АПС`), after a blank line or at the start; right under an item it
//   needs a signal (a section word at its start, a closing colon, a blank gap above it on the page,
//   the numbering breaking at the next position), else it continues the name above.
// - Heading lines, column-number rows, title-block lines and totals are dropped wherever they recur.
// - `То же` (same as above) takes the previous position's value of that column.

import type {
  ColumnMapping,
  ExtractedDocument,
  ExtractedLine,
  LineBox,
  RecognisedRow,
} from './types.ts';
import { columnNumbers, headingField, isHeadingLine } from './headers.ts';
import { basicFold, joinPieces } from './normalise.ts';
import { ocrTitle, ocrUnit } from './ocr-cells.ts';
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
  'изм',
  'кол уч',
  'колуч',
  'лист',
  'листов',
  '№ док',
  '№док',
  'подп',
  'подпись',
  'дата',
  'разраб',
  'пров',
  'проверил',
  'н контр',
  'нконтр',
  'утв',
  'гип',
  'стадия',
  'инв № подл',
  'взам инв №',
  'подп и дата',
  'формат',
  'копировал',
  'nдок',
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

/**
 * Words a section heading starts with (`Узел учета тепловой энергии`, `Насосное оборудование`,
 * `Щиты и шкафы управления`): looked for in the first two words of a name-only line only, so that
 * the wrapped rest of a name (`Комплект монтажных материалов`) is not taken for a heading.
 */
const SECTION_WORD =
  /^(?:оборудовани|арматур|материал|автоматик|автоматизаци|трубопровод|издели|кип|прибор|электрооборудован|электроосвещ|электроснабж|освещени|раздел|система$|системы$|прочее$|прочие$|комплектующ|щит|шкаф|кабельн|узел$|узлы$|итп$|тп$)/;

function sectionStart(title: string): boolean {
  // Whole words: `Запорно-регулирующая арматура` has its section word second.
  const words = basicFold(title)
    .replace(/[^\p{L}\s-]+/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  return words.slice(0, 2).some((w) => w.split('-').some((part) => SECTION_WORD.test(part)));
}

/** Position numbers as numbers (`2.1` -> [2, 1]); null when a part is not a plain number (`А1`). */
function posParts(pos: string): number[] | null {
  const s = cleanPos(pos);
  return /^\d+(?:[.\-/]\d+)*$/.test(s) ? s.split(/[.\-/]/).map(Number) : null;
}

/**
 * The numbering breaks between two positions: another level (`1` then `1.1`), another group
 * (`1.4` then `2.1`) or a restart (`5` then `1`). A plain next number (`1` then `2`) does not.
 */
function numberingBreaks(prev: string, next: string): boolean {
  const a = posParts(prev);
  const b = posParts(next);
  if (!a || !b) return false;
  if (a.length !== b.length) return true;
  for (let k = 0; k < a.length - 1; k++) if (a[k] !== b[k]) return true;
  return b[b.length - 1] === 1 && a[a.length - 1]! >= 1;
}

function median(values: number[]): number {
  if (!values.length) return 0;
  const s = [...values].sort((x, y) => x - y);
  return s[Math.floor(s.length / 2)]!;
}

/**
 * Per page, what a blank gap above a line is: clearly more than the usual space between lines
 * (at least twice it and three quarters of a line height more). Pages without boxes have none.
 */
function blankGaps(lines: ExtractedLine[]): (i: number) => boolean {
  const gaps = new Map<number, number[]>();
  const heights = new Map<number, number[]>();
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (!l.box) continue;
    (heights.get(l.page) ?? heights.set(l.page, []).get(l.page)!).push(l.box.bottom - l.box.top);
    const p = lines[i - 1];
    if (p?.box && p.page === l.page)
      (gaps.get(l.page) ?? gaps.set(l.page, []).get(l.page)!).push(
        Math.max(0, l.box.top - p.box.bottom),
      );
  }
  const limit = new Map<number, number>();
  for (const [page, g] of gaps) {
    const m = median(g);
    limit.set(page, Math.max(2 * m, m + 0.75 * median(heights.get(page) ?? [])));
  }
  return (i) => {
    const l = lines[i]!;
    const p = lines[i - 1];
    const lim = limit.get(l.page);
    if (!l.box || !p?.box || p.page !== l.page || lim === undefined || !(lim > 0)) return false;
    return l.box.top - p.box.bottom >= lim;
  };
}

function isPlainPos(s: string): boolean {
  return (
    /^[\p{L}]{0,3}\d+(?:[.\-/]\d+)*\.?[\p{L}]?$/u.test(s) ||
    /^[\p{Lu}]{1,3}\d*(?:[.\-/]\d+)*$/u.test(s)
  );
}

function cleanPos(s: string): string {
  return s.replace(/\.$/, '').trim();
}

function startsUpper(s: string): boolean {
  return /^[\p{Lu}]/u.test(s);
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

function start(
  page: number,
  f: Fields,
  section: string,
  prefix: string[] = [],
  box?: LineBox,
): Building {
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
export function buildRows(
  doc: Pick<ExtractedDocument, 'lines'>,
  mapping: ColumnMapping,
  pages: number[],
): RecognisedRow[] {
  const chosen = new Set(pages);
  const lines = doc.lines.filter(
    (l) => (chosen.size === 0 || chosen.has(l.page)) && l.kind === 'data',
  );
  const built: Building[] = [];
  let current: Building | null = null;
  let section = '';
  let gap = true;
  let pending: { text: string; box?: LineBox }[] = [];
  let skipHeadingContinuation = false;
  const blankAbove = blankGaps(lines);

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
      if (filled.length && filled.every((c) => /^[\p{Ll}(]/u.test(c.trim()) || headingField(c)))
        continue;
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
      if (
        !hasPos &&
        current &&
        current.countText === '' &&
        current.pieces.pos.length &&
        !gap &&
        !pending.length
      ) {
        append(current, f, line.box, line.page);
        current.countText = f.count;
        gap = false;
        continue;
      }
      current = start(
        line.page,
        f,
        section,
        pending.map((p) => p.text),
        pending.reduce<LineBox | undefined>((u, p) => unite(u, p.box), line.box),
      );
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
      let breaksNumbering = false;
      if (current && !continuing && startsUpper(f.title)) {
        const next = nextDataLine(lines, i + 1);
        if (next) {
          const nf = fieldsOf(next, mapping);
          const nq = nf.count ? parseQuantity(nf.count).value : null;
          opensNext = (nf.pos !== '' || nq !== null) && (!nf.title || /^[\p{Ll}(]/u.test(nf.title));
          breaksNumbering =
            !opensNext &&
            current.pieces.pos.length > 0 &&
            nf.pos !== '' &&
            numberingBreaks(current.pieces.pos[0]!, nf.pos);
        }
      }
      // A heading right under an item (no blank line between) is a row of its own only on a real
      // heading signal: a section word at its start, a closing colon, a blank gap above it on the
      // page, or the numbering breaking at the position after it. Without one a capitalised
      // name-only line stays the wrapped rest of the name above it.
      const headingSignal =
        ((sectionStart(f.title) || breaksNumbering) && !/\d/.test(f.title)) ||
        /:\s*$/.test(f.title) ||
        blankAbove(i);
      const sectionish =
        line.emphasised === true ||
        numbered ||
        (!continuing &&
          startsUpper(f.title) &&
          (gap || current === null ? !/\d/.test(f.title) : headingSignal));
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

  return finish(
    built,
    lines.some((l) => l.confidence !== undefined),
  );
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

function finish(built: Building[], ocr: boolean): RecognisedRow[] {
  const rows: RecognisedRow[] = [];
  const previous: Record<TextField, string> = {
    pos: '',
    title: '',
    marka: '',
    sku: '',
    man: '',
    unit: '',
  };
  for (const b of built) {
    const values = {} as Record<TextField, string>;
    for (const k of TEXT_FIELDS) {
      let v = joinPieces(b.pieces[k]);
      const same = k !== 'pos' ? isSameAsAbove(v) : null;
      if (same) v = joinPieces([previous[k], same[1] ?? '']);
      values[k] = v;
    }
    // A name read by OCR over several lines: the repairs that need its whole text (a one-letter
    // word glued onto the end of a line, `м3/ч` split by the line break) run on the joined name.
    if (ocr) values.title = ocrTitle(values.title);
    // A unit cell the table builder left as read (a page whose own headings it could not place).
    if (ocr) values.unit = ocrUnit(values.unit);
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
