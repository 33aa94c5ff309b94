import { describe, expect, it } from 'vitest';
import { ListQueryError } from '#lib/list.ts';
import { parseFilter, parseNotificationQuery } from './notifications.query.ts';

describe('notification list queries', () => {
  it('reads plain and operator filters; null and "all" mean every module', () => {
    expect(parseFilter('{"module":null,"status":{"operator":"=","value":1}}')).toEqual({
      status: 1,
    });
    expect(parseFilter('{"module":"sales"}')).toEqual({ module: 'sales' });
    expect(parseFilter('{"module":"all","status":"0"}')).toEqual({ status: 0 });
    expect(parseFilter(null)).toEqual({});
    for (const bad of [
      '{x',
      '[1]',
      '{"module":"mail"}',
      '{"status":2}',
      '{"status":{"operator":">","value":1}}',
    ])
      expect(() => parseFilter(bad), bad).toThrow(ListQueryError);
  });

  it('pages by default and takes a single page of up to 200 with limit (the dropdown)', () => {
    expect(parseNotificationQuery(new URLSearchParams())).toMatchObject({
      pageSize: 10,
      pageNumber: 1,
      sortField: 'id',
      sortOrder: 'desc',
      dropdown: false,
    });
    expect(
      parseNotificationQuery(
        new URLSearchParams('limit=500&sortField=date&sortOrder=asc&pageNumber=4'),
      ),
    ).toMatchObject({
      pageSize: 200,
      pageNumber: 1,
      sortField: 'date',
      sortOrder: 'asc',
      dropdown: true,
    });
    expect(parseNotificationQuery(new URLSearchParams('sortField=user_id')).sortField).toBe('id');
    expect(() => parseNotificationQuery(new URLSearchParams('limit=0'))).toThrow(ListQueryError);
  });
});
