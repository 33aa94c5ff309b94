// The public passport behind a product's QR label (issue 25, decision 0046) at the HTTP boundary: it
// opens without a session and shows the public fields, leaks none of the owner's data, answers an
// unknown and a revoked token with the same 404, serves only the product's public documents, takes a
// stranger's contact request (400 naming the field, then 303 and the back office reads it), refuses
// hostile input with 404 and past its per-address limit with 429. The label's QR encodes it.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffice, ERP_KEY } from '../helpers/backoffice.ts';
import { pdf } from '../helpers/sample-files.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

let server: TestServer;
let call: ReturnType<typeof backoffice>;
let olga: { token: string; userId: number; cookie: string };
let dmitry: { token: string; userId: number; cookie: string };
let order: any;
let productId: number;
let otherId: number;
let token: string;
let otherToken: string;
const docs: Record<string, number> = {};

/** A browser's GET in English (the language cookie), without a session unless `cookie` is given. */
const page = (path: string, cookie?: string) =>
  fetch(`${server.url}${path}`, {
    headers: { Accept: 'text/html', Cookie: ['lang=en', cookie].filter(Boolean).join('; ') },
    redirect: 'manual',
  });

/** The contact form's plain POST, from our own origin like the browser's. */
const post = (path: string, fields: Record<string, string>) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      Accept: 'text/html',
      Cookie: 'lang=en',
      Origin: server.url,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(fields),
    redirect: 'manual',
  });

/** The page without what differs from one answer to the next (CSP nonces). */
const shape = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');

async function create(serial: string): Promise<number> {
  const item = order.items[0];
  const r = await call('/api/integration/productions', {
    json: {
      order_id: order.id,
      products: [{ serial, order_item_id: item.id, description: 'Secret note for the owner' }],
    },
  });
  expect(r.status).toBe(201);
  return r.data.ids[0];
}

beforeAll(async () => {
  server = await startServer({
    INTEGRATION_KEYS: `erp:${sha(ERP_KEY)}:orders+production`,
  });
  call = backoffice(server);
  [olga, dmitry] = await Promise.all([
    sessionFor(server, 'olga.demidova@demo.example'),
    sessionFor(server, 'dmitry.volkov@demo.example'),
  ]);
  const orders = (await call('/api/integration/orders?limit=100')).data.data;
  order = orders.find(
    (o: any) =>
      o.customer_id === olga.userId && o.organisation_name && o.object_name && o.items.length,
  );
  expect(order).toBeTruthy();
  productId = await create('PASS-0001');
  otherId = await create('PASS-0002');
  for (const kind of ['manual', 'certificate', 'drawing'] as const) {
    const r = await call(`/api/integration/productions/${productId}/documents`, {
      data: { kind, name: `${kind} of the pump` },
      files: { file: [pdf(kind), `scan-ivanov-${kind}.pdf`] },
    });
    expect(r.status).toBe(201);
    docs[kind] = r.data.id;
  }
  expect(
    (
      await call(`/api/integration/productions/${productId}/shipments`, {
        data: { numb: 'SHIP-PASS-1', date: '2026-03-04' },
      })
    ).status,
  ).toBe(201);
  expect(
    (
      await call(`/api/integration/productions/${productId}/warranty`, {
        json: { months: 24, basis: 'shipment' },
      })
    ).status,
  ).toBe(200);
  const p = await call(`/api/integration/productions/${productId}/passport`);
  expect(p.status).toBe(200);
  token = p.data.data.token;
  otherToken = (await call(`/api/integration/productions/${otherId}/passport`)).data.data.token;
});
afterAll(async () => {
  await server?.stop();
});

