// The scanner opens .xlsx and .docx containers with the shared guarded reader (#lib/zip.ts) under its
// upload limits; every refusal is a ScanInputError naming the format the user sent.
import { ZipArchive } from '#lib/zip.ts';
import { MAX_UNPACKED_BYTES, MAX_ZIP_ENTRIES, MAX_ZIP_RATIO } from './limits.ts';
import { ScanInputError, type ScanFormat } from './types.ts';

export type { ZipArchive };

/** Open a zip container, refusing bombs, encrypted entries and broken directories. */
export function openZip(bytes: Uint8Array, format?: ScanFormat): ZipArchive {
  return new ZipArchive(bytes, {
    maxUnpacked: MAX_UNPACKED_BYTES,
    maxEntries: MAX_ZIP_ENTRIES,
    maxRatio: MAX_ZIP_RATIO,
    fail: (code, detail) => {
      throw new ScanInputError(code, format, detail);
    },
  });
}
