// The access log's path: no query, no passport token.
import { describe, expect, it } from 'vitest';
import { loggedPath } from './request-context.ts';

describe('loggedPath', () => {
  it('drops the query and redacts the passport token', () => {
    expect(loggedPath('/orders/5?page=2')).toBe('/orders/5');
    expect(loggedPath('/passport/AbCdEf123_-x')).toBe('/passport/:token');
    expect(loggedPath('/passport/AbCdEf123_-x?contact=sent')).toBe('/passport/:token');
    expect(loggedPath('/passport/AbCdEf123_-x/documents/7')).toBe('/passport/:token/documents/7');
    expect(loggedPath('/passports')).toBe('/passports');
    expect(loggedPath('/')).toBe('/');
  });
});
