// Control characters (U+0000 above all: PostgreSQL refuses it in text) are removed where input enters,
// so the same request succeeds on both engines: JSON and form bodies, file names, query strings.
import { describe, expect, it } from 'vitest';
import { customersForFile } from '../helpers/api-client.ts';
import { backoffice, integrationEnv } from '../helpers/backoffice.ts';

const { server, api, olga } = await customersForFile(integrationEnv);

const NUL = '\u0000';

describe('control characters at the boundary', () => {
  it('creates an object from JSON with U+0000 and other controls removed (tab and newline kept)', async () => {
    const r = await api('/api/v1/objects', {
      token: olga,
      json: {
        name: `Склад${NUL}\u0007 №${NUL}1`,
        address: `г Ижевск,${NUL} ул Ленина\tд 21`,
        coords: '56.8571, 53.2001',
      },
    });
    expect(r.status).toBe(201);
    const list = await api(`/api/v1/objects?searchText=${encodeURIComponent('Склад №1')}`, {
      token: olga,
    });
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.data)).toContain('Склад №1');
    expect(JSON.stringify(list.data)).not.toContain('\\u0000');
  });

  it('creates a support request from a multipart form with U+0000 in the title and the file name', async () => {
    const form = new FormData();
    form.append('title', `Не${NUL} работает`);
    form.append('text', `строка 1\nстрока${NUL} 2`);
    form.append('files', new Blob(['hello'], { type: 'text/plain' }), `log${NUL}.txt`);
    const r = await api('/api/v1/support', { token: olga, body: form });
    expect(r.status).toBe(201);
    const one = await api(`/api/v1/support/${r.data.id}`, { token: olga });
    expect(one.status).toBe(200);
    const text = JSON.stringify(one.data);
    expect(text).toContain('Не работает');
    expect(text).not.toContain('\\u0000');
  });

  it('stores an order message with U+0000 (JSON) and a urlencoded one', async () => {
    const orders = await api('/api/app/sales.get?pageSize=10&pageNumber=1', {
      token: olga,
      tokenInQuery: true,
    });
    expect(orders.status).toBe(200);
    const id = orders.data.data.entities[0].id as number;
    const a = await api(`/api/v1/orders/${id}/messages`, {
      token: olga,
      json: { message: `Когда${NUL} отгрузка?` },
    });
    expect(a.status).toBe(201);
    const b = await api(`/api/v1/orders/${id}/messages`, {
      token: olga,
      body: new URLSearchParams({ message: `Спасибо${NUL}!` }),
    });
    expect(b.status).toBe(201);
    const order = JSON.stringify((await api(`/api/v1/orders/${id}`, { token: olga })).data);
    expect(order).toContain('Когда отгрузка?');
    expect(order).toContain('Спасибо!');
  });

  it('searches with %00 in the query string (API and page)', async () => {
    for (const path of [
      '/api/v1/objects?searchText=%00%00%D0%A1%D0%BA%D0%BB%D0%B0%D0%B4',
      '/api/app/sales.get?searchText=ab%00c',
      '/api/v1/notifications?searchText=%00abc',
    ]) {
      expect(
        (await api(path, { token: olga, tokenInQuery: path.startsWith('/api/app/') })).status,
        path,
      ).toBe(200);
    }
    const page = await fetch(
      `${server.url}/user-info/my-objects?searchText=%00%D0%A1%D0%BA%D0%BB%D0%B0%D0%B4`,
      { headers: { authorization: `Bearer ${olga}` } },
    );
    expect(page.status).toBe(200);
  });

  it('takes a back-office manager message (integration JSON body) with U+0000', async () => {
    const orders = await api('/api/app/sales.get?pageSize=10&pageNumber=1', {
      token: olga,
      tokenInQuery: true,
    });
    const id = orders.data.data.entities[0].id as number;
    const r = await backoffice(server)(`/api/integration/orders/${id}/messages`, {
      json: { text: `Счёт${NUL} выставлен`, manager: `Сергей${NUL}` },
    });
    expect(r.status).toBe(201);
    const order = JSON.stringify((await api(`/api/v1/orders/${id}`, { token: olga })).data);
    expect(order).toContain('Счёт выставлен');
  });
});
