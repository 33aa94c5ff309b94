// Ruling lines of a PDF page from pdf.js's operator list, in display coordinates (points, y down,
// page rotation applied). Since pdf.js 5 a path arrives as one constructPath op:
// [paintOp, [pathData: Float32Array of inline DrawOPS codes and coordinates], minMax]; the current
// transformation matrix is tracked from save/restore/transform and form XObjects. Stroked
// straight segments and thin filled rectangles become rulings; then, as pdfplumber does, nearly
// equal positions are snapped together, touching collinear pieces joined and short pieces dropped.
import { OPS, Util } from './pdfjs.ts';

export interface Ruling {
  /** Horizontal: y; vertical: x. */
  at: number;
  /** Extent along the line: x0..x1 for horizontal, y0..y1 (top..bottom) for vertical. */
  from: number;
  to: number;
}

export interface Rulings {
  horizontal: Ruling[];
  vertical: Ruling[];
}

type Matrix = [number, number, number, number, number, number];

const DRAW_MOVE = 0;
const DRAW_LINE = 1;
const DRAW_CURVE = 2;
const DRAW_QUAD = 3;
const DRAW_CLOSE = 4;

/** Rectangles thinner than this (points) count as lines when filled. */
const THIN = 2.5;
/** Slant tolerance for axis-parallel segments (points). */
const AXIS_TOL = 1;
/** pdfplumber defaults: snap 3, join 3, edge_min_length 3. */
const SNAP = 3;
const JOIN = 3;
const MIN_LENGTH = 3;

interface RawSeg {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

function apply(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/**
 * Straight segments of the page. `viewport` is the display transform of page.getViewport().
 * Paths with curves are ignored (rounded frames, symbols).
 */
export function segmentsFromOperatorList(
  opList: { fnArray: number[]; argsArray: unknown[] },
  viewport: number[],
): RawSeg[] {
  const segs: RawSeg[] = [];
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  const stack: Matrix[] = [];
  const { fnArray, argsArray } = opList;
  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i];
    const args = argsArray[i] as unknown[] | null;
    switch (fn) {
      case OPS.save:
        stack.push(ctm);
        break;
      case OPS.restore:
        ctm = stack.pop() ?? ctm;
        break;
      case OPS.transform:
        ctm = Util.transform(ctm, args as Matrix) as Matrix;
        break;
      case OPS.paintFormXObjectBegin: {
        stack.push(ctm);
        const m = args?.[0] as Matrix | null | undefined;
        if (m && m.length === 6) ctm = Util.transform(ctm, m) as Matrix;
        break;
      }
      case OPS.paintFormXObjectEnd:
        ctm = stack.pop() ?? ctm;
        break;
      case OPS.constructPath: {
        const paintOp = args?.[0] as number;
        const data = (args?.[1] as (ArrayLike<number> | null)[] | undefined)?.[0];
        if (!data || !data.length) break;
        const stroke =
          paintOp === OPS.stroke ||
          paintOp === OPS.closeStroke ||
          paintOp === OPS.fillStroke ||
          paintOp === OPS.eoFillStroke ||
          paintOp === OPS.closeFillStroke ||
          paintOp === OPS.closeEOFillStroke;
        const fill =
          paintOp === OPS.fill ||
          paintOp === OPS.eoFill ||
          paintOp === OPS.fillStroke ||
          paintOp === OPS.eoFillStroke ||
          paintOp === OPS.closeFillStroke ||
          paintOp === OPS.closeEOFillStroke;
        if (!stroke && !fill) break;
        const m = Util.transform(viewport, ctm) as Matrix;
        collectPath(data, m, stroke, fill, segs);
        break;
      }
      default:
        break;
    }
  }
  return segs;
}

function collectPath(
  data: ArrayLike<number>,
  m: Matrix,
  stroke: boolean,
  fill: boolean,
  out: RawSeg[],
) {
  // Split into subpaths of points; a subpath with a curve is skipped as a whole.
  let pts: [number, number][] = [];
  let curved = false;
  let closed = false;
  const flush = () => {
    if (pts.length >= 2 && !curved) emitSubpath(pts, closed, stroke, fill, out);
    pts = [];
    curved = false;
    closed = false;
  };
  for (let k = 0; k < data.length;) {
    const op = data[k++];
    if (op === DRAW_MOVE) {
      flush();
      pts.push(apply(m, data[k]!, data[k + 1]!));
      k += 2;
    } else if (op === DRAW_LINE) {
      pts.push(apply(m, data[k]!, data[k + 1]!));
      k += 2;
    } else if (op === DRAW_CURVE) {
      curved = true;
      k += 6;
    } else if (op === DRAW_QUAD) {
      curved = true;
      k += 4;
    } else if (op === DRAW_CLOSE) {
      closed = true;
      flush();
    } else {
      break;
    }
  }
  flush();
}

