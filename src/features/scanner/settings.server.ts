// The scanner's settings from the environment (read where used: the queue runner in the server
// entry and the status messages in the Astro bundle are separate module copies, one environment).
// SCANNER_MAX_PAGES: pages of one document recognised at most (default 100; more is refused, the
// message naming the limit and the document's count). SCANNER_SLICE_PAGES: pages of a PDF recognised
// before its job hands the slot back to the queue (default 50; a slice also ends after SLICE_MS), so
// one long document does not hold recognition while other users' documents wait (decision 0023).
import { MAX_PAGES } from './recognition/limits.ts';

function whole(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = /^\s*\d{1,6}\s*$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= min && n <= max))
    throw new Error(`${name}: expected a whole number ${min}-${max}, got "${raw}"`);
  return n;
}

export const scannerMaxPages = (env: NodeJS.ProcessEnv = process.env): number =>
  whole(env, 'SCANNER_MAX_PAGES', 100, 1, MAX_PAGES);
export const scannerSlicePages = (env: NodeJS.ProcessEnv = process.env): number =>
  whole(env, 'SCANNER_SLICE_PAGES', 50, 1, MAX_PAGES);

/**
 * A slice also ends once it has run this long (between pages): scanned pages take seconds each
 * (OCR), text pages milliseconds, and starting a slice costs a worker and reopening the PDF (≈ 1 s),
 * so time bounds the wait of others' documents while a text PDF is not cut into costly bits.
 */
export const SLICE_MS = 10_000;
