// Reads the notifications list query from URL parameters. The filter is JSON whose values are plain
// ({"module":"sales"}) or operator objects ({"status":{"operator":"=","value":1}}), as the dropdown
// sends them; null or "all" means no filter. searchText (3 characters or more) matches the title or
// text. `limit` (the dropdown's call) caps one page of results.
import { DEFAULT_PAGE_SIZE, ListQueryError, MAX_PAGE_SIZE, parseListQuery } from '#lib/list.ts';
import { DROPDOWN_LIMIT, isModule, NOTIFICATION_SORT_FIELDS } from './notifications.schema.ts';
import type { NotificationFilter, NotificationQuery } from './notifications.server.ts';

function operand(value: unknown): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const { operator, value: inner } = value as { operator?: unknown; value?: unknown };
    if (operator !== undefined && operator !== '=')
      throw new ListQueryError(`unsupported operator ${String(operator)}`);
    return inner;
  }
  return value;
}

export function parseFilter(raw: string | null): NotificationFilter {
  if (!raw || !raw.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ListQueryError('filter must be a JSON object');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new ListQueryError('filter must be a JSON object');
  const f = parsed as Record<string, unknown>;
  const out: NotificationFilter = {};
  const module = operand(f.module);
  if (module !== null && module !== undefined && module !== '' && module !== 'all') {
    if (!isModule(module)) throw new ListQueryError('unknown module');
    out.module = module;
  }
  const status = operand(f.status);
  if (status !== null && status !== undefined && status !== '') {
    const n = Number(status);
    if (n !== 0 && n !== 1) throw new ListQueryError('status must be 0 or 1');
    out.status = n;
  }
  return out;
}

/** The list query; with `limit` (and no pageSize) it is the dropdown's single page of up to 200. */
export function parseNotificationQuery(
  params: URLSearchParams,
): NotificationQuery & { dropdown: boolean } {
  const rest = new URLSearchParams(params);
  rest.delete('filter');
  const q = parseListQuery(rest, NOTIFICATION_SORT_FIELDS);
  const limit = params.get('limit');
  const dropdown = limit !== null && !params.has('pageSize');
  let pageSize = q.pageSize;
  if (dropdown) {
    if (!/^\d+$/.test(limit.trim()) || Number(limit) < 1)
      throw new ListQueryError('limit must be a positive number');
    pageSize = Math.min(Number(limit), DROPDOWN_LIMIT);
  } else pageSize = Math.min(pageSize || DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  return {
    filter: parseFilter(params.get('filter')),
    searchText: q.searchText,
    sortField: q.sortField,
    sortOrder: q.sortOrder,
    pageSize,
    pageNumber: dropdown ? 1 : q.pageNumber,
    dropdown,
  };
}
