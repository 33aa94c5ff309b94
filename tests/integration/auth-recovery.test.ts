// Password recovery (link by e-mail, code by call), the profile call and revoking bearer tokens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_CALL_KEY, startFakeCalls, type FakeCalls } from '../helpers/fake-calls.ts';
import { startSmtp, type LocalSmtp } from '../helpers/mail.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let smtp: LocalSmtp;
let calls: FakeCalls;
beforeAll(async () => {
  [smtp, calls] = await Promise.all([startSmtp(), startFakeCalls()]);
  server = await startServer({
    SMTP_URL: smtp.url,
    CALL_PROVIDER_URL: calls.url,
    CALL_PROVIDER_KEY: FAKE_CALL_KEY,
  });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  await calls?.close();
});

async function post(
  path: string,
  data: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${server.url}/api/v1/profile/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: server.url,
      ...headers,
    },
    body: new URLSearchParams(data),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, any> };
}
const profile = (token: string) =>
  fetch(`${server.url}/api/v1/profile`, { headers: { authorization: `Bearer ${token}` } });
/** A bearer token as issued: 160 random bits, base64url (src/lib/crypto/tokens.ts). */
const TOKEN = /^[A-Za-z0-9_-]{27}$/;
/** Signs in and checks the token is one and opens the profile: answers the profile's body. */
async function signsIn(who: string, password: string) {
  const token = await login(who, password);
  expect(token).toMatch(TOKEN);
  const me = await profile(token!);
  expect(me.status).toBe(200);
  return JSON.stringify(await me.json());
}
const login = async (who: string, password: string) =>
  (await post('login', { login: who, password })).body.access_token as string | undefined;

describe('GET /api/v1/profile and bearer tokens', () => {
  it('answers 401 without a token and revokes a bearer token on logout', async () => {
    expect((await fetch(`${server.url}/api/v1/profile`)).status).toBe(401);
    const token = (await login('dmitry.volkov@demo.example', 'Demo2026'))!;
    const other = (await login('dmitry.volkov@demo.example', 'Demo2026'))!;
    expect(token).not.toBe(other);
    const me = await (await profile(token)).json();
    expect(me.user.module).toEqual({ scada: { enable: true } });
    const out = await post('logout', {}, { authorization: `Bearer ${token}` });
    expect(out.status).toBe(204);
    expect((await profile(token)).status).toBe(401);
    expect((await profile(other)).status).toBe(200);
    // The legacy token parameter is the same bearer session.
    expect((await fetch(`${server.url}/api/v1/profile?token=${other}`)).status).toBe(200);
  });
});

describe('POST /api/v1/profile/recovery', () => {
  it('e-mails a single-use reset link; the new password ends every session', async () => {
    const email = 'olga.demidova@demo.example';
    const before = (await login(email, 'Demo2026'))!;
    const since = smtp.mails.length;
    const r = await post('recovery', { login: email });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ send_type: 'email', login: email });
    expect(r.body.errors).toBeUndefined();
    expect(r.body.session).toBeUndefined();
    const mail = await smtp.next(email, since);
    expect(mail.subject).toBe('Восстановление пароля');
    const link = /(http:\/\/\S+\/auth\/forgot-password\?token=\S+)/.exec(mail.text)![1]!;
    expect(link.startsWith(server.url)).toBe(true);
    const token = new URL(link).searchParams.get('token')!;

    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('name="password_confirmation"');

    const weak = await post('recovery/reset', {
      token,
      password: 'short',
      password_confirmation: 'short',
    });
    expect(weak.body.errors).toEqual({ password: 'Пароль должен состоять минимум из 8 символов' });
    const ok = await post('recovery/reset', {
      token,
      password: 'NewSecret1',
      password_confirmation: 'NewSecret1',
    });
    expect(ok).toEqual({ status: 200, body: { message: 'Пароль успешно восстановлен.' } });
    expect((await profile(before)).status).toBe(401);
    expect(await login(email, 'Demo2026')).toBeUndefined();
    expect(await signsIn(email, 'NewSecret1')).toContain(`"${email}"`);

    const reused = await post('recovery/reset', {
      token,
      password: 'Another1x',
      password_confirmation: 'Another1x',
    });
    expect(reused.status).toBe(410);
    expect(reused.body.errors.token).toBe(
      'Ссылка для смены пароля недействительна или устарела. Запросите новую.',
    );
  });

  it('calls a phone login; the last 4 digits and a new password reset it', async () => {
    const r = await post('recovery', { login: '+7 (900) 000-00-04' });
    expect(r.body).toMatchObject({
      send_type: 'call',
      session: expect.any(String),
      login: '+79000000004',
    });
    const code = calls.lastCode('+79000000004')!;
    expect(code).toMatch(/^\d{4}$/);
    const wrong = await post('recovery/reset', {
      session: r.body.session,
      code: code === '0000' ? '1111' : '0000',
      password: 'Phone2026x',
      password_confirmation: 'Phone2026x',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ code: 'Не удалось проверить код!' });
    const ok = await post('recovery/reset', {
      session: r.body.session,
      code,
      password: 'Phone2026x',
      password_confirmation: 'Phone2026x',
    });
    expect(ok.status).toBe(200);
    expect(await signsIn('+79000000004', 'Phone2026x')).toContain('"+79000000004"');
  });

  it('answers failures with errors', async () => {
    const r = await post('recovery', { login: 'nonsense' });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({ login: 'Некорректный телефон или E-mail' });
    const none = await post('recovery/reset', {
      password: 'NewSecret1',
      password_confirmation: 'NewSecret1',
    });
    expect(none.body.errors).toEqual({ token: 'Поле обязательно для заполнения' });
    for (let i = 0; i < 4; i++) await post('recovery', { login: 'limits@example.com' });
    const limited = await post('recovery', { login: 'limits@example.com' });
    expect(limited.status).toBe(200);
    const sixth = await post('recovery', { login: 'limits@example.com' });
    expect(sixth.status).toBe(429);
    expect(sixth.body.errors.login).toMatch(/^Слишком много попыток/);
  });
});
