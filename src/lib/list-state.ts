// URL state of a list page (organisations, objects, orders, archive, notifications): the non-default parameters of
// the current URL, and links that change some of them. Filters are plain query parameters so the
// filter form is an ordinary GET form. Pure.
import { DEFAULT_PAGE_SIZE } from '#lib/list.ts';

export type ListParams = Record<string, string>;

/** The parameters of the spec's list query as they appear in a page's URL. */
export const LIST_PARAMS = [
  'searchText',
  'pageSize',
  'pageNumber',
  'sortField',
  'sortOrder',
] as const;

const DEFAULTS: ListParams = {
  pageSize: String(DEFAULT_PAGE_SIZE),
  pageNumber: '1',
  sortField: 'id',
  sortOrder: 'desc',
};

/** The given parameters of the URL that are set and not at their default. */
export function listParams(url: URL, names: readonly string[]): ListParams {
  const out: ListParams = {};
  for (const n of names) {
    const v = url.searchParams.get(n)?.trim();
    if (v && v !== DEFAULTS[n]) out[n] = v.slice(0, 200);
  }
  return out;
}

/** A link to the list with `patch` applied (null removes a parameter); defaults are left out. */
export function listLink(
  path: string,
  params: ListParams,
  patch: Record<string, string | number | null> = {},
): string {
  const next = new URLSearchParams();
  const merged: Record<string, string | number | null> = { ...params, ...patch };
  for (const [k, v] of Object.entries(merged))
    if (v !== null && v !== '' && String(v) !== DEFAULTS[k]) next.set(k, String(v));
  const s = next.toString();
  return s ? `${path}?${s}` : path;
}
