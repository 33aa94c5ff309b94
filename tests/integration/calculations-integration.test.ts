// The back office on saved calculations: approve and attach documents (scope orders), the customer
// notified in their language with a link to the calculation; keys, scopes, 404 and field messages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../helpers/api-client.ts';
import { backoffice, integrationEnv, NEWS_KEY } from '../helpers/backoffice.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';

let server: TestServer;
let api: ApiClient;
let call: ReturnType<typeof backoffice>;
let olga: string;
let calc: { id: number; request: string };
beforeAll(async () => {
  server = await startServer(integrationEnv);
  api = apiClient(server);
  call = backoffice(server);
  olga = (await sessionFor(server, 'olga.demidova@demo.example')).token;
  const inputs = { q: '60', h: '13', h_static: '5' };
  const sel = await api('/api/v1/calculations/pump/select', {
    token: olga,
    json: { ...inputs, limit: 1 },
  });
  calc = (
    await api('/api/v1/calculations', {
      token: olga,
      json: { kind: 'pump', inputs, chosen: [sel.data.entities[0].cid] },
    })
  ).data;
});
afterAll(async () => {
  await server?.stop();
});

const latestRequestNote = async () => {
  const r = await api('/api/v1/notifications?pageSize=10', { token: olga });
  return r.data.data.entities.find((n: any) => n.module === 'request');
};

describe('POST /api/integration/calculations/{id}/approve', () => {
  it('needs a key with the orders scope', async () => {
    expect(
      (await call(`/api/integration/calculations/${calc.id}/approve`, { key: null, json: {} }))
        .status,
    ).toBe(401);
    expect(
      (await call(`/api/integration/calculations/${calc.id}/approve`, { key: NEWS_KEY, json: {} }))
        .status,
    ).toBe(403);
    expect((await call('/api/integration/calculations/999999/approve', { json: {} })).status).toBe(
      404,
    );
  });

  it('approves once and notifies the customer with a link to the calculation', async () => {
    const r = await call(`/api/integration/calculations/${calc.id}/approve`, {
      json: { comment: 'ok' },
    });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({
      type: 'success',
      changed: true,
      calculation: { id: calc.id, request: calc.request, status: 'approved' },
    });
    const c = (await api(`/api/v1/calculations/${calc.id}`, { token: olga })).data.data;
    expect(c.status).toBe('approved');
    const note = await latestRequestNote();
    expect(note.title).toContain(calc.request);
    expect(note.url).toBe(`/e-commerce/design/calculations/${calc.id}/calculation`);
    const again = await call(`/api/integration/calculations/${calc.id}/approve`, { json: {} });
    expect(again.data.changed).toBe(false);
  });
});

describe('POST /api/integration/calculations/{id}/documents', () => {
  it('attaches a document the customer sees, and notifies', async () => {
    const r = await call(`/api/integration/calculations/${calc.id}/documents`, {
      json: { title: 'Offer 17', url: 'https://erp.example.com/offers/17.pdf' },
    });
    expect(r.status).toBe(201);
    expect(r.data).toMatchObject({ type: 'success', id: expect.any(Number) });
    const c = (await api(`/api/v1/calculations/${calc.id}`, { token: olga })).data.data;
    expect(c.documents).toEqual([
      expect.objectContaining({ title: 'Offer 17', url: 'https://erp.example.com/offers/17.pdf' }),
    ]);
    expect((await latestRequestNote()).title).toContain('Offer 17');
  });

  it('answers 422 naming the field', async () => {
    const bad = await call(`/api/integration/calculations/${calc.id}/documents`, {
      json: { title: '', url: 'javascript:alert(1)' },
    });
    expect(bad.status).toBe(422);
    expect(bad.data.errors.title).toBe('Give the document a title (up to 300 characters)');
    const url = await call(`/api/integration/calculations/${calc.id}/documents`, {
      json: { title: 'x', url: 'http://plain.example.com/a.pdf' },
    });
    expect(url.data.errors.url).toBe('The url must start with https:// (up to 1000 characters)');
  });
});
