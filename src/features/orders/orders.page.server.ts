// The orders list and archive pages: the form post (move the ticked orders, or one, to the archive
// or back, then redirect) and the GET view model (filters as plain query parameters).
import { getObject } from '#features/objects/objects.server.ts';
import { getOrganisation } from '#features/organisations/organisations.server.ts';
import type { User } from '#lib/db/schema.ts';
import { readFormData } from '#lib/http/api.ts';
import { parseListQuery, SEARCH_MIN } from '#lib/list.ts';
import { listLink, listParams } from '#lib/list-state.ts';
import { ORDER_FILTER_FIELDS, ORDER_SORT_FIELDS, ORDER_STATUSES } from './orders.schema.ts';
import { listOrders, setArchived } from './orders.server.ts';
import { isId } from '#lib/validation.ts';
import { paths } from '#lib/paths.ts';

const FILTERS = ['status', 'oid', 'oid_text', 'object', 'object_text', 'date'] as const;
const PARAMS = [
  'searchText',
  ...FILTERS,
  'sortField',
  'sortOrder',
  'pageSize',
  'pageNumber',
] as const;

/** Handles the archive/restore form; returns where to go next. */
export async function handleOrdersPost(
  user: User,
  request: Request,
  url: URL,
  archived: boolean,
): Promise<string> {
  const form = await readFormData(request);
  const one = form.get('one');
  const raw = one !== null ? [one] : form.getAll('ids');
  const ids = raw
    .map((x) => Number(x))
    .filter(isId)
    .slice(0, 500);
  const moved = ids.length ? await setArchived(user.id, ids, !archived) : [];
  const back = new URL(url);
  back.searchParams.set('moved', String(moved.length));
  return `${back.pathname}?${back.searchParams.toString()}`;
}

/**
 * A picked organisation or object (its id) and the text its filter field shows. Without JavaScript
 * the id stays in the form while the person types another name: then the text wins.
 */
async function chosen(
  params: Record<string, string>,
  idKey: 'oid' | 'object',
  textKey: 'oid_text' | 'object_text',
  name: (id: number) => Promise<string | null>,
) {
  const id = params[idKey];
  const typed = params[textKey];
  const found = id && /^\d{1,9}$/.test(id) ? await name(Number(id)) : null;
  if (id && (found === null || (typed !== undefined && typed !== found))) delete params[idKey];
  else if (found !== null) delete params[textKey];
  return { value: params[idKey] ?? '', text: params[idKey] ? (found ?? '') : (typed ?? '') };
}

export async function ordersView(user: User, url: URL, archived: boolean) {
  const path = archived ? paths.orders.archive() : paths.orders.list();
  const params = listParams(url, PARAMS);
  const [organisation, object] = await Promise.all([
    chosen(
      params,
      'oid',
      'oid_text',
      async (id) => (await getOrganisation(user.id, id))?.name ?? null,
    ),
    chosen(
      params,
      'object',
      'object_text',
      async (id) => (await getObject(user.id, id))?.name ?? null,
    ),
  ]);
  const rawSearch = params.searchText ?? '';
  const query = new URLSearchParams(params);
  const filter: Record<string, string> = {};
  for (const f of FILTERS) if (params[f]) filter[f] = params[f];
  query.set('filter', JSON.stringify(filter));
  const q = parseListQuery(query, [...ORDER_FILTER_FIELDS, ...ORDER_SORT_FIELDS]);
  const result = await listOrders(user.id, q, archived);
  const moved = url.searchParams.get('moved');
  return {
    path,
    params,
    q,
    rawSearch,
    searchTooShort: rawSearch.length > 0 && rawSearch.length < SEARCH_MIN,
    filter,
    /** How many filters besides the search are set (shown on the button that unfolds them). */
    activeFilters: ['status', 'oid', 'object', 'date'].filter(
      (f) => filter[f] || filter[`${f}_text`],
    ).length,
    filtered: Object.keys(filter).length > 0 || !!q.searchText,
    result,
    organisation,
    object,
    statuses: ORDER_STATUSES,
    moved: moved !== null && /^\d+$/.test(moved) ? Number(moved) : null,
    /** The URL of this page as it is, for the form to post back to and return to. */
    self: listLink(path, params),
  };
}