function emitSubpath(
  pts: [number, number][],
  closed: boolean,
  stroke: boolean,
  fill: boolean,
  out: RawSeg[],
) {
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const minX = Math.min(...xs);
  const maxX = Math.max(...xs);
  const minY = Math.min(...ys);
  const maxY = Math.max(...ys);
  const w = maxX - minX;
  const h = maxY - minY;
  // A thin filled (or stroked) box is one line through its middle.
  if (pts.length >= 4 && (w <= THIN || h <= THIN) && isAxisBox(pts)) {
    if (w <= THIN && h > w)
      out.push({ x0: (minX + maxX) / 2, y0: minY, x1: (minX + maxX) / 2, y1: maxY });
    else if (h <= THIN && w > h)
      out.push({ x0: minX, y0: (minY + maxY) / 2, x1: maxX, y1: (minY + maxY) / 2 });
    return;
  }
  if (!stroke) {
    if (!fill) return;
    // A filled cell background: its edges are not drawn lines.
    return;
  }
  const n = pts.length;
  for (let i = 0; i + 1 < n; i++)
    out.push({ x0: pts[i]![0], y0: pts[i]![1], x1: pts[i + 1]![0], y1: pts[i + 1]![1] });
  if (closed && n > 2)
    out.push({ x0: pts[n - 1]![0], y0: pts[n - 1]![1], x1: pts[0]![0], y1: pts[0]![1] });
}

function isAxisBox(pts: [number, number][]): boolean {
  for (let i = 0; i + 1 < pts.length; i++) {
    const dx = Math.abs(pts[i + 1]![0] - pts[i]![0]);
    const dy = Math.abs(pts[i + 1]![1] - pts[i]![1]);
    if (dx > AXIS_TOL && dy > AXIS_TOL) return false;
  }
  return true;
}

/** Axis-parallel rulings from raw segments: snapped, joined, short ones dropped. */
export function rulingsFromSegments(segs: RawSeg[]): Rulings {
  const horizontal: Ruling[] = [];
  const vertical: Ruling[] = [];
  for (const s of segs) {
    if (Math.abs(s.y1 - s.y0) <= AXIS_TOL && Math.abs(s.x1 - s.x0) > 0) {
      horizontal.push({
        at: (s.y0 + s.y1) / 2,
        from: Math.min(s.x0, s.x1),
        to: Math.max(s.x0, s.x1),
      });
    } else if (Math.abs(s.x1 - s.x0) <= AXIS_TOL && Math.abs(s.y1 - s.y0) > 0) {
      vertical.push({
        at: (s.x0 + s.x1) / 2,
        from: Math.min(s.y0, s.y1),
        to: Math.max(s.y0, s.y1),
      });
    }
  }
  return { horizontal: tidy(horizontal), vertical: tidy(vertical) };
}

/** Snap positions within SNAP to their cluster mean, join collinear pieces (gaps up to `join`), drop short ones. */
export function tidy(lines: Ruling[], join = JOIN): Ruling[] {
  if (!lines.length) return [];
  const sorted = [...lines].sort((a, b) => a.at - b.at);
  const clusters: Ruling[][] = [];
  for (const l of sorted) {
    const c = clusters[clusters.length - 1];
    if (c && l.at - c[0]!.at <= SNAP) c.push(l);
    else clusters.push([l]);
  }
  const out: Ruling[] = [];
  for (const c of clusters) {
    const at = c.reduce((s, l) => s + l.at, 0) / c.length;
    const pieces = c.map((l) => ({ at, from: l.from, to: l.to })).sort((a, b) => a.from - b.from);
    let cur = pieces[0]!;
    for (const p of pieces.slice(1)) {
      if (p.from <= cur.to + join) cur.to = Math.max(cur.to, p.to);
      else {
        if (cur.to - cur.from >= MIN_LENGTH) out.push(cur);
        cur = p;
      }
    }
    if (cur.to - cur.from >= MIN_LENGTH) out.push(cur);
  }
  return out;
}

/** Total length of the rulings at position `at` (±SNAP) that cover y (or x) = `across`. */
export function crosses(lines: Ruling[], at: number, across: number, tol = 1): boolean {
  return lines.some(
    (l) => Math.abs(l.at - at) <= SNAP && l.from - tol <= across && l.to + tol >= across,
  );
}
