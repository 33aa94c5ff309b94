import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { HEADINGS, ROWS } from './fixtures.testkit.ts';
import { extractDocument, scannerTools } from './index.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function workDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'extract-test-'));
  dirs.push(d);
  return d;
}

describe('extractDocument', () => {
  it('reports the recognition tools of this machine', async () => {
    expect(await scannerTools()).toEqual({ tesseract: true, soffice: true, pdftoppm: true });
  });

  it('an xlsx renamed to .pdf is read from its cells, gets its PDF from LibreOffice and leaves no temporary files', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Спецификация');
    ws.addRow(HEADINGS);
    ws.addRow(HEADINGS.map((_, i) => i + 1));
    for (const r of ROWS)
      ws.addRow([
        r.pos,
        r.title,
        r.marka,
        '',
        r.man,
        r.unit,
        r.count ? Number(r.count.replace(',', '.')) : '',
        '',
        '',
      ]);
    const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
    const dir = workDir();
    const stages: string[] = [];
    const doc = await extractDocument(bytes, 'specification.pdf', {
      workDir: dir,
      progress: (stage) => stages.push(stage),
    });
    expect(doc.format).toBe('xlsx');
    expect(doc.notes[0]).toBe('scanner.notes.renamed');
    expect(Buffer.from(doc.pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect(doc.suggestedMapping).toMatchObject({ pos: 1, title: 2, marka: 3, unit: 6, count: 7 });
    expect(doc.lines.some((l) => l.cells[0] === '1.1' && l.cells[1] === ROWS[1]!.title)).toBe(true);
    expect(stages).toContain('convert');
    expect(readdirSync(dir)).toEqual([]);
  }, 120_000);

  it('an abort stops OCR at once (Tesseract killed) and leaves no temporary files', async () => {
    // A page of noise: slow to read, so the abort lands while Tesseract runs.
    const noise = Buffer.alloc(3000 * 2000);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) % 251 > 120 ? 255 : 0;
    const png = await sharp(noise, { raw: { width: 3000, height: 2000, channels: 1 } })
      .png()
      .toBuffer();
    const dir = workDir();
    const controller = new AbortController();
    const started = Date.now();
    const run = extractDocument(new Uint8Array(png), 'noise.png', {
      workDir: dir,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 1500);
    await expect(run).rejects.toThrow(/abort/i);
    // The abort is seen after the page's pixel work (JavaScript): 2-3 s here, about 15 s under
    // coverage's block counters on the busy shared machine (VITEST_COVERAGE, vitest.config.ts).
    expect(Date.now() - started).toBeLessThan(process.env.VITEST_COVERAGE ? 45_000 : 15_000);
    expect(readdirSync(dir)).toEqual([]);
  }, 60_000);
});
