// Content sniffing for uploads: what a file really is, judged by its bytes (magic numbers, the entry
// names inside ZIP and OLE containers), never by the name or the Content-Type the browser sent.
// Only the kinds listed here are recognised; anything else is null and must be refused. The one
// sniffer: support attachments use it as it is, the scanner maps its kinds to the formats it reads.
import { zipEntryNames } from './zip.ts';

export interface Sniffed {
  /** Short kind name, e.g. 'png', 'docx', 'text'. */
  kind: string;
  mime: string;
  /** File name extensions that may carry this content (lower case, without the dot). */
  extensions: readonly string[];
}

const KINDS = {
  png: { mime: 'image/png', extensions: ['png'] },
  jpeg: { mime: 'image/jpeg', extensions: ['jpg', 'jpeg', 'jfif'] },
  gif: { mime: 'image/gif', extensions: ['gif'] },
  webp: { mime: 'image/webp', extensions: ['webp'] },
  pdf: { mime: 'application/pdf', extensions: ['pdf'] },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['docx'],
  },
  xlsx: {
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extensions: ['xlsx'],
  },
  pptx: {
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    extensions: ['pptx'],
  },
  doc: { mime: 'application/msword', extensions: ['doc'] },
  xls: { mime: 'application/vnd.ms-excel', extensions: ['xls'] },
  zip: { mime: 'application/zip', extensions: ['zip'] },
  rar: { mime: 'application/vnd.rar', extensions: ['rar'] },
  '7z': { mime: 'application/x-7z-compressed', extensions: ['7z'] },
  text: { mime: 'text/plain; charset=utf-8', extensions: ['txt', 'log'] },
  csv: { mime: 'text/csv; charset=utf-8', extensions: ['csv'] },
} as const satisfies Record<string, Omit<Sniffed, 'kind'>>;

export type SniffKind = keyof typeof KINDS;

const kind = (k: SniffKind): Sniffed => ({ kind: k, ...KINDS[k] });

/** Whether the bytes start with (or hold at `at`) the signature. */
export const startsWith = (b: Uint8Array, sig: readonly number[], at = 0) =>
  sig.every((x, i) => b[at + i] === x);
const ascii = (b: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...b.subarray(from, to));

/** Recognises the content, or null when it is none of the known kinds. `name` only tells text from csv. */
export function sniff(bytes: Uint8Array, name = ''): Sniffed | null {
  const b = bytes;
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return kind('png');
  if (startsWith(b, [0xff, 0xd8, 0xff])) return kind('jpeg');
  if (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a') return kind('gif');
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return kind('webp');
  if (isPdf(b)) return kind('pdf');
  if (startsWith(b, [0x50, 0x4b, 0x03, 0x04]) || startsWith(b, [0x50, 0x4b, 0x05, 0x06]))
    return sniffZip(b);
  if (startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return sniffOle(b);
  if (ascii(b, 0, 6) === 'Rar!\x1a\x07') return kind('rar');
  if (startsWith(b, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return kind('7z');
  if (isText(b)) return kind(extension(name) === 'csv' ? 'csv' : 'text');
  return null;
}

/** The lower-case extension of a file name ('' when it has none). */
export function extension(name: string): string {
  const m = /\.([A-Za-z0-9]{1,8})$/.exec(name.trim());
  return m ? m[1]!.toLowerCase() : '';
}

/** Whether the name's extension fits the sniffed content (an .exe renamed .pdf fails here or before). */
export function extensionMatches(s: Sniffed, name: string): boolean {
  return s.extensions.includes(extension(name));
}

/** Every extension the sniffer accepts, for the file picker's accept attribute. */
export const ACCEPTED_EXTENSIONS: readonly string[] = Object.values(KINDS).flatMap(
  (k) => k.extensions,
);

/**
 * A PDF header `%PDF-n.n` at the start, or within the first kilobyte after binary junk (readers
 * accept a prefix such as a MacBinary header). After text it is not a PDF: a note that quotes
 * "%PDF-1.7" is text, and an HTML page with that string is not a PDF either.
 */
function isPdf(b: Uint8Array): boolean {
  const head = Buffer.from(b.buffer, b.byteOffset, Math.min(b.length, 1024)).toString('latin1');
  const at = head.search(/%PDF-\d\.\d/);
  if (at <= 0) return at === 0;
  return /[\x00-\x08\x0e-\x1f\x80-\xff]/.test(head.slice(0, at));
}

function sniffZip(b: Uint8Array): Sniffed | null {
  const names = zipEntryNames(b);
  if (!names) return null;
  // The main part of a workbook or a document names it even when [Content_Types].xml is missing.
  if (names.some((n) => /^xl\/workbook\d*\.xml$/.test(n))) return kind('xlsx');
  if (names.some((n) => /^word\/document\d*\.xml$/.test(n))) return kind('docx');
  // Office Open XML: a [Content_Types].xml part plus the application's folder.
  if (names.includes('[Content_Types].xml')) {
    if (names.some((n) => n.startsWith('word/'))) return kind('docx');
    if (names.some((n) => n.startsWith('xl/'))) return kind('xlsx');
    if (names.some((n) => n.startsWith('ppt/'))) return kind('pptx');
  }
  return kind('zip');
}

/**
 * Names of the streams and storages in an OLE2 compound file. Directory entries are 128 bytes,
 * sector-aligned; each starts with a UTF-16LE name whose byte length (with the terminator) sits
 * at +64 and an object type (1 storage, 2 stream, 5 root) at +66. Scanning every 128-byte slot
 * after the header finds them without walking the FAT chain.
 */
export function oleEntryNames(bytes: Uint8Array): Set<string> {
  const names = new Set<string>();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let p = 512; p + 128 <= bytes.length; p += 128) {
    const len = view.getUint16(p + 64, true);
    const type = bytes[p + 66];
    if (len < 4 || len > 64 || len % 2 || (type !== 1 && type !== 2 && type !== 5)) continue;
    if (view.getUint16(p + len - 2, true) !== 0) continue;
    let name = '';
    let ok = true;
    for (let i = 0; i < len - 2; i += 2) {
      const c = view.getUint16(p + i, true);
      // Control characters are allowed only as the leading byte of \x05SummaryInformation and similar.
      if ((c < 1 || c > 0x7e) && !(i === 0 && c < 0x20)) {
        ok = false;
        break;
      }
      name += String.fromCharCode(c);
    }
    if (ok && name) names.add(name);
  }
  return names;
}

// OLE compound files also carry installers (.msi) and other things: only Word and Excel documents,
// recognised by their main stream, are accepted.
function sniffOle(b: Uint8Array): Sniffed | null {
  const names = oleEntryNames(b);
  if (names.has('WordDocument')) return kind('doc');
  if (names.has('Workbook') || names.has('Book')) return kind('xls');
  return null;
}

/** Plain text: UTF-8 (or UTF-16 with a byte-order mark, or a single-byte code page such as cp1251) without control characters. */
function isText(b: Uint8Array): boolean {
  if (b.length === 0) return false;
  if ((startsWith(b, [0xff, 0xfe]) || startsWith(b, [0xfe, 0xff])) && b.length % 2 === 0) {
    const text = new TextDecoder(b[0] === 0xff ? 'utf-16le' : 'utf-16be').decode(b.subarray(2));
    return !/[\u0000-\u0008\u000e-\u001f\u007f]/.test(text);
  }
  for (const c of b) {
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c) return false;
    if (c === 0x7f) return false;
  }
  return true;
}
