import { describe, expect, it } from 'vitest';
import { openZip } from './zip.ts';
import { extractDocx, extractXlsx } from './office.ts';
import { convertOffice } from './libreoffice.ts';
import { ScanInputError } from './types.ts';
import { zipArchive } from '../../../../tests/helpers/sample-files.ts';

function code(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    return err instanceof ScanInputError ? err.code : `other: ${String(err)}`;
  }
  return 'none';
}

async function codeAsync(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    return err instanceof ScanInputError ? err.code : `other: ${String(err)}`;
  }
  return 'none';
}

describe('zip reader', () => {
  it('reads stored and deflated entries', () => {
    const z = openZip(
      zipArchive([
        { name: 'a.txt', data: Buffer.from('привет') },
        { name: 'b.xml', data: Buffer.from('<x/>'.repeat(100)), deflate: true },
      ]),
    );
    expect(z.readText('a.txt')).toBe('привет');
    expect(z.readText('b.xml')).toBe('<x/>'.repeat(100));
    expect(() => z.verifyAll()).not.toThrow();
  });

  it('refuses a bomb by its declared size', () => {
    expect(
      code(() =>
        openZip(zipArchive([{ name: 'big', data: Buffer.from('x'), declared: 200 * 1024 * 1024 }])),
      ),
    ).toBe('zipBomb');
  });

  it('refuses a bomb by its ratio (2 MB of zeros in a few KB)', () => {
    expect(
      code(() =>
        openZip(
          zipArchive([{ name: 'zeros', data: Buffer.alloc(2 * 1024 * 1024), deflate: true }]),
        ),
      ),
    ).toBe('zipBomb');
  });

  it('refuses an entry that unpacks beyond what its directory declares', () => {
    const z = openZip(
      zipArchive([{ name: 'liar', data: Buffer.alloc(50_000, 65), deflate: true, declared: 1000 }]),
    );
    expect(code(() => z.verifyAll())).toBe('zipBomb');
  });

  it('refuses encrypted entries and broken containers', () => {
    expect(
      code(() => openZip(zipArchive([{ name: 'secret', data: Buffer.from('x'), flags: 1 }]))),
    ).toBe('encrypted');
    expect(
      code(() =>
        openZip(Buffer.from('PK\u0003\u0004 this is not a zip at all, just text padding padding')),
      ),
    ).toBe('corrupt');
    const good = zipArchive([{ name: 'a', data: Buffer.from('hello hello hello'), deflate: true }]);
    const flipped = Buffer.from(good);
    flipped[32] = flipped[32]! ^ 0xff; // inside the deflated data
    expect(code(() => openZip(flipped).verifyAll())).toBe('corrupt');
    expect(code(() => openZip(good.subarray(0, good.length - 30)))).toBe('corrupt');
  });

  it('office readers answer corrupt, zipBomb and encrypted as ScanInputError', async () => {
    expect(await codeAsync(extractXlsx(Buffer.from('not a workbook')))).toBe('corrupt');
    expect(
      await codeAsync(
        extractXlsx(
          zipArchive([{ name: 'word/document.xml', data: Buffer.from('<w:document/>') }]),
        ),
      ),
    ).toBe('corrupt');
    expect(
      await codeAsync(
        extractXlsx(zipArchive([{ name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') }])),
      ),
    ).toBe('corrupt');
    expect(
      await codeAsync(
        extractXlsx(
          zipArchive([
            { name: 'xl/workbook.xml', data: Buffer.alloc(3 * 1024 * 1024, 32), deflate: true },
          ]),
        ),
      ),
    ).toBe('zipBomb');
    expect(
      await codeAsync(
        extractDocx(zipArchive([{ name: 'word/document.xml', data: Buffer.from('x'), flags: 1 }])),
      ),
    ).toBe('encrypted');
  });

  it('reads a docx table with gridSpan, vMerge and a page break', async () => {
    const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
    const tc = (t: string, pr = '') =>
      `<w:tc><w:tcPr>${pr}</w:tcPr><w:p><w:r><w:t>${t}</w:t></w:r></w:p></w:tc>`;
    const head = `<w:tr>${['Поз.', 'Наименование', 'Тип, марка', 'Ед. изм.', 'Кол.'].map((h) => tc(h)).join('')}</w:tr>`;
    const xml = `<?xml version="1.0"?><w:document ${W}><w:body><w:tbl>${head}
      <w:tr>${tc('')}${tc('Насосы', '<w:gridSpan w:val="4"/>')}</w:tr>
      <w:tr>${tc('1', '<w:vMerge w:val="restart"/>')}${tc('Насос &amp; привод')}${tc('TP 65')}${tc('шт', '<w:vMerge w:val="restart"/>')}${tc('2', '<w:vMerge w:val="restart"/>')}</w:tr>
      <w:tr>${tc('', '<w:vMerge/>')}${tc('с частотным регулированием')}${tc('')}${tc('', '<w:vMerge/>')}${tc('', '<w:vMerge/>')}</w:tr>
      </w:tbl><w:p><w:r><w:br w:type="page"/></w:r></w:p><w:tbl>${head}<w:tr>${tc('2')}${tc('Клапан')}${tc('VB-2')}${tc('шт')}${tc('1')}</w:tr></w:tbl></w:body></w:document>`;
    const doc = await extractDocx(
      zipArchive([{ name: 'word/document.xml', data: Buffer.from(xml), deflate: true }]),
    );
    expect(doc.pages.map((p) => p.page)).toEqual([1, 2]);
    expect(doc.columnCount).toBe(5);
    expect(doc.suggestedMapping).toMatchObject({ pos: 1, title: 2, marka: 3, unit: 4, count: 5 });
    expect(doc.lines.filter((l) => l.kind === 'data').map((l) => [l.page, ...l.cells])).toEqual([
      [1, '', 'Насосы', '', '', ''],
      [1, '1', 'Насос & привод', 'TP 65', 'шт', '2'],
      [1, '', 'с частотным регулированием', '', '', ''],
      [2, '2', 'Клапан', 'VB-2', 'шт', '1'],
    ]);
  });
});

describe('LibreOffice', () => {
  it('answers toolMissing naming the format when soffice is absent', async () => {
    const saved = process.env.SOFFICE;
    process.env.SOFFICE = '/nonexistent/soffice';
    try {
      await expect(convertOffice(Buffer.from('x'), 'xls', 'xlsx')).rejects.toMatchObject({
        code: 'toolMissing',
        format: 'xls',
      });
    } finally {
      if (saved === undefined) delete process.env.SOFFICE;
      else process.env.SOFFICE = saved;
    }
  });
});
