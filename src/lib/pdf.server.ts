// HTML to PDF with the machine's headless Chromium (Debian's /usr/bin/chromium, the browser the tests
// already use): the page is written to a private temporary folder and printed with its print
// stylesheet (@page A4), exactly as the browser's own print does. One conversion at a time (a
// Chromium process is ~100 MB); a short queue, then "busy". See docs/decisions/0032-pdf-documents.md.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
const TIMEOUT_MS = 30_000;
const MAX_WAITING = 4;

export type PdfResult =
  { ok: true; pdf: Buffer } | { ok: false; reason: 'unavailable' | 'busy' | 'failed' };

/** The Chromium binary, or null when none is installed (PDF downloads then answer 503). */
export function chromiumPath(): string | null {
  return CANDIDATES.find((p) => existsSync(p)) ?? null;
}

let running: Promise<unknown> = Promise.resolve();
let waiting = 0;

/** Prints one HTML document (with a <base> for its stylesheets and images) to PDF. */
export async function htmlToPdf(html: string): Promise<PdfResult> {
  const bin = chromiumPath();
  if (!bin) return { ok: false, reason: 'unavailable' };
  if (waiting >= MAX_WAITING) return { ok: false, reason: 'busy' };
  waiting++;
  const mine = running.then(() => print(bin, html));
  running = mine.catch(() => undefined);
  try {
    return await mine;
  } finally {
    waiting--;
  }
}

async function print(bin: string, html: string): Promise<PdfResult> {
  const dir = await mkdtemp(join(tmpdir(), 'cabinet-pdf-'));
  try {
    const page = join(dir, 'document.html');
    const out = join(dir, 'document.pdf');
    await writeFile(page, html);
    const args = [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--no-pdf-header-footer',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--user-data-dir=${join(dir, 'profile')}`,
      `--print-to-pdf=${out}`,
      `file://${page}`,
    ];
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(bin, args, { stdio: 'ignore' });
      const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
      child.on('error', () => resolve(null));
      child.on('exit', (c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
    if (code !== 0 || !existsSync(out)) return { ok: false, reason: 'failed' };
    const pdf = await readFile(out);
    return pdf.subarray(0, 5).toString() === '%PDF-'
      ? { ok: true, pdf }
      : { ok: false, reason: 'failed' };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
