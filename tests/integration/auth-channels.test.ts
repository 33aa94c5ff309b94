// Code delivery without providers: the dev outbox outside production, a clear refusal in production.
import { afterAll, describe, expect, it } from 'vitest';
import { lastOutbox } from '../helpers/mail.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

const started: TestServer[] = [];
afterAll(async () => {
  await Promise.all(started.map((s) => s.stop()));
});

async function post(server: TestServer, path: string, data: Record<string, string>) {
  const res = await fetch(`${server.url}/api/v1/profile/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
    body: new URLSearchParams(data),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

describe('without providers', () => {
  it('writes e-mail codes and calls to the dev outbox and logs them', async () => {
    const server = await startServer();
    started.push(server);
    const mail = await post(server, 'code/send', { login: 'sergey.ivanov@demo.example' });
    const message = await lastOutbox(
      server.database.dataDir,
      'sergey.ivanov@demo.example',
      'email',
    );
    expect(message.code).toMatch(/^\d{6}$/);
    expect(message.text).toContain(message.code);
    expect(
      (
        await post(server, 'code/check', {
          session: mail.body.session,
          type: 'email',
          code: message.code!,
        })
      ).body.type,
    ).toBe('success');

    const call = await post(server, 'code/send', { login: '+79000000003' });
    expect(call.body.send_type).toBe('call');
    const rang = await lastOutbox(server.database.dataDir, '+79000000003', 'call');
    expect(rang.code).toMatch(/^\d{4}$/);
    expect(
      (
        await post(server, 'code/check', {
          session: call.body.session,
          type: 'call',
          code: rang.code!,
        })
      ).body.type,
    ).toBe('success');
    expect(server.output()).toMatch(
      /outbox: message written (req="[^"]+" )?channel="call" to="\+79000000003"/,
    );
  });

  it('refuses both channels in production with a clear message', async () => {
    const server = await startServer({ NODE_ENV: 'production', PUBLIC_URL: 'http://cabinet.test' });
    started.push(server);
    const mail = await post(server, 'code/send', { login: 'someone@example.com' });
    expect(mail.status).toBe(503);
    expect(mail.body.message).toBe(
      'Отправка писем сейчас недоступна. Войдите по паролю или по телефону.',
    );
    const call = await post(server, 'code/send', { login: '+79120001234' });
    expect(call.status).toBe(503);
    expect(call.body.message).toBe(
      'Вход по звонку сейчас недоступен. Войдите по E-mail или паролю.',
    );
  });
});
