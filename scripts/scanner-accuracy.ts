// Accuracy of the document scanner: runs extractDocument + buildRows (with the suggested mapping)
// over our generated corpus (npm run scanner:corpus) and the shared samples, and prints precision,
// recall and F1 of positions per document and per format, per-field figures and time per document.
// A position is right when pos, title, unit and count all match after normalisation.
//
//   npm run scanner:accuracy                  → everything present
//   npm run scanner:accuracy -- xlsx docx     → only these corpus formats (samples always included)
//   npm run scanner:accuracy -- --sample-truth → (re)write the samples' truth by reading the
//                                                 cells with exceljs at fixed columns, then measure

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { extractDocument } from '../src/features/scanner/recognition/index.ts';
import { buildRows } from '../src/features/scanner/recognition/rows.ts';
import { convertOffice } from '../src/features/scanner/recognition/libreoffice.ts';
import { joinPieces, normaliseText } from '../src/lib/normalise.ts';
import { normaliseUnit, parseQuantity } from '../src/features/scanner/recognition/quantity.ts';
import { DEFAULT_MAPPING, ScanInputError } from '../src/features/scanner/recognition/types.ts';
import type { ColumnMapping, RecognisedRow } from '../src/features/scanner/recognition/types.ts';
import {
  CORPUS_DIR,
  ROOT,
  SPECS,
  TRUTH_DIR,
  VARIANTS,
  readTruth,
  variantFile,
} from './scanner-corpus.ts';
import type { TruthRow, Variant } from './scanner-corpus.ts';

const SAMPLES_DIR = path.resolve(ROOT, '../shared/samples/scanner');

export interface FieldScores {
  pos: number;
  title: number;
  unit: number;
  count: number;
}

export interface Score {
  truth: number;
  found: number;
  right: number;
  precision: number;
  recall: number;
  f1: number;
  fields: FieldScores;
}

const normPos = (s: string) => s.trim().replace(/\.$/, '').toLowerCase();
const same = {
  pos: (a: string, b: string) => normPos(a) === normPos(b),
  title: (a: string, b: string) => normaliseText(a) === normaliseText(b),
  unit: (a: string, b: string) => normaliseUnit(a) === normaliseUnit(b),
  count: (a: number | null, b: number | null) =>
    a === null || b === null ? a === b : Math.abs(a - b) < 1e-9,
};

function rowRight(t: TruthRow, r: RecognisedRow): boolean {
  return (
    same.pos(t.pos, r.pos) &&
    same.title(t.title, r.title) &&
    same.unit(t.unit, r.unit) &&
    same.count(t.count, r.count)
  );
}

/** Precision/recall/F1 of whole positions (one-to-one), plus per-field agreement of aligned rows. */
export function score(truth: TruthRow[], rows: RecognisedRow[]): Score {
  const used = new Set<number>();
  let right = 0;
  for (const t of truth) {
    const i = rows.findIndex((r, k) => !used.has(k) && rowRight(t, r));
    if (i >= 0) {
      used.add(i);
      right++;
    }
  }
  // Alignment for the per-field figures: the n-th truth row with a position number to the n-th
  // recognised row with the same number; rows without a number by title.
  const taken = new Set<number>();
  const fieldHits = { pos: 0, title: 0, unit: 0, count: 0 };
  for (const t of truth) {
    let i = t.pos
      ? rows.findIndex((r, k) => !taken.has(k) && same.pos(t.pos, r.pos) && r.page === t.page)
      : -1;
    if (i < 0 && t.pos) i = rows.findIndex((r, k) => !taken.has(k) && same.pos(t.pos, r.pos));
    if (i < 0) i = rows.findIndex((r, k) => !taken.has(k) && same.title(t.title, r.title));
    if (i < 0) continue;
    taken.add(i);
    const r = rows[i]!;
    if (same.pos(t.pos, r.pos)) fieldHits.pos++;
    if (same.title(t.title, r.title)) fieldHits.title++;
    if (same.unit(t.unit, r.unit)) fieldHits.unit++;
    if (same.count(t.count, r.count)) fieldHits.count++;
  }
  const n = truth.length;
  const precision = rows.length ? right / rows.length : n === 0 ? 1 : 0;
  const recall = n ? right / n : rows.length === 0 ? 1 : 0;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  const frac = (h: number) => (n ? h / n : 1);
  return {
    truth: n,
    found: rows.length,
    right,
    precision,
    recall,
    f1,
    fields: {
      pos: frac(fieldHits.pos),
      title: frac(fieldHits.title),
      unit: frac(fieldHits.unit),
      count: frac(fieldHits.count),
    },
  };
}

