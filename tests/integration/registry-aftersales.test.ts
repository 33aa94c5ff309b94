// After-sales of the product registry (issue 25) through its APIs and pages: serial search folds
// separators, another user's product answers the one 404 in the user's language, and the warranty the
// back office sets (term, basis, start) shows its status on the list, the product and the page; a claim
// goes through its states from the back office and its owner sees each (API, notifications, page).
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../helpers/api-client.ts';
import { backoffice, ERP_KEY } from '../helpers/backoffice.ts';
import { pdf, png } from '../helpers/sample-files.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

let server: TestServer;
let api: ApiClient;
let call: ReturnType<typeof backoffice>;
let olga: { token: string; userId: number; cookie: string };
let dmitry: { token: string; userId: number; cookie: string };
let orderId: number;

beforeAll(async () => {
  server = await startServer({
    INTEGRATION_KEYS: `erp:${sha(ERP_KEY)}:orders+production+notifications`,
  });
  api = apiClient(server);
  call = backoffice(server);
  [olga, dmitry] = await Promise.all([
    sessionFor(server, 'olga.demidova@demo.example'),
    sessionFor(server, 'dmitry.volkov@demo.example'),
  ]);
  const orders = await call('/api/integration/orders?limit=100');
  orderId = orders.data.data.find((o: any) => o.customer_id === olga.userId).id;
});
afterAll(async () => {
  await server?.stop();
});

async function create(serial: string): Promise<number> {
  const r = await call('/api/integration/productions', {
    json: { order_id: orderId, products: [{ serial, title: `Pump ${serial}` }] },
  });
  expect(r.status).toBe(201);
  return r.data.ids[0];
}

const serialsFound = async (search: string) =>
  (
    await api(
      `/api/v1/productions?search=${encodeURIComponent(search)}&searchFields=title;serial`,
      { token: olga.token },
    )
  ).data.data.map((p: any) => p.serial);

/** YYYY-MM-DD of today shifted by whole days (UTC is close enough a day away from midnight). */
const dayFromNow = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const dotted = (d: string) => d.split('-').reverse().join('.');

describe('smaller registry fixes', () => {
  it('serial search folds separators: spaces, dashes, slashes and dots find the same serial', async () => {
    await create('AUD-PHE-0007');
    await create('AUD-PHE-0070');
    for (const q of [
      'AUD PHE 0007',
      'aud-phe-0007',
      'AUD/PHE.0007',
      'aud  phe   0007',
      'AUD-PHE 0007',
    ])
      expect(await serialsFound(q), q).toEqual(['AUD-PHE-0007']);
    expect((await serialsFound('AUD PHE 00')).sort()).toEqual(['AUD-PHE-0007', 'AUD-PHE-0070']);
    // Title words still match as typed; LIKE's own wildcards are plain characters.
    expect(await serialsFound('Pump AUD-PHE-0070')).toEqual(['AUD-PHE-0070']);
    expect(await serialsFound('AUD%0007')).toEqual([]);
    expect(await serialsFound('AUD_PHE_0007')).toEqual(['AUD-PHE-0007']);
  });

  it("another customer's product answers 404 with the message in the user's language, never an empty name", async () => {
    const id = await create('AUD-PHE-0404');
    for (const [lang, message] of [
      ['ru', 'Изделие не найдено'],
      ['en', 'Product not found'],
      ['de', 'Produkt nicht gefunden'],
    ] as const) {
      for (const path of [`/api/v1/productions/${id}`, `/api/v1/productions/realization/${id}`]) {
        const r = await api(path, { token: dmitry.token, lang });
        expect(r.status, `${lang} ${path}`).toBe(404);
        expect(r.data).toEqual({ message });
      }
      // Unknown and past the integer range answer alike.
      for (const other of ['999999', '99999999999', '9223372036854775808']) {
        const r = await api(`/api/v1/productions/${other}`, { token: olga.token, lang });
        expect(r.status).toBe(404);
        expect(r.data.message).toBe(message);
      }
    }
    const back = await call('/api/integration/productions/999999/warranty', {
      json: { months: 12, basis: 'shipment' },
    });
    expect(back.status).toBe(404);
    expect(back.data.message).toBe('Product not found');
  });
});

