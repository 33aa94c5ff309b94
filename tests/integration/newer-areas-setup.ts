// Data of the newer areas made through the real API and integration API for the fuzz and access
// suites: a saved calculation and its order, a product on that order, a BTP project, a recognised
// scan, plus a key of every integration scope and direct database access for the switches the back
// office owns (the dispatching module, the employee role).
import { createHash } from 'node:crypto';
import { GOST_HEAD } from '../../src/features/scanner/recognition/sheets.testkit.ts';
import ExcelJS from 'exceljs';
import { INTEGRATION_SCOPES } from '../../src/lib/config.ts';
import type { ApiClient } from '../helpers/api-client.ts';
import { scanReady } from '../helpers/scanner.ts';
import type { TestServer } from '../helpers/server.ts';
import { withDb } from '../helpers/support.ts';

export const ALL_KEY = 'all-scopes-test-key-0123456789abcdef';
/** A key of every scope but the one named, to prove each call checks its own scope. */
export const keyWithout = (scope: string) => `without-${scope}-0123456789abcdef`;
const sha = (s: string) => createHash('sha256').update(s).digest('hex');
export const keysEnv = {
  INTEGRATION_KEYS: [
    `all:${sha(ALL_KEY)}:${INTEGRATION_SCOPES.join('+')}`,
    ...INTEGRATION_SCOPES.map(
      (s) => `no-${s}:${sha(keyWithout(s))}:${INTEGRATION_SCOPES.filter((x) => x !== s).join('+')}`,
    ),
  ].join(','),
};

export const query = <T>(server: TestServer, fn: (db: any) => Promise<T>): Promise<T> =>
  withDb(server, fn);

export const setFlag = (
  server: TestServer,
  email: string,
  flag: 'module_scada' | 'is_employee',
  value: 0 | 1,
) =>
  query(server, (db) =>
    db
      .updateTable('users')
      .set({ [flag]: value })
      .where('email', '=', email)
      .execute(),
  );

/** The integration API with a key (ALL_KEY unless told), JSON or multipart. */
export function integration(server: TestServer) {
  return async function call(
    path: string,
    o: { method?: string; key?: string | null; json?: unknown; form?: FormData } = {},
  ) {
    const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': 'en' };
    const key = o.key === undefined ? ALL_KEY : o.key;
    if (key) headers.Authorization = `Bearer ${key}`;
    if (o.json !== undefined) headers['Content-Type'] = 'application/json';
    const body = o.json !== undefined ? JSON.stringify(o.json) : o.form;
    const res = await fetch(server.url + path, {
      method: o.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
    });
    const text = await res.text();
    let data: any = text;
    try {
      data = JSON.parse(text);
    } catch {
      /* not JSON: kept as text */
    }
    return { status: res.status, data };
  };
}

export const DUTY = {
  q: '60',
  q_unit: 'm3/h',
  h: '13',
  h_unit: 'm',
  h_static: '5',
  speed_control: '1',
};

/** A saved pump calculation of the token's user with the first pump the selection offers. */
export async function savedCalculation(api: ApiClient, token: string) {
  const sel = await api('/api/v1/calculations/pump/select', { token, json: { ...DUTY, limit: 5 } });
  const chosen = sel.data.entities[0] as { cid: number; sku: string };
  const saved = await api('/api/v1/calculations', {
    token,
    json: { kind: 'pump', inputs: DUTY, chosen: [chosen.cid] },
  });
  if (saved.status !== 200) throw new Error(`save: ${saved.status} ${JSON.stringify(saved.data)}`);
  return { id: saved.data.id as number, cid: chosen.cid, sku: chosen.sku };
}

/** The calculation ordered (a real order), and one product made on that order by the back office. */
export async function orderAndProduct(
  server: TestServer,
  api: ApiClient,
  token: string,
  calcId: number,
  serial: string,
) {
  const order = await api(`/api/v1/calculations/${calcId}/order`, { token, method: 'POST' });
  if (order.status !== 200) throw new Error(`order: ${order.status} ${JSON.stringify(order.data)}`);
  const made = await integration(server)('/api/integration/productions', {
    json: { order_id: order.data.sales_id, products: [{ serial, title: `Product ${serial}` }] },
  });
  if (made.status !== 201) throw new Error(`product: ${made.status} ${JSON.stringify(made.data)}`);
  return { orderId: order.data.sales_id as number, productId: made.data.ids[0] as number };
}

/** A GOST 21.110 specification of two positions, as the scanner recognises it. */
export async function specXlsx(): Promise<Uint8Array<ArrayBuffer>> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Спецификация');
  ws.addRow(GOST_HEAD);
  ws.addRow([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  ws.addRow([
    '1',
    'Насос циркуляционный с мокрым ротором',
    'DCR 50/8-0.37/4',
    '',
    'Demo Pumps',
    'шт.',
    2,
    '',
    '',
  ]);
  ws.addRow(['2', 'Кран шаровой латунный Ду50', 'КШ-50', '', '', 'шт.', 4, '', '']);
  return new Uint8Array((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}

export const MAPPING = {
  pos: '1',
  title: '2',
  marka: '3',
  sku: '4',
  man: '5',
  unit: '6',
  count: '7',
};

/** A scan uploaded by the token's user and recognised; its uniqid. */
export async function recognisedScan(
  server: TestServer,
  api: ApiClient,
  token: string,
  userId: number,
): Promise<string> {
  const oid = await query(server, async (db) => {
    const own = await db
      .selectFrom('user_organisations')
      .select('organisation_id')
      .where('user_id', '=', userId)
      .orderBy('organisation_id')
      .executeTakeFirst();
    if (own) return own.organisation_id as number;
    // A user without an organisation (the demo dispatcher) joins the first one, as a colleague would.
    const first = await db
      .selectFrom('organisations')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('user_organisations')
      .values({
        user_id: userId,
        organisation_id: first.id,
        post: 'Engineer',
        search: 'engineer',
        created_at: new Date().toISOString(),
      })
      .execute();
    return first.id as number;
  });
  const body = new FormData();
  body.set('file', new Blob([await specXlsx()]), 'spec.xlsx');
  for (const [k, v] of Object.entries({
    order: '0',
    docType: 'specification',
    section: 'orders',
    oid: String(oid),
    object: '0',
  }))
    body.set(k, v);
  const up = await api('/api/app/scan.file', { token, tokenInQuery: true, body });
  if (up.status !== 201) throw new Error(`scan.file: ${up.status} ${JSON.stringify(up.data)}`);
  const status = await scanReady(api, up.data.uniqid, token, 'en', 60_000);
  if (status.status !== 'ready') throw new Error(`scan: ${JSON.stringify(status)}`);
  return up.data.uniqid as string;
}
