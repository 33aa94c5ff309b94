// Organisation suggestions on the registration page: anonymous, through our proxy (the provider's
// token stays on the server), limited per IP, and only offered when a provider is configured.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_TOKEN, startFakeSuggest, type FakeSuggest } from '../helpers/fake-suggest.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

const PATH = '/api/v1/profile/register/party';

describe('with a suggestion provider', () => {
  let fake: FakeSuggest;
  let server: TestServer;
  beforeAll(async () => {
    fake = await startFakeSuggest();
    server = await startServer({ SUGGEST_URL: fake.url, SUGGEST_TOKEN: FAKE_TOKEN });
  });
  afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  it('suggests organisations to a visitor who is not signed in, asking the provider for 20', async () => {
    const res = await fetch(`${server.url}${PATH}?query=${encodeURIComponent('удмурт')}&count=20`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.enabled).toBe(true);
    expect(body.suggestions[0]).toMatchObject({ inn: '1840001234' });
    expect(fake.requests.at(-1)).toMatchObject({
      path: expect.stringMatching(/suggest\/party$/),
      body: { query: 'удмурт', count: 20 },
      auth: `Token ${FAKE_TOKEN}`,
    });
  });

  it('offers the endpoint to the wizard', async () => {
    expect(await (await fetch(`${server.url}/auth/registration`)).text()).toContain(PATH);
  });

  it('limits anonymous lookups per IP (429 after 120 an hour)', async () => {
    let status = 200;
    for (let i = 0; i < 125 && status === 200; i++)
      status = (await fetch(`${server.url}${PATH}?query=18`)).status;
    expect(status).toBe(429);
  });
});

describe('without a provider', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers that suggestions are off, and the wizard asks for the tax number to be typed', async () => {
    expect(await (await fetch(`${server.url}${PATH}?query=1840`)).json()).toEqual({
      enabled: false,
      suggestions: [],
    });
    expect(await (await fetch(`${server.url}/auth/registration`)).text()).not.toContain(PATH);
  });
});
