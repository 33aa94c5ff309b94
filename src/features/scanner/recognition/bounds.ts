// Where a table's columns are: from vertical rulings that cross the header (lattice), or else from
// the column-number row and an x-gap projection of the text (stream), and the zone of its header
// lines. Used by the table builder (stream.ts).
import { columnNumbers, detectHeader, headingField, isHeadingLine } from './headers.ts';
import { MAX_TABLE_COLUMNS } from './limits.ts';
import { crosses, type Rulings } from './lattice.ts';
import { joinPieces } from '#lib/normalise.ts';
import { cutLine, joinBoxes, median, splitWords, type PhysLine, type TextBox } from './lines.ts';

/** Merged x intervals covered by the boxes (gaps narrower than `tol` closed). */
export function projection(lines: PhysLine[], tol: number): [number, number][] {
  const iv = lines
    .flatMap((l) => l.boxes.map((b) => [b.x0, b.x1] as [number, number]))
    .sort((a, b) => a[0] - b[0]);
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
    if (columnNumbers(words.map((w) => w.text)))
      return { index: i, centres: words.map((w) => (w.x0 + w.x1) / 2) };
  }
  return null;
}

/** The boxes of a line merged where they lie closer than `tol`: the line's text chunks (cell candidates). */
export function chunksOf(line: PhysLine, tol: number): { text: string; x0: number; x1: number }[] {
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
export function joinHeading(pieces: string[]): string {
  let out = '';
  for (const raw of pieces) {
    const p = raw.trim();
    if (!p) continue;
    const broken =
      out && (!/[\p{L}\d]/u.test(p) || (/^\p{Ll}{1,2}[.,]?$/u.test(p) && /\p{L}$/u.test(out)));
    out = !out ? p : broken ? out + p : `${out} ${p}`;
  }
  return joinPieces([out]);
}

/**
 * The heading of a table without a column-number row, found from its words before the columns are
 * known: the first line whose chunks read as two or more different headings, and the lines under
 * it that wrap it (up to four, ending at a line that starts with a number: the first position).
 */
export function headerZone(lines: PhysLine[], tol: number): { start: number; end: number } | null {
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
function headedBounds(
  lines: PhysLine[],
  zone: { start: number; end: number },
  tol: number,
): number[] | null {
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
  for (const [a, b] of headIv)
    for (
      let x = Math.max(0, Math.floor(a) - from);
      x <= Math.min(span - 1, Math.ceil(b) - from);
      x++
    )
      headed[x] = 1;
  for (const iv of bodyIv)
    for (const [a, b] of iv)
      for (
        let x = Math.max(0, Math.floor(a) - from);
        x <= Math.min(span - 1, Math.ceil(b) - from);
        x++
      )
        count[x]!++;
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
export function streamBounds(lines: PhysLine[]): {
  bounds: number[];
  from: 'numbers' | 'projection';
  zone?: { start: number; end: number };
} | null {
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
      const between = gaps
        .filter(([a, b]) => a >= c[i]! && b <= c[i + 1]!)
        .sort((p, q) => q[1] - q[0] - (p[1] - p[0]));
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
export function ruledBounds(
  lines: PhysLine[],
  rulings: Rulings,
): { bounds: number[]; top: number; bottom: number } | null {
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
  return {
    bounds: kept,
    top: Math.min(...spans.map((v) => v.from)),
    bottom: Math.max(...spans.map((v) => v.to)),
  };
}
