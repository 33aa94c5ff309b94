// Format detection by content. The file name is only a hint for notes: a specification renamed
// from .xls to .pdf is read as what it is; content that is none of the accepted formats is refused.
import { MAX_UPLOAD_BYTES } from './limits.ts';
import { ScanInputError, type ScanFormat } from './types.ts';

export interface Sniffed {
  format: ScanFormat;
  /** Format the file name's extension claims, null when it names none of ours. */
  declared: ScanFormat | null;
}

const EXTENSIONS: Record<string, ScanFormat> = {
  pdf: 'pdf',
  xlsx: 'xlsx',
  xls: 'xls',
  docx: 'docx',
  doc: 'doc',
  jpg: 'jpg',
  jpeg: 'jpg',
  png: 'png',
};

export function declaredFormat(fileName: string): ScanFormat | null {
  const m = /\.([a-z0-9]+)$/i.exec(fileName.trim());
  return (m && EXTENSIONS[m[1]!.toLowerCase()]) || null;
}

function startsWith(bytes: Uint8Array, sig: number[], at = 0): boolean {
  if (bytes.length < at + sig.length) return false;
  for (let i = 0; i < sig.length; i++) if (bytes[at + i] !== sig[i]) return false;
  return true;
}

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const ZIP_LOCAL = [0x50, 0x4b, 0x03, 0x04];
const ZIP_EMPTY = [0x50, 0x4b, 0x05, 0x06];

/** True when `%PDF-` appears in the first kilobyte (the format allows leading junk). */
function isPdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 1024)).toString('latin1');
  return head.includes('%PDF-');
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
      if (c < 1 || c > 0x7e) {
        // Control characters are allowed only as the leading byte of \x05SummaryInformation and similar.
        if (!(i === 0 && c < 0x20)) {
          ok = false;
          break;
        }
      }
      name += String.fromCharCode(c);
    }
    if (ok && name) names.add(name);
  }
  return names;
}

/** File names in a zip's central directory (read from the end-of-central-directory record). */
export function zipEntryNames(bytes: Uint8Array): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const names: string[] = [];
  const from = Math.max(0, bytes.length - 65_557);
  let eocd = -1;
  for (let p = bytes.length - 22; p >= from; p--) {
    if (view.getUint32(p, true) === 0x06054b50) {
      eocd = p;
      break;
    }
  }
  let p = -1;
  let count = 0;
  if (eocd >= 0) {
    count = view.getUint16(eocd + 10, true);
    const offset = view.getUint32(eocd + 16, true);
    if (offset !== 0xffffffff && offset < bytes.length) p = offset;
  }
  if (p < 0) {
    // Zip64 or a damaged directory: look for the first central-directory signature.
    const sig = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
    p = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(sig);
    count = 0xffff;
    if (p < 0) return names;
  }
  for (let i = 0; i < count && p + 46 <= bytes.length; i++) {
    if (view.getUint32(p, true) !== 0x02014b50) break;
    const nameLen = view.getUint16(p + 28, true);
    const extraLen = view.getUint16(p + 30, true);
    const commentLen = view.getUint16(p + 32, true);
    if (p + 46 + nameLen > bytes.length) break;
    names.push(Buffer.from(bytes.buffer, bytes.byteOffset + p + 46, nameLen).toString('utf8'));
    p += 46 + nameLen + extraLen + commentLen;
  }
  return names;
}

/**
 * The format of `bytes` by content. Throws ScanInputError: 'tooLarge' over the upload limit,
 * 'corrupt' for an empty file, 'encrypted' for a password-protected Office file (an OLE2
 * container holding EncryptedPackage), 'unsupported' for anything else.
 */
export function sniffFormat(bytes: Uint8Array, fileName: string): Sniffed {
  const declared = declaredFormat(fileName);
  if (bytes.length > MAX_UPLOAD_BYTES) throw new ScanInputError('tooLarge', declared ?? undefined, `${bytes.length} bytes`);
  if (bytes.length === 0) throw new ScanInputError('corrupt', declared ?? undefined, 'empty file');
  const found = (format: ScanFormat): Sniffed => ({ format, declared });
  if (isPdf(bytes)) return found('pdf');
  if (startsWith(bytes, PNG)) return found('png');
  if (startsWith(bytes, JPEG)) return found('jpg');
  if (startsWith(bytes, OLE2)) {
    const names = oleEntryNames(bytes);
    if (names.has('EncryptedPackage') || names.has('EncryptionInfo')) {
      throw new ScanInputError('encrypted', declared === 'docx' || declared === 'doc' ? 'docx' : 'xlsx', 'password-protected Office file');
    }
    if (names.has('WordDocument')) return found('doc');
    if (names.has('Workbook') || names.has('Book')) return found('xls');
    throw new ScanInputError('unsupported', declared ?? undefined, `OLE2 container without a workbook or document (${[...names].slice(0, 8).join(', ')})`);
  }
  if (startsWith(bytes, ZIP_LOCAL) || startsWith(bytes, ZIP_EMPTY)) {
    const names = zipEntryNames(bytes);
    if (names.includes('xl/workbook.xml') || names.some((n) => /^xl\/workbook\d*\.xml$/.test(n))) return found('xlsx');
    if (names.includes('word/document.xml') || names.some((n) => /^word\/document\d*\.xml$/.test(n))) return found('docx');
    if (!names.length) throw new ScanInputError('corrupt', declared ?? undefined, 'zip without a readable directory');
    throw new ScanInputError('unsupported', declared ?? undefined, 'zip without xl/workbook.xml or word/document.xml');
  }
  throw new ScanInputError('unsupported', declared ?? undefined, 'unknown content');
}
