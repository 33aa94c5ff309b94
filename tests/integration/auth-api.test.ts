// The profile calls of the API against the real server, with e-mail going to a local SMTP server and
// calls to a local fake of the flash-call provider.
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
    PUBLIC_URL: 'http://cabinet.test',
  });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  await calls?.close();
});

const DEMO = { email: 'olga.demidova@demo.example', phone: '+79000000001', password: 'Demo2026' };

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
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1];

const person = (n: number, extra: Record<string, string> = {}) => ({
  name: 'Анна',
  surname: 'Смирнова',
  patronymic: 'Петровна',
  email: `anna${n}@example.com`,
  phone: `+7 (912) 000-00-${String(n).padStart(2, '0')}`,
  account_type: 'personal',
  password: 'Secret2026',
  password_confirmation: 'Secret2026',
  agree: 'on',
  ...extra,
});

describe('POST /api/v1/profile/login', () => {
  it('answers an access_token (a bearer session) for e-mail or a phone in any common notation', async () => {
    for (const login of [
      DEMO.email,
      'Olga.Demidova@Demo.Example',
      '8 (900) 000-00-01',
      '+7 900 000 00 01',
      '89000000001',
    ]) {
      const r = await post('login', { login, password: DEMO.password });
      expect(r.status, login).toBe(200);
      expect(r.body.access_token).toMatch(/^[\w-]{20,}$/);
    }
    const { body } = await post('login', {
      login: 'marina.kotova@demo.example',
      password: DEMO.password,
    });
    const me = await profile(body.access_token);
    expect(me.status).toBe(200);
    const data = await me.json();
    expect(data).toMatchObject({
      isAdmin: true,
      isEmployee: true,
      user: { email: 'marina.kotova@demo.example', name: 'Марина', surname: 'Котова' },
    });
    expect(data.user.password_hash).toBeUndefined();
  });

  it('validates the form with the specification messages', async () => {
    const empty = await post('login', {});
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({
      login: 'Поле обязательно для заполнения',
      password: 'Поле обязательно для заполнения',
    });
    const bad = await post('login', { login: 'not-a-login', password: 'x' });
    expect(bad.body.errors.login).toBe('Некорректный телефон или E-mail');
    expect(
      (await post('login', { login: '+7 700 123 45 67', password: 'x' })).body.errors.login,
    ).toBe('Некорректный телефон или E-mail');
  });

  it('answers a wrong password and an unknown account alike', async () => {
    const wrong = await post('login', { login: DEMO.email, password: 'Wrong2026' });
    const unknown = await post('login', { login: 'nobody@example.com', password: 'Wrong2026' });
    expect(wrong).toEqual({ status: 401, body: { message: 'Неверные данные для входа' } });
    expect(unknown).toEqual(wrong);
  });
});

