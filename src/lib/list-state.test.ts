import { describe, expect, it } from 'vitest';
import { listLink, listParams } from './list-state.ts';

describe('list URL state', () => {
  it('keeps the set, non-default parameters and changes some of them', () => {
    const params = listParams(
      new URL(
        'http://x/e-commerce/orders?status=new&pageSize=10&sortField=total&sortOrder=desc&pageNumber=2&junk=1&oid=',
      ),
      ['status', 'oid', 'pageSize', 'pageNumber', 'sortField', 'sortOrder'],
    );
    expect(params).toEqual({ status: 'new', sortField: 'total', pageNumber: '2' });
    expect(listLink('/e-commerce/orders', params, { pageNumber: null })).toBe(
      '/e-commerce/orders?status=new&sortField=total',
    );
    expect(
      listLink('/e-commerce/orders', params, { pageNumber: 1, status: null, sortField: 'id' }),
    ).toBe('/e-commerce/orders');
    expect(listLink('/notifications', {}, { module: 'chat' })).toBe('/notifications?module=chat');
  });
});
