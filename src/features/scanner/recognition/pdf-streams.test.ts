import { deflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { deflatedRepeat, handPdf, streamObject } from '../../../../tests/helpers/hand-pdf.ts';
import { checkPdfStreams, MAX_OTHER_STREAM } from './pdf-streams.ts';
import type { ScanInputError } from './types.ts';

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: ScanInputError) => e.code,
  );
const withStream = (dict: string, data: Buffer) =>
  handPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [] /Count 0 >>',
    streamObject(dict, data),
  ]);

describe('compressed streams of a PDF are measured before any reader unpacks them', () => {
  it('an ordinary PDF (Flate content, fonts, object streams) passes', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let i = 0; i < 5; i++)
      doc
        .addPage([595, 842])
        .drawText('Pump UPS 25-40 Grundfos 2 pcs '.repeat(20), { x: 20, y: 400, size: 6, font });
    expect(await refusal(checkPdfStreams(await doc.save({ useObjectStreams: true })))).toBeNull();
  });

  it('a Flate stream past the limit is refused, also behind ASCIIHex and ASCII85', async () => {
    const big = await deflatedRepeat(MAX_OTHER_STREAM + (1 << 20));
    expect(await refusal(checkPdfStreams(withStream('/Filter /FlateDecode', big)))).toBe('zipBomb');
    expect(
      await refusal(
        checkPdfStreams(
          withStream(
            '/Filter [/ASCIIHexDecode /FlateDecode]',
            Buffer.from(big.toString('hex') + '>'),
          ),
        ),
      ),
    ).toBe('zipBomb');
    // ASCII85 of the deflated bytes (4 bytes → 5 characters, base 85 from '!').
    let a85 = '';
    for (let i = 0; i < big.length; i += 4) {
      const group = Buffer.alloc(4);
      big.copy(group, 0, i, i + 4);
      let v = group.readUInt32BE(0);
      const chars: string[] = [];
      for (let k = 0; k < 5; k++, v = Math.floor(v / 85))
        chars.unshift(String.fromCharCode(33 + (v % 85)));
      a85 += chars.slice(0, Math.min(5, big.length - i + 1)).join('');
    }
    expect(
      await refusal(checkPdfStreams(withStream('/Filter [/A85 /Fl]', Buffer.from(a85 + '~>')))),
    ).toBe('zipBomb');
    expect(
      await refusal(
        checkPdfStreams(withStream('/Filter /FlateDecode', deflateSync(Buffer.alloc(1 << 20)))),
      ),
    ).toBeNull();
  });

  it('RunLength and LZW streams are counted without being unpacked', async () => {
    // RunLength: each 2-byte run (257 - 129 = 128 copies) unpacks 64 times larger.
    const runs = Buffer.alloc(
      2 * Math.ceil((MAX_OTHER_STREAM + 1) / 128),
      Buffer.from([129, 0x20]),
    );
    expect(await refusal(checkPdfStreams(withStream('/Filter /RunLengthDecode', runs)))).toBe(
      'zipBomb',
    );
    // LZW: a clear code, then codes that each repeat the previous string one byte longer (KwKwK), 12-bit wide once the table grows.
    const codes: number[] = [256, 32];
    for (let next = 258; next < 4096; next++) codes.push(next);
    for (let i = 0; i < 40_000; i++) codes.push(4095);
    let width = 9;
    let acc = 0n;
    let bits = 0;
    const out: number[] = [];
    let table = 258;
    codes.forEach((c, i) => {
      acc = (acc << BigInt(width)) | BigInt(c);
      bits += width;
      while (bits >= 8) {
        out.push(Number((acc >> BigInt(bits - 8)) & 0xffn));
        bits -= 8;
      }
      acc &= (1n << BigInt(bits)) - 1n;
      if (i >= 2 && table < 4096) table++;
      if (table + 1 >= 1 << width && width < 12) width++;
    });
    expect(await refusal(checkPdfStreams(withStream('/Filter /LZWDecode', Buffer.from(out))))).toBe(
      'zipBomb',
    );
  });
});
