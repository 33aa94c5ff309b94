// Which stored files a production-scope integration key may attach to a product by id: only the
// integration documents (order and product documents) of that product's owner. Another customer's
// support attachment, scanned specification or order document is refused with the answer of a
// missing file (422 naming the field, "No such file"), so the owner of the product never gets a
// link to it; a document uploaded through the integration API still attaches by id.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../helpers/api-client.ts';
import { backoffice, ERP_KEY } from '../helpers/backoffice.ts';
import { pdf, png } from '../helpers/sample-files.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';
import { api as supportApi, withDb } from '../helpers/support.ts';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const env = { INTEGRATION_KEYS: `erp:${sha(ERP_KEY)}:orders+production` };

let server: TestServer;
let api: ApiClient;
let call: ReturnType<typeof backoffice>;
let olga: { token: string; userId: number; cookie: string };
let dmitry: { token: string; userId: number; cookie: string };
/** Olga's files that are not Dmitry's to get: a support attachment, a scanned PDF, an order document. */
const foreign: Record<'support' | 'scan' | 'orderDocument', string> = {
  support: '',
  scan: '',
  orderDocument: '',
};
let dmitryOrder: { id: number; item: number };

async function orderOf(userId: number) {
  const orders = (await call('/api/integration/orders?limit=100')).data.data;
  const o = orders.find((x: any) => x.customer_id === userId && x.items.length > 0);
  return { id: o.id as number, item: o.items[0].id as number };
}

beforeAll(async () => {
  server = await startServer(env);
  api = apiClient(server);
  call = backoffice(server);
  [olga, dmitry] = await Promise.all([
    sessionFor(server, 'olga.demidova@demo.example'),
    sessionFor(server, 'dmitry.volkov@demo.example'),
  ]);
  dmitryOrder = await orderOf(dmitry.userId);

  // A support attachment of Olga's, uploaded the way she does it.
  const olgaSupport = supportApi(server, olga.cookie);
  const request = (
    (await (await olgaSupport.get('/api/v1/support')).json()) as {
      data: Array<{ id: number; status: number }>;
    }
  ).data.find((r) => r.status === 1)!;
  expect(
    (
      await olgaSupport.post('/api/v1/support/media', {
        support_id: String(request.id),
        media: [pdf('olga support'), 'contract.pdf'],
      })
    ).status,
  ).toBe(201);
  const messages = (
    (await (await olgaSupport.get(`/api/v1/support/${request.id}`)).json()) as {
      data: Array<{ file?: { url: string } }>;
    }
  ).data;
  foreign.support = /\/([A-Za-z0-9_-]{21})$/.exec(messages.findLast((m) => m.file)!.file!.url)![1]!;

  // A specification Olga scanned.
  const orgId = await withDb(
    server,
    async (db) =>
      (
        await db
          .selectFrom('user_organisations')
          .select('organisation_id')
          .where('user_id', '=', olga.userId)
          .orderBy('organisation_id')
          .executeTakeFirstOrThrow()
      ).organisation_id,
  );
  const body = new FormData();
  body.set('file', new Blob([pdf('olga scan')]), 'scan.pdf');
  for (const [k, val] of Object.entries({
    order: '0',
    docType: 'specification',
    section: 'orders',
    oid: String(orgId),
    object: '0',
  }))
    body.set(k, val);
  const up = await api('/api/app/scan.file', { token: olga.token, tokenInQuery: true, body });
  expect(up.status).toBe(201);
  const scan = await withDb(
    server,
    async (db) =>
      (
        await sql<{
          original_file: string | null;
          pdf_file: string | null;
        }>`select original_file, pdf_file from scans where uniqid = ${up.data.uniqid}`.execute(db)
      ).rows[0]!,
  );
  foreign.scan = (scan.original_file ?? scan.pdf_file)!;

  // A document the back office put on Olga's order: an integration document, but Olga's.
  const olgaOrder = await orderOf(olga.userId);
  const doc = await call(`/api/integration/orders/${olgaOrder.id}/documents`, {
    data: { kind: 'invoice', title: 'Invoice' },
    files: { file: [pdf('olga invoice'), 'invoice.pdf'] },
  });
  expect(doc.status).toBe(201);
  foreign.orderDocument = doc.data.file_id;
});
afterAll(async () => {
  await server?.stop();
});