export interface Measurement {
  document: string;
  format: string;
  ms: number;
  score: Score | null;
  error?: string;
  /** True when the suggested mapping missed and the document's known mapping was passed instead. */
  mappingGiven?: boolean;
}

/**
 * Recognise one file and score it against the truth (rows of `pages` only when given). `known`:
 * the document's right mapping, used (and reported) when the suggestion gets a scored field
 * (position, name, unit, quantity) wrong.
 */
export async function measure(
  file: string,
  document: string,
  format: string,
  truth: TruthRow[],
  known?: ColumnMapping,
): Promise<Measurement> {
  const bytes = readFileSync(file);
  const t = performance.now();
  try {
    const doc = await extractDocument(new Uint8Array(bytes), path.basename(file));
    const suggested = doc.suggestedMapping ?? DEFAULT_MAPPING;
    const missed =
      !!known &&
      (['pos', 'title', 'unit', 'count'] as const).some((k) => suggested[k] !== known[k]);
    const rows = buildRows(
      doc,
      missed ? known! : suggested,
      doc.pages.map((p) => p.page),
    );
    const ms = performance.now() - t;
    const pages = new Set(doc.pages.map((p) => p.page));
    return {
      document,
      format,
      ms,
      score: score(
        truth.filter((r) => pages.has(r.page)),
        rows,
      ),
      ...(missed ? { mappingGiven: true } : {}),
    };
  } catch (err) {
    const ms = performance.now() - t;
    if (err instanceof ScanInputError && err.code === 'noTable' && truth.length === 0)
      return { document, format, ms, score: score([], []), error: 'noTable (expected)' };
    return {
      document,
      format,
      ms,
      score: truth.length ? score(truth, []) : null,
      error: String(err),
    };
  }
}

// ------------------------------------------------------------------ the shared samples' truth

interface SampleTruthSpec {
  file: string;
  /** 1-based columns read per sheet, and the first data row. */
  cols: { pos: number; title: number; unit: number; count: number };
  firstRow: number;
  continuation: boolean;
}

const SAMPLE_TRUTH: Record<string, SampleTruthSpec> = {
  'sample-01': {
    file: '01-lexkorn-check_office_dwg-spec-APS-SOT-SKUD.xlsx',
    cols: { pos: 1, title: 2, unit: 6, count: 7 },
    firstRow: 3,
    continuation: true,
  },
  'sample-03': {
    file: '03-kaymantex68-autooperator-priced-list.xlsx',
    cols: { pos: 1, title: 2, unit: 0, count: 4 },
    firstRow: 2,
    continuation: false,
  },
  'sample-04': {
    file: '04-andreyshakhov-xlsx-to-xlsx-legacy-BIFF.xls',
    cols: { pos: 1, title: 2, unit: 0, count: 11 },
    firstRow: 5,
    continuation: false,
  },
};

function text(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object' && 'result' in v) return text(v.result as ExcelJS.CellValue);
  if (typeof v === 'object' && 'richText' in v) return v.richText.map((r) => r.text).join('');
  return String(v).replace(/\s+/g, ' ').trim();
}

/**
 * Read a sample's positions straight from its cells with exceljs at fixed columns: a row with a
 * whole/hierarchical number in the position column and a name is a position; rows after it with
 * an empty position and quantity continue its name (sample 01 only).
 */
async function sampleTruth(spec: SampleTruthSpec): Promise<TruthRow[]> {
  let bytes: Buffer = readFileSync(path.join(SAMPLES_DIR, spec.file));
  if (spec.file.endsWith('.xls')) bytes = Buffer.from(await convertOffice(bytes, 'xls', 'xlsx'));
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const out: TruthRow[] = [];
  wb.worksheets.forEach((ws, s) => {
    let last: { row: TruthRow; pieces: string[] } | null = null;
    for (let r = spec.firstRow; r <= ws.rowCount; r++) {
      const row = ws.getRow(r);
      const get = (c: number) => (c ? text(row.getCell(c).value) : '');
      const pos = get(spec.cols.pos);
      const title = get(spec.cols.title);
      const count = get(spec.cols.count);
      if (/^\d+(\.\d+)*$/.test(pos) && title) {
        last = {
          row: {
            page: s + 1,
            section: '',
            pos,
            title,
            marka: '',
            unit: normaliseUnit(get(spec.cols.unit)),
            count: count ? parseQuantity(count).value : null,
          },
          pieces: [title],
        };
        out.push(last.row);
      } else if (
        spec.continuation &&
        last &&
        !pos &&
        !count &&
        title &&
        !row.getCell(spec.cols.title).font?.bold
      ) {
        last.pieces.push(title);
        last.row.title = joinPieces(last.pieces);
      } else if (!title || pos) last = null;
    }
  });
  return out;
}