describe('POST /api/v1/profile/register', () => {
  it('registers a personal account and signs it in', async () => {
    const r = await post('register', person(1));
    expect(r.status).toBe(201);
    expect(r.body.message).toBe('Вы успешно зарегистрировались.');
    const me = await (await profile(r.body.access_token)).json();
    expect(me.user).toMatchObject({
      name: 'Анна',
      surname: 'Смирнова',
      ochestvo: 'Петровна',
      email: 'anna1@example.com',
      phone: '+79120000001',
      account_type: 'personal',
    });
    expect(me).toMatchObject({ isAdmin: false, isEmployee: false });
  });

  it('registers a corporate account with a post and a valid INN', async () => {
    const missing = await post('register', person(2, { account_type: 'corporate' }));
    expect(missing.body.errors).toEqual({
      post: 'Поле обязательно для заполнения',
      organisation: 'Поле обязательно для заполнения',
    });
    const badInn = await post(
      'register',
      person(2, { account_type: 'corporate', post: 'Инженер', organisation: '7707083894' }),
    );
    expect(badInn.body.errors).toEqual({ organisation: 'Некорректный ИНН' });
    const ok = await post(
      'register',
      person(2, {
        account_type: 'corporate',
        post: 'Инженер',
        organisation: '7707083893',
        organisation_name: 'ПАО Сбербанк',
        agree: 'true',
      }),
    );
    expect(ok.status).toBe(201);
    expect((await (await profile(ok.body.access_token)).json()).user).toMatchObject({
      account_type: 'corporate',
      post: 'Инженер',
    });
    // The organisation it registered with is already on the new account's list, with its post and,
    // without a suggestions provider, the name the person gave.
    const orgs = await fetch(`${server.url}/api/v1/organisations/all`, {
      headers: { authorization: `Bearer ${ok.body.access_token}` },
    });
    expect((await orgs.json()).data.entities).toMatchObject([
      { inn: '7707083893', post: 'Инженер', name: 'ПАО Сбербанк' },
    ]);
  });

  it('answers every validation message of the specification', async () => {
    const errorsOf = async (extra: Record<string, string>) =>
      (await post('register', person(3, extra))).body.errors;
    expect(await post('register', {}).then((r) => r.body.errors)).toMatchObject({
      name: 'Поле обязательно для заполнения',
      surname: 'Поле обязательно для заполнения',
      patronymic: 'Поле обязательно для заполнения',
      email: 'Поле обязательно для заполнения',
      phone: 'Поле обязательно для заполнения',
      password: 'Поле обязательно для заполнения',
      password_confirmation: 'Поле обязательно для заполнения',
      agree: 'Вы должны согласиться с условиями',
    });
    expect(await errorsOf({ email: 'anna@' })).toEqual({ email: 'Некорректный E-mail' });
    expect(await errorsOf({ phone: '12345' })).toEqual({ phone: 'Некорректный телефон' });
    expect(await errorsOf({ password: 'Ab1', password_confirmation: 'Ab1' })).toEqual({
      password: 'Пароль должен состоять минимум из 8 символов',
    });
    expect(await errorsOf({ password: 'Пароль2026', password_confirmation: 'Пароль2026' })).toEqual(
      { password: 'Пароль должен содержать только латинского буквы и цифры.' },
    );
    expect(await errorsOf({ password: 'secret2026', password_confirmation: 'secret2026' })).toEqual(
      {
        password: 'Пароль должен содержать минимум 1 заглавную букву, 1 строчную букву и 1 цифру.',
      },
    );
    expect(await errorsOf({ password_confirmation: 'Secret2027' })).toEqual({
      password_confirmation: 'Пароли не совпадают',
    });
    expect(await errorsOf({ agree: 'no' })).toEqual({ agree: 'Вы должны согласиться с условиями' });
    expect((await post('register', person(3, { agree: '1' }))).status).toBe(201);
  });

  it("answers in English with the specification's English texts verbatim", async () => {
    const en = { 'accept-language': 'en' };
    expect(await post('register', {}, en).then((r) => r.body.errors)).toMatchObject({
      name: 'Required field',
      agree: 'Accepting terms & conditions are required',
    });
    expect((await post('login', { login: DEMO.email, password: 'Wrong2026' }, en)).body).toEqual({
      message: 'The login detail is incorrect',
    });
    expect((await post('register', person(41, { agree: '1' }), en)).body.message).toBe(
      'Your account has been successfully registered.',
    );
  });

  it('refuses an e-mail or a phone that is already registered', async () => {
    const r = await post(
      'register',
      person(4, { email: DEMO.email.toUpperCase(), phone: '8 900 000-00-01' }),
    );
    expect(r.status).toBe(409);
    expect(r.body.errors).toEqual({
      email: 'Пользователь с таким E-mail уже зарегистрирован',
      phone: 'Пользователь с таким телефоном уже зарегистрирован',
    });
  });
});