describe('warranty', () => {
  it('refuses a bad term, basis or start with a message per field', async () => {
    const id = await create('W-0001');
    const w = (json: unknown) => call(`/api/integration/productions/${id}/warranty`, { json });
    const r = await w({ months: 0, basis: 'delivery', start: '2026-02-30' });
    expect(r.status).toBe(422);
    expect(r.data.errors).toEqual({
      months: 'Warranty term: a whole number of months from 1 to 240',
      basis: 'Warranty start: shipment or commissioning',
      start: 'A date as YYYY-MM-DD',
    });
    // A missing key is a required field, in the caller's language (never valibot's English default).
    expect((await w({ basis: 'shipment' })).data.errors).toEqual({ months: 'Required field' });
    for (const months of [241, 1.5, '12', 1e308, -1])
      expect((await w({ months, basis: 'shipment' })).data.errors).toEqual({
        months: 'Warranty term: a whole number of months from 1 to 240',
      });
    const malformed = await fetch(
      new URL(`/api/integration/productions/${id}/warranty`, server.url),
      {
        method: 'POST',
        headers: { Authorization: `Bearer ${ERP_KEY}`, 'Content-Type': 'application/json' },
        body: '{"months": 12,',
      },
    );
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).message).toEqual(expect.any(String));
    expect(
      (await call('/api/integration/productions/99999999999/warranty', { json: {} })).status,
    ).toBe(404);
  });

  it('not set, then from the first shipment, active until the day before the term ends, then expired', async () => {
    const id = await create('W-0002');
    const one = async () =>
      (await api(`/api/v1/productions/${id}`, { token: olga.token })).data.data.warranty;
    expect(await one()).toEqual({
      status: 'none',
      until: null,
      start: null,
      months: null,
      basis: null,
    });
    // Basis shipment, nothing shipped yet: still not set.
    const set = await call(`/api/integration/productions/${id}/warranty`, {
      json: { months: 12, basis: 'shipment' },
    });
    expect(set.status).toBe(200);
    expect(set.data.warranty).toMatchObject({ status: 'none', until: null, months: 12 });
    const shipped = dayFromNow(-30);
    await call(`/api/integration/productions/${id}/shipments`, {
      json: { numb: 'OT-1', date: shipped },
    });
    const [y, m, d] = shipped.split('-').map(Number) as [number, number, number];
    const end = new Date(Date.UTC(y + 1, m - 1, d - 1)).toISOString().slice(0, 10);
    expect(await one()).toEqual({
      status: 'active',
      until: end,
      start: null,
      months: 12,
      basis: 'shipment',
    });
    // A later shipment does not move the start.
    await call(`/api/integration/productions/${id}/shipments`, {
      json: { numb: 'OT-2', date: dayFromNow(-1) },
    });
    expect((await one()).until).toBe(end);
    // Commissioning long ago with a short term: expired.
    await call(`/api/integration/productions/${id}/warranty`, {
      json: { months: 6, basis: 'commissioning', start: '2024-01-31' },
    });
    expect(await one()).toEqual({
      status: 'expired',
      until: '2024-07-30',
      start: '2024-01-31',
      months: 6,
      basis: 'commissioning',
    });
    // Commissioning without a day: not set until the back office names it.
    await call(`/api/integration/productions/${id}/warranty`, {
      json: { months: 24, basis: 'commissioning', start: null },
    });
    expect((await one()).status).toBe('none');
  });

  it('the list and the product page show the status in the spec words', async () => {
    const active = await create('W-0003');
    const expired = await create('W-0004');
    const none = await create('W-0005');
    const start = dayFromNow(-10);
    await call(`/api/integration/productions/${active}/warranty`, {
      json: { months: 18, basis: 'commissioning', start },
    });
    await call(`/api/integration/productions/${expired}/warranty`, {
      json: { months: 12, basis: 'shipment', start: '2020-03-01' },
    });
    const until = (await api(`/api/v1/productions/${active}`, { token: olga.token })).data.data
      .warranty.until;
    const list = await api('/api/v1/productions?search=W-000&searchFields=serial&limit=100', {
      token: olga.token,
    });
    const bySerial = Object.fromEntries(list.data.data.map((p: any) => [p.serial, p.warranty]));
    expect(bySerial['W-0003']).toMatchObject({ status: 'active', until });
    expect(bySerial['W-0004']).toMatchObject({ status: 'expired', until: '2021-02-28' });
    expect(bySerial['W-0005']).toMatchObject({ status: 'none', until: null });

    const page = async (path: string) => {
      const r = await fetch(new URL(path, server.url), {
        headers: { Cookie: olga.cookie, Accept: 'text/html' },
      });
      expect(r.status).toBe(200);
      return r.text();
    };
    const listHtml = await page('/productions?searchText=W-000&pageSize=10');
    expect(listHtml).toContain('<th');
    expect(listHtml).toContain('Гарантия');
    expect(listHtml).toContain(`действует до ${dotted(until)}`);
    expect(listHtml).toContain('>истекла<');
    expect(listHtml).toContain('>не указана<');
    const activeHtml = await page(`/productions/${active}`);
    expect(activeHtml).toContain(`действует до ${dotted(until)}`);
    expect(activeHtml).toContain('18 мес. с ввода в эксплуатацию');
    expect(await page(`/productions/${expired}`)).toContain('>истекла<');
    expect(await page(`/productions/${none}`)).toContain('>не указана<');
  });
});

