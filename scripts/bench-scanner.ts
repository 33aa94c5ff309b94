// Recognition speed of the document scanner (issue 16 goals: a 10-page text PDF under 3 s, a
// one-page 300 DPI scan under 15 s). Makes its own documents: a GOST 21.110 Form 1 table through
// LibreOffice (A3 landscape, cut to 10 pages) and a scan of its first page (pdftoppm 300 DPI, turned
// 0.7 degrees, JPEG) as an image-only PDF and as a JPG; runs extractDocument() on each and prints
// the times with the OCR stages and the machine's load.
//   npx node scripts/bench-scanner.ts [runs]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { htmlToPdf, ROWS, specHtml } from '../src/features/scanner/recognition/fixtures.testkit.ts';
import { extractDocument } from '../src/features/scanner/recognition/index.ts';
import { ocrImage } from '../src/features/scanner/recognition/ocr.ts';

const runs = Math.max(1, Number(process.argv[2] ?? 3));

async function firstPages(pdf: Uint8Array, n: number): Promise<Uint8Array> {
  const src = await PDFDocument.load(pdf);
  if (src.getPageCount() < n)
    throw new Error(`the generated document has only ${src.getPageCount()} pages`);
  const out = await PDFDocument.create();
  for (const p of await out.copyPages(
    src,
    Array.from({ length: n }, (_, i) => i),
  ))
    out.addPage(p);
  return out.save();
}

async function time<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { min: s[0]!, median: s[Math.floor(s.length / 2)]!, max: s[s.length - 1]! };
};
const f = (ms: number) => (ms / 1000).toFixed(2);

console.log(
  `Preparing documents (LibreOffice, pdftoppm)... load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
const made = htmlToPdf({ long: specHtml(ROWS, true, 60) });
const tenPages = await firstPages(made.long!, 10);
const dir = mkdtempSync(join(tmpdir(), 'bench-scanner-'));
let scanJpg: Buffer;
let scanPdf: Uint8Array;
let dims: { width: number; height: number };
try {
  writeFileSync(join(dir, 'in.pdf'), tenPages);
  execFileSync('pdftoppm', [
    '-r',
    '300',
    '-f',
    '1',
    '-l',
    '1',
    '-gray',
    '-png',
    '-singlefile',
    join(dir, 'in.pdf'),
    join(dir, 'page'),
  ]);
  const png = readFileSync(join(dir, 'page.png'));
  scanJpg = await sharp(png)
    .rotate(0.7, { background: '#ffffff' })
    .jpeg({ quality: 80 })
    .withMetadata({ density: 300 })
    .toBuffer();
  const meta = await sharp(scanJpg).metadata();
  dims = { width: meta.width!, height: meta.height! };
  const doc = await PDFDocument.create();
  const image = await doc.embedJpg(scanJpg);
  const page = doc.addPage([(dims.width * 72) / 300, (dims.height * 72) / 300]);
  page.drawImage(image, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() });
  scanPdf = await doc.save();
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const rows: string[][] = [];
const bench = async (label: string, bytes: Uint8Array, name: string, goalMs: number, n: number) => {
  const times: number[] = [];
  let lines = 0;
  let pages = 0;
  for (let i = 0; i < n; i++) {
    const r = await time(() => extractDocument(bytes, name));
    times.push(r.ms);
    lines = r.value.lines.filter((l) => l.kind === 'data').length;
    pages = r.value.pages.length;
  }
  const s = stats(times);
  rows.push([
    label,
    String(pages),
    String(lines),
    f(s.min),
    f(s.median),
    f(s.max),
    f(goalMs),
    s.median < goalMs ? 'yes' : 'NO',
  ]);
};

await bench('text PDF, 10 pages A3 (ruled)', tenPages, 'spec.pdf', 3000, runs);
await bench(
  `scanned PDF, 1 page 300 DPI (${dims.width}x${dims.height} px, skew 0.7 deg)`,
  scanPdf,
  'scan.pdf',
  15_000,
  Math.min(runs, 2),
);
await bench('JPG scan, same page', new Uint8Array(scanJpg), 'scan.jpg', 15_000, Math.min(runs, 2));

const timings: Record<string, number> = {};
await ocrImage(new Uint8Array(scanJpg), 300, { timings });

console.log(
  `\nRecognition time (extractDocument), ${runs} run(s) each; load average now ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}\n`,
);
console.log('| document | pages | data lines | min s | median s | max s | goal s | met |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.join(' | ')} |`);
console.log(
  `\nOCR stages of the JPG (one run, s): ${Object.entries(timings)
    .map(([k, v]) => `${k} ${f(v)}`)
    .join(', ')}`,
);
