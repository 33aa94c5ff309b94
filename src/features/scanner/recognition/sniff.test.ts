import { existsSync, readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sniffFormat } from './sniff.ts';
import { ScanInputError } from './types.ts';

const SAMPLES = new URL('../../../../../shared/samples/scanner/', import.meta.url).pathname;

function refusal(fn: () => unknown): ScanInputError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ScanInputError) return e;
    throw e;
  }
  throw new Error('expected a ScanInputError');
}

/** An OLE2 header and one directory sector holding the given entry names (streams). */
function ole2(names: string[]): Uint8Array {
  const bytes = new Uint8Array(512 + 128 * Math.max(4, names.length));
  bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  const view = new DataView(bytes.buffer);
  ['Root Entry', ...names].forEach((name, i) => {
    const p = 512 + 128 * i;
    if (p + 128 > bytes.length) return;
    for (let k = 0; k < name.length; k++) view.setUint16(p + 2 * k, name.charCodeAt(k), true);
    view.setUint16(p + 64, (name.length + 1) * 2, true);
    bytes[p + 66] = i === 0 ? 5 : 2;
  });
  return bytes;
}

describe('format by content', () => {
  it('reads each accepted format by its bytes, whatever the name says', async () => {
    const pdf = await (await PDFDocument.create()).save();
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Спецификация').addRow(['Поз.', 'Наименование']);
    const xlsx = new Uint8Array(await wb.xlsx.writeBuffer());
    const png = new Uint8Array(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    );
    const jpg = new Uint8Array(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
        .jpeg()
        .toBuffer(),
    );
    expect(sniffFormat(pdf, 'spec.pdf')).toEqual({ format: 'pdf', declared: 'pdf' });
    // Renamed files: judged by content, the claimed format kept for the note.
    expect(sniffFormat(pdf, 'spec.xlsx')).toEqual({ format: 'pdf', declared: 'xlsx' });
    expect(sniffFormat(xlsx, 'spec.pdf')).toEqual({ format: 'xlsx', declared: 'pdf' });
    expect(sniffFormat(png, 'scan.JPG')).toEqual({ format: 'png', declared: 'jpg' });
    expect(sniffFormat(jpg, 'scan')).toEqual({ format: 'jpg', declared: null });
    expect(sniffFormat(ole2(['Workbook', '\u0005SummaryInformation']), 'old.doc').format).toBe(
      'xls',
    );
    expect(sniffFormat(ole2(['WordDocument', '1Table']), 'old.xls').format).toBe('doc');
  });

  it('tells a docx from an xlsx by the zip entries', () => {
    // A zip with one stored entry word/document.xml (local header, central directory, end record).
    const name = Buffer.from('word/document.xml');
    const data = Buffer.from('<w:document/>');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    const cdOffset = 30 + name.length + data.length;
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(1, 8);
    end.writeUInt16LE(1, 10);
    end.writeUInt32LE(46 + name.length, 12);
    end.writeUInt32LE(cdOffset, 16);
    const zip = new Uint8Array(Buffer.concat([local, name, data, central, name, end]));
    expect(sniffFormat(zip, 'spec.xlsx')).toEqual({ format: 'docx', declared: 'xlsx' });
  });

  it.runIf(existsSync(SAMPLES))(
    'reads the shared samples by content (legacy BIFF .xls, xlsx, pdf)',
    () => {
      const read = (f: string) => new Uint8Array(readFileSync(SAMPLES + f));
      expect(
        sniffFormat(read('04-andreyshakhov-xlsx-to-xlsx-legacy-BIFF.xls'), 'renamed.docx').format,
      ).toBe('xls');
      expect(
        sniffFormat(read('01-lexkorn-check_office_dwg-spec-APS-SOT-SKUD.xlsx'), 'a.doc').format,
      ).toBe('xlsx');
      expect(
        sniffFormat(read('05-lexkorn-check_office_dwg-floorplans-rotate270-NO-SPEC.pdf'), 'a.png')
          .format,
      ).toBe('pdf');
    },
  );

  it('refuses unknown, empty, oversized and password-protected files', () => {
    expect(
      refusal(() => sniffFormat(new TextEncoder().encode('hello, this is text'), 'spec.pdf')).code,
    ).toBe('unsupported');
    expect(refusal(() => sniffFormat(new Uint8Array(0), 'spec.pdf')).code).toBe('corrupt');
    expect(refusal(() => sniffFormat(new Uint8Array(20 * 1024 * 1024 + 1), 'spec.pdf')).code).toBe(
      'tooLarge',
    );
    const enc = refusal(() =>
      sniffFormat(ole2(['EncryptionInfo', 'EncryptedPackage']), 'spec.xlsx'),
    );
    expect(enc.code).toBe('encrypted');
    expect(enc.format).toBe('xlsx');
    expect(refusal(() => sniffFormat(ole2(['PowerPoint Document']), 'slides.ppt')).code).toBe(
      'unsupported',
    );
    // A zip that is neither a workbook nor a document (an OpenDocument file, a plain archive).
    expect(
      refusal(() =>
        sniffFormat(new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]), 'a.xlsx'),
      ).code,
    ).toBe('corrupt');
  });
});
