// scan.do tells the matcher which rows were read by OCR from the scan's summary (pages with source
// 'ocr'): an exact article on such a row is not proof when its OCR twin is in the catalogue.
import { describe, expect, it } from 'vitest';
import { ocrPages } from './positions.server.ts';

describe('ocrPages', () => {
  it('lists the pages read by OCR', () => {
    const summary = JSON.stringify({
      pages: [
        { page: 1, source: 'text' },
        { page: 2, source: 'ocr' },
        { page: 3, source: 'ocr' },
      ],
    });
    expect([...ocrPages(summary)]).toEqual([2, 3]);
  });

  it('is empty for a text document, no summary, or a damaged one', () => {
    expect(ocrPages(JSON.stringify({ pages: [{ page: 1, source: 'text' }] })).size).toBe(0);
    expect(ocrPages(null).size).toBe(0);
    expect(ocrPages('{').size).toBe(0);
    expect(ocrPages(JSON.stringify({ pages: 'x' })).size).toBe(0);
    expect(ocrPages(JSON.stringify({ pages: [null, { page: '2', source: 'ocr' }] })).size).toBe(0);
  });
});
