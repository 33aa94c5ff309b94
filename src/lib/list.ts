// The spec's list query (searchText, filter, pageSize, pageNumber, sortField, sortOrder) shared by the
// list pages, the /api/v1 list calls and the legacy calls. Pure: islands may use the constants.

export const PAGE_SIZES = [3, 5, 10] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
/** Search starts at this many characters (or when the box is emptied). */
export const SEARCH_MIN = 3;

export interface ListQuery<F extends string = string> {
  searchText: string;
  filter: Partial<Record<F, string>>;
  pageSize: number;
  pageNumber: number;
  sortField: F | 'id';
  sortOrder: 'asc' | 'desc';
}

export interface ListResult<T> {
  totalCount: number;
  entities: T[];
}

export class ListQueryError extends Error {}

const int = (s: string | null, fallback: number, min: number, max: number): number => {
  const n = s && /^\d+$/.test(s.trim()) ? Number(s) : NaN;
  return Number.isFinite(n) && n >= min ? Math.min(n, max) : fallback;
};

/**
 * Reads a list query from URL parameters. Unknown sort fields fall back to id; `search` is accepted
 * as the legacy name of searchText; filter is a JSON object whose known keys are kept. A search
 * shorter than SEARCH_MIN characters is ignored, as the search boxes do.
 */
export function parseListQuery<F extends string>(
  params: URLSearchParams,
  fields: readonly F[],
): ListQuery<F> {
  const search = (params.get('searchText') ?? params.get('search') ?? '').trim().slice(0, 200);
  const filter: Partial<Record<F, string>> = {};
  const rawFilter = params.get('filter');
  if (rawFilter && rawFilter.trim()) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawFilter);
    } catch {
      throw new ListQueryError('filter must be a JSON object');
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      throw new ListQueryError('filter must be a JSON object');
    for (const [k, val] of Object.entries(parsed)) {
      if (
        (fields as readonly string[]).includes(k) &&
        val !== null &&
        val !== '' &&
        typeof val !== 'object'
      )
        filter[k as F] = String(val).slice(0, 200);
    }
  }
  const sortField = params.get('sortField');
  return {
    searchText: search.length >= SEARCH_MIN ? search : '',
    filter,
    pageSize: int(params.get('pageSize'), DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE),
    pageNumber: int(params.get('pageNumber'), 1, 1, 1_000_000),
    sortField:
      sortField && (fields as readonly string[]).includes(sortField) ? (sortField as F) : 'id',
    sortOrder: params.get('sortOrder')?.toLowerCase() === 'asc' ? 'asc' : 'desc',
  };
}

/** A LIKE pattern (with `\` as escape) matching the lower-cased text anywhere. */
export const containsPattern = (text: string): string =>
  `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Lower-cased text for the `search` columns (portable case-insensitive search). */
export const searchText = (...parts: Array<string | null | undefined>): string =>
  parts.filter(Boolean).join(' ').toLowerCase();

/** "Show rows from X to Y of Z" figures for a page. */
export function pageRange(
  q: { pageSize: number; pageNumber: number },
  total: number,
): { from: number; to: number; total: number; pages: number; beyond: boolean } {
  const pages = Math.max(1, Math.ceil(total / q.pageSize));
  const from = total === 0 ? 0 : (q.pageNumber - 1) * q.pageSize + 1;
  // A page past the last row shows no rows: its range is empty ("13 to 13 of 13" over "no records"
  // was the bug), and `beyond` lets the pager say so instead.
  const beyond = from > total;
  return {
    from: beyond ? 0 : from,
    to: beyond ? 0 : Math.min(q.pageNumber * q.pageSize, total),
    total,
    pages,
    beyond,
  };
}

/** Where a page's rows are read: `limit` rows after skipping `offset`, in reverse order when `reverse`. */
export interface PageWindow {
  offset: number;
  limit: number;
  reverse: boolean;
}

/**
 * The window of page N among `total` rows, counted from the nearer end of the order: a page in the
 * second half is read in the reverse order (and turned round afterwards), so the last page of
 * 100,000 skips no more rows than the first. null when the page lies beyond the last row.
 */
export function pageWindow(
  q: { pageSize: number; pageNumber: number },
  total: number,
): PageWindow | null {
  const start = (q.pageNumber - 1) * q.pageSize;
  if (start >= total) return null;
  const limit = Math.min(q.pageSize, total - start);
  const fromEnd = total - start - limit;
  return fromEnd < start
    ? { offset: fromEnd, limit, reverse: true }
    : { offset: start, limit, reverse: false };
}

/** The opposite sort direction (for reading a window from the end). */
export const flip = (order: 'asc' | 'desc'): 'asc' | 'desc' => (order === 'asc' ? 'desc' : 'asc');
