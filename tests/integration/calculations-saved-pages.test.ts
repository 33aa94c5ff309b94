// The saved-calculation journey without JavaScript: select, save from a result card, open the saved
// calculation (offer, inputs, datasheet with explanations), find it in the list (search, filter),
// order it (a real order opens), and another user's calculation page is 404.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';

let server: TestServer;
let olga: string;
let dmitry: string;
beforeAll(async () => {
  server = await startServer();
  olga = (await sessionFor(server, 'olga.demidova@demo.example')).cookie;
  dmitry = (await sessionFor(server, 'dmitry.volkov@demo.example')).cookie;
});
afterAll(async () => {
  await server?.stop();
});

const page = async (path: string, form?: Record<string, string>, cookie = olga) => {
  const headers: Record<string, string> = { Cookie: cookie, 'Accept-Language': 'en' };
  if (form) headers.Origin = server.url;
  const res = await fetch(new URL(path, server.url), {
    method: form ? 'POST' : 'GET',
    headers,
    body: form ? new URLSearchParams(form) : undefined,
    redirect: 'manual',
  });
  return { status: res.status, html: await res.text(), location: res.headers.get('location') };
};
const unescape = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#34;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'");
const hidden = (html: string, name: string) =>
  unescape(html.match(new RegExp(`name="${name}" value="([^"]*)"`))![1]!);

