// The scanner's review step against the real server (SQLite, or PostgreSQL with TEST_DATABASE_URL):
// a GOST 21.110 specification as a PDF made here (LibreOffice) is uploaded and recognised; its rows
// carry their band of the page; scan.crop answers a bounded PNG of that band, owner-checked, every
// parameter bounds-checked (400/404, never 500); scan.save refuses corrected values out of range,
// naming the field; a save with corrections lands in the order (a matched line keeps the catalogue
// title with the corrected quantity and unit, a free-text line takes the corrected name, type/mark
// and unit) and the total the review shows before saving is the order's total.
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../helpers/api-client.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';
import {
  HEADINGS,
  htmlToPdf,
  specHtml,
  type FixtureRow,
} from '../../src/features/scanner/recognition/fixtures.testkit.ts';
import {
  RENDER_QUEUE,
  RENDER_RETRY_AFTER,
  RENDER_SLOTS,
} from '../../src/features/scanner/render-slots.ts';
import { zip } from '../helpers/sample-files.ts';
import { scanReady } from '../helpers/scanner.ts';
import { cropGeometry, CROP_MAX_WIDTH_PX } from '../../src/features/scanner/crop.ts';
import {
  cropUrl,
  fromScan,
  orderTotal,
  saveFields,
  withCount,
  withEdit,
  DEFAULT_MAPPING,
} from '../../src/features/scanner/wizard/model.ts';
import { withTestDatabase } from '../helpers/db.ts';

let server: TestServer;
let api: ApiClient;
let olga: string;
let olgaId: number;
let dmitry: string;
let orgId: number;
let dcr: { id: number; model: string; title: string; price_kop: number };
let uniqid: string;
let pages: Array<{ page: number; width: number; height: number }>;
let entities: any[];
let savedOrder = 0;

const query = <T = any>(fn: (db: any) => Promise<T>): Promise<T> =>
  withTestDatabase(server.database, fn);
const get = (path: string, token: string, params: Record<string, string>) =>
  api(`${path}?${new URLSearchParams(params)}`, { token, tokenInQuery: true });
const MAPPING = { pos: '1', title: '2', marka: '3', sku: '4', man: '5', unit: '6', count: '7' };
const SAVE_ERROR = 'Could not save the order from the specification.';
const LOST = 'The document file is no longer available. Please upload it again.';
const FILE_ERROR = "Can't get ScanFile!";

async function upload(
  file: Uint8Array,
  name: string,
  token = olga,
): Promise<{
  uniqid: string;
  pages: Array<{ page: number; width: number; height: number; source: string }>;
}> {
  const body = new FormData();
  body.set('file', new Blob([new Uint8Array(file)]), name);
  for (const [k, v] of Object.entries({
    order: '0',
    docType: 'specification',
    section: 'orders',
    oid: String(orgId),
    object: '0',
  }))
    body.set(k, v);
  const up = await api('/api/app/scan.file', { token, tokenInQuery: true, body });
  expect(up.status).toBe(201);
  const status = await scanReady(api, up.data.uniqid, token);
  expect(status.status, JSON.stringify(status)).toBe('ready');
  return { uniqid: up.data.uniqid, pages: status.pages };
}

/**
 * A Word document whose table fits one page but which records two more rendered page breaks (as
 * Word leaves them after an edit): the scanner counts three pages, LibreOffice's PDF has one.
 */
function staleBreaksDocx(): Uint8Array {
  const esc = (x: string) => x.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const tc = (x: string) =>
    `<w:tc><w:p><w:r><w:t xml:space="preserve">${esc(x)}</w:t></w:r></w:p></w:tc>`;
  const tr = (cells: string[]) => `<w:tr>${cells.map(tc).join('')}</w:tr>`;
  const rows = [
    HEADINGS,
    HEADINGS.map((_, i) => String(i + 1)),
    ['1', 'Кран шаровой латунный Ду50', 'КШ-50', '', '', 'шт.', '4', '', ''],
    ['2', 'Фильтр сетчатый фланцевый', 'FVF 50', '', 'Danfoss', 'шт.', '3', '', ''],
  ];
  const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
  const stale = '<w:p><w:r><w:lastRenderedPageBreak/><w:t>.</w:t></w:r></w:p>';
  return zip(
    {
      '[Content_Types].xml':
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      '_rels/.rels':
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      'word/document.xml': `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}"><w:body><w:tbl><w:tblPr><w:tblBorders><w:insideH w:val="single" w:sz="4"/><w:insideV w:val="single" w:sz="4"/></w:tblBorders></w:tblPr>${rows.map(tr).join('')}</w:tbl>${stale}${stale}<w:sectPr><w:pgSz w:w="23811" w:h="16838" w:orient="landscape"/></w:sectPr></w:body></w:document>`,
    },
    true,
  );
}

