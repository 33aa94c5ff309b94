// Decompression bombs in a PDF: every reader of the file (pdf.js here, pdftoppm for OCR) inflates a
// stream whole into native memory, which the worker's heap limit does not bound: a 2 MB upload whose
// content stream is a deflate of gigabytes of spaces took the server to 4.8 GB. So before any
// reader sees the file, each compressed stream is inflated here, 16 KB at a time and thrown away,
// only counting: a stream (or the whole file) that unpacks past the limits below is refused as a bomb
// without its output ever being held. Covers the filters that expand: Flate (after ASCIIHex /
// ASCII85 when chained first), RunLength and LZW (counted without building the output).
import { createInflate, createInflateRaw, type Inflate } from 'node:zlib';
import { MAX_IMAGE_PIXELS } from './limits.ts';
import { ScanInputError, type ScanFormat } from './types.ts';

/** Largest unpacked image stream: a 40 Mpx CMYK picture (MAX_IMAGE_PIXELS × 4 bytes). */
export const MAX_IMAGE_STREAM = MAX_IMAGE_PIXELS * 4;
/** Largest unpacked other stream (page content, fonts, object streams): dense drawings are a few MB. */
export const MAX_OTHER_STREAM = 64 * 1024 * 1024;
/** Largest unpacked total of one document (a hundred greyscale 300 DPI pages are ≈ 0.9 GB). */
export const MAX_PDF_UNPACKED = 2 * 1024 * 1024 * 1024;

const STREAM = Buffer.from('stream');
const ENDSTREAM = Buffer.from('endstream');

interface Found {
  dict: string;
  data: Buffer;
}

/** The streams of the file: dictionary text (up to 4 KB before the keyword) and raw data. */
function* streams(buf: Buffer): Generator<Found> {
  let at = 0;
  for (;;) {
    const k = buf.indexOf(STREAM, at);
    if (k < 0) return;
    at = k + STREAM.length;
    if (k >= 3 && buf.toString('latin1', k - 3, k) === 'end') continue;
    let start = at;
    if (buf[start] === 0x0d) start++;
    if (buf[start] === 0x0a) start++;
    if (start === at) continue;
    const head = buf.toString('latin1', Math.max(0, k - 4096), k);
    const obj = head.lastIndexOf(' obj');
    const dict = obj >= 0 ? head.slice(obj) : head;
    if (!dict.includes('>>')) continue;
    const len = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict);
    let end = len ? start + Number(len[1]) : -1;
    if (
      end < 0 ||
      end > buf.length ||
      !/^\s*endstream/.test(buf.toString('latin1', end, Math.min(buf.length, end + 12)))
    )
      end = buf.indexOf(ENDSTREAM, start);
    if (end < 0) end = buf.length;
    at = Math.max(at, end);
    yield { dict, data: buf.subarray(start, end) };
  }
}

/** The stream's filters in order (full names; inline-image abbreviations mapped). */
function filtersOf(dict: string): string[] {
  const m = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(dict);
  if (!m) return [];
  const short: Record<string, string> = {
    Fl: 'FlateDecode',
    AHx: 'ASCIIHexDecode',
    A85: 'ASCII85Decode',
    RL: 'RunLengthDecode',
    LZW: 'LZWDecode',
  };
  return [...m[1]!.matchAll(/\/([A-Za-z0-9]+)/g)].map((x) => short[x[1]!] ?? x[1]!);
}

function asciiHex(data: Buffer): Buffer {
  const hex = data
    .toString('latin1')
    .replace(/>.*$/s, '')
    .replace(/[^0-9A-Fa-f]/g, '');
  return Buffer.from(hex.length % 2 ? hex + '0' : hex, 'hex');
}

function ascii85(data: Buffer): Buffer {
  const text = data.toString('latin1').replace(/~>.*$/s, '').replace(/\s/g, '');
  const out: number[] = [];
  let group: number[] = [];
  const flush = (n: number) => {
    while (group.length < 5) group.push(84);
    let v = 0;
    for (const c of group) v = v * 85 + c;
    for (let i = 0; i < n - 1; i++) out.push((v >>> (24 - 8 * i)) & 0xff);
    group = [];
  };
  for (const ch of text) {
    if (ch === 'z' && !group.length) {
      out.push(0, 0, 0, 0);
      continue;
    }
    const c = ch.charCodeAt(0) - 33;
    if (c < 0 || c > 84) continue;
    group.push(c);
    if (group.length === 5) flush(5);
  }
  if (group.length > 1) flush(group.length);
  return Buffer.from(out);
}

