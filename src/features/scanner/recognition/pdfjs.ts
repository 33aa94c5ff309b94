// pdfjs-dist 6 (legacy build) configured for a server: the "fake" worker runs in this thread (Node
// has no web worker; pdf.js disables it there), no font faces, no system fonts, no fetches: the
// standard font metrics and CMaps are read from the package directory on disk. Nothing goes to the
// network. The data is copied because pdf.js transfers (detaches) the buffer it is given.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument, OPS, Util, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { ScanInputError } from './types.ts';

export { OPS, Util };
export type { PDFDocumentProxy };

const require = createRequire(import.meta.url);
const PKG = dirname(require.resolve('pdfjs-dist/package.json'));
const STANDARD_FONTS = join(PKG, 'standard_fonts') + '/';
const CMAPS = join(PKG, 'cmaps') + '/';

export interface OpenedPdf {
  doc: PDFDocumentProxy;
  close: () => Promise<void>;
}

/**
 * Opens a PDF. Throws ScanInputError('encrypted') for a document that needs a password and
 * ScanInputError('corrupt') for one pdf.js cannot parse.
 */
export async function openPdf(bytes: Uint8Array): Promise<OpenedPdf> {
  const task = getDocument({
    data: bytes.slice(),
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    standardFontDataUrl: STANDARD_FONTS,
    cMapUrl: CMAPS,
    cMapPacked: true,
    enableXfa: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    return { doc, close: () => task.destroy() };
  } catch (e) {
    await task.destroy().catch(() => {});
    const name = (e as { name?: string }).name ?? '';
    if (name === 'PasswordException')
      throw new ScanInputError('encrypted', 'pdf', 'the PDF needs a password');
    throw new ScanInputError('corrupt', 'pdf', (e as Error).message);
  }
}
