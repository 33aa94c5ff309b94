// The query of the pickers' "all" calls (/api/v1/organisations/all, /api/v1/objects/all and the
// legacy ones): an optional search text and a limit, so an answer stays bounded however many items
// a user has. The answer keeps the spec's shape: data.totalCount (all matches) and data.entities
// (at most `limit` of them, newest first). Pure: islands use the constants.
import * as v from 'valibot';

export const ALL_DEFAULT_LIMIT = 50;
export const ALL_MAX_LIMIT = 100;
/** Searches shorter than this match everything (as the list boxes). */
export const ALL_SEARCH_MIN = 3;

const limit = v.fallback(
  v.pipe(
    v.string(),
    v.regex(/^\d{1,6}$/),
    v.transform(Number),
    v.minValue(1),
    v.transform((n) => Math.min(n, ALL_MAX_LIMIT)),
  ),
  ALL_DEFAULT_LIMIT,
);
const search = v.fallback(
  v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(200),
    v.transform((s) => (s.length >= ALL_SEARCH_MIN ? s : '')),
  ),
  '',
);

export const AllQuerySchema = v.object({ search, searchText: search, limit });

export interface AllQuery {
  search: string;
  limit: number;
}

/** Reads the query string of an "all" call (`search`, or `searchText` as in the list calls). */
export function parseAllQuery(params: URLSearchParams): AllQuery {
  const q = v.parse(AllQuerySchema, Object.fromEntries(params));
  return { search: q.search || q.searchText, limit: q.limit };
}