describe('code sign-in', () => {
  it('sends a 6-digit e-mail code that signs in once', async () => {
    const since = smtp.mails.length;
    const sent = await post('code/send', { login: DEMO.email });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({
      send_type: 'email',
      session: expect.stringMatching(/^[\w-]{20,}$/),
      login: DEMO.email,
    });
    const mail = await smtp.next(DEMO.email, since);
    expect(mail.subject).toBe('Код для входа в личный кабинет');
    const code = codeIn(mail.text)!;
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await post('code/check', {
      session: sent.body.session,
      type: 'email',
      code: code === '000000' ? '111111' : '000000',
      login: DEMO.email,
    });
    expect(wrong).toEqual({
      status: 422,
      body: {
        message: 'Не удалось проверить код!',
        type: 'error',
        error: 'Не удалось проверить код!',
      },
    });
    const ok = await post('code/check', {
      session: sent.body.session,
      type: 'email',
      code,
      login: DEMO.email,
    });
    expect(ok.body).toEqual({ type: 'success', token: expect.any(String) });
    expect((await profile(ok.body.token)).status).toBe(200);
    expect(
      (await post('code/check', { session: sent.body.session, type: 'email', code })).body.type,
    ).toBe('error');
  });

  it('refuses the 6th attempt on an e-mail code, even with the right code', async () => {
    const since = smtp.mails.length;
    const { body } = await post('code/send', { login: 'sergey.ivanov@demo.example' });
    const code = codeIn((await smtp.next('sergey.ivanov@demo.example', since)).text)!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++)
      expect(
        (await post('code/check', { session: body.session, type: 'email', code: wrong })).body
          .error,
      ).toBe('Не удалось проверить код!');
    const sixth = await post('code/check', { session: body.session, type: 'email', code });
    expect(sixth.body).toMatchObject({
      type: 'error',
      error: 'Превышено число попыток ввода кода. Запросите новый код.',
    });
  });

  it('places a flash call through the provider with our 4-digit code, 3 attempts', async () => {
    const sent = await post('code/send', { login: '8 (900) 000-00-02' });
    expect(sent.body).toMatchObject({ send_type: 'call', login: '+79000000002' });
    const req = calls.requests.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.headers.authorization).toBe(`Bearer ${FAKE_CALL_KEY}`);
    expect(req.headers['content-type']).toMatch(/application\/json/);
    expect(req.body).toEqual({
      phone: 79000000002,
      code: expect.stringMatching(/^\d{4}$/),
      unique: expect.any(String),
    });
    const code = req.body.code!;
    const wrong = code === '0000' ? '1111' : '0000';
    expect(
      (await post('code/check', { session: sent.body.session, type: 'email', code })).body.error,
    ).toBe('Не удалось проверить код!');
    expect(
      (await post('code/check', { session: sent.body.session, type: 'call', code: wrong })).body
        .error,
    ).toBe('Не удалось проверить код!');
    const ok = await post('code/check', {
      session: sent.body.session,
      type: 'call',
      code,
      login: '+79000000002',
    });
    expect(ok.body.type).toBe('success');

    const again = await post('code/send', { login: '+79000000002' });
    for (let i = 0; i < 3; i++)
      await post('code/check', { session: again.body.session, type: 'call', code: wrong });
    const fourth = await post('code/check', {
      session: again.body.session,
      type: 'call',
      code: calls.lastCode('+79000000002')!,
    });
    expect(fourth.body.error).toBe('Превышено число попыток ввода кода. Запросите новый код.');
  });

  it('refuses the 6th call of the day to one phone', async () => {
    const before = calls.requests.length;
    for (let i = 0; i < 5; i++)
      expect((await post('code/send', { login: '+79000000003' })).status).toBe(200);
    const sixth = await post('code/send', { login: '+7 900 000-00-03' });
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toBe(
      'На этот номер уже звонили 5 раз за сутки. Войдите по E-mail или паролю либо повторите завтра.',
    );
    expect(calls.requests.length - before).toBe(5);
  });

  it('validates the code check', async () => {
    const r = await post('code/check', { session: 'x'.repeat(27), type: 'sms', code: '12a' });
    expect(r.status).toBe(422);
    expect(r.body.type).toBe('error');
    expect(r.body.errors).toMatchObject({ code: 'Введите код из цифр' });
    expect((await post('code/send', {})).body.errors).toEqual({
      login: 'Поле обязательно для заполнения',
    });
  });
});

describe('unknown accounts', () => {
  it('get the same answers; the address learns it has no account, no call is placed', async () => {
    const since = smtp.mails.length;
    const byMail = await post('code/send', { login: 'stranger@example.com' });
    expect(byMail.status).toBe(200);
    expect(Object.keys(byMail.body).sort()).toEqual(['login', 'send_type', 'session']);
    const mail = await smtp.next('stranger@example.com', since);
    expect(mail.text).toContain('http://cabinet.test/auth/registration');
    expect(codeIn(mail.text)).toBeUndefined();
    expect(
      (await post('code/check', { session: byMail.body.session, type: 'email', code: '123456' }))
        .body.error,
    ).toBe('Не удалось проверить код!');

    const callsBefore = calls.requests.length;
    const byPhone = await post('code/send', { login: '+79990001122' });
    expect(byPhone.body).toMatchObject({ send_type: 'call', login: '+79990001122' });
    expect(calls.requests.length).toBe(callsBefore);

    const known = await post('recovery', { login: 'anna1@example.com' });
    const unknown = await post('recovery', { login: 'stranger@example.com' });
    expect(unknown).toEqual({
      status: 200,
      body: { ...known.body, login: 'stranger@example.com' },
    });
  });
});

describe('rate limits', () => {
  it('answers 429 after 10 failed passwords for one login from one address, other logins unaffected', async () => {
    for (let i = 0; i < 10; i++)
      expect(
        (await post('login', { login: 'anna3@example.com', password: 'Wrong2026' })).status,
      ).toBe(401);
    const limited = await post('login', { login: 'anna3@example.com', password: 'Secret2026' });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Слишком много попыток\. Повторите через \d+ мин\.$/);
    expect(
      (await post('login', { login: 'anna1@example.com', password: 'Secret2026' })).status,
    ).toBe(200);
  });

  it('holds the limit against parallel guesses: at most 10 of 30 simultaneous wrong passwords are checked', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        post('login', { login: 'anna4@example.com', password: 'Wrong2026' }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401).length).toBe(10);
    expect(statuses.filter((s) => s === 429).length).toBe(20);
  });

  it('answers 429 after 10 code requests for one login within 15 minutes', async () => {
    for (let i = 0; i < 10; i++)
      expect((await post('code/send', { login: 'anna2@example.com' })).status).toBe(200);
    expect((await post('code/send', { login: 'anna2@example.com' })).status).toBe(429);
  });
});
