// What a server-rendered list page needs from its URL: the parsed list query, the loaded page of
// items (null when the query was malformed or loading failed, so the page can say so), the search
// text as typed, and the URL parameters its pager and sort links keep. And pageByIds(), the way
// every deep list reads one page at any size.
import {
  ListQueryError,
  pageWindow,
  parseListQuery,
  type ListQuery,
  type ListResult,
  type PageWindow,
} from './list.ts';
import { LIST_PARAMS, listParams } from './list-state.ts';
import { log } from './log.ts';

export async function loadListPage<F extends string, T>(
  url: URL,
  fields: readonly F[],
  load: (query: ListQuery<F>) => Promise<ListResult<T>>,
  what: string,
) {
  let query = parseListQuery(new URLSearchParams(), fields);
  let result: ListResult<T> | null = null;
  try {
    query = parseListQuery(url.searchParams, fields);
    result = await load(query);
  } catch (err) {
    if (!(err instanceof ListQueryError)) log.error(`${what} list failed`, { err });
  }
  const rawSearch = (url.searchParams.get('searchText') ?? '').trim();
  return { query, result, rawSearch, urlParams: listParams(url, LIST_PARAMS) };
}

/**
 * One page of a list in two steps. `ids` reads the page's ids in the list's order (or its reverse,
 * when `w.reverse`) with `w.offset` and `w.limit`: written over the list's own table and an index
 * matching its filter and order, the skipped rows are index entries only, and since the window
 * counts from the nearer end, the last page costs what the first does. `rows` then loads the full
 * rows (joins, counts) of those few ids only; they come back in the list's order.
 */
export async function pageByIds<T extends { id: number }>(
  q: { pageSize: number; pageNumber: number },
  total: number,
  ids: (w: PageWindow) => Promise<number[]>,
  rows: (ids: number[]) => Promise<T[]>,
): Promise<T[]> {
  const w = pageWindow(q, total);
  if (!w) return [];
  const order = await ids(w);
  if (w.reverse) order.reverse();
  if (order.length === 0) return [];
  const byId = new Map((await rows(order)).map((r) => [r.id, r]));
  return order.flatMap((id) => {
    const r = byId.get(id);
    return r ? [r] : [];
  });
}