describe('save, open, list, order without JavaScript', () => {
  let calcPath = '';
  let request = '';
  it('saves from a result card and opens the saved calculation', async () => {
    const sel = await page('/e-commerce/design/new-calculation/pump', {
      q: '60',
      q_unit: 'm3/h',
      h: '13',
      h_unit: 'm',
      h_static: '5',
      speed_control: '1',
    });
    const form = sel.html.slice(
      sel.html.indexOf('<form method="post" action="/e-commerce/design/calculations"'),
    );
    const fields = {
      kind: hidden(form, 'kind'),
      inputs: hidden(form, 'inputs'),
      chosen: hidden(form, 'chosen'),
    };
    expect(JSON.parse(fields.inputs)).toMatchObject({ q: '60', h: '13' });
    const saved = await page('/e-commerce/design/calculations', fields);
    expect(saved.status).toBe(303);
    expect(saved.location).toMatch(/^\/e-commerce\/design\/calculations\/\d+\/calculation$/);
    calcPath = saved.location!;
    const view = await page(calcPath);
    expect(view.status).toBe(200);
    request = view.html.match(/R-\d{6}/)![0];
    expect(view.html).toContain('Commercial offer');
    expect(view.html).toContain('Datasheet');
    expect(view.html).toContain('Where these figures come from');
    expect(view.html).toContain('Edit and recalculate');
    expect(view.html).toMatch(/href="\/e-commerce\/design\/new-calculation\/pump\?[^"]*q=60/);
  });

  it('a tampered save is refused with the message', async () => {
    const r = await page('/e-commerce/design/calculations', {
      kind: 'pump',
      inputs: '{"q":"60","h":"13"}',
      chosen: '999999',
    });
    expect(r.status).toBe(400);
    expect(r.html).toContain('Chosen equipment: not in the catalogue');
  });

  it('lists it, with search and kind filter', async () => {
    const list = await page('/e-commerce/design/calculations');
    expect(list.html).toContain(request);
    expect(list.html).toContain('Pump: 60 m3/h, 13 m');
    expect((await page(`/e-commerce/design/calculations?searchText=${request}`)).html).toContain(
      request,
    );
    const stations = await page(
      `/e-commerce/design/calculations?filter=${encodeURIComponent('{"kind":"station"}')}`,
    );
    expect(stations.html).not.toContain(request);
  });

  it('exports the offer, the result list and the inputs to .xlsx', async () => {
    const res = await fetch(
      new URL(`${calcPath.replace(/calculation$/, 'result.xlsx')}`, server.url),
      { headers: { Cookie: olga, 'Accept-Language': 'en' } },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toContain(`${request}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    expect(book.worksheets.map((w) => w.name)).toEqual([
      'Commercial offer',
      'Selection results',
      'Inputs',
    ]);
    const offer = book.worksheets[0]!;
    expect(String(offer.getCell('A1').value)).toContain(request);
    expect(offer.getRow(3).getCell(3).value).toBe(1);
    expect(typeof offer.getRow(3).getCell(4).value).toBe('number');
    const result = book.worksheets[1]!;
    expect(result.getRow(2).getCell(3).value).toBe('Q, m³/h');
    expect(result.getRow(3).getCell(3).value).toBeCloseTo(60, 0);
    const other = await fetch(
      new URL(calcPath.replace(/calculation$/, 'result.xlsx'), server.url),
      { headers: { Cookie: dmitry } },
    );
    expect(other.status).toBe(404);
  });

  it('ties it to the user organisation and object through the pickers form; another user object is refused', async () => {
    const view = await page(calcPath);
    expect(view.html).toContain('name="oid"');
    const json = async (path: string, cookie: string) =>
      (await (
        await fetch(new URL(path, server.url), {
          headers: { Cookie: cookie, Accept: 'application/json' },
        })
      ).json()) as any;
    const org = (await json('/api/v1/organisations?pageSize=1', olga)).data.entities[0];
    const obj = (await json('/api/v1/objects?pageSize=1', olga)).data.entities[0];
    const r = await page(`${calcPath}?action=place`, {
      oid: String(org.id),
      object: obj ? String(obj.id) : '',
    });
    expect(r.status).toBe(303);
    const id = calcPath.match(/\d+/)![0];
    const saved = (await json(`/api/v1/calculations/${id}`, olga)).data;
    expect(saved.organisation_id).toBe(org.id);
    const made = await fetch(new URL('/api/v1/objects', server.url), {
      method: 'POST',
      headers: {
        Cookie: dmitry,
        Origin: server.url,
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
      body: JSON.stringify({
        name: 'Pump house 3',
        address: 'Lenina 5, Tver',
        lat: '56.86',
        lon: '35.9',
      }),
    });
    expect(made.status).toBe(201);
    const foreign = ((await made.json()) as any).data;
    const bad = await page(`${calcPath}?action=place`, { oid: '', object: String(foreign.id) });
    expect(bad.status).toBe(404);
    expect(bad.html).toMatch(/not found/i);
    const nonsense = await page(`${calcPath}?action=place`, { oid: 'x' });
    expect(nonsense.status).toBe(400);
    expect(nonsense.html).toContain('Organisation: enter a number');
  });

  it("another user's calculation page is 404", async () => {
    expect((await page(calcPath, undefined, dmitry)).status).toBe(404);
    expect((await page(calcPath, { action: 'order' }, dmitry)).status).toBe(404);
    // The pickers' post reads the form: still the 404 page (it was a 500), and nothing changes.
    const placed = await page(`${calcPath}?action=place`, { oid: '', object: '' }, dmitry);
    expect(placed.status).toBe(404);
    expect(placed.html).toContain('<html');
    expect(placed.html).toContain('Nothing left to do here.');
    const ids = calcPath.replace(/\/\d+\//, '/999999999999/');
    expect((await page(`${ids}?action=place`, { oid: '' }, dmitry)).status).toBe(404);
    expect((await page(ids, undefined, dmitry)).status).toBe(404);
  });

  it('orders it: the order opens with the item', async () => {
    const r = await page(calcPath, { action: 'order' });
    expect(r.status).toBe(303);
    expect(r.location).toMatch(/^\/e-commerce\/orders\/\d+\/order$/);
    const order = await page(r.location!);
    expect(order.status).toBe(200);
    expect(order.html).toContain(request);
    // The order links back to the calculation it was placed from.
    expect(order.html.replace(/ data-astro-cid-\w+/g, '')).toContain(
      `<a href="${calcPath}">Calculation ${request}</a>`,
    );
    const view = await page(calcPath);
    expect(view.html).toContain('Open the order');
    expect(view.html).toContain('Ordered');
  });
});
