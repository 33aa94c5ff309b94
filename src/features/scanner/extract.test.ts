// Recognition in a worker thread, stopped midway (a lost lease, shutdown, the job's time limit):
// the answer is the stop, the worker's programs are stopped and the job's temporary folder, which
// holds a copy of the customer's document, is gone.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractInWorker } from './extract.server.ts';
import { htmlToPdf, ROWS, specHtml } from './recognition/fixtures.testkit.ts';

let scan: Uint8Array;
let temp: string;
const previousTmp = process.env.TMPDIR;

beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), 'extract-test-'));
  try {
    writeFileSync(
      join(dir, 'in.pdf'),
      htmlToPdf({ a4: specHtml(ROWS, true, 1, '297mm 210mm') }).a4!,
    );
    execFileSync('pdftoppm', [
      '-r',
      '300',
      '-gray',
      '-png',
      '-singlefile',
      join(dir, 'in.pdf'),
      join(dir, 'page'),
    ]);
    scan = new Uint8Array(readFileSync(join(dir, 'page.png')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  // The job folders of this file go to a folder of its own, to be counted.
  temp = mkdtempSync(join(tmpdir(), 'extract-jobs-'));
  process.env.TMPDIR = temp;
}, 120_000);
afterAll(() => {
  if (previousTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = previousTmp;
  rmSync(temp, { recursive: true, force: true });
});

describe('recognition in a worker', () => {
  it('reads a scan and leaves no temporary folder behind', async () => {
    const r = await extractInWorker(scan, 'scan.png', () => {});
    if (!('doc' in r)) throw new Error('an image is read in one go');
    const doc = r.doc;
    expect(doc.format).toBe('png');
    expect(doc.lines.some((l) => l.kind === 'data')).toBe(true);
    expect(readdirSync(temp)).toEqual([]);
  }, 120_000);

  it('stopped while Tesseract reads: rejects with the stop, and the job folder with the copy of the document is gone', async () => {
    const stop = new AbortController();
    let stage = '';
    const job = extractInWorker(
      scan,
      'scan.png',
      (s) => {
        stage = s;
        // Once OCR has begun, the readers have their files in the job folder.
        if (s === 'ocr' && !stop.signal.aborted)
          setTimeout(() => stop.abort(new Error('lease lost')), 300);
      },
      stop.signal,
    );
    await expect(job).rejects.toThrow('lease lost');
    expect(stage).toBe('ocr');
    expect(readdirSync(temp)).toEqual([]);
  }, 120_000);

  it('asked to stop before it starts: rejects at once and leaves nothing', async () => {
    const stop = new AbortController();
    stop.abort(new Error('shutting down'));
    await expect(extractInWorker(scan, 'scan.png', () => {}, stop.signal)).rejects.toThrow(
      'shutting down',
    );
    expect(readdirSync(temp)).toEqual([]);
  }, 60_000);
});
