// Format detection by content. The file name is only a hint for notes: a specification renamed
// from .xls to .pdf is read as what it is; content that is none of the accepted formats is refused.
import { oleEntryNames, sniff, startsWith, type SniffKind } from '#lib/sniff.ts';
import { zipEntryNames } from '#lib/zip.ts';
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

// The bytes are judged by the one content sniffer (#lib/sniff.ts); this maps its kinds to the
// scanner's formats and says why anything else is refused.
const FORMAT_OF: Partial<Record<SniffKind, ScanFormat>> = {
  pdf: 'pdf',
  png: 'png',
  jpeg: 'jpg',
  xlsx: 'xlsx',
  docx: 'docx',
  xls: 'xls',
  doc: 'doc',
};

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/**
 * The format of `bytes` by content. Throws ScanInputError: 'tooLarge' over the upload limit,
 * 'corrupt' for an empty file, 'encrypted' for a password-protected Office file (an OLE2
 * container holding EncryptedPackage), 'unsupported' for anything else.
 */
export function sniffFormat(bytes: Uint8Array, fileName: string): Sniffed {
  const declared = declaredFormat(fileName);
  if (bytes.length > MAX_UPLOAD_BYTES)
    throw new ScanInputError('tooLarge', declared ?? undefined, `${bytes.length} bytes`);
  if (bytes.length === 0) throw new ScanInputError('corrupt', declared ?? undefined, 'empty file');
  const found = (format: ScanFormat): Sniffed => ({ format, declared });
  if (startsWith(bytes, OLE2)) {
    const names = oleEntryNames(bytes);
    if (names.has('EncryptedPackage') || names.has('EncryptionInfo')) {
      throw new ScanInputError(
        'encrypted',
        declared === 'docx' || declared === 'doc' ? 'docx' : 'xlsx',
        'password-protected Office file',
      );
    }
  }
  const sniffed = sniff(bytes);
  const format = sniffed && FORMAT_OF[sniffed.kind as SniffKind];
  if (format) return found(format);
  if (startsWith(bytes, OLE2)) {
    throw new ScanInputError(
      'unsupported',
      declared ?? undefined,
      `OLE2 container without a workbook or document (${[...oleEntryNames(bytes)].slice(0, 8).join(', ')})`,
    );
  }
  if (
    sniffed?.kind === 'zip' ||
    sniffed?.kind === 'pptx' ||
    (!sniffed && startsWith(bytes, [0x50, 0x4b]))
  ) {
    if (!zipEntryNames(bytes)?.length)
      throw new ScanInputError(
        'corrupt',
        declared ?? undefined,
        'zip without a readable directory',
      );
    throw new ScanInputError(
      'unsupported',
      declared ?? undefined,
      'zip without xl/workbook.xml or word/document.xml',
    );
  }
  throw new ScanInputError('unsupported', declared ?? undefined, 'unknown content');
}
