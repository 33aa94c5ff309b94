// Positioned text grouped into physical lines and cut into columns: the first steps of the table
// builder (stream.ts). Boxes join a line by their vertical middle (within half a font height);
// a line is cut at the column bounds, words split where a box spans two columns.

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

export const mid = (b: { y0: number; y1: number }) => (b.y0 + b.y1) / 2;

export function median(xs: number[]): number {
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
  return a.some((o) =>
    b.some(
      (p) =>
        o.text !== p.text &&
        Math.min(o.x1, p.x1) - Math.max(o.x0, p.x0) > 0.5 * Math.min(o.x1 - o.x0, p.x1 - p.x0),
    ),
  );
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
    if (
      last &&
      Math.abs(last.mid - mid(b)) <= 0.2 * Math.max(last.size, b.size) &&
      !collide(last.boxes, [b])
    )
      addTo(last, b);
    else clusters.push({ boxes: [b], y0: b.y0, y1: b.y1, mid: mid(b), size: b.size });
  }
  const lines: PhysLine[] = [];
  for (const c of clusters) {
    let best: PhysLine | null = null;
    for (let i = lines.length - 1; i >= 0 && i >= lines.length - 4; i--) {
      const l = lines[i]!;
      if (
        Math.abs(l.mid - c.mid) > 0.5 * Math.max(l.size, c.size) ||
        (best && Math.abs(l.mid - c.mid) >= Math.abs(best.mid - c.mid))
      )
        continue;
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
export function joinBoxes(boxes: TextBox[]): string {
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
export function splitWords(b: TextBox): TextBox[] {
  const words = b.text.split(/(\s+)/);
  if (words.filter((w) => w.trim()).length < 2) return [b];
  const total = b.text.length;
  const per = (b.x1 - b.x0) / Math.max(1, total);
  const out: TextBox[] = [];
  let pos = 0;
  for (const w of words) {
    if (w.trim())
      out.push({ ...b, text: w, x0: b.x0 + pos * per, x1: b.x0 + (pos + w.length) * per });
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
    for (let c = 0; c + 1 < bounds.length; c++)
      if (cx >= bounds[c]! && cx <= bounds[c + 1]!) return c;
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
  return confs.length
    ? { cells, conf: confs.reduce((s, x) => s + x, 0) / confs.length }
    : { cells };
}
