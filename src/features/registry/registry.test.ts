// Pure parts of the registry: the spec's list query of GET /api/v1/productions (text search versus
// filter pairs), the fault report prefill read back on the support page, and the label's QR code.
import { describe, expect, it } from 'vitest';
import { ListQueryError } from '#lib/list.ts';
import { apiListQuery } from './registry.api.server.ts';
import { qrSvg } from './registry.label.server.ts';
import { faultPrefill } from './registry.page.server.ts';

const p = (s: string) => new URLSearchParams(s);

describe('apiListQuery', () => {
  it('takes search text with searchFields title;serial, and filter pairs without them', () => {
    expect(apiListQuery(p('search=pump&searchFields=title;serial'))).toMatchObject({
      searchText: 'pump',
      filter: {},
    });
    expect(apiListQuery(p('search=status:1;oid:4&searchJoin=and'))).toMatchObject({
      searchText: '',
      filter: { status: '1', oid: '4' },
    });
    // A serial with a colon is text when searchFields says so.
    expect(apiListQuery(p('search=AB:12&searchFields=serial'))).toMatchObject({
      searchText: 'AB:12',
      filter: {},
    });
    expect(apiListQuery(p('limit=5&page=3&orderBy=serial&sortedBy=asc'))).toMatchObject({
      pageSize: 5,
      pageNumber: 3,
      sortField: 'serial',
      sortOrder: 'asc',
    });
    expect(apiListQuery(p('limit=1000')).pageSize).toBe(100);
  });

  it('refuses unknown fields, keys, joins and sort fields', () => {
    for (const s of ['searchFields=email', 'search=user_id:3', 'searchJoin=or', 'orderBy=user_id'])
      expect(() => apiListQuery(p(s)), s).toThrow(ListQueryError);
  });
});

describe('faultPrefill', () => {
  it('reads title and message only for a product page, bounded', () => {
    const u = new URL('http://x/support/reports?new=1&from=%2Fproductions%2F12&title=T&message=M');
    expect(faultPrefill(u)).toEqual({ title: 'T', message: 'M', url: '/productions/12' });
    expect(
      faultPrefill(new URL('http://x/support/reports?new=1&from=%2Fhome&title=T')),
    ).toBeUndefined();
    expect(
      faultPrefill(
        new URL(`http://x/support/reports?from=%2Fproductions%2F1&title=${'a'.repeat(300)}`),
      )!.title,
    ).toHaveLength(200);
  });
});

describe('qrSvg', () => {
  it('draws a square code with a quiet zone and an escaped accessible name', () => {
    const svg = qrSvg('https://lk.example/productions/12', 'QR <12> & "x"');
    const size = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)![1]);
    // Version 2 or 3 for a short address: 25 or 29 modules plus 8 of quiet zone.
    expect([33, 37]).toContain(size);
    expect(svg).toContain('aria-label="QR &#60;12&#62; &#38; &#34;x&#34;"');
    expect(svg).not.toContain('<script');
    expect(qrSvg('a', 'x')).not.toBe(qrSvg('b', 'x'));
  });
});

describe('warranty arithmetic', () => {
  it('ends the day before the same day `months` later, clamped to short months', async () => {
    const { warrantyUntil, warrantyState } = await import('./registry.warranty.ts');
    expect(warrantyUntil('2026-01-15', 12)).toBe('2027-01-14');
    expect(warrantyUntil('2024-01-31', 1)).toBe('2024-02-28');
    expect(warrantyUntil('2023-12-01', 1)).toBe('2023-12-31');
    expect(warrantyUntil('2024-03-01', 240)).toBe('2044-02-29');
    expect(warrantyUntil(null, 12)).toBeNull();
    expect(warrantyUntil('2024-02-30', 12)).toBeNull();
    expect(warrantyState('2026-01-01', '2026-01-01')).toBe('active');
    expect(warrantyState('2026-01-01', '2026-01-02')).toBe('expired');
    expect(warrantyState(null, '2026-01-02')).toBe('none');
  });
});

describe('searchPattern', () => {
  it('folds separators between words and escapes LIKE wildcards', async () => {
    const { searchPattern } = await import('./registry.server.ts');
    expect(searchPattern('AUD PHE 0007')).toBe('%aud%phe%0007%');
    expect(searchPattern('aud-phe/0007.')).toBe('%aud%phe%0007%');
    expect(searchPattern('50%')).toBe('%50\\%%');
  });
});
