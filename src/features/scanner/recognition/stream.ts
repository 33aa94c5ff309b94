// The one table builder for positioned text: PDF text items (pdf.ts) and OCR word boxes (ocr.ts)
// alike. Boxes are grouped into physical lines by their vertical middle (within half a font
// height); columns come from vertical rulings that cross the header (lattice), or else from the
// column-number row and an x-gap projection of the text (stream); lines are cut into those
// columns; when horizontal rulings separate rows, the physical lines of one ruled row are joined
// into one line (a wrapped cell stays one row), unless the ruled band holds several positions
// (rules missing between rows, as GOST allows). On OCR pages the short cells are repaired first
// (ocr-cells.ts).
import { columnNumbers, detectHeader, headingField, isHeadingLine, mappingFromHeadings, type HeaderDetection } from './headers.ts';
import { MAX_TABLE_COLUMNS } from './limits.ts';
import { crosses, type Rulings } from './lattice.ts';
import { joinPieces } from '#lib/normalise.ts';
import { ocrDigits, ocrTitle, ocrUnit, repairNumberRow, repairPositions } from './ocr-cells.ts';
import type { ExtractedLine } from './types.ts';

/** A piece of text with its box in display coordinates (points or pixels, y down). */
export interface TextBox {
  text: string;
  x0: number;
  x1: number;
  /** Top and bottom of the glyphs. */
  y0: number;
  y1: number;
  /** Font height (same unit). */
  size: number;
  /** OCR confidence 0..100. */
  conf?: number;
}

export interface PhysLine {
  boxes: TextBox[];
  y0: number;
  y1: number;
  mid: number;
  size: number;
}

export interface TableRow {
  cells: string[];
  kind: ExtractedLine['kind'];
  confidence?: number;
  y0: number;
  y1: number;
}

export interface PageTable {
  /** Column boundaries (x), columnCount + 1 values. */
  bounds: number[];
  rows: TableRow[];
  detection: HeaderDetection;
  /** Where the columns came from. */
  columnsFrom: 'rulings' | 'numbers' | 'projection' | 'previous';
  /** True when horizontal rulings separated the data rows. */
  rowRulings: boolean;
}

const mid = (b: { y0: number; y1: number }) => (b.y0 + b.y1) / 2;