// ------------------------------------------------------------------ driver

const pct = (x: number) => (x * 100).toFixed(1).padStart(5);

export function formatTable(results: Measurement[]): string {
  const lines = [
    'document     format        truth found right   P %   R %  F1 %  | pos % title % unit % count % |   time',
  ];
  for (const m of results) {
    const s = m.score;
    lines.push(
      `${m.document.padEnd(12)} ${m.format.padEnd(12)} ${String(s?.truth ?? '-').padStart(5)} ${String(s?.found ?? '-').padStart(5)} ${String(s?.right ?? '-').padStart(5)} ` +
        (s
          ? `${pct(s.precision)} ${pct(s.recall)} ${pct(s.f1)}  | ${pct(s.fields.pos)} ${pct(s.fields.title).padStart(7)} ${pct(s.fields.unit)} ${pct(s.fields.count).padStart(7)} |`
          : '    -     -     -  |     -       -     -       - |') +
        ` ${(m.ms / 1000).toFixed(2).padStart(6)} s${m.mappingGiven ? '  (mapping given: the suggestion missed)' : ''}${m.error ? `  ${m.error.slice(0, 80)}` : ''}`,
    );
  }
  return lines.join('\n');
}

function byFormat(results: Measurement[]): string {
  const groups = new Map<string, Measurement[]>();
  // End to end means with the suggested mapping: a document scored with its known mapping (the
  // suggestion missed) is left out of its format's figures and named below the table.
  for (const m of results)
    if (m.score && !m.mappingGiven) groups.set(m.format, [...(groups.get(m.format) ?? []), m]);
  const given = results.filter((m) => m.mappingGiven).map((m) => `${m.document} ${m.format}`);
  const lines = ['format        truth right found   P %   R %  F1 %   mean time'];
  for (const [format, ms] of groups) {
    const truth = ms.reduce((a, m) => a + m.score!.truth, 0);
    const found = ms.reduce((a, m) => a + m.score!.found, 0);
    const right = ms.reduce((a, m) => a + m.score!.right, 0);
    const p = found ? right / found : 1;
    const r = truth ? right / truth : 1;
    const f = p + r ? (2 * p * r) / (p + r) : 0;
    const t = ms.reduce((a, m) => a + m.ms, 0) / ms.length;
    lines.push(
      `${format.padEnd(12)} ${String(truth).padStart(6)} ${String(right).padStart(5)} ${String(found).padStart(5)} ${pct(p)} ${pct(r)} ${pct(f)}   ${(t / 1000).toFixed(2)} s`,
    );
  }
  if (given.length)
    lines.push(
      `not counted above (the suggested mapping missed, scored with the known one): ${given.join(', ')}`,
    );
  return lines.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const asked = args.filter((a) => (VARIANTS as readonly string[]).includes(a)) as Variant[];
  const variants = asked.length ? asked : [...VARIANTS];
  const results: Measurement[] = [];
  for (const spec of SPECS) {
    const truth = readTruth(spec.name);
    for (const v of variants) {
      const file = path.join(CORPUS_DIR, variantFile(spec.name, v));
      if (!existsSync(file)) continue;
      const m = await measure(file, spec.name, v, truth, spec.mapping);
      results.push(m);
      console.log(formatTable([m]).split('\n')[1]);
    }
  }
  if (existsSync(SAMPLES_DIR)) {
    for (const [name, spec] of Object.entries(SAMPLE_TRUTH)) {
      const truthFile = path.join(TRUTH_DIR, `${name}.truth.json`);
      if (args.includes('--sample-truth') || !existsSync(truthFile))
        writeFileSync(
          truthFile,
          JSON.stringify(
            { document: name, source: spec.file, rows: await sampleTruth(spec) },
            null,
            1,
          ) + '\n',
        );
      const truth = readTruth(name);
      const m = await measure(
        path.join(SAMPLES_DIR, spec.file),
        name,
        spec.file.endsWith('.xls') ? 'xls' : 'xlsx',
        truth,
      );
      results.push(m);
      console.log(formatTable([m]).split('\n')[1]);
    }
    const neg = path.join(
      SAMPLES_DIR,
      '05-lexkorn-check_office_dwg-floorplans-rotate270-NO-SPEC.pdf',
    );
    if (existsSync(neg)) {
      const m = await measure(neg, 'sample-05', 'pdf', []);
      results.push(m);
      console.log(formatTable([m]).split('\n')[1]);
    }
  }
  console.log('\nPer document\n' + formatTable(results));
  console.log('\nPer format\n' + byFormat(results));
}
