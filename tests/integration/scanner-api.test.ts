// The scanner calls against the real server (SQLite, or PostgreSQL with TEST_DATABASE_URL): a GOST
// 21.110 Form 1 specification made here with exceljs is uploaded, recognised by the queue in a
// worker thread, previewed (PDF, 250 px thumbnails), turned into positions with catalogue matches,
// and saved into a new order and appended to an existing one; a confirmed match is learned for the
// organisation; every validation message; another user's scan 404; refused files leave nothing;
// a job left behind by a stopped instance is finished by the next one.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../helpers/api-client.ts';
import { templateDatabase, withTestDatabase } from '../helpers/db.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';
import { zip } from '../helpers/sample-files.ts';
import { gostSheet, scanReady } from '../helpers/scanner.ts';
import {
  htmlToPdf,
  ROWS,
  specHtml,
} from '../../src/features/scanner/recognition/fixtures.testkit.ts';

let server: TestServer;
let api: ApiClient;
let olga: string;
let olgaId: number;
let dmitry: string;
let orgId: number;
let dcr: { id: number; model: string; title: string; price_kop: number };
let cabinet: { id: number; model: string };

const query = <T = any>(fn: (db: any) => Promise<T>, s: TestServer = server): Promise<T> =>
  withTestDatabase(s.database, fn);

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
    cabinet = await db
      .selectFrom('catalogue_items')
      .select(['id', 'model'])
      .where('model', '=', 'DSHU-1x4-D')
      .executeTakeFirstOrThrow();
  });
}, 90_000);
afterAll(async () => {
  await server?.stop();
});

/** A one-sheet GOST 21.110 Form 1 specification: headings, the column-number row, a section, three positions. */
function specXlsx(): Promise<Uint8Array<ArrayBuffer>> {
  return gostSheet([
    { section: 'Насосное оборудование' },
    ['1', 'Насос циркуляционный с мокрым ротором', dcr.model, '', 'Demo Pumps', 'шт.', 2],
    ['2', 'Шкаф управления насосом 4 кВт', 'ШУН-1х4', '', 'Завод шкафов', 'шт.', 1],
    ['3', 'Кран шаровой латунный Ду50', 'КШ-50', '', '', 'шт.', 4],
  ]);
}

function upload(
  token: string,
  file: Blob | null,
  name: string,
  fields: Record<string, string> = {},
  lang = 'en',
) {
  const body = new FormData();
  if (file) body.set('file', file, name);
  for (const [k, v] of Object.entries({
    order: '0',
    docType: 'specification',
    section: 'orders',
    oid: String(orgId),
    object: '0',
    ...fields,
  }))
    body.set(k, v);
  return api('/api/app/scan.file', { token, tokenInQuery: true, body, lang });
}
const post = (path: string, token: string, fields: Record<string, string>, lang = 'en') =>
  api(path, { token, tokenInQuery: true, body: new URLSearchParams(fields), lang });
const get = (path: string, token: string, params: Record<string, string>, lang = 'en') =>
  api(`${path}?${new URLSearchParams(params)}`, { token, tokenInQuery: true, lang });

/** Polls scan.status until recognition is over; `seen` collects the states (and stages) on the way. */
const ready = (uniqid: string, token = olga, s: ApiClient = api, seen: string[] = []) =>
  scanReady(s, uniqid, token, 'en', 90_000, seen);

const MAPPING = { pos: '1', title: '2', marka: '3', sku: '4', man: '5', unit: '6', count: '7' };

