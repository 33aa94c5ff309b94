// Rules of sign-in that no test checked before (issue 10: removing each left the suite green): a
// session ends after SESSION_IDLE_MINUTES without use and after SESSION_ABSOLUTE_DAYS whatever its
// use; a password has at least 8 characters; failed code checks and registrations are limited per IP.
import { describe } from 'vitest';
import { digest } from '../../src/lib/crypto/tokens.ts';
import { expect, test, type ServerDb } from '../helpers/fixtures.ts';
import type { TestServer } from '../helpers/server.ts';

async function post(
  server: TestServer,
  path: string,
  data: Record<string, string>,
  ip = '192.0.2.1',
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${server.url}/api/v1/profile/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': ip,
      'accept-language': 'en',
      ...headers,
    },
    body: JSON.stringify(data),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, any> };
}

/** Moves a session's timestamps, as if time had passed. */
async function age(
  db: ServerDb,
  token: string,
  fields: { created_at?: number; last_seen_at?: number },
) {
  const row = await db
    .selectFrom('sessions')
    .select(['created_at', 'last_seen_at', 'expires_at'])
    .where('id', '=', digest(token))
    .executeTakeFirstOrThrow();
  const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
  await db
    .updateTable('sessions')
    .set({
      ...(fields.last_seen_at !== undefined ? { last_seen_at: ago(fields.last_seen_at) } : {}),
      // The absolute end is fixed at sign-in (created_at + SESSION_ABSOLUTE_DAYS): move both.
      ...(fields.created_at !== undefined
        ? {
            created_at: ago(fields.created_at),
            expires_at: new Date(Date.parse(row.expires_at) - fields.created_at).toISOString(),
          }
        : {}),
    })
    .where('id', '=', digest(token))
    .execute();
}

// TRUST_PROXY: X-Forwarded-For plays the client address, so the per-IP limits can be reached from
// one address while another stays untouched. The fixtures bind the helpers to the file's server.
const it = test
  .extend(
    'serverEnv',
    { scope: 'worker' },
    { SESSION_IDLE_MINUTES: '30', SESSION_ABSOLUTE_DAYS: '2', TRUST_PROXY: '1' },
  )
  .extend(
    'post',
    { scope: 'worker' },
    async ({ server }) =>
      (path: string, data: Record<string, string>, ip?: string, headers?: Record<string, string>) =>
        post(server, path, data, ip, headers),
  )
  .extend(
    'signIn',
    { scope: 'worker' },
    async ({ server }) =>
      async () =>
        (await post(server, 'login', { login: 'olga.demidova@demo.example', password: 'Demo2026' }))
          .body.access_token as string,
  )
  .extend(
    'profile',
    { scope: 'worker' },
    async ({ server }) =>
      (token: string) =>
        fetch(`${server.url}/api/v1/profile`, {
          headers: { authorization: `Bearer ${token}` },
        }).then((r) => r.status),
  )
  .extend(
    'age',
    { scope: 'worker' },
    async ({ db }) =>
      (token: string, fields: { created_at?: number; last_seen_at?: number }) =>
        age(db, token, fields),
  );

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('session lifetime', () => {
  it('idle: a session unused for longer than SESSION_IDLE_MINUTES is over; one used within it lives on', async ({
    signIn,
    profile,
    age,
  }) => {
    const fresh = await signIn();
    await age(fresh, { last_seen_at: 29 * MINUTE });
    expect(await profile(fresh)).toBe(200);
    const idle = await signIn();
    await age(idle, { last_seen_at: 31 * MINUTE });
    expect(await profile(idle)).toBe(401);
    // And it stays over (not revived by the attempt).
    expect(await profile(idle)).toBe(401);
  });

  it('absolute: a session older than SESSION_ABSOLUTE_DAYS is over even when used a moment ago', async ({
    signIn,
    profile,
    age,
  }) => {
    const young = await signIn();
    await age(young, { created_at: 1.9 * DAY, last_seen_at: MINUTE });
    expect(await profile(young)).toBe(200);
    const old = await signIn();
    await age(old, { created_at: 2 * DAY + MINUTE, last_seen_at: MINUTE });
    expect(await profile(old)).toBe(401);
  });
});

describe('password minimum length', () => {
  const person = (n: number, password: string) => ({
    name: 'Анна',
    surname: 'Смирнова',
    patronymic: 'Петровна',
    email: `minlen${n}@example.com`,
    phone: `+7 (912) 100-00-${String(n).padStart(2, '0')}`,
    account_type: 'personal',
    password,
    password_confirmation: password,
    agree: 'on',
  });

  it('refuses 7 characters and takes 8, at registration and when changing the password', async ({
    post,
    signIn,
  }) => {
    const seven = await post('register', person(1, 'Abcde12'), '192.0.2.50');
    expect(seven.status).toBe(422);
    expect(seven.body.errors).toEqual({
      password: 'The password must be at least 8 characters long',
    });
    const eight = await post('register', person(2, 'Abcde123'), '192.0.2.50');
    expect(eight.status).toBe(201);

    const token = await signIn();
    const auth = { authorization: `Bearer ${token}` };
    const short = await post(
      'password',
      { oldPassword: 'Demo2026', newPassword: 'Demo202', verifyPassword: 'Demo202' },
      '192.0.2.1',
      auth,
    );
    expect(short.status).toBe(422);
    // The spec's message for the change form is the general one.
    expect(short.body.errors.newPassword).toBe('Password is too simple');
  });
});

describe('per-IP limits', () => {
  it('failed code checks: 100 an hour from one address, then 429 even for a right code; other addresses unaffected', async ({
    post,
  }) => {
    const ip = '198.51.100.77';
    const sent = await post('code/send', { login: 'dmitry.volkov@demo.example' }, '198.51.100.78');
    expect(sent.status).toBe(200);
    for (let i = 0; i < 100; i++) {
      const r = await post(
        'code/check',
        { session: `no-such-challenge-${i}`, type: 'email', code: '000000' },
        ip,
      );
      expect(r.status, `attempt ${i + 1}`).toBe(422);
    }
    const blocked = await post(
      'code/check',
      { session: sent.body.session, type: 'email', code: '000000' },
      ip,
    );
    expect(blocked.status).toBe(429);
    const elsewhere = await post(
      'code/check',
      { session: 'no-such-challenge', type: 'email', code: '000000' },
      '198.51.100.79',
    );
    expect(elsewhere.status).toBe(422);
  });

  it('registrations: 20 an hour from one address, the 21st is 429; another address registers', async ({
    post,
  }) => {
    const ip = '203.0.113.200';
    const person = (n: number) => ({
      name: 'Иван',
      surname: 'Петров',
      patronymic: 'Ильич',
      email: `reglimit${n}@example.com`,
      phone: `+7 (913) 200-00-${String(n).padStart(2, '0')}`,
      account_type: 'personal',
      password: 'Secret2026',
      password_confirmation: 'Secret2026',
      agree: 'on',
    });
    for (let n = 1; n <= 20; n++)
      expect((await post('register', person(n), ip)).status, `registration ${n}`).toBe(201);
    const refused = await post('register', person(21), ip);
    expect(refused.status).toBe(429);
    expect((await post('register', person(22), '203.0.113.201')).status).toBe(201);
  });
});