/** pdftoppm processes the server runs now (its children, read from /proc). */
function rendersNow(serverPid: number): number {
  let n = 0;
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (name === 'pdftoppm' && ppid === serverPid) n++;
    } catch {
      // The process ended while being read.
    }
  }
  return n;
}

beforeAll(async () => {
  server = await startServer();
  api = apiClient(server);
  const o = await sessionFor(server, 'olga.demidova@demo.example');
  olga = o.token;
  olgaId = o.userId;
  dmitry = (await sessionFor(server, 'dmitry.volkov@demo.example')).token;
  await query(async (db) => {
    orgId = (
      await db
        .selectFrom('user_organisations')
        .select('organisation_id')
        .where('user_id', '=', olgaId)
        .orderBy('organisation_id')
        .executeTakeFirstOrThrow()
    ).organisation_id;
    dcr = await db
      .selectFrom('catalogue_items')
      .select(['id', 'model', 'title', 'price_kop'])
      .where('model', '=', 'DCR 50/8-0.37/4')
      .executeTakeFirstOrThrow();
  });
  const rows: FixtureRow[] = [
    { pos: '', title: 'Насосное оборудование', marka: '', man: '', unit: '', count: '' },
    {
      pos: '1',
      title: 'Насос циркуляционный с мокрым ротором',
      marka: dcr.model,
      man: 'Demo Pumps',
      unit: 'шт.',
      count: '2',
    },
    {
      pos: '2',
      title: 'Кран шаровой латунный Ду50',
      marka: 'КШ-50',
      man: '',
      unit: 'шт.',
      count: '4',
    },
    {
      pos: '3',
      title: 'Фильтр сетчатый фланцевый',
      marka: 'FVF 50',
      man: 'Danfoss',
      unit: 'шт.',
      count: '3',
    },
  ];
  const pdf = htmlToPdf({ spec: specHtml(rows, true) }).spec!;
  const body = new FormData();
  body.set('file', new Blob([new Uint8Array(pdf)]), 'review.pdf');
  for (const [k, v] of Object.entries({
    order: '0',
    docType: 'specification',
    section: 'orders',
    oid: String(orgId),
    object: '0',
  }))
    body.set(k, v);
  const up = await api('/api/app/scan.file', { token: olga, tokenInQuery: true, body });
  expect(up.status).toBe(201);
  uniqid = up.data.uniqid;
  const status = await scanReady(api, uniqid, olga, 'en', 90_000);
  expect(status.status, JSON.stringify(status)).toBe('ready');
  pages = status.pages;
  const done = await api('/api/app/scan.do', {
    token: olga,
    tokenInQuery: true,
    body: new URLSearchParams({ uniqid, pages: '1', ...MAPPING }),
  });
  expect(done.status).toBe(200);
  entities = done.data.entities;
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const crop = (token: string, params: Record<string, string>) =>
  fetch(`${server.url}/api/app/scan.crop?${new URLSearchParams({ ...params, token })}`, {
    headers: { Accept: 'application/json', 'Accept-Language': 'en' },
  });

describe('the source crop', () => {
  it('each recognised row knows its band of the page, in reading order', () => {
    expect(entities.map((e) => [e.pos, e.count, e.cid])).toEqual([
      ['1', 2, dcr.id],
      ['2', 4, 0],
      ['3', 3, 0],
    ]);
    const height = pages[0]!.height;
    for (const e of entities)
      expect(
        e.box.top >= 0 && e.box.bottom > e.box.top && e.box.bottom <= height,
        JSON.stringify(e.box),
      ).toBe(true);
    expect(entities[1].box.top).toBeGreaterThanOrEqual(entities[0].box.bottom - 1);
    expect(entities[2].box.top).toBeGreaterThanOrEqual(entities[1].box.bottom - 1);
  });

  it('scan.crop answers a PNG of the band as large as the wizard expects, cacheable per scan', async () => {
    for (const e of entities) {
      const url = cropUrl(uniqid, e)!;
      const params = Object.fromEntries(new URL(url, server.url).searchParams);
      const t0 = performance.now();
      const r = await crop(olga, params);
      const ms = performance.now() - t0;
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('image/png');
      expect(r.headers.get('cache-control')).toBe('private, max-age=86400, immutable');
      const png = Buffer.from(await r.arrayBuffer());
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      const band = cropGeometry(pages[0]!, Number(params.top), Number(params.bottom))!;
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([band.width, band.height]);
      expect(band.width).toBeLessThanOrEqual(CROP_MAX_WIDTH_PX);
      console.log(
        `crop of row ${e.pos}: ${band.width}x${band.height} px, ${png.length} bytes, ${ms.toFixed(0)} ms`,
      );
    }
  });

  it('the page is rendered once for all its crops (kept with the scan), even when they are asked at once', async () => {
    const thumbs = async () =>
      JSON.parse(
        (
          await query((db) =>
            db
              .selectFrom('scans')
              .select('thumbs')
              .where('uniqid', '=', uniqid)
              .executeTakeFirstOrThrow(),
          )
        ).thumbs ?? '{}',
      );
    expect(Object.keys(await thumbs())).toEqual(['crop-1']);
    const t0 = performance.now();
    const answers = await Promise.all(
      entities.flatMap((e) =>
        [0, 1].map(() =>
          crop(olga, Object.fromEntries(new URL(cropUrl(uniqid, e)!, server.url).searchParams)),
        ),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(entities.flatMap(() => [200, 200]));
    console.log(
      `${answers.length} crops at once from the kept page: ${(performance.now() - t0).toFixed(0)} ms`,
    );
    expect(Object.keys(await thumbs())).toEqual(['crop-1']);
  });

  it("another user's or an unknown scan is not found; every parameter is bounds-checked (never a 500)", async () => {
    const ok = { uniqid, page: '1', top: '100', bottom: '120' };
    const h = Math.ceil(pages[0]!.height);
    const band = `The row's band must lie on the page: 0 to ${h} pt.`;
    const pageText = 'The page number is 1 to 1.';
    const cases: Array<
      [string, Record<string, string>, number, Record<string, string> | undefined]
    > = [
      [dmitry, ok, 404, undefined],
      [olga, { ...ok, uniqid: 'A'.repeat(21) }, 404, undefined],
      [olga, { ...ok, uniqid: '../../etc/passwd' }, 404, undefined],
      [olga, { ...ok, page: '0' }, 400, { page: pageText }],
      [olga, { ...ok, page: '-1' }, 400, { page: pageText }],
      [olga, { ...ok, page: 'abc' }, 400, { page: pageText }],
      [olga, { ...ok, page: '99999999999999999999' }, 400, { page: pageText }],
      [olga, { ...ok, page: '2' }, 404, { page: pageText }],
      [olga, { ...ok, page: '9999' }, 404, { page: pageText }],
      [olga, { uniqid, page: '1' }, 400, { top: band, bottom: band }],
      [olga, { ...ok, top: String(h), bottom: String(h + 1) }, 400, { top: band }],
      [olga, { ...ok, top: '100000', bottom: '100001' }, 400, { top: band, bottom: band }],
      [olga, { ...ok, top: '9999999999999999999999' }, 400, { top: band }],
      [olga, { ...ok, top: '-5' }, 400, { top: band }],
      [olga, { ...ok, top: '1e3' }, 400, { top: band }],
      [olga, { ...ok, top: '10.5' }, 400, { top: band }],
      [olga, { ...ok, bottom: '100' }, 400, { bottom: band }],
      [olga, { ...ok, bottom: '90' }, 400, { bottom: band }],
      [olga, { ...ok, bottom: String(h + 2) }, 400, { bottom: band }],
      [olga, { ...ok, bottom: 'NaN' }, 400, { bottom: band }],
    ];
    for (const [token, params, status, errors] of cases) {
      const r = await crop(token, params);
      const body = await r.json();
      expect(r.status, JSON.stringify(params)).toBe(status);
      if (errors)
        expect(body, JSON.stringify(params)).toEqual({
          type: 'error',
          error: "Can't get ScanFile!",
          message: "Can't get ScanFile!",
          errors,
        });
      else expect(body).toMatchObject({ type: 'error', error: "Can't find scan!" });
    }
    // The band's last point (the page's bottom edge) is on the page.
    expect((await crop(olga, { ...ok, top: String(h - 10), bottom: String(h) })).status).toBe(200);
    // Without a session: 401.
    expect(
      (
        await fetch(`${server.url}/api/app/scan.crop?${new URLSearchParams(ok)}`, {
          headers: { Accept: 'application/json' },
        })
      ).status,
    ).toBe(401);
  });
});

describe('saving corrections', () => {
  const product = (over: Record<string, unknown> = {}) =>
    JSON.stringify({
      index: 1,
      pos: '2',
      title: 'Кран шаровой',
      marka: 'КШ-50',
      sku: '',
      man: '',
      unit: 'шт.',
      count: 4,
      cid: 0,
      ...over,
    });

  it('scan.save refuses corrected values out of range and names the field', async () => {
    const cases: Array<[string[], Record<string, string>]> = [
      [[product({ title: '   ' })], { 'products[0].title': 'Enter the name of the position.' }],
      [[product({ title: 'Н'.repeat(501) })], { 'products[0].title': 'The value is too long.' }],
      [
        [product(), product({ marka: 'M'.repeat(301) })],
        { 'products[1].marka': 'The value is too long.' },
      ],
      [[product({ unit: 'u'.repeat(21) })], { 'products[0].unit': 'The value is too long.' }],
      [[product({ count: 0 })], { 'products[0].count': 'The quantity must be a positive number.' }],
      [
        [product({ count: -3 })],
        { 'products[0].count': 'The quantity must be a positive number.' },
      ],
      [
        [product({ count: '1e309' })],
        { 'products[0].count': 'The quantity must be a positive number.' },
      ],
      [
        [product({ count: 1_000_001 })],
        { 'products[0].count': 'The quantity must not exceed 1,000,000.' },
      ],
      [
        [product({ count: '1000000,5' })],
        { 'products[0].count': 'The quantity must not exceed 1,000,000.' },
      ],
      [[product({ cid: 99999999999 })], { 'products[0].cid': 'Invalid catalogue item id.' }],
      [
        [product({ title: 42, unit: ['x'] })],
        { 'products[0].unit': expect.any(String) as unknown as string },
      ],
    ];
    for (const [products, errors] of cases) {
      const body = new URLSearchParams({ uniqid, module: 'orders', pid: '0', ...MAPPING });
      for (const p of products) body.append('products[]', p);
      const r = await api('/api/app/scan.save', { token: olga, tokenInQuery: true, body });
      expect(r.status, products.join()).toBe(422);
      expect(r.data).toEqual({ type: 'error', error: SAVE_ERROR, message: SAVE_ERROR, errors });
    }
    // In Russian too.
    const body = new URLSearchParams({ uniqid, module: 'orders', pid: '0' });
    body.append('products[]', product({ count: 2_000_000 }));
    const ru = await api('/api/app/scan.save', {
      token: olga,
      tokenInQuery: true,
      body,
      lang: 'ru',
    });
    expect(ru.data.errors).toEqual({ 'products[0].count': 'Количество — не больше 1 000 000.' });
    // Nothing was saved by the refusals.
    expect((await get('/api/app/scan.status', olga, { uniqid })).data.savedOrder).toBeNull();
  });

  it('a matched line keeps the catalogue title with the corrected quantity and unit; a free-text line takes the corrected texts; the review total is the order total', async () => {
    // The wizard's own rules make the request, as the island does.
    let list = fromScan(entities);
    list = withCount(list, entities[0].index, 5);
    list = withEdit(list, entities[0].index, 'unit', 'компл.');
    list = withEdit(list, entities[0].index, 'title', 'Насос (не должен попасть в заказ)');
    list = withEdit(list, entities[1].index, 'title', 'Кран шаровой полнопроходной Ду50');
    list = withEdit(list, entities[1].index, 'marka', 'КШП-50');
    list = withEdit(list, entities[1].index, 'unit', 'компл.');
    list = withCount(list, entities[1].index, 2.5);
    const ticked = new Set([entities[0].index, entities[1].index]);
    const shown = orderTotal(list, ticked);
    expect(shown).toEqual({ kop: Math.round(5 * Number(dcr.price_kop)), matched: 1, unmatched: 1 });
    const body = new URLSearchParams();
    for (const [k, v] of saveFields({
      uniqid,
      order: 0,
      mapping: DEFAULT_MAPPING,
      entities: list,
      ticked,
      confirmed: {},
    }))
      body.append(k, v);
    const r = await api('/api/app/scan.save', { token: olga, tokenInQuery: true, body });
    expect(r.status).toBe(201);
    expect(r.data).toMatchObject({
      type: 'success',
      matched: 1,
      unmatched: 1,
      appended: false,
      addedKop: shown.kop,
    });
    savedOrder = r.data.order.id;
    const items = await query((db) =>
      db
        .selectFrom('order_items')
        .selectAll()
        .where('order_id', '=', r.data.order.id)
        .orderBy('position')
        .execute(),
    );
    expect(
      items.map((i: any) => [i.catalogue_id, i.title, i.unit, Number(i.quantity), Number(i.price)]),
    ).toEqual([
      [String(dcr.id), dcr.title, 'компл.', 5, Number(dcr.price_kop)],
      [null, 'Кран шаровой полнопроходной Ду50, КШП-50', 'компл.', 2.5, 0],
    ]);
    const order = await query((db) =>
      db
        .selectFrom('orders')
        .select(['total'])
        .where('id', '=', r.data.order.id)
        .executeTakeFirstOrThrow(),
    );
    expect(Number(order.total)).toBe(shown.kop);
    // The scan's files, the page rendered for its crops among them, are gone with the save.
    expect(
      await query((db) =>
        db
          .selectFrom('scans')
          .select(['pdf_file', 'thumbs'])
          .where('uniqid', '=', uniqid)
          .executeTakeFirstOrThrow(),
      ),
    ).toEqual({ pdf_file: null, thumbs: null });
    const gone = await crop(olga, { uniqid, page: '1', top: '100', bottom: '120' });
    expect(gone.status).toBe(404);
    expect((await gone.json()).errors).toEqual({ uniqid: LOST });
  });
});

describe('pages the PDF lacks, office documents, and the render queue', () => {
  it('a Word file counting more pages than its PDF: the missing page is 404, never 500; its rows have no crops', async () => {
    const doc = await upload(staleBreaksDocx(), 'stale-breaks.docx');
    expect(doc.pages.length).toBe(3);
    const last = String(doc.pages.length);
    const thumb = (page: string, lang = 'en') =>
      fetch(
        `${server.url}/api/app/scan.thumb?${new URLSearchParams({ uniqid: doc.uniqid, page, token: olga })}`,
        { headers: { Accept: 'application/json', 'Accept-Language': lang } },
      );
    const first = await thumb('1');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/png');
    const missing = await thumb(last);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      type: 'error',
      error: FILE_ERROR,
      message: FILE_ERROR,
      errors: { page: `The document's PDF has no page ${last}.` },
    });
    const ru = await thumb(last, 'ru');
    expect((await ru.json()).errors).toEqual({ page: `В PDF документа нет страницы ${last}.` });
    const noCrop =
      'Page crops are shown for PDF files and scans only: the rows of an office document have no place on a page.';
    for (const page of ['1', last]) {
      const r = await crop(olga, { uniqid: doc.uniqid, page, top: '100', bottom: '120' });
      expect(r.status, page).toBe(404);
      expect(await r.json()).toEqual({
        type: 'error',
        error: FILE_ERROR,
        message: FILE_ERROR,
        errors: { page: noCrop },
      });
    }
    // scan.do lists its positions without a band to crop.
    const done = await api('/api/app/scan.do', {
      token: olga,
      tokenInQuery: true,
      body: new URLSearchParams({ uniqid: doc.uniqid, pages: '1', ...MAPPING }),
    });
    expect(done.status).toBe(200);
    expect(done.data.entities.map((e: any) => [e.pos, e.count, e.box ?? null])).toEqual([
      ['1', 4, null],
      ['2', 3, null],
    ]);
  }, 180_000);

  it('positions appended to an order: the save answers what they added at the prices of the save', async () => {
    expect(savedOrder).toBeGreaterThan(0);
    const doc = await upload(staleBreaksDocx(), 'append.docx');
    const before = await query((db) =>
      db
        .selectFrom('orders')
        .select('total')
        .where('id', '=', savedOrder)
        .executeTakeFirstOrThrow(),
    );
    // A catalogue price changed after the review showed it.
    const price = Number(dcr.price_kop) + 1234;
    await query((db) =>
      db
        .updateTable('catalogue_items')
        .set({ price_kop: price })
        .where('id', '=', dcr.id)
        .execute(),
    );
    const body = new URLSearchParams({
      uniqid: doc.uniqid,
      module: 'orders',
      pid: String(savedOrder),
    });
    body.append(
      'products[]',
      JSON.stringify({
        index: 0,
        pos: '1',
        title: 'Насос',
        marka: dcr.model,
        sku: '',
        man: '',
        unit: 'шт.',
        count: 3,
        cid: dcr.id,
      }),
    );
    body.append(
      'products[]',
      JSON.stringify({
        index: 1,
        pos: '2',
        title: 'Фильтр',
        marka: 'FVF 50',
        sku: '',
        man: '',
        unit: 'шт.',
        count: 2,
        cid: 0,
      }),
    );
    const r = await api('/api/app/scan.save', { token: olga, tokenInQuery: true, body });
    expect(r.status).toBe(201);
    expect(r.data).toMatchObject({
      type: 'success',
      order: { id: savedOrder },
      matched: 1,
      unmatched: 1,
      appended: true,
      addedKop: 3 * price,
    });
    const after = await query((db) =>
      db
        .selectFrom('orders')
        .select('total')
        .where('id', '=', savedOrder)
        .executeTakeFirstOrThrow(),
    );
    expect(Number(after.total) - Number(before.total)).toBe(r.data.addedKop);
    await query((db) =>
      db
        .updateTable('catalogue_items')
        .set({ price_kop: dcr.price_kop })
        .where('id', '=', dcr.id)
        .execute(),
    );
  }, 180_000);

  it(`a burst of page renders: at most ${RENDER_SLOTS} at once, the overflow 503 with Retry-After, never 500`, async () => {
    // 120 positions on small pages: some 16 pages, each one thumbnail and one crop page to render.
    const rows: FixtureRow[] = [
      {
        pos: '1',
        title: 'Кран шаровой латунный Ду50',
        marka: 'КШ-50',
        man: '',
        unit: 'шт.',
        count: '4',
      },
      {
        pos: '2',
        title: 'Фильтр сетчатый фланцевый',
        marka: 'FVF 50',
        man: 'Danfoss',
        unit: 'шт.',
        count: '3',
      },
    ];
    const pdf = htmlToPdf({ many: specHtml(rows, true, 60, '210mm 148mm') }).many!;
    // The conversion above blocks this process for seconds: the server has meanwhile closed the
    // idle keep-alive connection, and fetch would write the upload into it (EPIPE). One turn of the
    // event loop lets the socket's close be read first, so the upload opens a new connection.
    await new Promise((res) => setImmediate(res));
    const doc = await upload(pdf, 'many-pages.pdf');
    expect(doc.pages.length * 2).toBeGreaterThan(RENDER_SLOTS + RENDER_QUEUE + 8);
    let peak = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, rendersNow(server.proc.pid!));
        // A sampling rate, not a wait: the peak count of renderer processes is what is measured.
        await new Promise((res) => setTimeout(res, 5));
      }
    })();
    const t0 = performance.now();
    const answers = await Promise.all(
      doc.pages.flatMap((p) => [
        fetch(
          `${server.url}/api/app/scan.thumb?${new URLSearchParams({ uniqid: doc.uniqid, page: String(p.page), token: olga })}`,
          { headers: { Accept: 'application/json', 'Accept-Language': 'en' } },
        ),
        crop(olga, { uniqid: doc.uniqid, page: String(p.page), top: '20', bottom: '60' }),
      ]),
    );
    const ms = performance.now() - t0;
    sampling = false;
    await sampler;
    const statuses = answers.map((r) => r.status);
    expect(
      statuses.every((s) => s === 200 || s === 503),
      statuses.join(),
    ).toBe(true);
    const busy = answers.filter((r) => r.status === 503);
    // More renders were asked than run and wait together: some were turned away.
    expect(busy.length).toBeGreaterThan(0);
    expect(busy.length).toBeLessThanOrEqual(answers.length - RENDER_SLOTS - RENDER_QUEUE);
    for (const r of busy) {
      expect(r.headers.get('retry-after')).toBe(String(RENDER_RETRY_AFTER));
      expect(await r.json()).toEqual({
        type: 'error',
        error: FILE_ERROR,
        message: FILE_ERROR,
        errors: {
          page: `The server is preparing page images for other requests. Try again in ${RENDER_RETRY_AFTER} s.`,
        },
      });
    }
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(RENDER_SLOTS);
    console.log(
      `${answers.length} renders asked at once over ${doc.pages.length} pages: ${answers.length - busy.length} answered, ${busy.length} told to retry, at most ${peak} pdftoppm at once, ${ms.toFixed(0)} ms`,
    );
    // Asked again once the burst is over, the refused ones are served.
    for (const p of doc.pages.slice(0, 3))
      expect(
        (await crop(olga, { uniqid: doc.uniqid, page: String(p.page), top: '20', bottom: '60' }))
          .status,
      ).toBe(200);
  }, 240_000);
});