describe('claims', () => {
  const claimForm = (description: string | null, photos: Array<[Uint8Array, string]> = []) => {
    const f = new FormData();
    if (description !== null) f.append('description', description);
    for (const [bytes, name] of photos) f.append('photos', new Blob([bytes as BlobPart]), name);
    return f;
  };
  const move = (product: number, claim: number, state: string, comment?: string) =>
    call(`/api/integration/productions/${product}/claims/${claim}`, { json: { state, comment } });
  const latestSales = async () =>
    (
      await api(
        '/api/v1/notifications?pageSize=1&sortField=id&sortOrder=desc&filter=' +
          encodeURIComponent('{"module":"sales"}'),
        { token: olga.token },
      )
    ).data.data.entities[0];

  it('the owner files a claim with a photo; it goes through its states from the back office and the owner sees each', async () => {
    const id = await create('CL-0001');
    const filed = await api(`/api/v1/productions/${id}/claims`, {
      token: olga.token,
      body: claimForm('Leaks at the seal\nafter 2 hours', [[png(), 'seal.png']]),
    });
    expect(filed.status).toBe(201);
    const claim = filed.data.data;
    expect(claim).toMatchObject({
      product_id: id,
      description: 'Leaks at the seal\nafter 2 hours',
      state: 'submitted',
      steps: [{ state: 'submitted', comment: null, at: expect.any(String) }],
    });
    // Its conversation is a support request of its own type, linked to the product, holding the photo.
    const chat = await api(`/api/v1/support/${claim.request_id}`, { token: olga.token });
    expect(chat.status).toBe(200);
    const chatText = JSON.stringify(chat.data);
    expect(chatText).toContain('Leaks at the seal');
    expect(chatText).toContain('seal.png');
    expect(chatText).toContain('"type":"claim"');
    expect((await api(`/api/v1/support/${claim.request_id}`, { token: dmitry.token })).status).toBe(
      404,
    );

    for (const [state, ru] of [
      ['accepted', 'принята'],
      ['repair', 'в ремонте'],
      ['resolved', 'решена'],
    ] as const) {
      const r = await move(id, claim.id, state, `step ${state}`);
      expect(r.status, state).toBe(200);
      expect(r.data.data.state).toBe(state);
      const seen = (await api(`/api/v1/productions/${id}/claims`, { token: olga.token })).data.data;
      expect(seen[0].state).toBe(state);
      expect(seen[0].steps.at(-1)).toMatchObject({ state, comment: `step ${state}` });
      const note = await latestSales();
      expect(note).toMatchObject({ url: `/productions/${id}#claim-${claim.id}` });
      expect(note.title).toBe(`Рекламация по изделию Pump CL-0001 (CL-0001): ${ru}`);
    }
    const steps = (await api(`/api/v1/productions/${id}/claims`, { token: olga.token })).data
      .data[0].steps;
    expect(steps.map((s: any) => s.state)).toEqual(['submitted', 'accepted', 'repair', 'resolved']);
    // The product page shows the claim, its steps and the conversation link.
    const html = await (
      await fetch(new URL(`/productions/${id}`, server.url), {
        headers: { Cookie: olga.cookie, Accept: 'text/html' },
      })
    ).text();
    expect(html).toContain(`id="claim-${claim.id}"`);
    expect(html).toContain('data-claim-state="resolved"');
    for (const word of ['подана', 'принята', 'в ремонте', 'решена', 'step repair'])
      expect(html).toContain(word);
    expect(html).toContain(`/support/reports?id=${claim.request_id}`);
  });

  it('refuses an illegal move with 409, an unknown claim or another product with 404, a bad state with 422', async () => {
    const id = await create('CL-0002');
    const other = await create('CL-0003');
    const claim = (
      await api(`/api/v1/productions/${id}/claims`, {
        token: olga.token,
        json: { description: 'Noise' },
      })
    ).data.data;
    const early = await move(id, claim.id, 'resolved');
    expect(early.status).toBe(409);
    expect(early.data.message).toBe('A claim that is “submitted” cannot become “resolved”');
    expect((await move(id, claim.id, 'rejected', 'Not a fault')).status).toBe(200);
    for (const state of ['accepted', 'repair', 'resolved', 'rejected', 'submitted']) {
      const r = await move(id, claim.id, state);
      expect(r.status, state).toBe(409);
      expect(r.data.message).toBe(
        `A claim that is “rejected” cannot become “${state === 'repair' ? 'in repair' : state}”`,
      );
    }
    expect((await move(other, claim.id, 'accepted')).status).toBe(404);
    expect((await move(id, 999999, 'accepted')).data.message).toBe('Claim not found');
    expect((await move(id, 99999999999, 'accepted')).status).toBe(404);
    const bad = await move(id, claim.id, 'closed');
    expect(bad.status).toBe(422);
    expect(bad.data.errors).toEqual({
      state: 'State: submitted, accepted, repair, resolved or rejected',
    });
    // The same move twice at once: exactly one passes (the UPDATE's condition decides).
    const racing = (
      await api(`/api/v1/productions/${id}/claims`, {
        token: olga.token,
        json: { description: 'Race' },
      })
    ).data.data;
    const both = await Promise.all([
      move(id, racing.id, 'accepted'),
      move(id, racing.id, 'accepted'),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it("another customer's product and claims are 404; hostile input is refused by field, never 500", async () => {
    const id = await create('CL-0004');
    expect((await api(`/api/v1/productions/${id}/claims`, { token: dmitry.token })).status).toBe(
      404,
    );
    const foreign = await api(`/api/v1/productions/${id}/claims`, {
      token: dmitry.token,
      body: claimForm('Mine now'),
    });
    expect(foreign.status).toBe(404);
    expect(foreign.data.message).toBe('Product not found');
    for (const past of ['99999999999', '9223372036854775808', 'abc'])
      expect((await api(`/api/v1/productions/${past}/claims`, { token: olga.token })).status).toBe(
        404,
      );
    const post = (body: FormData | undefined, json?: unknown) =>
      api(`/api/v1/productions/${id}/claims`, { token: olga.token, body, json });
    const empty = await post(claimForm('   '));
    expect(empty.status).toBe(422);
    expect(empty.data).toEqual({
      message: 'Could not file the claim',
      errors: { description: 'Describe the fault (up to 5000 characters)' },
    });
    expect((await post(claimForm(null))).data.errors.description).toBe(
      'Describe the fault (up to 5000 characters)',
    );
    expect((await post(claimForm('x'.repeat(5001)))).status).toBe(422);
    const notImage = await post(claimForm('Broken', [[pdf(), 'photo.pdf']]));
    expect(notImage.status).toBe(415);
    expect(notImage.data.errors).toEqual({
      photos: 'A photo must be a PNG, JPEG, WebP or GIF image',
    });
    const disguised = await post(claimForm('Broken', [[pdf(), 'photo.png']]));
    expect(disguised.status).toBe(415);
    const many = await post(
      claimForm(
        'Broken',
        Array.from({ length: 6 }, (_, i) => [png(), `p${i}.png`] as [Uint8Array, string]),
      ),
    );
    expect(many.status).toBe(422);
    expect(many.data.errors).toEqual({ photos: 'No more than 5 photos' });
    const malformed = await fetch(new URL(`/api/v1/productions/${id}/claims`, server.url), {
      method: 'POST',
      headers: { Authorization: `Bearer ${olga.token}`, 'Content-Type': 'application/json' },
      body: '{"description": ',
    });
    expect(malformed.status).toBe(400);
    // Nothing refused was filed.
    expect(
      (await api(`/api/v1/productions/${id}/claims`, { token: olga.token })).data.data,
    ).toEqual([]);
  });

  it('the product page form files a claim without JavaScript and shows refusals next to the field', async () => {
    const id = await create('CL-0005');
    const post = (form: FormData) =>
      fetch(new URL(`/productions/${id}`, server.url), {
        method: 'POST',
        headers: { Cookie: olga.cookie, Origin: server.url, Accept: 'text/html' },
        body: form,
        redirect: 'manual',
      });
    const refused = await post(claimForm(''));
    expect(refused.status).toBe(422);
    const html = await refused.text();
    expect(html).toContain('Опишите неисправность (до 5000 символов)');
    expect(html).toMatch(/id="f-description"[^>]*aria-invalid="true"/);
    const ok = await post(claimForm('Vibration at 40 Hz', [[png(), 'v.png']]));
    expect(ok.status).toBe(303);
    const claims = (await api(`/api/v1/productions/${id}/claims`, { token: olga.token })).data.data;
    expect(ok.headers.get('location')).toBe(`/productions/${id}?claim=sent#claim-${claims[0].id}`);
    expect(claims[0]).toMatchObject({ description: 'Vibration at 40 Hz', state: 'submitted' });
    const foreign = await fetch(new URL(`/productions/${id}`, server.url), {
      method: 'POST',
      headers: { Cookie: dmitry.cookie, Origin: server.url, Accept: 'text/html' },
      body: claimForm('Mine'),
      redirect: 'manual',
    });
    expect(foreign.status).toBe(404);
  });
});

describe('service history', () => {
  it('the back office writes service events; the page shows them beside the production timeline; commissioning starts the warranty', async () => {
    const id = await create('SV-0001');
    const svc = (json: unknown) => call(`/api/integration/productions/${id}/service`, { json });
    const bad = await svc({ kind: 'overhaul', date: '2026-13-01', title: '' });
    expect(bad.status).toBe(422);
    expect(bad.data.errors).toEqual({
      kind: 'Kind: commissioning, maintenance, inspection, verification, repair or part',
      date: 'A date as YYYY-MM-DD',
      title: 'Text is missing or too long',
    });
    expect(
      (await call('/api/integration/productions/99999999999/service', { json: {} })).status,
    ).toBe(404);
    await call(`/api/integration/productions/${id}/warranty`, {
      json: { months: 24, basis: 'commissioning' },
    });
    const commissioned = dayFromNow(-5);
    expect(
      (await svc({ kind: 'commissioning', date: commissioned, title: 'Пуск на объекте' })).status,
    ).toBe(200);
    expect(
      (
        await svc({
          kind: 'part',
          date: dayFromNow(-1),
          title: 'Торцевое уплотнение',
          description: 'Замена по рекламации',
        })
      ).status,
    ).toBe(200);
    const warranty = (await api(`/api/v1/productions/${id}`, { token: olga.token })).data.data
      .warranty;
    expect(warranty).toMatchObject({ status: 'active', basis: 'commissioning', start: null });
    const [y, m, d] = commissioned.split('-').map(Number) as [number, number, number];
    expect(warranty.until).toBe(new Date(Date.UTC(y + 2, m - 1, d - 1)).toISOString().slice(0, 10));
    const shown = await call(`/api/integration/productions/${id}`);
    expect(shown.data.data.service.map((e: any) => e.kind)).toEqual(['part', 'commissioning']);
    const html = await (
      await fetch(new URL(`/productions/${id}`, server.url), {
        headers: { Cookie: olga.cookie, Accept: 'text/html' },
      })
    ).text();
    expect(html).toContain('Сервисная история');
    expect(html).toContain('Ввод в эксплуатацию');
    expect(html).toContain('Замена детали');
    expect(html).toContain('Замена по рекламации');
    expect(html).toContain(`действует до ${dotted(warranty.until)}`);
  });
});
