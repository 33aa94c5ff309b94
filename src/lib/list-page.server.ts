// What a server-rendered list page needs from its URL: the parsed list query, the loaded page of
// items (null when the query was malformed or loading failed, so the page can say so), the search
// text as typed, and the URL parameters its pager and sort links keep.
import { ListQueryError, parseListQuery, type ListQuery, type ListResult } from './list.ts';
import { LIST_PARAMS, listParams } from './list-state.ts';
import { log } from './log.ts';

export async function loadListPage<F extends string, T>(url: URL, fields: readonly F[], load: (query: ListQuery<F>) => Promise<ListResult<T>>, what: string) {
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