describe('the passport page', () => {
  it('opens without a session and shows the public fields, noindex and not cached', async () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(otherToken).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(otherToken).not.toBe(token);
    const r = await page(`/passport/${token}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('private, no-store');
    expect(r.headers.get('x-robots-tag')).toContain('noindex');
    const html = await r.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
    expect(html).toContain(order.items[0].title);
    expect(html).toContain('PASS-0001');
    expect(html).toContain('04.03.2026');
    expect(html).toContain('data-warranty="active"');
    expect(html).toContain('valid until 03.03.2028');
    expect(html).toContain('manual of the pump');
    expect(html).toContain('certificate of the pump');
    expect(html).not.toContain('drawing of the pump');
    expect(html).toContain(`/passport/${token}/documents/${docs.manual}`);
    // A stranger gets the contact form, not the claim form.
    expect(html).toContain('name="contact"');
    expect(html).not.toContain('data-claim-link');
  });

  it("leaks none of the owner's data", async () => {
    const html = await (await page(`/passport/${token}`)).text();
    const item = order.items[0];
    const secrets = [
      order.customer_email,
      order.customer_surname,
      order.organisation_name,
      order.organisation_inn,
      order.object_name,
      order.object_address,
      order.number,
      'Secret note for the owner',
      'SHIP-PASS-1',
      `/productions/${productId}`,
      `/e-commerce/orders/${order.id}`,
      String(order.total),
      String(item.price),
      new Intl.NumberFormat('ru-RU').format(item.price),
      new Intl.NumberFormat('en-US').format(item.price),
      new Intl.NumberFormat('ru-RU').format(order.total),
    ].filter((s): s is string => typeof s === 'string' && s.length >= 4);
    expect(secrets.length).toBeGreaterThanOrEqual(8);
    for (const s of secrets) expect(html, s).not.toContain(s);
  });

  it('gives the signed-in owner the claim form link, and another customer the contact form', async () => {
    const own = await (await page(`/passport/${token}`, olga.cookie)).text();
    expect(own).toContain(`href="/productions/${productId}#claim-form"`);
    expect(own).not.toContain('name="contact"');
    const stranger = await (await page(`/passport/${token}`, dmitry.cookie)).text();
    expect(stranger).toContain('name="contact"');
    expect(stranger).not.toContain('data-claim-link');
  });

  it('is what the QR label encodes', async () => {
    const r = await page(`/productions/${productId}/label`, olga.cookie);
    expect(r.status).toBe(200);
    const html = await r.text();
    expect(html).toContain(`/passport/${token}</p>`);
    expect(html).not.toContain(`/productions/${productId}</p>`);
  });
});

describe('unknown and revoked tokens', () => {
  it('answer the same 404, and the revoked one stops at once', async () => {
    const before = await page(`/passport/${otherToken}`);
    expect(before.status).toBe(200);
    await before.text();
    const renewed = await call(`/api/integration/productions/${otherId}/passport`, { json: {} });
    expect(renewed.status).toBe(200);
    expect(renewed.data.type).toBe('success');
    const fresh = renewed.data.data.token as string;
    expect(fresh).not.toBe(otherToken);
    expect(renewed.data.data.url.endsWith(`/passport/${fresh}`)).toBe(true);
    const revoked = await page(`/passport/${otherToken}`);
    const unknown = await page(`/passport/${'Q'.repeat(24)}`);
    expect(revoked.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(shape(await revoked.text())).toBe(shape(await unknown.text()));
    expect((await page(`/passport/${fresh}`)).status).toBe(200);
    otherToken = fresh;
    // The back office's calls: an unknown product 404, no key 401.
    expect((await call('/api/integration/productions/999999/passport')).status).toBe(404);
    expect(
      (await call('/api/integration/productions/99999999999/passport', { json: {} })).status,
    ).toBe(404);
    expect(
      (await call(`/api/integration/productions/${productId}/passport`, { key: null })).status,
    ).toBe(401);
  });
});

describe('documents through the passport', () => {
  it('downloads a public document of the product', async () => {
    const r = await page(`/passport/${token}/documents/${docs.manual}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    expect(r.headers.get('cache-control')).toBe('private, no-store');
    expect(r.headers.get('x-robots-tag')).toBe('noindex');
    // The public name with the stored extension, not the uploaded file's own name.
    expect(r.headers.get('content-disposition')).toBe(
      `attachment; filename="manual of the pump.pdf"; filename*=UTF-8''manual%20of%20the%20pump.pdf`,
    );
    expect(Buffer.from(await r.arrayBuffer()).toString()).toContain('% manual');
  });

  it('answers 404 for a non-public kind, another product, and hostile input', async () => {
    const missing = await page(`/passport/${token}/documents/${docs.drawing}`);
    expect(missing.status).toBe(404);
    const body = shape(await missing.text());
    for (const path of [
      `/passport/${otherToken}/documents/${docs.manual}`,
      `/passport/${'Q'.repeat(24)}/documents/${docs.manual}`,
      `/passport/${token}/documents/99999999999`,
      `/passport/${token}/documents/9223372036854775808`,
      `/passport/${token}/documents/-1`,
      `/passport/${token}/documents/..%2F..%2Fetc%2Fpasswd`,
      `/passport/${token}/documents/1e3`,
    ]) {
      const r = await page(path);
      expect(r.status, path).toBe(404);
      expect(shape(await r.text()), path).toBe(body);
    }
    for (const path of [
      `/passport/${'A'.repeat(5000)}`,
      '/passport/..%2F..%2Fetc%2Fpasswd',
      `/passport/${token}%00`,
      `/passport/${encodeURIComponent("' or 1=1 --")}`,
      `/passport/${productId}`,
      '/passport/PASS-0001',
    ]) {
      const r = await page(path);
      expect(r.status, path.slice(0, 40)).toBe(404);
      await r.text();
    }
  });
});

