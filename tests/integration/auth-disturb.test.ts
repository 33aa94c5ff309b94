// Issue 10: code sign-in cannot be disturbed by a stranger who knows someone's login. Calls and
// mails to one recipient are limited per (recipient, IP) under a global cap per recipient; a code
// requested from another address leaves the pending code of the person alive; reset mails count
// per address. The server trusts X-Forwarded-For here (TRUST_PROXY) so one test plays several IPs.
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
    TRUST_PROXY: '1',
  });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  await calls?.close();
});

async function post(path: string, data: Record<string, string>, ip: string) {
  const res = await fetch(`${server.url}/api/v1/profile/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: server.url,
      'x-forwarded-for': ip,
      'accept-language': 'en',
    },
    body: new URLSearchParams(data),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, any> };
}
const OWNER = '198.51.100.10';
const stranger = (n: number) => `203.0.113.${n}`;
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1];

describe('calls to one phone', () => {
  it("a stranger uses up only their own share; the owner's calls still go out", async () => {
    const phone = '+79000000002';
    const before = calls.requests.length;
    for (let i = 0; i < 5; i++)
      expect((await post('code/send', { login: phone }, stranger(1))).status).toBe(200);
    const refused = await post('code/send', { login: phone }, stranger(1));
    expect(refused.status).toBe(429);
    expect(calls.requests.length - before).toBe(5);
    const owner = await post('code/send', { login: phone }, OWNER);
    expect(owner.status).toBe(200);
    expect(calls.requests.length - before).toBe(6);
  });

  it('stops at the global cap of 15 calls a day, whatever the addresses', async () => {
    const phone = '+79000000003';
    const before = calls.requests.length;
    for (let n = 10; n < 13; n++)
      for (let i = 0; i < 5; i++)
        expect((await post('code/send', { login: phone }, stranger(n))).status).toBe(200);
    expect(calls.requests.length - before).toBe(15);
    const sixteenth = await post('code/send', { login: phone }, OWNER);
    expect(sixteenth.status).toBe(429);
    expect(calls.requests.length - before).toBe(15);
  });
});

describe('pending codes', () => {
  it("a stranger's request leaves the owner's pending code valid; the owner's own new request replaces it", async () => {
    const email = 'sergey.ivanov@demo.example';
    let since = smtp.mails.length;
    const mine = await post('code/send', { login: email }, OWNER);
    expect(mine.status).toBe(200);
    const myCode = codeIn((await smtp.next(email, since)).text)!;
    since = smtp.mails.length;
    expect((await post('code/send', { login: email }, stranger(20))).status).toBe(200);
    expect(codeIn((await smtp.next(email, since)).text)).toBeDefined();
    const ok = await post(
      'code/check',
      { session: mine.body.session, type: 'email', code: myCode },
      OWNER,
    );
    expect(ok).toMatchObject({ status: 200, body: { type: 'success' } });

    // Asking again from the same address is the person's own resend: the older code ends.
    since = smtp.mails.length;
    const first = await post('code/send', { login: email }, OWNER);
    const firstCode = codeIn((await smtp.next(email, since)).text)!;
    expect((await post('code/send', { login: email }, OWNER)).status).toBe(200);
    const stale = await post(
      'code/check',
      { session: first.body.session, type: 'email', code: firstCode },
      OWNER,
    );
    expect(stale.status).toBe(422);
  });
});

describe('mails to one address', () => {
  it('counts sign-in and reset mails per (address, IP) and under a global cap per address', async () => {
    const email = 'dmitry.volkov@demo.example';
    // Reset links are mails too: 5 resets (the per-login limit) and 5 code mails fill one share of 10.
    for (let i = 0; i < 5; i++)
      expect((await post('recovery', { login: email }, stranger(30))).status).toBe(200);
    for (let i = 0; i < 5; i++)
      expect((await post('code/send', { login: email }, stranger(30))).status).toBe(200);
    expect((await post('code/send', { login: email }, stranger(30))).status).toBe(429);
    // Two more addresses fill the global cap of 30 an hour; then nobody gets another mail.
    for (const n of [31, 32])
      for (let i = 0; i < 10; i++)
        expect(
          (await post(i < 5 ? 'recovery' : 'code/send', { login: email }, stranger(n))).status,
        ).toBe(200);
    const sent = smtp.mails.filter((m) => m.to.includes(email)).length;
    expect(sent).toBe(30);
    expect((await post('recovery', { login: email }, OWNER)).status).toBe(429);
    expect((await post('code/send', { login: email }, OWNER)).status).toBe(429);
    expect(smtp.mails.filter((m) => m.to.includes(email)).length).toBe(30);
  });
});