/** Every stored file (local store: blobs under DATA_DIR/files, next to their .json descriptions; database store: stored_files rows). */
async function storedFiles(s: TestServer = server): Promise<number> {
  if (s.database.url)
    return Number(
      (
        await query(
          (db) =>
            db
              .selectFrom('stored_files')
              .select((eb: any) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow(),
          s,
        )
      ).n,
    );
  const dir = join(s.database.dataDir, 'files');
  const walk = (d: string): number =>
    existsSync(d)
      ? readdirSync(d).reduce(
          (n, f) =>
            n +
            (statSync(join(d, f)).isDirectory() ? walk(join(d, f)) : f.endsWith('.json') ? 0 : 1),
          0,
        )
      : 0;
  return walk(dir);
}

let first: { uniqid: string; entities: any[]; orderId: number };

describe('upload, recognition, preview', () => {
  it('a PDF upload is its own preview: one stored file, the same bytes answered by scan.pdf', async () => {
    const bytes = htmlToPdf({ spec: specHtml(ROWS, true) }).spec!;
    const before = await storedFiles();
    const up = await upload(olga, new Blob([new Uint8Array(bytes)]), 'spec.pdf');
    expect(up.status).toBe(201);
    expect((await ready(up.data.uniqid)).status).toBe('ready');
    const row = await query((db) =>
      db
        .selectFrom('scans')
        .select(['original_file', 'pdf_file'])
        .where('uniqid', '=', up.data.uniqid)
        .executeTakeFirstOrThrow(),
    );
    expect(row).toEqual({ original_file: null, pdf_file: expect.any(String) });
    expect(await storedFiles()).toBe(before + 1);
    const pdf = await fetch(`${server.url}/api/app/scan.pdf?token=${olga}`, {
      method: 'POST',
      body: new URLSearchParams({ uniqid: up.data.uniqid }),
      headers: { Origin: server.url },
    });
    expect(Buffer.from(await pdf.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
  }, 120_000);

  it('recognises an uploaded xlsx off the request path and previews it as PDF and PNG thumbnails', async () => {
    const bytes = await specXlsx();
    const up = await upload(olga, new Blob([bytes]), 'Спецификация ОВ.xlsx');
    expect(up.status).toBe(201);
    expect(up.data).toEqual({
      type: 'success',
      uniqid: expect.stringMatching(/^[A-Za-z0-9_-]{21}$/),
    });
    // While the document is recognised (worker thread, LibreOffice for the PDF) the server keeps answering.
    const t0 = performance.now();
    let recognising = true;
    const latencies: number[] = [];
    const probe = (async () => {
      while (recognising) {
        const s0 = performance.now();
        await fetch(`${server.url}/healthz`);
        latencies.push(performance.now() - s0);
        // A sampling rate, not a wait: the probe measures the server's answers meanwhile.
        await new Promise((res) => setTimeout(res, 100));
      }
    })();
    const seen: string[] = [];
    const status = await ready(up.data.uniqid, olga, api, seen);
    recognising = false;
    // The wizard sees the job move: queued, then working with a stage, then ready.
    expect(seen.some((x) => x.startsWith('working:'))).toBe(true);
    expect(seen.at(-1)).toBe('ready');
    await probe;
    const slowest = Math.max(...latencies);
    console.log(
      `xlsx upload to ready: ${(performance.now() - t0).toFixed(0)} ms; /healthz during recognition: ${latencies.length} probes, slowest ${slowest.toFixed(0)} ms`,
    );
    expect(slowest).toBeLessThan(1500);
    expect(status).toMatchObject({
      type: 'success',
      status: 'ready',
      format: 'xlsx',
      name: 'Спецификация ОВ.xlsx',
      oid: orgId,
      order: 0,
    });
    // Once recognised, the original is deleted: the PDF is all the wizard needs.
    const files = await query((db) =>
      db
        .selectFrom('scans')
        .select(['original_file', 'pdf_file'])
        .where('uniqid', '=', up.data.uniqid)
        .executeTakeFirstOrThrow(),
    );
    expect(files).toEqual({ original_file: null, pdf_file: expect.any(String) });
    expect(status.pageCount).toBeGreaterThanOrEqual(1);
    expect(status.columnCount).toBe(9);
    expect(status.suggestedMapping).toMatchObject({ pos: 1, title: 2, marka: 3, count: 7 });

    const pdf = await fetch(`${server.url}/api/app/scan.pdf?token=${olga}`, {
      method: 'POST',
      body: new URLSearchParams({ uniqid: up.data.uniqid }),
      headers: { Origin: server.url },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    for (let i = 0; i < 2; i++) {
      const t0 = performance.now();
      const png = await fetch(
        `${server.url}/api/app/scan.thumb?uniqid=${up.data.uniqid}&page=1&token=${olga}`,
      );
      const ms = performance.now() - t0;
      expect(png.status).toBe(200);
      expect(png.headers.get('content-type')).toBe('image/png');
      expect(png.headers.get('cache-control')).toMatch(/^private/);
      const b = Buffer.from(await png.arrayBuffer());
      expect(b.subarray(1, 4).toString()).toBe('PNG');
      expect(b.readUInt32BE(20)).toBe(250); // IHDR height
      console.log(`thumbnail ${i === 0 ? 'first render' : 'cached'}: ${ms.toFixed(0)} ms`);
    }
    first = { uniqid: up.data.uniqid, entities: [], orderId: 0 };
  });

  it('scan.do with the default mapping gives the positions, the exact article matched', async () => {
    const r = await post('/api/app/scan.do', olga, {
      uniqid: first.uniqid,
      ...MAPPING,
      pages: '1',
    });
    expect(r.status).toBe(200);
    expect(r.data.type).toBe('success');
    const rows = r.data.entities;
    expect(rows.map((e: any) => [e.pos, e.unit, e.count])).toEqual([
      ['1', 'шт.', 2],
      ['2', 'шт.', 1],
      ['3', 'шт.', 4],
    ]);
    expect(rows[0]).toMatchObject({
      title: 'Насос циркуляционный с мокрым ротором',
      marka: dcr.model,
      section: 'Насосное оборудование',
      cid: dcr.id,
    });
    expect(rows[0].match).toMatchObject({
      cid: dcr.id,
      score: 1,
      why: [`Article matches: ${dcr.model}`],
    });
    // The matched row names its item at once (no scan.catalog round trip per row); unmatched rows name none.
    expect(rows[0].catalog).toEqual({
      cid: dcr.id,
      title: dcr.title,
      article: dcr.model,
      sku: expect.any(String),
      man: expect.any(String),
      unit: 'pcs',
      price: Number(dcr.price_kop) / 100,
      price_kop: Number(dcr.price_kop),
    });
    expect(rows[1]).toMatchObject({ cid: 0, catalog: null });
    expect(rows[2]).toMatchObject({ cid: 0, catalog: null });
    // Cells of a sheet have no place on the converted PDF's page: the review shows them as text, not a crop.
    expect(rows.map((e: any) => e.box)).toEqual([undefined, undefined, undefined]);
    first.entities = rows;
    const status = await get('/api/app/scan.status', olga, { uniqid: first.uniqid });
    expect(status.data.checkedPages).toEqual([1]);
    expect(status.data.mapping).toEqual({
      pos: 1,
      title: 2,
      marka: 3,
      sku: 4,
      man: 5,
      unit: 6,
      count: 7,
    });
  });

  it('scan.candidates ranks the catalogue for a position (q replaces its text), scan.catalog answers the item', async () => {
    const own = await get('/api/app/scan.candidates', olga, {
      uniqid: first.uniqid,
      index: String(first.entities[0].index),
    });
    expect(own.status).toBe(200);
    expect(own.data.candidates[0]).toMatchObject({
      cid: dcr.id,
      article: dcr.model,
      score: 1,
      price: dcr.price_kop / 100,
    });
    expect(own.data.candidates.length).toBeLessThanOrEqual(5);
    const r = await get('/api/app/scan.candidates', olga, {
      uniqid: first.uniqid,
      index: String(first.entities[1].index),
      q: 'DSHU-1x4-D',
    });
    expect(r.status).toBe(200);
    expect(r.data.candidates.length).toBeGreaterThan(0);
    expect(r.data.candidates.length).toBeLessThanOrEqual(5);
    expect(r.data.candidates[0]).toMatchObject({ cid: cabinet.id, article: 'DSHU-1x4-D' });
    expect(r.data.candidates[0].why.join(' ')).toMatch(/Name similarity: \d+%/);
    const scores = r.data.candidates.map((c: any) => c.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));

    const c = await post('/api/app/scan.catalog', olga, {
      uniqid: first.uniqid,
      cid: String(cabinet.id),
      pos: '2',
    });
    expect(c.status).toBe(200);
    expect(c.data).toMatchObject({
      type: 'success',
      pos: '2',
      catalog: { cid: cabinet.id, article: 'DSHU-1x4-D', unit: 'pcs' },
    });
  });
});

describe('saving', () => {
  it('scan.save creates a new order with matched and free-text lines, a notification, and forgets the files', async () => {
    const before = await storedFiles();
    const products = first.entities.map((e) =>
      JSON.stringify({
        index: e.index,
        pos: e.pos,
        title: e.title,
        marka: e.marka,
        sku: e.sku,
        man: e.man,
        unit: e.unit,
        count: e.count,
        cid: e.index === first.entities[1].index ? cabinet.id : e.cid,
      }),
    );
    const body = new URLSearchParams({
      uniqid: first.uniqid,
      module: 'orders',
      pid: '0',
      ...MAPPING,
      newCid: JSON.stringify({ [first.entities[1].index]: cabinet.id }),
    });
    for (const p of products) body.append('products[]', p);
    const r = await api('/api/app/scan.save', { token: olga, tokenInQuery: true, body });
    expect(r.status).toBe(201);
    expect(r.data).toMatchObject({
      type: 'success',
      matched: 2,
      unmatched: 1,
      appended: false,
      order: {
        id: expect.any(Number),
        number: expect.any(String),
        url: expect.stringMatching(/^\/e-commerce\/orders\/\d+\/order$/),
      },
    });
    first.orderId = r.data.order.id;
    const items = await query((db) =>
      db
        .selectFrom('order_items')
        .selectAll()
        .where('order_id', '=', first.orderId)
        .orderBy('position')
        .execute(),
    );
    expect(items.map((i: any) => [i.catalogue_id, Number(i.quantity), Number(i.price)])).toEqual([
      [String(dcr.id), 2, dcr.price_kop],
      [String(cabinet.id), 1, expect.any(Number)],
      [null, 4, 0],
    ]);
    expect(items[2].title).toBe('Кран шаровой латунный Ду50, КШ-50');
    expect(items[2].unit).toBe('шт.');
    const order = await query((db) =>
      db.selectFrom('orders').selectAll().where('id', '=', first.orderId).executeTakeFirstOrThrow(),
    );
    expect(order).toMatchObject({
      user_id: olgaId,
      organisation_id: orgId,
      status: 'new',
      source: 'scanner',
    });
    const note = await query((db) =>
      db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', olgaId)
        .where('pid', '=', first.orderId)
        .execute(),
    );
    expect(note).toHaveLength(1);
    expect(note[0].title).toBe(
      `Order ${order.number} created from the specification (3 positions)`,
    );
    expect(note[0].url).toBe(r.data.order.url);
    // The PDF and the cached thumbnail are gone (the original went when it was recognised); the scan answers as saved.
    expect(await storedFiles()).toBe(before - 2);
    const status = await get('/api/app/scan.status', olga, { uniqid: first.uniqid });
    expect(status.data.savedOrder).toBe(first.orderId);
    const again = await api('/api/app/scan.save', { token: olga, tokenInQuery: true, body });
    expect(again.status).toBe(409);
    expect(again.data).toMatchObject({
      type: 'error',
      error: 'Could not save the order from the specification.',
      errors: { uniqid: 'This document has already been saved to an order.' },
    });
  });

  it('a second upload of the same specification matches the confirmed pair by itself and appends to the order', async () => {
    const up = await upload(olga, new Blob([await specXlsx()]), 'spec-again.xlsx');
    expect(up.status).toBe(201);
    expect((await ready(up.data.uniqid)).status).toBe('ready');
    const r = await post('/api/app/scan.do', olga, {
      uniqid: up.data.uniqid,
      ...MAPPING,
      pages: '1',
    });
    const cabinetRow = r.data.entities[1];
    expect(cabinetRow.cid).toBe(cabinet.id);
    expect(cabinetRow.match.why).toEqual(['You chose this item before for this organisation']);
    const body = new URLSearchParams({
      uniqid: up.data.uniqid,
      module: 'orders',
      pid: String(first.orderId),
      ...MAPPING,
      newCid: '{}',
    });
    body.append('products[]', JSON.stringify({ ...r.data.entities[2], count: '1,5' }));
    const saved = await api('/api/app/scan.save', { token: olga, tokenInQuery: true, body });
    expect(saved.status).toBe(201);
    expect(saved.data).toMatchObject({
      type: 'success',
      appended: true,
      matched: 0,
      unmatched: 1,
      order: { id: first.orderId },
    });
    const items = await query((db) =>
      db
        .selectFrom('order_items')
        .select(['position', 'quantity', 'catalogue_id'])
        .where('order_id', '=', first.orderId)
        .orderBy('position')
        .execute(),
    );
    expect(items.map((i: any) => [i.position, Number(i.quantity)])).toEqual([
      [1, 2],
      [2, 1],
      [3, 4],
      [4, 1.5],
    ]);
    const note = await query((db) =>
      db
        .selectFrom('notifications')
        .select('title')
        .where('user_id', '=', olgaId)
        .where('pid', '=', first.orderId)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow(),
    );
    expect(note.title).toMatch(/^1 positions from the specification added to order /);
  });
});

describe('refusals', () => {
  let ready2: string;
  beforeAll(async () => {
    const up = await upload(olga, new Blob([await specXlsx()]), 'spec3.xlsx');
    ready2 = up.data.uniqid;
    await ready(ready2);
  });

  it('another user\'s or an unknown uniqid answers 404 "Can\'t find scan!" on every call', async () => {
    const calls = [
      () => get('/api/app/scan.status', dmitry, { uniqid: ready2 }),
      () => post('/api/app/scan.pdf', dmitry, { uniqid: ready2 }),
      () => get('/api/app/scan.thumb', dmitry, { uniqid: ready2, page: '1' }),
      () => post('/api/app/scan.do', dmitry, { uniqid: ready2, ...MAPPING, pages: '1' }),
      () => get('/api/app/scan.candidates', dmitry, { uniqid: ready2, index: '0' }),
      () => post('/api/app/scan.catalog', dmitry, { uniqid: ready2, cid: String(dcr.id) }),
      () => post('/api/app/scan.save', dmitry, { uniqid: ready2, 'products[]': '{}' }),
      () => get('/api/app/scan.status', olga, { uniqid: 'A'.repeat(21) }),
      () => get('/api/app/scan.status', olga, { uniqid: '../../etc' }),
    ];
    for (const call of calls) {
      const r = await call();
      expect(r.status).toBe(404);
      expect(r.data).toMatchObject({ type: 'error', error: "Can't find scan!" });
    }
    const ru = await get('/api/app/scan.status', dmitry, { uniqid: ready2 }, 'ru');
    expect(ru.data.error).toBe("Can't find scan!");
  });

  it('scan.file validation: file, document type, section, organisation, object, order', async () => {
    const bytes = new Blob([await specXlsx()]);
    const cases: Array<[Blob | null, Record<string, string>, Record<string, string>]> = [
      [null, {}, { file: 'Choose a file.' }],
      [
        bytes,
        { docType: 'calculation' },
        { docType: "Only the document type 'Specification' is available." },
      ],
      [bytes, { section: 'specification' }, { section: "Only the section 'Orders' is available." }],
      [bytes, { oid: 'x' }, { oid: 'Choose an organisation from the list.' }],
      [bytes, { object: '-1' }, { object: 'Choose a site from the list.' }],
      [bytes, { order: '999999' }, { order: 'Order not found.' }],
      [bytes, { oid: '999999' }, { oid: expect.stringMatching(/not found/i) }],
    ];
    const before = await storedFiles();
    for (const [file, fields, errors] of cases) {
      const r = await upload(olga, file, 'spec.xlsx', fields);
      expect(r.status, JSON.stringify(fields)).toBe(422);
      expect(r.data).toEqual({
        type: 'error',
        error: "Can't get ScanFile!",
        message: "Can't get ScanFile!",
        errors,
      });
    }
    expect(await storedFiles()).toBe(before);
  });

  it("uploads count against the user's hourly limit: over it, 429 and nothing stored", async () => {
    const key = `scanner-upload:${createHash('sha256').update(String(olgaId)).digest('base64url')}`;
    const resetAt = new Date(Date.now() + 1800_000).toISOString();
    await query(async (db) => {
      await db.deleteFrom('rate_limits').where('key', '=', key).execute();
      await db.insertInto('rate_limits').values({ key, count: 30, reset_at: resetAt }).execute();
    });
    const before = await storedFiles();
    const r = await upload(olga, new Blob([await specXlsx()]), 'one-too-many.xlsx');
    expect(r.status).toBe(429);
    expect(r.data).toMatchObject({
      type: 'error',
      error: "Can't get ScanFile!",
      errors: { file: 'Too many uploads. Try again in 30 min.' },
    });
    expect(await storedFiles()).toBe(before);
    await query((db) => db.deleteFrom('rate_limits').where('key', '=', key).execute());
  });

  it('a renamed or corrupt file is refused and leaves nothing behind', async () => {
    const before = await storedFiles();
    const scans = async () =>
      Number(
        (
          await query((db) =>
            db
              .selectFrom('scans')
              .select((eb: any) => eb.fn.countAll().as('n'))
              .where('user_id', '=', olgaId)
              .executeTakeFirstOrThrow(),
          )
        ).n,
      );
    const scansBefore = await scans();
    const text = await upload(olga, new Blob(['Позиция;Наименование\n1;Насос\n']), 'spec.pdf');
    expect(text.status).toBe(415);
    expect(text.data.type).toBe('error');
    expect(text.data.error).toBe("Can't get ScanFile!");
    expect(text.data.errors.file).toEqual(expect.any(String));
    expect(await scans()).toBe(scansBefore);
    // Looks like a PDF, is not one: accepted by its signature, refused by the reader; its files go.
    const broken = await upload(
      olga,
      new Blob(['%PDF-1.7\n%garbage without objects\n']),
      'broken.pdf',
    );
    if (broken.status === 201) {
      const s = await ready(broken.data.uniqid);
      expect(s.status).toBe('failed');
      expect(s.error).toEqual(expect.any(String));
      const d = await post('/api/app/scan.do', olga, {
        uniqid: broken.data.uniqid,
        ...MAPPING,
        pages: '1',
      });
      expect(d.status).toBe(422);
      expect(d.data.errors.uniqid).toBe(s.error);
    } else expect(broken.status).toBe(415);
    expect(await storedFiles()).toBe(before);
  });

  it('a zip bomb dressed as xlsx is refused with its reason and leaves nothing behind', async () => {
    const before = await storedFiles();
    const up = await upload(
      olga,
      new Blob([
        zip(
          {
            '[Content_Types].xml': '<Types/>',
            'xl/workbook.xml': '<workbook/>',
            'xl/worksheets/sheet1.xml': ' '.repeat(30 * 1024 * 1024),
          },
          true,
        ),
      ]),
      'bomb.xlsx',
    );
    expect(up.status).toBe(201);
    const s = await ready(up.data.uniqid);
    expect(s.status).toBe('failed');
    expect(s.error).toBe('The XLSX file unpacks to too much data and cannot be processed.');
    expect(await storedFiles()).toBe(before);
  });

  it('scan.do validation: columns, pages', async () => {
    const cases: Array<[Record<string, string>, Record<string, string>]> = [
      [{ title: '0' }, { title: 'Choose a column number from 1 to 40.' }],
      [{ count: '' }, { count: 'Choose a column number from 1 to 40.' }],
      [{ pos: '-1' }, { pos: "The column number is 1 to 40 or 'absent'." }],
      [{ pos: '41' }, { pos: "The column number is 1 to 40 or 'absent'." }],
      // The spec's 1..9 are always there; a column beyond the document's own is refused by name.
      [{ pos: '10' }, { pos: 'The document has 9 columns. Choose a column from 1 to 9.' }],
      [
        { count: '12', unit: '40' },
        {
          count: 'The document has 9 columns. Choose a column from 1 to 9.',
          unit: 'The document has 9 columns. Choose a column from 1 to 9.',
        },
      ],
      [{ marka: '2' }, { title: 'The same column is chosen for several fields.' }],
      [{ pages: '' }, { pages: 'Choose at least one page.' }],
      [{ pages: '0' }, { pages: 'Choose at least one page.' }],
      [{ pages: '1,x' }, { pages: 'Choose at least one page.' }],
      [{ pages: '7' }, { pages: expect.stringMatching(/^The document has only \d+ pages\.$/) }],
    ];
    for (const [fields, errors] of cases) {
      const r = await post('/api/app/scan.do', olga, {
        uniqid: ready2,
        ...MAPPING,
        pages: '1',
        ...fields,
      });
      expect(r.status, JSON.stringify(fields)).toBe(422);
      expect(r.data).toEqual({
        type: 'error',
        error: "Can't get product!",
        message: "Can't get product!",
        errors,
      });
    }
    const ru = await post(
      '/api/app/scan.do',
      olga,
      { uniqid: ready2, ...MAPPING, pages: '' },
      'ru',
    );
    expect(ru.data).toMatchObject({
      error: "Can't get product!",
      errors: { pages: 'Выберите хотя бы одну страницу.' },
    });
  });

  it('scan.thumb, scan.candidates and scan.catalog validation', async () => {
    const cases: Array<[() => ReturnType<ApiClient>, number, string, Record<string, unknown>]> = [
      [
        () => get('/api/app/scan.thumb', olga, { uniqid: ready2, page: '0' }),
        422,
        "Can't get ScanFile!",
        { page: expect.stringMatching(/^The page number is 1 to \d+\.$/) },
      ],
      [
        () => get('/api/app/scan.thumb', olga, { uniqid: ready2, page: '99' }),
        422,
        "Can't get ScanFile!",
        { page: expect.stringMatching(/^The page number is 1 to \d+\.$/) },
      ],
      [
        () => get('/api/app/scan.candidates', olga, { uniqid: ready2, index: 'x' }),
        422,
        "Can't get product!",
        { index: 'Invalid position number.' },
      ],
      [
        () => get('/api/app/scan.candidates', olga, { uniqid: ready2, index: '999' }),
        404,
        "Can't get product!",
        { index: 'Position not found.' },
      ],
      [
        () =>
          get('/api/app/scan.candidates', olga, { uniqid: ready2, index: '0', q: 'x'.repeat(201) }),
        422,
        "Can't get product!",
        { q: 'The value is too long.' },
      ],
      [
        () => post('/api/app/scan.catalog', olga, { uniqid: ready2, cid: 'abc' }),
        422,
        "Can't get product!",
        { cid: 'Invalid catalogue item id.' },
      ],
      [
        () => post('/api/app/scan.catalog', olga, { uniqid: ready2, cid: '99999999' }),
        404,
        "Can't get product!",
        { cid: 'Catalogue item not found.' },
      ],
    ];
    for (const [call, status, error, errors] of cases) {
      const r = await call();
      expect(r.status).toBe(status);
      expect(r.data).toEqual({ type: 'error', error, message: error, errors });
    }
  });

  it('scan.save validation: products, counts, module, order, confirmed matches, catalogue ids', async () => {
    const good = JSON.stringify({
      index: 0,
      pos: '1',
      title: 'Насос',
      marka: '',
      sku: '',
      man: '',
      unit: 'шт.',
      count: 1,
      cid: 0,
    });
    const cases: Array<[Record<string, string>, string[], number, Record<string, unknown>]> = [
      [{}, [], 422, { products: 'Tick at least one position.' }],
      [{}, ['{not json'], 422, { products: 'The positions were sent in a wrong format.' }],
      [
        {},
        [JSON.stringify({ index: 0, title: '', count: 1 })],
        422,
        { 'products[0].title': 'Enter the name of the position.' },
      ],
      [
        {},
        [good, JSON.stringify({ index: 1, title: 'Кран', count: 0 })],
        422,
        { 'products[1].count': 'The quantity must be a positive number.' },
      ],
      [
        {},
        [JSON.stringify({ index: 0, title: 'Кран', count: 'много' })],
        422,
        { 'products[0].count': 'The quantity must be a positive number.' },
      ],
      [
        { module: 'calculations' },
        [good],
        422,
        { module: "Only the section 'Orders' is available." },
      ],
      [{ pid: 'abc' }, [good], 422, { pid: 'Invalid order number.' }],
      [
        { newCid: '[1]' },
        [good],
        422,
        { newCid: 'The confirmed matches were sent in a wrong format.' },
      ],
      [{ pid: '999999' }, [good], 422, { pid: 'Order not found.' }],
      [
        {},
        [JSON.stringify({ index: 0, title: 'Насос', count: 1, cid: 99999999 })],
        422,
        { 'products[0].cid': 'Catalogue item not found.' },
      ],
    ];
    for (const [fields, products, status, errors] of cases) {
      const body = new URLSearchParams({ uniqid: ready2, module: 'orders', pid: '0', ...fields });
      for (const p of products) body.append('products[]', p);
      const r = await api('/api/app/scan.save', { token: olga, tokenInQuery: true, body });
      expect(r.status, JSON.stringify(fields) + products.join()).toBe(status);
      expect(r.data).toEqual({
        type: 'error',
        error: 'Could not save the order from the specification.',
        message: 'Could not save the order from the specification.',
        errors,
      });
    }
    // Only a new order that is not archived takes positions: an accepted one and an archived one are refused.
    const [accepted, archived] = await query(async (db) => {
      const own = await db
        .selectFrom('orders')
        .select(['id', 'number'])
        .where('user_id', '=', olgaId)
        .orderBy('id', 'desc')
        .limit(2)
        .execute();
      await db
        .updateTable('orders')
        .set({ status: 'accepted' })
        .where('id', '=', own[0].id)
        .execute();
      await db
        .updateTable('orders')
        .set({ status: 'new', archived: 1 })
        .where('id', '=', own[1].id)
        .execute();
      return own;
    });
    try {
      for (const [o, status] of [
        [accepted, 'Accepted'],
        [archived, 'Archived'],
      ] as const) {
        const closed = new URLSearchParams({ uniqid: ready2, module: 'orders', pid: String(o.id) });
        closed.append('products[]', good);
        const r = await api('/api/app/scan.save', {
          token: olga,
          tokenInQuery: true,
          body: closed,
        });
        expect(r.status).toBe(422);
        expect(r.data.errors).toEqual({
          pid: `Order No. ${o.number} is already “${status}”: positions can be added to a new order only.`,
        });
        const up = await upload(
          olga,
          new Blob([await specXlsx()]),
          'to-closed.xlsx',
          { order: String(o.id) },
          'ru',
        );
        expect(up.status).toBe(422);
        expect(up.data.errors).toEqual({
          order: `Заказ № ${o.number} уже в статусе «${status === 'Accepted' ? 'Принят' : 'В архиве'}»: позиции можно добавить только в новый заказ.`,
        });
      }
    } finally {
      await query((db) =>
        db
          .updateTable('orders')
          .set({ status: 'new', archived: 0 })
          .where('id', 'in', [accepted.id, archived.id])
          .execute(),
      );
    }
    // Another user's order is not found either.
    const dmitryOrder = await query((db) =>
      db
        .selectFrom('orders')
        .select('id')
        .where('user_id', '!=', olgaId)
        .orderBy('id')
        .executeTakeFirstOrThrow(),
    );
    const body = new URLSearchParams({
      uniqid: ready2,
      module: 'orders',
      pid: String(dmitryOrder.id),
    });
    body.append('products[]', good);
    const r = await api('/api/app/scan.save', { token: olga, tokenInQuery: true, body });
    expect(r.status).toBe(422);
    expect(r.data.errors).toEqual({ pid: 'Order not found.' });
  });

  // On PostgreSQL the three requests really overlap (without the claim all three made an order);
  // SQLite's one connection happens to serialise them.
  it('two saves of one scan sent at once give one order; the other answers that the scan is already saved', async () => {
    const up = await upload(olga, new Blob([await specXlsx()]), 'twice.xlsx');
    expect((await ready(up.data.uniqid)).status).toBe('ready');
    const d = await post('/api/app/scan.do', olga, {
      uniqid: up.data.uniqid,
      ...MAPPING,
      pages: '1',
    });
    const countOrders = () =>
      query((db) =>
        db
          .selectFrom('orders')
          .select((eb: any) => eb.fn.countAll().as('n'))
          .where('user_id', '=', olgaId)
          .executeTakeFirstOrThrow(),
      ).then((r: any) => Number(r.n));
    const before = await countOrders();
    const save = () => {
      const body = new URLSearchParams({
        uniqid: up.data.uniqid,
        module: 'orders',
        pid: '0',
        newCid: '{}',
      });
      body.append('products[]', JSON.stringify(d.data.entities[0]));
      return api('/api/app/scan.save', { token: olga, tokenInQuery: true, body });
    };
    const answers = await Promise.all([save(), save(), save()]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409))
      expect(a.data.errors).toEqual({
        uniqid: 'This document has already been saved to an order.',
      });
    expect(await countOrders()).toBe(before + 1);
  });

  it('calls need a session', async () => {
    const r = await api(`/api/app/scan.status?uniqid=${ready2}`);
    expect(r.status).toBe(401);
  });
});

const SAMPLES = new URL('../../../shared/samples/scanner/', import.meta.url).pathname;
const sample = (name: string) =>
  existsSync(join(SAMPLES, name)) ? new Uint8Array(readFileSync(join(SAMPLES, name))) : null;

describe('larger and real documents', () => {
  it('more positions than one save takes: scan.do lists the first 1000 and says how many there are', async () => {
    // The first name is longer than a saved position's name may be: it comes cut to 500 characters.
    const rows = Array.from({ length: 1003 }, (_, i) => [
      String(i + 1),
      i === 0 ? `Опора ${'скользящая '.repeat(60)}` : `Опора скользящая ${i + 1}`,
      '',
      '',
      '',
      'шт.',
      1,
    ]);
    const up = await upload(olga, new Blob([await gostSheet(rows)]), 'long.xlsx');
    expect(up.status).toBe(201);
    const status = await ready(up.data.uniqid);
    const r = await post('/api/app/scan.do', olga, {
      uniqid: up.data.uniqid,
      ...MAPPING,
      pages: status.pages.map((p: { page: number }) => p.page).join(','),
    });
    expect(r.status).toBe(200);
    expect(r.data.entities).toHaveLength(1000);
    expect(r.data.entities.at(-1).pos).toBe('1000');
    expect(r.data.entities[0].title).toHaveLength(500);
    expect(r.data.total).toBe(1003);
    expect(r.data.warning).toBe(
      'The document holds 1003 positions and one save takes 1000: the first 1000 are listed. To save the rest, recognise the document again with the other pages.',
    );
  }, 120_000);

  it('300 positions: recognised, and scan.do matches them all in bounded time', async () => {
    const models: Array<{ model: string; title: string; article_key: string | null }> = await query(
      (db) =>
        db
          .selectFrom('catalogue_items')
          .select(['model', 'title', 'article_key'])
          .orderBy('id')
          .limit(150)
          .execute(),
    );
    // A model the catalogue holds more than once (an imported catalogue may; the demo data no longer) is
    // not ticked by itself (issue 22): the customer picks the item in the popup.
    const keyCount: Array<{ article_key: string | null; n: number | string }> = await query((db) =>
      db
        .selectFrom('catalogue_items')
        .select(['article_key', db.fn.countAll().as('n')])
        .groupBy('article_key')
        .execute(),
    );
    const once = new Set(keyCount.filter((k) => Number(k.n) === 1).map((k) => k.article_key));
    const rows = Array.from({ length: 300 }, (_, i) => {
      const m = models[i % models.length]!;
      // Half by article, half by a name only (text ranking).
      return [
        String(i + 1),
        i % 2 ? m.title : 'Насос',
        i % 2 ? '' : m.model,
        '',
        '',
        'шт.',
        (i % 5) + 1,
      ];
    });
    const up = await upload(olga, new Blob([await gostSheet(rows)]), 'big.xlsx');
    expect(up.status).toBe(201);
    const t0 = performance.now();
    const status = await ready(up.data.uniqid);
    const recognised = performance.now() - t0;
    expect(status.status).toBe('ready');
    const pages = status.pages.map((p: { page: number }) => p.page).join(',');
    const t1 = performance.now();
    const r = await post('/api/app/scan.do', olga, { uniqid: up.data.uniqid, ...MAPPING, pages });
    const matched = performance.now() - t1;
    expect(r.status).toBe(200);
    expect(r.data.entities).toHaveLength(300);
    expect(r.data).toMatchObject({ total: 300 });
    expect(r.data.warning).toBeUndefined();
    const byArticle = r.data.entities.filter(
      (e: { index: number; cid: number }, i: number) => i % 2 === 0 && e.cid > 0,
    ).length;
    const unique = Array.from({ length: 150 }, (_x, k) => models[(2 * k) % models.length]!).filter(
      (m) => once.has(m.article_key),
    ).length;
    const articleRows = r.data.entities.filter((_e: unknown, i: number) => i % 2 === 0);
    // Every article row has its exact match; only a model naming one item is ticked, and a ticked one is that item.
    expect(
      articleRows.every(
        (e: { match: { score: number } | null }) => e.match && e.match.score >= 0.9,
      ),
    ).toBe(true);
    expect(
      articleRows.filter(
        (e: { cid: number; marka: string }) =>
          e.cid > 0 && !once.has(models.find((m) => m.model === e.marka)?.article_key ?? null),
      ).length,
    ).toBe(0);
    const byName = r.data.entities.filter(
      (e: { cid: number; match: unknown }, i: number) => i % 2 === 1 && e.match,
    ).length;
    console.log(
      `300 positions (${status.pageCount} pages): upload to ready ${recognised.toFixed(0)} ms, scan.do ${matched.toFixed(0)} ms; by article ${byArticle}/150 ticked (${unique} name one item), by name ${byName}/150 with a candidate`,
    );
    expect(unique).toBeGreaterThan(0);
    expect(byArticle).toBe(unique);
    expect(byName).toBeGreaterThanOrEqual(140);
    expect(matched).toBeLessThan(15_000);
  }, 120_000);

  // The shared samples are read from ../shared when that folder is present (it is in CI); without
  // them these two are reported as skipped, never as passed.
  const sample01 = sample('01-lexkorn-check_office_dwg-spec-APS-SOT-SKUD.xlsx');
  const sample05 = sample('05-lexkorn-check_office_dwg-floorplans-rotate270-NO-SPEC.pdf');
  it.skipIf(!sample01)(
    'the shared GOST sample 01 (real specification) gives its positions',
    async () => {
      const up = await upload(olga, new Blob([sample01!]), '01.xlsx');
      expect(up.status).toBe(201);
      const status = await ready(up.data.uniqid);
      expect(status.status).toBe('ready');
      const mapping = status.suggestedMapping ?? MAPPING;
      const fields = Object.fromEntries(Object.entries(mapping).map(([k, v]) => [k, String(v)]));
      const r = await post('/api/app/scan.do', olga, {
        uniqid: up.data.uniqid,
        ...fields,
        pages: status.pages.map((p: { page: number }) => p.page).join(','),
      });
      expect(r.status).toBe(200);
      console.log(
        `sample 01: ${status.pageCount} pages, ${r.data.entities.length} positions, suggested mapping ${JSON.stringify(status.suggestedMapping)}`,
      );
      expect(r.data.entities.length).toBeGreaterThan(20);
    },
    180_000,
  );
  it.skipIf(!sample05)(
    'the negative sample 05 (floor plans, no specification) is refused with its reason or shows no table, never crashes',
    async () => {
      const up = await upload(olga, new Blob([sample05!]), '05.pdf');
      expect(up.status).toBe(201);
      const status = await ready(up.data.uniqid);
      console.log(`sample 05: ${status.status} ${status.error ?? ''}`);
      expect(['failed', 'ready']).toContain(status.status);
      if (status.status === 'failed')
        expect(status.error).toBe(
          'No specification table (heading or column-number row) was found in the document.',
        );
      else expect(status.pages.every((p: { hasTable: boolean }) => !p.hasTable)).toBe(true);
    },
    180_000,
  );
});

describe("one user's documents in the shared queue", () => {
  it('at most 3 wait or run at once: the 4th upload answers 429 with the reason and stores nothing', async () => {
    const database = await templateDatabase();
    // No recognition on this instance: uploads stay queued.
    const a = await startServer({ SCANNER_CONCURRENCY: '0' }, database);
    try {
      const token = (await sessionFor(a, 'olga.demidova@demo.example')).token;
      const send = async () => {
        const body = new FormData();
        body.set('file', new Blob([await specXlsx()]), 'queued.xlsx');
        return apiClient(a)('/api/app/scan.file', { token, tokenInQuery: true, body });
      };
      for (let i = 0; i < 3; i++) expect((await send()).status).toBe(201);
      const base = await storedFiles(a);
      const fourth = await send();
      expect(fourth.status).toBe(429);
      expect(fourth.data.errors).toEqual({
        file: 'Your documents are already being recognised (3). Wait until at least one is done, then upload this one.',
      });
      expect(await storedFiles(a)).toBe(base);
      // Another user is not held up by them.
      const other = (await sessionFor(a, 'dmitry.volkov@demo.example')).token;
      const body = new FormData();
      body.set('file', new Blob([await specXlsx()]), 'mine.xlsx');
      expect(
        (await apiClient(a)('/api/app/scan.file', { token: other, tokenInQuery: true, body }))
          .status,
      ).toBe(201);
    } finally {
      await a.stop();
      await database.drop();
    }
  }, 120_000);
});

describe('a job left behind by a stopped instance', () => {
  it('is taken over and finished by the next instance on the same database', async () => {
    const database = await templateDatabase();
    const a = await startServer({ SCANNER_CONCURRENCY: '0' }, database);
    let b: TestServer | undefined;
    try {
      const token = (await sessionFor(a, 'olga.demidova@demo.example')).token;
      const base = await storedFiles(a);
      const body = new FormData();
      body.set('file', new Blob([await specXlsx()]), 'left-behind.xlsx');
      const up = await apiClient(a)('/api/app/scan.file', { token, tokenInQuery: true, body });
      expect(up.status).toBe(201);
      // An older scan past its retention time: answers 404 at once, the next instance's sweep removes it and its file.
      const old = await apiClient(a)('/api/app/scan.file', { token, tokenInQuery: true, body });
      await query(
        (db) =>
          db
            .updateTable('scans')
            .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
            .where('uniqid', '=', old.data.uniqid)
            .execute(),
        a,
      );
      const gone = await apiClient(a)(`/api/app/scan.status?uniqid=${old.data.uniqid}`, {
        token,
        tokenInQuery: true,
      });
      expect(gone.status).toBe(404);
      expect(gone.data.error).toBe("Can't find scan!");
      expect(await storedFiles(a)).toBe(base + 2);
      // The instance that had claimed the first one was killed mid-way: its lease ran out.
      await query(
        (db) =>
          db
            .updateTable('scan_jobs')
            .set({
              state: 'running',
              attempts: 1,
              locked_by: 'killed-instance',
              locked_until: new Date(Date.now() - 1000).toISOString(),
            })
            .where(
              'scan_id',
              '=',
              db.selectFrom('scans').select('id').where('uniqid', '=', up.data.uniqid),
            )
            .execute(),
        a,
      );
      await a.stop();
      b = await startServer({}, database);
      const status = await ready(up.data.uniqid, token, apiClient(b));
      expect(status.status).toBe('ready');
      const jobs = await query((db) => db.selectFrom('scan_jobs').selectAll().execute(), b);
      expect(jobs).toEqual([
        expect.objectContaining({
          state: 'done',
          attempts: 2,
          last_error: expect.stringMatching(/lease expired/),
        }),
      ]);
      expect(await query((db) => db.selectFrom('scans').select('uniqid').execute(), b)).toEqual([
        { uniqid: up.data.uniqid },
      ]);
      // Left: the first scan's PDF (its original went once it was recognised, the old scan's with the sweep).
      expect(await storedFiles(b)).toBe(base + 1);
    } finally {
      await b?.stop();
      await database.drop();
    }
  }, 120_000);
});