describe('contact form', () => {
  it('refuses with 400 naming the field, keeps what was typed, then takes the request (303)', async () => {
    const here = `/passport/${token}`;
    const bad = await post(here, { name: 'Ivan', contact: 'call me', message: 'It leaks' });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain('id="f-contact-error"');
    expect(html).toContain('Enter a phone number or an e-mail address');
    expect(html).toContain('value="call me"');
    expect(html).not.toContain('id="f-name-error"');
    // The hint on the expected format stays beside the error, both describe the field.
    const input = /<input[^>]*id="f-contact"[^>]*>/.exec(html)![0];
    expect(input).toContain('aria-describedby="f-contact-error f-contact-hint"');
    expect(input).toContain('autocomplete="email"');
    expect(html).toContain('id="f-contact-hint"');
    const empty = await post(here, { name: '', contact: 'ivan@example.ru', message: '' });
    expect(empty.status).toBe(400);
    const emptyHtml = await empty.text();
    expect(emptyHtml).toContain('Enter your name (up to 200 characters)');
    expect(emptyHtml).toContain('Write the message (up to 2000 characters)');
    const huge = await post(here, {
      name: 'N'.repeat(10_000),
      contact: '+7 912 345-67-89',
      message: 'ok',
    });
    expect(huge.status).toBe(400);
    expect(await huge.text()).toContain('id="f-name-error"');

    const ok = await post(here, {
      name: 'Ivan Fitter',
      contact: '+7 912 345-67-89',
      message: 'The pump hums <b>loudly</b>',
    });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe(`${here}?contact=sent#contact`);
    const sent = await (await page(`${here}?contact=sent`)).text();
    expect(sent).toContain('data-contact-sent');

    const list = await call(`/api/integration/productions/contacts?product_id=${productId}`);
    expect(list.status).toBe(200);
    expect(list.data.data).toEqual([
      expect.objectContaining({
        product_id: productId,
        serial: 'PASS-0001',
        name: 'Ivan Fitter',
        contact: '+7 912 345-67-89',
        message: 'The pump hums <b>loudly</b>',
        locale: 'en',
      }),
    ]);
    expect(list.data.meta).toEqual({ next_after_id: null });
    for (const q of ['after_id=-1', 'limit=1000', 'product_id=99999999999'])
      expect((await call(`/api/integration/productions/contacts?${q}`)).status, q).toBe(400);
    expect((await call('/api/integration/productions/contacts', { key: null })).status).toBe(401);
  });

  it('answers malformed and cross-site posts without a 5xx', async () => {
    const here = `${server.url}/passport/${token}`;
    const json = await fetch(here, {
      method: 'POST',
      headers: { Accept: 'text/html', Origin: server.url, 'Content-Type': 'application/json' },
      body: '{"name": ',
    });
    expect(json.status).toBe(400);
    await json.text();
    const form = new FormData();
    form.append('name', new Blob(['x']), 'name.txt');
    form.append('contact', 'a@b.example');
    form.append('message', 'hi');
    const file = await fetch(here, {
      method: 'POST',
      headers: { Accept: 'text/html', Origin: server.url, Cookie: 'lang=en' },
      body: form,
    });
    expect(file.status).toBe(400);
    expect(await file.text()).toContain('id="f-name-error"');
    const forged = await fetch(here, {
      method: 'POST',
      headers: {
        Accept: 'text/html',
        Origin: 'https://evil.example',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'name=a&contact=a%40b.example&message=spam',
    });
    expect(forged.status).toBe(403);
    await forged.text();
  });

  it('refuses a post for an unknown token with the 404, storing nothing', async () => {
    const r = await post(`/passport/${'Q'.repeat(24)}`, {
      name: 'X',
      contact: 'x@example.ru',
      message: 'y',
    });
    expect(r.status).toBe(404);
    await r.text();
  });
});

describe('rate limit', () => {
  it('refuses contact posts past ten an hour from one address (429)', async () => {
    let status = 0;
    for (let i = 0; i < 12 && status !== 429; i++) {
      const r = await post(`/passport/${token}`, { name: '', contact: '', message: '' });
      status = r.status;
      await r.text();
    }
    expect(status).toBe(429);
  });

  it('refuses views and downloads past the limit with the error page (429, Retry-After)', async () => {
    let r = await page(`/passport/${token}`);
    for (let i = 0; i < 130 && r.status === 200; i++) {
      await r.text();
      r = await page(`/passport/${token}`);
    }
    expect(r.status).toBe(429);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    const html = await r.text();
    expect(html).toContain('<h1 id="error-code">429</h1>');
    expect(html).toMatch(/Too many requests\. Try again in \d+ min\./);
    const file = await page(`/passport/${token}/documents/${docs.manual}`);
    expect(file.status).toBe(429);
    await file.text();
  });
});