/** Bytes a RunLength stream unpacks to. */
function runLengthSize(data: Buffer): number {
  let size = 0;
  for (let i = 0; i < data.length;) {
    const n = data[i]!;
    if (n === 128) break;
    if (n < 128) {
      size += n + 1;
      i += n + 2;
    } else {
      size += 257 - n;
      i += 2;
    }
  }
  return size;
}

/** Bytes an LZW stream (EarlyChange 1) unpacks to: code lengths tracked, no output built. */
function lzwSize(data: Buffer, stop: number): number {
  const len = new Uint32Array(4096);
  let next = 258;
  let width = 9;
  let prev = -1;
  let size = 0;
  let bits = 0;
  let acc = 0;
  for (let i = 0; i < data.length && size <= stop; i++) {
    acc = ((acc << 8) | data[i]!) >>> 0;
    bits += 8;
    while (bits >= width) {
      const code = (acc >>> (bits - width)) & ((1 << width) - 1);
      bits -= width;
      if (code === 256) {
        next = 258;
        width = 9;
        prev = -1;
        continue;
      }
      if (code === 257) return size;
      const l =
        code < 256
          ? 1
          : code < next
            ? len[code]!
            : prev >= 0
              ? (prev < 256 ? 1 : len[prev]!) + 1
              : 0;
      if (!l) return size;
      size += l;
      if (prev >= 0 && next < 4096) len[next++] = (prev < 256 ? 1 : len[prev]!) + 1;
      prev = code;
      if (next + 1 >= 1 << width && width < 12) width++;
    }
  }
  return size;
}

/** Bytes a zlib (or raw deflate) stream unpacks to, counted up to `stop`; a broken stream counts what it gave. */
function inflatedSize(data: Buffer, stop: number, signal?: AbortSignal): Promise<number> {
  return new Promise((resolve, reject) => {
    const zlibHeader =
      data.length >= 2 && (data[0]! & 0x0f) === 8 && ((data[0]! << 8) | data[1]!) % 31 === 0;
    const z: Inflate = zlibHeader
      ? createInflate({ chunkSize: 16384 })
      : createInflateRaw({ chunkSize: 16384 });
    let size = 0;
    const done = () => {
      signal?.removeEventListener('abort', onAbort);
      z.removeAllListeners('data');
      z.destroy();
      resolve(size);
    };
    const onAbort = () => {
      z.destroy();
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    z.on('data', (b: Buffer) => {
      size += b.length;
      if (size > stop) done();
    });
    z.on('end', done);
    z.on('error', done);
    z.end(data);
  });
}

const bomb = (format: ScanFormat, what: string) => new ScanInputError('zipBomb', format, what);

/**
 * Refuses (ScanInputError 'zipBomb') a PDF one of whose compressed streams unpacks past its limit
 * or whose streams together unpack past MAX_PDF_UNPACKED. Memory stays at a few zlib windows.
 */
export async function checkPdfStreams(
  bytes: Uint8Array,
  format: ScanFormat = 'pdf',
  signal?: AbortSignal,
): Promise<void> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let total = 0;
  for (const s of streams(buf)) {
    signal?.throwIfAborted();
    const filters = filtersOf(s.dict);
    if (!filters.length) continue;
    const limit = /\/Subtype\s*\/Image/.test(s.dict) ? MAX_IMAGE_STREAM : MAX_OTHER_STREAM;
    const stop = Math.min(limit, MAX_PDF_UNPACKED - total);
    let data = s.data;
    let size = 0;
    for (const f of filters) {
      if (f === 'ASCIIHexDecode') data = asciiHex(data);
      else if (f === 'ASCII85Decode') data = ascii85(data);
      else {
        if (f === 'FlateDecode') size = await inflatedSize(data, stop, signal);
        else if (f === 'RunLengthDecode') size = runLengthSize(data);
        else if (f === 'LZWDecode') size = lzwSize(data, stop);
        // Later filters of a chain (a predictor, DCT…) do not expand by more than a small factor.
        break;
      }
    }
    if (size > limit) throw bomb(format, `a stream unpacks past ${limit} bytes`);
    total += size;
    if (total > MAX_PDF_UNPACKED)
      throw bomb(format, `streams unpack past ${MAX_PDF_UNPACKED} bytes`);
  }
}
