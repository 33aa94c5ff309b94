// The spec's list query of GET /api/v1/productions (§7): search, limit, page, orderBy, sortedBy. With
// text: search plus searchFields title;serial; otherwise search holds filter pairs key:value (status,
// oid) joined with ';' and searchJoin=and. Mapped onto the shared list query (src/lib/list.ts).
import { ListQueryError, parseListQuery, type ListQuery } from '#lib/list.ts';
import { LIST_FIELDS, type RegistryField } from './registry.schema.ts';

const FILTER_KEYS = ['status', 'oid'] as const;
const PAIRS = /^[a-z_]+:[^;]*(;[a-z_]+:[^;]*)*$/i;

export function apiListQuery(p: URLSearchParams): ListQuery<RegistryField> {
  const fields = p.get('searchFields');
  if (fields && fields.split(';').some((f) => f && !['title', 'serial'].includes(f.split(':')[0]!)))
    throw new ListQueryError('searchFields: title;serial');
  const join = p.get('searchJoin');
  if (join && join.toLowerCase() !== 'and') throw new ListQueryError('searchJoin: and');
  const mapped = new URLSearchParams();
  for (const [from, to] of [
    ['limit', 'pageSize'],
    ['page', 'pageNumber'],
    ['orderBy', 'sortField'],
    ['sortedBy', 'sortOrder'],
    ['filter', 'filter'],
  ] as const) {
    const value = p.get(from) ?? p.get(to);
    if (value !== null) mapped.set(to, value);
  }
  const orderBy = mapped.get('sortField');
  if (orderBy && orderBy !== 'id' && !(LIST_FIELDS as readonly string[]).includes(orderBy))
    throw new ListQueryError('orderBy: id, status, oid, serial or title');
  const search = (p.get('search') ?? p.get('searchText') ?? '').trim();
  if (search && !fields && PAIRS.test(search)) {
    const filter: Record<string, string> = {};
    for (const pair of search.split(';')) {
      const [key, ...rest] = pair.split(':');
      if (!(FILTER_KEYS as readonly string[]).includes(key!))
        throw new ListQueryError('filter keys: status, oid');
      filter[key!] = rest.join(':');
    }
    mapped.set('filter', JSON.stringify(filter));
  } else if (search) mapped.set('searchText', search);
  return parseListQuery(mapped, LIST_FIELDS);
}
