// Which errors mean "try again later" (503): real node:sqlite errors from a locked, damaged or
// missing database, PostgreSQL's connection and resource classes, a full disk.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { HttpError } from './api.ts';
import { BodyTooLargeError } from './body-limit.ts';
import { ListQueryError } from '#lib/list.ts';
import { failureOf, failureResponse, unavailableCause } from './failure.ts';

const thrown = (f: () => unknown): unknown => {
  try {
    f();
  } catch (err) {
    return err;
  }
  throw new Error('did not throw');
};
const t = (key: string) => `t:${key}`;

describe('unavailableCause', () => {
  const dir = mkdtempSync(join(tmpdir(), 'failure-test-'));

  it('a database locked by another connection is unavailable', () => {
    const file = join(dir, 'locked.sqlite');
    const holder = new DatabaseSync(file);
    holder.exec('create table t(x); begin immediate; insert into t values (1)');
    const other = new DatabaseSync(file, { timeout: 0 });
    expect(unavailableCause(thrown(() => other.exec('insert into t values (2)')))).toBe('database');
    holder.exec('rollback');
  });

  it('a file that is not a database, or a path that cannot be opened, is unavailable', () => {
    const junk = join(dir, 'junk.sqlite');
    writeFileSync(junk, 'x'.repeat(4096));
    expect(
      unavailableCause(thrown(() => new DatabaseSync(junk).exec('select * from sqlite_master'))),
    ).toBe('database');
    expect(
      unavailableCause(thrown(() => new DatabaseSync(join(dir, 'missing', 'dir', 'x.sqlite')))),
    ).toBe('database');
  });

  it('a query error is not: it is a bug', () => {
    const db = new DatabaseSync(':memory:');
    expect(unavailableCause(thrown(() => db.exec('select * from nowhere')))).toBeNull();
    expect(unavailableCause(new TypeError('x is undefined'))).toBeNull();
  });

  it('PostgreSQL connection and resource errors, network errors and a full disk', () => {
    for (const code of ['08006', '08001', '57P01', '57P03', '53300'])
      expect(unavailableCause(Object.assign(new Error('x'), { code })), code).toBe('database');
    // A dropped database, and one re-created empty (our tables are gone): the operator restores it.
    expect(
      unavailableCause(
        Object.assign(new Error('database "cabinet" does not exist'), { code: '3D000' }),
      ),
    ).toBe('database');
    expect(
      unavailableCause(
        Object.assign(new Error('relation "users" does not exist'), { code: '42P01' }),
      ),
    ).toBe('database');
    // Other errors of the same classes are the query's fault.
    for (const code of ['3D001', '42P02', '42601', '42703'])
      expect(unavailableCause(Object.assign(new Error('x'), { code })), code).toBeNull();
    expect(unavailableCause(new Error('Connection terminated unexpectedly'))).toBe('database');
    expect(unavailableCause(new Error('database "x" is not currently accepting connections'))).toBe(
      'database',
    );
    expect(unavailableCause(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(
      'database',
    );
    expect(
      unavailableCause(
        new AggregateError([Object.assign(new Error('connect'), { code: 'ECONNREFUSED' })]),
      ),
    ).toBe('database');
    expect(unavailableCause(Object.assign(new Error('write'), { code: 'ENOSPC' }))).toBe('disk');
    expect(unavailableCause(Object.assign(new Error('disk full'), { code: '53100' }))).toBe('disk');
    expect(
      unavailableCause(
        new Error('wrapped', { cause: Object.assign(new Error('write'), { code: 'ENOSPC' }) }),
      ),
    ).toBe('disk');
  });
});

describe('failureOf', () => {
  it('keeps an HttpError status, translates its message key and keeps field errors', () => {
    expect(failureOf(new HttpError(422, 'http.badBody', { errors: { a: 'b' } }), t)).toEqual({
      status: 422,
      message: 't:http.badBody',
      errors: { a: 'b' },
      unexpected: false,
    });
  });
  it('413 for a body over the limit, 503 with Retry-After for unavailability, 500 otherwise', () => {
    expect(failureOf(new BodyTooLargeError(10), t)).toMatchObject({
      status: 413,
      message: 't:http.tooLarge',
      unexpected: false,
    });
    expect(failureOf(Object.assign(new Error('x'), { code: 'ENOSPC' }), t)).toEqual({
      status: 503,
      message: 't:http.diskFull',
      retryAfter: 30,
      unexpected: false,
    });
    expect(failureOf(Object.assign(new Error('x'), { code: '57P01' }), t)).toEqual({
      status: 503,
      message: 't:http.unavailable',
      retryAfter: 30,
      unexpected: false,
    });
    expect(failureOf(Object.assign(new Error('x'), { code: '3D000' }), t)).toEqual({
      status: 503,
      message: 't:http.unavailable',
      retryAfter: 30,
      unexpected: false,
    });
    expect(failureOf(Object.assign(new Error('x'), { code: '42P01' }), t)).toEqual({
      status: 503,
      message: 't:http.unavailable',
      retryAfter: 30,
      unexpected: false,
    });
    expect(failureOf(new Error('bug'), t)).toEqual({
      status: 500,
      message: 't:http.serverError',
      unexpected: true,
    });
  });
});

describe('the one error answer (decision 0034)', () => {
  it("keeps a refusal's documented extras and field errors, and turns retry_after into Retry-After", async () => {
    const f = failureOf(
      new HttpError(429, 'auth.errors.tooMany', {
        type: 'error',
        error: 'x',
        retry_after: 42,
        errors: { login: 'y' },
      }),
      t,
    );
    expect(f).toMatchObject({
      status: 429,
      message: 't:auth.errors.tooMany',
      errors: { login: 'y' },
      retryAfter: 42,
      extra: { type: 'error', error: 'x', retry_after: 42 },
      unexpected: false,
    });
    const res = failureResponse(f);
    expect(res.status).toBe(429);
    expect(res.headers.get('Retry-After')).toBe('42');
    expect(await res.json()).toEqual({
      type: 'error',
      error: 'x',
      retry_after: 42,
      message: 't:auth.errors.tooMany',
      errors: { login: 'y' },
    });
  });

  it("a list query the server cannot use is 400 naming filter with the call's message; the unexpected answers it too", () => {
    expect(failureOf(new ListQueryError('filter must be a JSON object'), t, 'calls.list')).toEqual({
      status: 400,
      message: 't:calls.list',
      errors: { filter: 'filter must be a JSON object' },
      unexpected: false,
    });
    expect(failureOf(new Error('boom'), t, 'calls.list')).toEqual({
      status: 500,
      message: 't:calls.list',
      unexpected: true,
    });
    expect(failureOf(new Error('boom'), t)).toEqual({
      status: 500,
      message: 't:http.serverError',
      unexpected: true,
    });
  });

  it('an empty errors object is left out of the body', async () => {
    expect(
      await failureResponse(
        failureOf(new HttpError(404, 'http.notFound', { errors: {} }), t),
      ).json(),
    ).toEqual({ message: 't:http.notFound' });
  });
});
