// The spec's list query of GET /api/v1/scada (§7): search, limit, page, orderBy, sortedBy. With text:
// search plus searchFields title;address; otherwise search holds the joined filters key:value
// (status 0|1, oid <organisation id>) joined with ';' and searchJoin=and, as the registry's list.
// An unknown key, join, field or value answers 400 naming it; nothing is silently ignored.
import { ListQueryError, parseListQuery, type ListQuery } from '#lib/list.ts';
import { LIST_FIELDS, type ScadaField } from './scada.server.ts';

const FILTERS: Record<ScadaField, RegExp> = { status: /^[01]$/, oid: /^\d{1,9}$/ };
const PAIRS = /^[a-z_]+:[^;]*(;[a-z_]+:[^;]*)*$/i;

export function scadaListQuery(p: URLSearchParams): ListQuery<ScadaField> {
  const fields = p.get('searchFields');
  if (
    fields &&
    fields.split(';').some((f) => f && !['title', 'address'].includes(f.split(':')[0]!))
  )
    throw new ListQueryError('searchFields: title;address');
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
  const search = (p.get('search') ?? p.get('searchText') ?? '').trim();
  if (search && !fields && PAIRS.test(search)) {
    const filter: Record<string, string> = {};
    for (const pair of search.split(';')) {
      const [key, ...rest] = pair.split(':');
      const value = rest.join(':').trim();
      const rule = Object.hasOwn(FILTERS, key!) ? FILTERS[key as ScadaField] : null;
      if (!rule) throw new ListQueryError('search: filter keys status, oid');
      if (!rule.test(value))
        throw new ListQueryError(key === 'status' ? 'search: status 0 or 1' : 'search: oid an id');
      filter[key!] = value;
    }
    mapped.set('filter', JSON.stringify(filter));
  } else if (search) mapped.set('searchText', search);
  return parseListQuery(mapped, LIST_FIELDS);
}