function median(xs: number[]): number {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function addTo(line: PhysLine, b: TextBox) {
  line.boxes.push(b);
  line.y0 = Math.min(line.y0, b.y0);
  line.y1 = Math.max(line.y1, b.y1);
  const n = line.boxes.length;
  line.mid = (line.mid * (n - 1) + mid(b)) / n;
  line.size = Math.max(line.size, b.size);
}

/** Two different texts on top of each other (overlapping more than half the narrower). */
function collide(a: TextBox[], b: TextBox[]): boolean {
  return a.some((o) => b.some((p) => o.text !== p.text && Math.min(o.x1, p.x1) - Math.max(o.x0, p.x0) > 0.5 * Math.min(o.x1 - o.x0, p.x1 - p.x0)));
}

/**
 * Physical lines: boxes whose vertical middles lie within half a font height of the line's. First
 * tight clusters (a fifth of the height), then neighbouring clusters joined unless their texts lie
 * on top of each other: text overflowing its cell into the row below (`29+3 (10%)=32` over the next
 * row's `24`) stays a line of its own.
 */
export function groupLines(boxes: TextBox[]): PhysLine[] {
  const sorted = boxes.filter((b) => b.text.trim()).sort((a, b) => mid(a) - mid(b) || a.x0 - b.x0);
  const clusters: PhysLine[] = [];
  for (const b of sorted) {
    const last = clusters[clusters.length - 1];
    if (last && Math.abs(last.mid - mid(b)) <= 0.2 * Math.max(last.size, b.size) && !collide(last.boxes, [b])) addTo(last, b);
    else clusters.push({ boxes: [b], y0: b.y0, y1: b.y1, mid: mid(b), size: b.size });
  }
  const lines: PhysLine[] = [];
  for (const c of clusters) {
    let best: PhysLine | null = null;
    for (let i = lines.length - 1; i >= 0 && i >= lines.length - 4; i--) {
      const l = lines[i]!;
      if (Math.abs(l.mid - c.mid) > 0.5 * Math.max(l.size, c.size) || (best && Math.abs(l.mid - c.mid) >= Math.abs(best.mid - c.mid))) continue;
      if (collide(l.boxes, c.boxes)) continue;
      best = l;
    }
    if (best) for (const b of c.boxes) addTo(best, b);
    else lines.push(c);
  }
  for (const l of lines) l.boxes.sort((a, b) => a.x0 - b.x0);
  return lines.sort((a, b) => a.mid - b.mid);
}

/** Joins the boxes of one cell left to right: glued pieces without a space, words with one. */
function joinBoxes(boxes: TextBox[]): string {
  let out = '';
  let last: TextBox | null = null;
  for (const b of boxes) {
    const t = b.text.trim();
    if (!t) continue;
    if (last && b.x0 - last.x1 > 0.12 * Math.max(b.size, last.size)) out += ' ';
    else if (last && /\s$/.test(last.text)) out += ' ';
    out += t;
    last = b;
  }
  return out.replace(/\s+/g, ' ').trim();
}

/** Splits a box at spaces into word boxes (width shared by character count). */
function splitWords(b: TextBox): TextBox[] {
  const words = b.text.split(/(\s+)/);
  if (words.filter((w) => w.trim()).length < 2) return [b];
  const total = b.text.length;
  const per = (b.x1 - b.x0) / Math.max(1, total);
  const out: TextBox[] = [];
  let pos = 0;
  for (const w of words) {
    if (w.trim()) out.push({ ...b, text: w, x0: b.x0 + pos * per, x1: b.x0 + (pos + w.length) * per });
    pos += w.length;
  }
  return out;
}

/** Column index (0-based) of an x range: the column it overlaps most, -1 outside the table. */
function columnOf(bounds: number[], x0: number, x1: number): number {
  let best = -1;
  let bestOverlap = 0;
  for (let c = 0; c + 1 < bounds.length; c++) {
    const o = Math.min(x1, bounds[c + 1]!) - Math.max(x0, bounds[c]!);
    if (o > bestOverlap) {
      bestOverlap = o;
      best = c;
    }
  }
  if (best < 0) {
    // A zero-width box (a single narrow glyph) on a boundary: by its centre.
    const cx = (x0 + x1) / 2;
    for (let c = 0; c + 1 < bounds.length; c++) if (cx >= bounds[c]! && cx <= bounds[c + 1]!) return c;
  }
  return best;
}

/** Cuts a physical line into cells; boxes straddling a boundary are split at their spaces. */
export function cutLine(line: PhysLine, bounds: number[]): { cells: string[]; conf?: number } {
  const n = bounds.length - 1;
  const parts: TextBox[][] = Array.from({ length: n }, () => []);
  const confs: number[] = [];
  for (const box of line.boxes) {
    const c = columnOf(bounds, box.x0, box.x1);
    if (c < 0) continue;
    const inside = Math.min(box.x1, bounds[c + 1]!) - Math.max(box.x0, bounds[c]!);
    const pieces = inside < 0.8 * (box.x1 - box.x0) ? splitWords(box) : [box];
    for (const p of pieces) {
      const pc = pieces.length > 1 ? columnOf(bounds, p.x0, p.x1) : c;
      if (pc < 0) continue;
      parts[pc]!.push(p);
    }
    if (box.conf !== undefined) confs.push(box.conf);
  }
  const cells = parts.map(joinBoxes);
  return confs.length ? { cells, conf: confs.reduce((s, x) => s + x, 0) / confs.length } : { cells };
}

/** Merged x intervals covered by the boxes (gaps narrower than `tol` closed). */
function projection(lines: PhysLine[], tol: number): [number, number][] {
  const iv = lines.flatMap((l) => l.boxes.map((b) => [b.x0, b.x1] as [number, number])).sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [a, b] of iv) {
    const last = out[out.length - 1];
    if (last && a <= last[1] + tol) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** A line whose boxes read `1 2 3 …` (with gaps): the column-number row. */
function numberRowOf(lines: PhysLine[]): { index: number; centres: number[] } | null {
  for (let i = 0; i < Math.min(lines.length, 80); i++) {
    const words = lines[i]!.boxes.flatMap(splitWords);
    if (words.length < 3 || words.length > MAX_TABLE_COLUMNS) continue;
    if (columnNumbers(words.map((w) => w.text))) return { index: i, centres: words.map((w) => (w.x0 + w.x1) / 2) };
  }
  return null;
}

/** The boxes of a line merged where they lie closer than `tol`: the line's text chunks (cell candidates). */
function chunksOf(line: PhysLine, tol: number): { text: string; x0: number; x1: number }[] {
  const out: { boxes: TextBox[]; x0: number; x1: number }[] = [];
  for (const b of [...line.boxes].sort((p, q) => p.x0 - q.x0)) {
    const last = out[out.length - 1];
    if (last && b.x0 <= last.x1 + tol) {
      last.boxes.push(b);
      last.x1 = Math.max(last.x1, b.x1);
    } else out.push({ boxes: [b], x0: b.x0, x1: b.x1 });
  }
  return out.map((c) => ({ text: joinBoxes(c.boxes), x0: c.x0, x1: c.x1 }));
}

/** A piece of a wrapped heading: a heading word, lower-case text, or a glyph or two the cell broke off (`.`, `д`). */
function wrapsHeading(text: string): boolean {
  const t = text.trim();
  return !t || !/[\p{L}\d]/u.test(t) || /^[\p{Ll}(]/u.test(t) || headingField(t) !== null;
}

/** Joins the lines of a wrapped heading cell; a piece the cell broke off mid-word (`Ко` / `д`) is glued on. */
function joinHeading(pieces: string[]): string {
  let out = '';
  for (const raw of pieces) {
    const p = raw.trim();
    if (!p) continue;
    const broken = out && (!/[\p{L}\d]/u.test(p) || (/^\p{Ll}{1,2}[.,]?$/u.test(p) && /\p{L}$/u.test(out)));
    out = !out ? p : broken ? out + p : `${out} ${p}`;
  }
  return joinPieces([out]);
}

/**
 * The heading of a table without a column-number row, found from its words before the columns are
 * known: the first line whose chunks read as two or more different headings, and the lines under
 * it that wrap it (up to four, ending at a line that starts with a number: the first position).
 */
function headerZone(lines: PhysLine[], tol: number): { start: number; end: number } | null {
  for (let i = 0; i < Math.min(lines.length, 60); i++) {
    const chunks = chunksOf(lines[i]!, tol);
    if (chunks.length < 2 || !isHeadingLine(chunks.map((c) => c.text))) continue;
    let end = i;
    for (let k = i + 1; k < Math.min(lines.length, i + 5); k++) {
      if (!chunksOf(lines[k]!, tol).every((c) => wrapsHeading(c.text))) break;
      end = k;
    }
    return { start: i, end };
  }
  return null;
}

/**
 * Column gaps of a table typed without rulings or a column-number row (a Word table printed to
 * PDF): x ranges where no heading line has text and at most a few body lines do. Lines that run
 * across columns (a document title, a footer, one overflowing cell) no longer close a gap, and a
 * column filled only in its heading (`Код`) is kept by the heading.
 */
function headedBounds(lines: PhysLine[], zone: { start: number; end: number }, tol: number): number[] | null {
  const heading = lines.slice(zone.start, zone.end + 1);
  const body = lines.slice(zone.end + 1);
  const headIv = projection(heading, tol);
  if (headIv.length < 2) return null;
  const left = Math.floor(headIv[0]![0]);
  let right = Math.ceil(headIv[headIv.length - 1]![1]);
  const bodyIv = body.map((l) => projection([l], tol));
  for (const iv of bodyIv) for (const [, b] of iv) right = Math.max(right, Math.ceil(b));
  let from = left;
  for (const iv of bodyIv) for (const [a] of iv) from = Math.min(from, Math.floor(a));
  const span = right - from + 1;
  if (span <= 0 || span > 20000) return null;
  const headed = new Uint8Array(span);
  const count = new Uint16Array(span);
  for (const [a, b] of headIv) for (let x = Math.max(0, Math.floor(a) - from); x <= Math.min(span - 1, Math.ceil(b) - from); x++) headed[x] = 1;
  for (const iv of bodyIv) for (const [a, b] of iv) for (let x = Math.max(0, Math.floor(a) - from); x <= Math.min(span - 1, Math.ceil(b) - from); x++) count[x]!++;
  const limit = Math.max(1, Math.floor(0.05 * body.length));
  const open = (x: number) => !headed[x] && count[x]! <= limit;
  // The table runs from the first to the last column with a heading or steady body text.
  let lo = 0;
  while (lo < span && open(lo)) lo++;
  let hi = span - 1;
  while (hi > lo && open(hi)) hi--;
  if (hi <= lo) return null;
  const bounds = [from + lo];
  for (let x = lo; x <= hi; x++) {
    if (!open(x)) continue;
    let y = x;
    while (y + 1 <= hi && open(y + 1)) y++;
    if (y - x + 1 >= tol) bounds.push(from + (x + y + 1) / 2);
    x = y;
  }
  bounds.push(from + hi + 1);
  return bounds.length >= 3 && bounds.length - 1 <= MAX_TABLE_COLUMNS ? bounds : null;
}

/** Column bounds from the text alone: the column-number row's numbers split by the gaps between them, else the gaps themselves. */
function streamBounds(lines: PhysLine[]): { bounds: number[]; from: 'numbers' | 'projection'; zone?: { start: number; end: number } } | null {
  if (!lines.length) return null;
  const size = median(lines.map((l) => l.size)) || 10;
  const numbers = numberRowOf(lines);
  if (!numbers) {
    const zone = headerZone(lines, 0.6 * size);
    const headed = zone ? headedBounds(lines, zone, 0.6 * size) : null;
    if (headed) return { bounds: headed, from: 'projection', zone: zone! };
  }
  const body = numbers ? lines.slice(Math.max(0, numbers.index - 6)) : lines;
  const proj = projection(body, 0.6 * size);
  if (!proj.length) return null;
  const left = proj[0]![0];
  const right = proj[proj.length - 1]![1];
  const gaps: [number, number][] = [];
  for (let i = 0; i + 1 < proj.length; i++) gaps.push([proj[i]![1], proj[i + 1]![0]]);
  if (numbers) {
    const c = numbers.centres;
    const bounds = [Math.min(left, c[0]! - size)];
    for (let i = 0; i + 1 < c.length; i++) {
      const between = gaps.filter(([a, b]) => a >= c[i]! && b <= c[i + 1]!).sort((p, q) => q[1] - q[0] - (p[1] - p[0]));
      bounds.push(between.length ? (between[0]![0] + between[0]![1]) / 2 : (c[i]! + c[i + 1]!) / 2);
    }
    bounds.push(Math.max(right, c[c.length - 1]! + size));
    return { bounds, from: 'numbers' };
  }
  const bounds = [left, ...gaps.map(([a, b]) => (a + b) / 2), right];
  if (bounds.length - 1 > MAX_TABLE_COLUMNS) return null;
  return { bounds, from: 'projection' };
}

/** Column bounds from vertical rulings: those crossing the header's defining row, else most text lines. */
function ruledBounds(lines: PhysLine[], rulings: Rulings): { bounds: number[]; top: number; bottom: number } | null {
  const vertical = rulings.vertical.filter((v) => v.to - v.from >= 8);
  const xs = [...new Set(vertical.map((v) => Math.round(v.at * 10) / 10))].sort((a, b) => a - b);
  if (xs.length < 3) return null;
  const cut = lines.map((l) => cutLine(l, xs).cells);
  const det = detectHeader(cut);
  const defining = det.numberRow ?? det.headerRows[det.headerRows.length - 1];
  let kept: number[];
  if (defining !== undefined) {
    const y = lines[defining]!.mid;
    kept = xs.filter((x) => crosses(vertical, x, y, 1));
  } else {
    kept = xs.filter((x) => {
      const hit = lines.filter((l) => crosses(vertical, x, l.mid, 1)).length;
      return hit >= Math.max(2, 0.5 * lines.length);
    });
  }
  if (kept.length < 3) return null;
  const spans = vertical.filter((v) => kept.some((x) => Math.abs(x - v.at) <= 3));
  return { bounds: kept, top: Math.min(...spans.map((v) => v.from)), bottom: Math.max(...spans.map((v) => v.to)) };
}

/**
 * Headings read only in part (an OCR'd wrapped heading): fields the headings left out are taken
 * from a sequential column-number row (GOST order: unit 6, count 7 …) where that column is free.
 */
function completeMapping(d: HeaderDetection, cut: { cells: string[] }[]): HeaderDetection {
  if (d.headerRows.length && d.numberRow === null) {
    // A heading line misread by OCR between the heading and the number row: the number row a few
    // lines further down still closes the heading, and the lines between belong to it.
    const end = d.headerRows[d.headerRows.length - 1]!;
    for (let k = end + 2; k <= Math.min(end + 3, cut.length - 1); k++) {
      if (columnNumbers(cut[k]!.cells)) {
        d = { ...d, headerRows: [...d.headerRows, ...Array.from({ length: k - end - 1 }, (_, j) => end + 1 + j)], numberRow: k };
        break;
      }
    }
  }
  if (!d.mapping || d.numberRow === null) return d;
  const numbers = columnNumbers(cut[d.numberRow]!.cells);
  if (!numbers) return d;
  const filled = numbers.filter((n) => n > 0);
  if (!filled.every((n, i) => n === i + 1)) return d;
  const mapping = { ...d.mapping };
  const used = new Set(Object.values(mapping).filter((c) => c > 0));
  const gost: (keyof typeof mapping)[] = ['pos', 'title', 'marka', 'sku', 'man', 'unit', 'count'];
  gost.forEach((field, k) => {
    const col = numbers.indexOf(k + 1) + 1;
    if (!mapping[field] && col > 0 && !used.has(col)) {
      mapping[field] = col;
      used.add(col);
    }
  });
  return { ...d, mapping };
}

/**
 * Lines under the last position of a table without rulings whose text runs across a column gap
 * (a footer paragraph, a signature line): not cells of the table, so not the last name's tail.
 */
function belowTable(lines: PhysLine[], cut: { cells: string[] }[], bounds: number[], d: HeaderDetection): Set<number> {
  const out = new Set<number>();
  const anchors = [d.mapping?.pos ?? 0, d.mapping?.count ?? 0].filter((c) => c > 0).map((c) => c - 1);
  if (!anchors.length) return out;
  let last = -1;
  cut.forEach((c, i) => {
    if (!d.headerRows.includes(i) && anchors.some((a) => (c.cells[a] ?? '').trim())) last = i;
  });
  if (last < 0) return out;
  const inner = bounds.slice(1, -1);
  for (let i = last + 1; i < lines.length; i++) {
    const l = lines[i]!;
    const tol = 0.6 * l.size;
    if (chunksOf(l, tol).some((ch) => inner.some((b) => ch.x0 < b - 0.2 * l.size && ch.x1 > b + 0.2 * l.size))) out.add(i);
  }
  return out;
}

/**
 * A heading wrapped over several lines of a table without rulings is one heading: every line of
 * its zone (headerZone) joins it, pieces broken off mid-word are glued back, and the mapping is
 * suggested from the whole texts.
 */
function wholeHeading(d: HeaderDetection, cut: { cells: string[] }[], zone: { start: number; end: number }): HeaderDetection {
  const rows = Array.from({ length: zone.end - zone.start + 1 }, (_, k) => zone.start + k);
  if (rows.length <= d.headerRows.length) return d;
  const width = Math.max(...rows.map((r) => cut[r]!.cells.length));
  const columns = Array.from({ length: width }, (_, c) => joinHeading(rows.map((r) => cut[r]!.cells[c] ?? '')));
  return { ...d, headerRows: rows, columns, mapping: mappingFromHeadings(columns) ?? d.mapping };
}

/**
 * Builds the table of one page. `previous` are the bounds of the last page with a table, used for
 * a continuation page that repeats neither the header nor the column-number row.
 */
export function buildPageTable(boxes: TextBox[], rulings: Rulings | null, previous?: number[] | null, ocr = false): PageTable | null {
  let lines = groupLines(boxes);
  if (!lines.length) return null;
  let bounds: number[] | null = null;
  let from: PageTable['columnsFrom'] = 'projection';
  let zone: { start: number; end: number } | null = null;
  const ruled = rulings ? ruledBounds(lines, rulings) : null;
  if (ruled) {
    bounds = ruled.bounds;
    from = 'rulings';
    const tol = 2;
    lines = lines.filter((l) => l.mid >= ruled.top - tol && l.mid <= ruled.bottom + tol);
  } else {
    const s = streamBounds(lines);
    if (s) {
      bounds = s.bounds;
      from = s.from;
      zone = s.zone ?? null;
    }
  }
  if (!lines.length || !bounds || bounds.length < 2) return null;
  const initial = bounds;
  let cut = lines.map((l) => cutLine(l, initial));
  if (ocr) repairNumberRow(cut);
  let detection = completeMapping(detectHeader(cut.map((c) => c.cells)), cut);
  if (detection.headerRows.length && detection.numberRow === null) {
    // A heading wrapped cell by cell (ruled or not) with no number row under it: all its lines.
    const z = zone ?? headerZone(lines, 0.6 * (median(lines.map((l) => l.size)) || 10));
    if (z && detection.headerRows[0] === z.start) detection = wholeHeading(detection, cut, z);
  }
  const found = detection.headerRows.length > 0 || detection.numberRow !== null;
  if (!found && previous && previous.length >= 3 && from === 'projection') {
    bounds = previous;
    from = 'previous';
    cut = lines.map((l) => cutLine(l, bounds!));
    if (ocr) repairNumberRow(cut);
    detection = completeMapping(detectHeader(cut.map((c) => c.cells)), cut);
  }
  if (ocr && detection.mapping && !detection.mapping.unit && !detection.mapping.count && bounds.length - 1 >= 7) {
    // GOST Form 1 read in order up to the supplier (1-5) with the unit and quantity headings
    // misread (`En: изм.`, `Kon.`): columns 6 and 7, as the form has them.
    const m = detection.mapping;
    const used = new Set(Object.values(m).filter((c) => c > 0));
    if (m.pos === 1 && m.title === 2 && m.marka === 3 && (m.man === 5 || m.sku === 4) && !used.has(6) && !used.has(7)) detection = { ...detection, mapping: { ...m, unit: 6, count: 7 } };
  }
  if (ocr && detection.mapping && !detection.mapping.count && detection.mapping.unit > 0) {
    // The quantity heading misread (`Kon.` for `Кол.`): the column right of the unit, when it
    // holds a number on most lines that carry a unit, is the quantity.
    const m = detection.mapping;
    const unit = m.unit - 1;
    const next = unit + 1;
    const taken = Object.values(m).includes(next + 1);
    const skip = new Set([...detection.headerRows, detection.numberRow ?? -1]);
    const withUnit = cut.filter((c, i) => !skip.has(i) && (c.cells[unit] ?? '').trim());
    const numbers = withUnit.filter((c) => /^\d+(?:[.,]\d+)?$/.test(ocrDigits((c.cells[next] ?? '').trim())));
    if (!taken && next < bounds.length - 1 && withUnit.length >= 3 && numbers.length >= 0.6 * withUnit.length) detection = { ...detection, mapping: { ...m, count: next + 1 } };
  }
  if (ocr && detection.mapping) {
    const numeric = [detection.mapping.pos, detection.mapping.count].filter((c) => c > 0).map((c) => c - 1);
    for (const [i, c] of cut.entries()) {
      if (detection.headerRows.includes(i) || i === detection.numberRow) continue;
      for (const col of numeric) c.cells[col] = ocrDigits(c.cells[col] ?? '');
      if (detection.mapping.unit > 0) c.cells[detection.mapping.unit - 1] = ocrUnit(c.cells[detection.mapping.unit - 1] ?? '');
      // `То же` (same as above) read with Latin letters.
      const title = detection.mapping.title - 1;
      if (title >= 0) c.cells[title] = ocrTitle(c.cells[title] ?? '');
    }
    if (detection.mapping.pos > 0) repairPositions(cut, detection.mapping.pos - 1, new Set([...detection.headerRows, detection.numberRow ?? -1]));
  }
  const start = found ? Math.min(detection.headerRows[0] ?? Infinity, detection.numberRow ?? Infinity) : 0;
  const headerSet = new Set(detection.headerRows);

  // Horizontal rulings spanning at least half the table separate rows.
  const width = bounds[bounds.length - 1]! - bounds[0]!;
  // (Added up per position: a faint rule on a scan comes in dashes.)
  const covered = new Map<number, number>();
  for (const h of rulings?.horizontal ?? []) {
    const o = Math.min(h.to, bounds[bounds.length - 1]!) - Math.max(h.from, bounds[0]!);
    if (o > 0) covered.set(h.at, (covered.get(h.at) ?? 0) + o);
  }
  const rowRules = [...covered].filter(([, len]) => len >= 0.5 * width).map(([at]) => at).sort((a, b) => a - b);
  const anchorCol = Math.max(0, (detection.mapping?.pos || detection.mapping?.count || 1) - 1);
  const rows: TableRow[] = [];
  let pending: { index: number; band: number }[] = [];
  let rowRulings = false;
  const bandOf = (y: number) => {
    let k = 0;
    while (k < rowRules.length && rowRules[k]! < y) k++;
    return k;
  };
  const flush = () => {
    if (!pending.length) return;
    const members = pending.map((p) => cut[p.index]!);
    const anchors = members.filter((m) => (m.cells[anchorCol] ?? '').trim()).length;
    const first = lines[pending[0]!.index]!;
    const last = lines[pending[pending.length - 1]!.index]!;
    if (members.length > 1 && anchors <= 1 && rowRules.length >= 2) {
      rowRulings = true;
      const cells = bounds!.slice(1).map((_, c) => joinPieces(members.map((m) => m.cells[c] ?? '')));
      const confs = members.map((m) => m.conf).filter((x): x is number => x !== undefined);
      rows.push({ cells, kind: 'data', y0: first.y0, y1: last.y1, ...(confs.length ? { confidence: confs.reduce((s, x) => s + x, 0) / confs.length } : {}) });
    } else {
      for (const p of pending) {
        const l = lines[p.index]!;
        const m = cut[p.index]!;
        rows.push({ cells: m.cells, kind: 'data', y0: l.y0, y1: l.y1, ...(m.conf !== undefined ? { confidence: m.conf } : {}) });
      }
    }
    pending = [];
  };
  const below = zone ? belowTable(lines, cut, bounds, detection) : new Set<number>();
  for (let i = start; i < lines.length; i++) {
    const l = lines[i]!;
    const c = cut[i]!;
    if (!c.cells.some((x) => x)) continue;
    if (below.has(i)) {
      flush();
      rows.push({ cells: c.cells, kind: 'furniture', y0: l.y0, y1: l.y1 });
      continue;
    }
    if (headerSet.has(i) || i === detection.numberRow) {
      flush();
      rows.push({ cells: c.cells, kind: headerSet.has(i) ? 'header' : 'column-numbers', y0: l.y0, y1: l.y1, ...(c.conf !== undefined ? { confidence: c.conf } : {}) });
      continue;
    }
    // By the top of the text: text overflowing its cell downwards, across the rule, stays in its row.
    const band = bandOf(l.y0 + 0.15 * l.size);
    if (pending.length && pending[pending.length - 1]!.band !== band) flush();
    pending.push({ index: i, band });
  }
  flush();
  if (!rows.some((r) => r.kind === 'data' || r.kind === 'header')) return null;
  return { bounds, rows, detection, columnsFrom: from, rowRulings };
}
