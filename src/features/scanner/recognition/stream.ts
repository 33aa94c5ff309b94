// The one table builder for positioned text: PDF text items (pdf.ts) and OCR word boxes (ocr.ts)
// alike. Boxes are grouped into physical lines by their vertical middle (within half a font
// height); columns come from vertical rulings that cross the header (lattice), or else from the
// column-number row and an x-gap projection of the text (stream); lines are cut into those
// columns; when horizontal rulings separate rows, the physical lines of one ruled row are joined
// into one line (a wrapped cell stays one row), unless the ruled band holds several positions
// (rules missing between rows, as GOST allows). On OCR pages the short cells are repaired first
// (ocr-cells.ts).
import {
  columnNumbers,
  detectHeader,
  mappingFromHeadings,
  type HeaderDetection,
} from './headers.ts';
import type { Rulings } from './lattice.ts';
import { joinPieces } from '#lib/normalise.ts';
import { ocrDigits, ocrTitle, ocrUnit, repairNumberRow, repairPositions } from './ocr-cells.ts';
import { chunksOf, headerZone, joinHeading, ruledBounds, streamBounds } from './bounds.ts';
import { cutLine, groupLines, median, type PhysLine, type TextBox } from './lines.ts';
import type { ExtractedLine } from './types.ts';

// The input of the table builder, for its callers (pdf.ts, ocr.ts).
export type { TextBox };

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
        d = {
          ...d,
          headerRows: [
            ...d.headerRows,
            ...Array.from({ length: k - end - 1 }, (_, j) => end + 1 + j),
          ],
          numberRow: k,
        };
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
function belowTable(
  lines: PhysLine[],
  cut: { cells: string[] }[],
  bounds: number[],
  d: HeaderDetection,
): Set<number> {
  const out = new Set<number>();
  const anchors = [d.mapping?.pos ?? 0, d.mapping?.count ?? 0]
    .filter((c) => c > 0)
    .map((c) => c - 1);
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
    if (
      chunksOf(l, tol).some((ch) =>
        inner.some((b) => ch.x0 < b - 0.2 * l.size && ch.x1 > b + 0.2 * l.size),
      )
    )
      out.add(i);
  }
  return out;
}

/**
 * A heading wrapped over several lines of a table without rulings is one heading: every line of
 * its zone (headerZone) joins it, pieces broken off mid-word are glued back, and the mapping is
 * suggested from the whole texts.
 */
function wholeHeading(
  d: HeaderDetection,
  cut: { cells: string[] }[],
  zone: { start: number; end: number },
): HeaderDetection {
  const rows = Array.from({ length: zone.end - zone.start + 1 }, (_, k) => zone.start + k);
  if (rows.length <= d.headerRows.length) return d;
  const width = Math.max(...rows.map((r) => cut[r]!.cells.length));
  const columns = Array.from({ length: width }, (_, c) =>
    joinHeading(rows.map((r) => cut[r]!.cells[c] ?? '')),
  );
  return { ...d, headerRows: rows, columns, mapping: mappingFromHeadings(columns) ?? d.mapping };
}

/**
 * Builds the table of one page. `previous` are the bounds of the last page with a table, used for
 * a continuation page that repeats neither the header nor the column-number row.
 */
export function buildPageTable(
  boxes: TextBox[],
  rulings: Rulings | null,
  previous?: number[] | null,
  ocr = false,
): PageTable | null {
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
  if (
    ocr &&
    detection.mapping &&
    !detection.mapping.unit &&
    !detection.mapping.count &&
    bounds.length - 1 >= 7
  ) {
    // GOST Form 1 read in order up to the supplier (1-5) with the unit and quantity headings
    // misread (`En: изм.`, `Kon.`): columns 6 and 7, as the form has them.
    const m = detection.mapping;
    const used = new Set(Object.values(m).filter((c) => c > 0));
    if (
      m.pos === 1 &&
      m.title === 2 &&
      m.marka === 3 &&
      (m.man === 5 || m.sku === 4) &&
      !used.has(6) &&
      !used.has(7)
    )
      detection = { ...detection, mapping: { ...m, unit: 6, count: 7 } };
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
    const numbers = withUnit.filter((c) =>
      /^\d+(?:[.,]\d+)?$/.test(ocrDigits((c.cells[next] ?? '').trim())),
    );
    if (
      !taken &&
      next < bounds.length - 1 &&
      withUnit.length >= 3 &&
      numbers.length >= 0.6 * withUnit.length
    )
      detection = { ...detection, mapping: { ...m, count: next + 1 } };
  }
  if (ocr && detection.mapping) {
    const numeric = [detection.mapping.pos, detection.mapping.count]
      .filter((c) => c > 0)
      .map((c) => c - 1);
    for (const [i, c] of cut.entries()) {
      if (detection.headerRows.includes(i) || i === detection.numberRow) continue;
      for (const col of numeric) c.cells[col] = ocrDigits(c.cells[col] ?? '');
      if (detection.mapping.unit > 0)
        c.cells[detection.mapping.unit - 1] = ocrUnit(c.cells[detection.mapping.unit - 1] ?? '');
      // `То же` (same as above) read with Latin letters.
      const title = detection.mapping.title - 1;
      if (title >= 0) c.cells[title] = ocrTitle(c.cells[title] ?? '');
    }
    if (detection.mapping.pos > 0)
      repairPositions(
        cut,
        detection.mapping.pos - 1,
        new Set([...detection.headerRows, detection.numberRow ?? -1]),
      );
  }
  const start = found
    ? Math.min(detection.headerRows[0] ?? Infinity, detection.numberRow ?? Infinity)
    : 0;
  const headerSet = new Set(detection.headerRows);

  // Horizontal rulings spanning at least half the table separate rows.
  const width = bounds[bounds.length - 1]! - bounds[0]!;
  // (Added up per position: a faint rule on a scan comes in dashes.)
  const covered = new Map<number, number>();
  for (const h of rulings?.horizontal ?? []) {
    const o = Math.min(h.to, bounds[bounds.length - 1]!) - Math.max(h.from, bounds[0]!);
    if (o > 0) covered.set(h.at, (covered.get(h.at) ?? 0) + o);
  }
  const rowRules = [...covered]
    .filter(([, len]) => len >= 0.5 * width)
    .map(([at]) => at)
    .sort((a, b) => a - b);
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
      const cells = bounds!
        .slice(1)
        .map((_, c) => joinPieces(members.map((m) => m.cells[c] ?? '')));
      const confs = members.map((m) => m.conf).filter((x): x is number => x !== undefined);
      rows.push({
        cells,
        kind: 'data',
        y0: first.y0,
        y1: last.y1,
        ...(confs.length ? { confidence: confs.reduce((s, x) => s + x, 0) / confs.length } : {}),
      });
    } else {
      for (const p of pending) {
        const l = lines[p.index]!;
        const m = cut[p.index]!;
        rows.push({
          cells: m.cells,
          kind: 'data',
          y0: l.y0,
          y1: l.y1,
          ...(m.conf !== undefined ? { confidence: m.conf } : {}),
        });
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
      rows.push({
        cells: c.cells,
        kind: headerSet.has(i) ? 'header' : 'column-numbers',
        y0: l.y0,
        y1: l.y1,
        ...(c.conf !== undefined ? { confidence: c.conf } : {}),
      });
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
