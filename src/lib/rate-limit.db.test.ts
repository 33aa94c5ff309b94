import { describe, expect, it } from 'vitest';
import { migratedDatabase } from '../../tests/helpers/db.ts';
import { clear, hit, peek } from './rate-limit.server.ts';

const database = migratedDatabase();

describe('database rate limiter', () => {
  it('counts hits in a window and refuses past the limit', async () => {
    const rule = { name: 'test', limit: 3, windowMs: 60_000 };
    const verdicts = [];
    for (let i = 0; i < 4; i++) verdicts.push(await hit(rule, 'a', database.db));
    expect(verdicts.map((v) => [v.count, v.allowed])).toEqual([
      [1, true],
      [2, true],
      [3, true],
      [4, false],
    ]);
    expect(verdicts[3]!.retryAfter).toBeGreaterThan(50);
    expect((await hit(rule, 'b', database.db)).allowed).toBe(true);
    expect(await peek(rule, 'a', database.db)).toMatchObject({ allowed: false, count: 4 });
  });

  it('counts parallel hits exactly once each', async () => {
    const rule = { name: 'parallel', limit: 100, windowMs: 60_000 };
    const all = await Promise.all(Array.from({ length: 20 }, () => hit(rule, 'p', database.db)));
    expect(all.map((v) => v.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  it('starts a new window once the old one has passed, and forgets on clear', async () => {
    const rule = { name: 'short', limit: 1, windowMs: 150 };
    expect((await hit(rule, 'x', database.db)).allowed).toBe(true);
    expect((await hit(rule, 'x', database.db)).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 200));
    expect(await peek(rule, 'x', database.db)).toMatchObject({ allowed: true, count: 0 });
    expect((await hit(rule, 'x', database.db)).count).toBe(1);
    await clear(rule, 'x', database.db);
    expect((await hit(rule, 'x', database.db)).count).toBe(1);
  });

  it('stores no login or address in clear text', async () => {
    await hit(
      { name: 'privacy', limit: 5, windowMs: 60_000 },
      'olga@example.com|10.0.0.1',
      database.db,
    );
    const keys = (await database.db.selectFrom('rate_limits').select('key').execute()).map(
      (r) => r.key,
    );
    expect(keys.some((k) => k.includes('olga') || k.includes('10.0.0.1'))).toBe(false);
  });
});
