// Helpers for the legacy /api/app/* calls, which pass their fields in the query string (and some in
// a body as well). The token parameter is read by the middleware and never treated as a field.
import { readForm, type FormValues } from './api.ts';

const LIST_PARAMS = [
  'search',
  'searchText',
  'filter',
  'pageSize',
  'pageNumber',
  'sortField',
  'sortOrder',
];

/** Query fields merged with body fields (the body wins), without the token. */
export async function legacyValues(url: URL, request: Request): Promise<FormValues> {
  const values: FormValues = {};
  for (const [k, val] of url.searchParams) if (k !== 'token' && !(k in values)) values[k] = val;
  return { ...values, ...(request.method === 'GET' ? {} : await readForm(request)) };
}

/** A legacy list call with nothing but the token asks for every item. */
export const wantsAll = (params: URLSearchParams): boolean =>
  !LIST_PARAMS.some((p) => params.has(p));