let serial = 0;
const product = async (extra: Record<string, unknown> = {}) => {
  const r = await call('/api/integration/productions', {
    json: {
      order_id: dmitryOrder.id,
      products: [{ serial: `F-${++serial}`, order_item_id: dmitryOrder.item, ...extra }],
    },
  });
  return r;
};
const download = (productId: number, fileId: string) =>
  fetch(`${server.url}/productions/${productId}/files/${fileId}`, {
    headers: { cookie: dmitry.cookie },
  });

describe('files named by id in production calls', () => {
  it.each(['support', 'scan', 'orderDocument'] as const)(
    "refuses another customer's %s file as a document, a shipment file and a picture",
    async (which) => {
      const fileId = foreign[which];
      expect(fileId).toMatch(/^[A-Za-z0-9_-]{21}$/);
      const id = (await product()).data.ids[0] as number;
      const doc = await call(`/api/integration/productions/${id}/documents`, {
        json: { kind: 'manual', file_id: fileId },
      });
      expect(doc.status).toBe(422);
      expect(doc.data.errors).toEqual({ file_id: 'No such file' });
      // The same answer as for an id that names no file at all: nothing tells whether it exists.
      expect(
        (
          await call(`/api/integration/productions/${id}/documents`, {
            json: { kind: 'manual', file_id: 'c'.repeat(21) },
          })
        ).data,
      ).toEqual(doc.data);
      const ship = await call(`/api/integration/productions/${id}/shipments`, {
        json: { numb: 'W-1', date: '2026-01-10', attach: [{ file_id: fileId }] },
      });
      expect(ship.status).toBe(422);
      expect(ship.data.errors).toEqual({ 'attach.0.file_id': 'No such file' });
      const pictured = await product({ picture_file_id: fileId });
      expect(pictured.status).toBe(422);
      expect(pictured.data.errors).toEqual({
        'products.0.picture_file_id': 'The picture must be PNG, JPEG or WebP',
      });
      // Nothing was attached, so Dmitry, the product's owner, cannot download it.
      expect((await download(id, fileId)).status).toBe(404);
      const one = (await api(`/api/v1/productions/${id}`, { token: dmitry.token })).data.data;
      expect(one.files).toEqual([]);
    },
  );

  it('attaches a document uploaded through the integration API for the same customer, by id, and its owner downloads it', async () => {
    const first = (await product()).data.ids[0] as number;
    const second = (await product()).data.ids[0] as number;
    const up = await call(`/api/integration/productions/${first}/documents`, {
      data: { kind: 'passport' },
      files: { file: [pdf('passport'), 'passport.pdf'] },
    });
    expect(up.status).toBe(201);
    const ref = await call(`/api/integration/productions/${second}/documents`, {
      json: { kind: 'manual', file_id: up.data.file_id },
    });
    expect(ref.status).toBe(201);
    const ship = await call(`/api/integration/productions/${second}/shipments`, {
      json: { numb: 'W-2', date: '2026-01-10', attach: [{ file_id: up.data.file_id }] },
    });
    expect(ship.status).toBe(201);
    const got = await download(second, up.data.file_id);
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer()).toString()).toContain('passport');
    // A picture uploaded the same way becomes a product picture.
    const picture = await call(`/api/integration/productions/${first}/documents`, {
      data: { kind: 'drawing' },
      files: { file: [png(), 'photo.png'] },
    });
    expect(picture.status).toBe(201);
    const pictured = await product({ picture_file_id: picture.data.file_id });
    expect(pictured.status).toBe(201);
    expect((await download(pictured.data.ids[0], picture.data.file_id)).status).toBe(200);
  });
});
