import { describe, expect, it } from 'vitest';
import { containsPattern, ListQueryError, pageRange, pageWindow, parseListQuery } from './list.ts';

const q = (s: string) => parseListQuery(new URLSearchParams(s), ['name', 'inn'] as const);

describe('list query', () => {
  it('defaults to id descending, page 1 of 10', () => {
    expect(q('')).toEqual({
      searchText: '',
      filter: {},
      pageSize: 10,
      pageNumber: 1,
      sortField: 'id',
      sortOrder: 'desc',
    });
  });
  it('reads every parameter and the legacy search name', () => {
    expect(
      q(
        'search=abcd&pageSize=3&pageNumber=2&sortField=name&sortOrder=ASC&filter={"inn":"18","x":"1"}',
      ),
    ).toEqual({
      searchText: 'abcd',
      filter: { inn: '18' },
      pageSize: 3,
      pageNumber: 2,
      sortField: 'name',
      sortOrder: 'asc',
    });
  });
  it('ignores searches under 3 characters, unknown sort fields and bad numbers', () => {
    expect(q('searchText=ab&sortField=password&pageSize=-1&pageNumber=x')).toMatchObject({
      searchText: '',
      sortField: 'id',
      pageSize: 10,
      pageNumber: 1,
    });
    expect(q('pageSize=5000').pageSize).toBe(100);
  });
  it('rejects a filter that is not a JSON object', () => {
    expect(() => q('filter=[1]')).toThrow(ListQueryError);
    expect(() => q('filter={')).toThrow(ListQueryError);
  });
  it('escapes LIKE wildcards', () => {
    expect(containsPattern('50%_A\\')).toBe('%50\\%\\_a\\\\%');
  });
  it('computes the visible range', () => {
    expect(pageRange({ pageSize: 5, pageNumber: 2 }, 12)).toEqual({
      from: 6,
      to: 10,
      total: 12,
      pages: 3,
      beyond: false,
    });
    expect(pageRange({ pageSize: 10, pageNumber: 1 }, 0)).toEqual({
      from: 0,
      to: 0,
      total: 0,
      pages: 1,
      beyond: false,
    });
    // A page number past the end: an empty range, not "13 to 13 of 13" over "no records".
    expect(pageRange({ pageSize: 10, pageNumber: 5 }, 13)).toEqual({
      from: 0,
      to: 0,
      total: 13,
      pages: 2,
      beyond: true,
    });
  });
});

describe('page window', () => {
  it('reads early pages from the start and late pages from the end', () => {
    expect(pageWindow({ pageSize: 10, pageNumber: 1 }, 100_000)).toEqual({
      offset: 0,
      limit: 10,
      reverse: false,
    });
    expect(pageWindow({ pageSize: 10, pageNumber: 10_000 }, 100_000)).toEqual({
      offset: 0,
      limit: 10,
      reverse: true,
    });
    expect(pageWindow({ pageSize: 10, pageNumber: 9_999 }, 100_000)).toEqual({
      offset: 10,
      limit: 10,
      reverse: true,
    });
    expect(pageWindow({ pageSize: 10, pageNumber: 2 }, 100_000)).toEqual({
      offset: 10,
      limit: 10,
      reverse: false,
    });
  });
  it('cuts the last page short and knows when a page is beyond the end', () => {
    expect(pageWindow({ pageSize: 10, pageNumber: 3 }, 25)).toEqual({
      offset: 0,
      limit: 5,
      reverse: true,
    });
    expect(pageWindow({ pageSize: 10, pageNumber: 4 }, 25)).toBeNull();
    expect(pageWindow({ pageSize: 10, pageNumber: 1 }, 0)).toBeNull();
  });
});
