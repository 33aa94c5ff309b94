// JPG and PNG uploads: size check, orientation by EXIF, OCR into the shared table builder, and the
// image as a one-page PDF (pdf-lib) for scan.pdf and the thumbnails.
import { degrees, PDFDocument } from 'pdf-lib';
import sharp, { type Metadata } from 'sharp';
import { MAX_IMAGE_PIXELS } from './limits.ts';
import { ocrImage, OCR_DPI } from './ocr.ts';
import { assembleDocument } from './pdf.ts';
import { buildPageTable } from './stream.ts';
import { requireTool } from './tools.ts';
import { ScanInputError, type ExtractedDocument, type ProgressReport } from './types.ts';

export interface ImageOptions {
  progress?: ProgressReport;
  signal?: AbortSignal;
  workDir?: string;
}

/** The image turned upright by its EXIF orientation, with its resolution (DPI, 300 when unknown). */
export async function uprightImage(
  bytes: Uint8Array,
  format: 'jpg' | 'png',
): Promise<{ data: Buffer; width: number; height: number; dpi: number; kind: 'jpg' | 'png' }> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (e) {
    throw new ScanInputError('corrupt', format, (e as Error).message);
  }
  const w = meta.width ?? 0;
  const h = meta.height ?? 0;
  if (!w || !h) throw new ScanInputError('corrupt', format, 'no image size');
  if (w * h > MAX_IMAGE_PIXELS) throw new ScanInputError('imageTooLarge', format, `${w}x${h}`);
  const density =
    meta.density && meta.density >= 100 && meta.density <= 1200 ? meta.density : OCR_DPI;
  try {
    const img = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
    const { data, info } =
      format === 'jpg'
        ? await img.jpeg({ quality: 90 }).toBuffer({ resolveWithObject: true })
        : await img.png({ compressionLevel: 1 }).toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, dpi: density, kind: format };
  } catch (e) {
    throw new ScanInputError('corrupt', format, (e as Error).message);
  }
}

/** A one-page PDF of the image at its resolution; `rotate` turns the page for display (clockwise). */
export async function imageToPdf(
  img: { data: Buffer; width: number; height: number; dpi: number; kind: 'jpg' | 'png' },
  rotate = 0,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  // The PDF only previews the page (thumbnails, scan.pdf): a PNG goes in as a JPEG, since pdf-lib
  // decodes PNG pixels in JavaScript (seconds for a 300 DPI A3 page) while a JPEG is wrapped as is.
  const jpeg =
    img.kind === 'jpg'
      ? img.data
      : await sharp(img.data, { limitInputPixels: MAX_IMAGE_PIXELS })
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 85 })
          .toBuffer();
  const embedded = await pdf.embedJpg(jpeg);
  const w = (img.width * 72) / img.dpi;
  const h = (img.height * 72) / img.dpi;
  const page = pdf.addPage([w, h]);
  page.drawImage(embedded, { x: 0, y: 0, width: w, height: h });
  if (rotate) page.setRotation(degrees(rotate));
  return pdf.save({ useObjectStreams: true });
}

/** Reads a JPG or PNG specification by OCR. */
export async function extractImage(
  bytes: Uint8Array,
  format: 'jpg' | 'png',
  opts: ImageOptions = {},
): Promise<Omit<ExtractedDocument, 'format'>> {
  const img = await uprightImage(bytes, format);
  await requireTool('tesseract', format);
  opts.progress?.('ocr', 0, 1);
  const ocr = await ocrImage(img.data, img.dpi, {
    signal: opts.signal,
    workDir: opts.workDir,
    format,
  });
  const table = buildPageTable(ocr.boxes, ocr.rulings, null, true);
  const hasTable =
    !!table && (table.detection.headerRows.length > 0 || table.detection.numberRow !== null);
  opts.progress?.('ocr', 1, 1);
  const pdf = await imageToPdf(img, ocr.rotated);
  const assembled = assembleDocument([
    {
      page: {
        page: 1,
        width: ocr.width,
        height: ocr.height,
        rotation: ocr.rotated,
        source: 'ocr',
        hasTable,
      },
      table,
      notes: ['scanner.notes.ocrUsed', ...ocr.notes],
    },
  ]);
  return { pdf, ...assembled };
}
