import { describe, expect, it } from 'vitest';
import { docx, exe, ole, pdf, png, xlsx, zip } from '../../tests/helpers/sample-files.ts';
import { extension, extensionMatches, sniff } from './sniff.ts';
import { zipEntryNames } from './zip.ts';

const kindOf = (b: Uint8Array, name = '') => sniff(b, name)?.kind ?? null;
const ascii = (s: string) => new TextEncoder().encode(s);

describe('sniff', () => {
  it('recognises images and PDF by their magic bytes', () => {
    expect(kindOf(png())).toBe('png');
    expect(kindOf(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('jpeg');
    expect(kindOf(ascii('GIF89a\x01\x00'))).toBe('gif');
    expect(kindOf(ascii('RIFF\x10\x00\x00\x00WEBPVP8 '))).toBe('webp');
    expect(kindOf(pdf())).toBe('pdf');
  });

  it('tells office documents from plain archives by the entries inside', () => {
    expect(zipEntryNames(docx())).toContain('[Content_Types].xml');
    expect(kindOf(docx())).toBe('docx');
    expect(kindOf(xlsx())).toBe('xlsx');
    expect(kindOf(zip({ '[Content_Types].xml': '', 'ppt/presentation.xml': '' }))).toBe('pptx');
    expect(kindOf(zip({ 'readme.txt': 'hi' }))).toBe('zip');
    expect(kindOf(ascii('Rar!\x1a\x07\x01\x00'))).toBe('rar');
    expect(kindOf(new Uint8Array([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c, 0, 4]))).toBe('7z');
  });

  it('accepts OLE files only when they are Word or Excel documents', () => {
    expect(kindOf(ole('WordDocument'))).toBe('doc');
    expect(kindOf(ole('Workbook'))).toBe('xls');
    expect(kindOf(ole('SummaryInformation'))).toBeNull();
  });

  it('recognises plain text in UTF-8, cp1251 and UTF-16, and csv by name', () => {
    expect(kindOf(ascii('a;b\r\n1;2\r\n'), 'data.csv')).toBe('csv');
    expect(
      kindOf(new TextEncoder().encode('\u041f\u0440\u0438\u0432\u0435\u0442\n'), 'note.txt'),
    ).toBe('text');
    expect(kindOf(new Uint8Array([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2, 0x0a]))).toBe('text');
    expect(kindOf(new Uint8Array([0xff, 0xfe, 0x41, 0x00, 0x0a, 0x00]))).toBe('text');
    expect(kindOf(new Uint8Array([]))).toBeNull();
  });

  it('refuses executables and unknown binaries', () => {
    expect(kindOf(exe(), 'invoice.pdf')).toBeNull();
    expect(kindOf(new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]))).toBeNull();
    expect(kindOf(zip({}).subarray(0, 10))).toBeNull();
  });

  it('checks that the extension fits the content', () => {
    expect(extension('Report.Final.PDF')).toBe('pdf');
    expect(extension('noext')).toBe('');
    expect(extensionMatches(sniff(pdf())!, 'a.pdf')).toBe(true);
    expect(extensionMatches(sniff(pdf())!, 'a.png')).toBe(false);
    expect(extensionMatches(sniff(docx())!, 'a.docx')).toBe(true);
    expect(extensionMatches(sniff(docx())!, 'a.zip')).toBe(false);
  });

  it('takes a PDF header after binary junk, never after text', () => {
    const bytes = (...parts: (string | number[])[]) =>
      Buffer.concat(
        parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))),
      );
    expect(kindOf(bytes([0, 1, 2, 0x80, 0x81], '%PDF-1.7\n%\xe2\xe3'))).toBe('pdf');
    expect(kindOf(bytes('Notes: save as %PDF-1.7 next time.\n'))).not.toBe('pdf');
    expect(kindOf(bytes('<html><body>%PDF-1.4</body></html>'), 'page.pdf')).not.toBe('pdf');
    expect(kindOf(bytes('%PDF-'))).not.toBe('pdf');
  });
});
