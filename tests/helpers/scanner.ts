// The scanner integration suites' shared set-up (tests/integration/scanner*.test.ts): the GOST
// 21.110 Form 1 specification sheet they each built by hand (`gostSheet`), and a test with fixtures
// on top of tests/helpers/fixtures.ts: `api` (the JSON client of the worker's server), `customers`
// (Olga and Dmitry signed in, with Olga's first organisation) and `scan` (upload a file, wait until
// recognised). Status is polled: the scanner pushes nothing a test process could listen to.
import ExcelJS from 'exceljs';
import { GOST_HEAD } from '../../src/features/scanner/recognition/sheets.testkit.ts';
import { apiClient, type ApiClient } from './api-client.ts';
import { expect, test as base } from './fixtures.ts';

export { expect };
import { sessionFor } from './session.ts';

/** The headings of GOST 21.110 Form 1, in its column order. */
export { GOST_HEAD };
const WIDTHS = [8, 45, 30, 12, 20, 10, 8, 10, 15];

/** A row of the sheet: a position (its cells in column order) or a section heading. */
export type GostRow = (string | number)[] | { section: string };

/**
 * A one-sheet GOST 21.110 Form 1 specification as .xlsx: the headings, the row of column numbers,
 * then `rows` (sections in column 2). `columns` keeps the first N columns (7: without mass and note).
 */
export async function gostSheet(
  rows: GostRow[],
  { columns = 9, sheet = 'Спецификация' } = {},
): Promise<Uint8Array<ArrayBuffer>> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheet);
  ws.addRow(GOST_HEAD.slice(0, columns));
  ws.addRow(Array.from({ length: columns }, (_, i) => i + 1));
  for (const row of rows) {
    const cells = Array.isArray(row) ? row : ['', row.section];
    ws.addRow(Array.from({ length: columns }, (_, i) => cells[i] ?? ''));
  }
  ws.columns.forEach((c, i) => (c.width = WIDTHS[i]));
  return new Uint8Array((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}

/** The column mapping of Form 1 as scan.do takes it. */
export const GOST_MAPPING = {
  pos: '1',
  title: '2',
  marka: '3',
  sku: '4',
  man: '5',
  unit: '6',
  count: '7',
};

export interface Customer {
  token: string;
  userId: number;
  /** The customer's first organisation (0 when none). */
  org: number;
}

/** Uploads `bytes` as a specification for a new order and polls scan.status until it is recognised. */
export type Scan = (
  bytes: Uint8Array,
  name: string,
  options?: { token?: string; fields?: Record<string, string>; lang?: string },
) => Promise<{ uniqid: string; status: any }>;

export const test = base
  .extend('api', { scope: 'worker' }, async ({ server }): Promise<ApiClient> => apiClient(server))
  .extend('customers', { scope: 'worker' }, async ({ server, db }) => {
    const customer = async (email: string): Promise<Customer> => {
      const { token, userId } = await sessionFor(server, email);
      const org = await db
        .selectFrom('user_organisations')
        .select('organisation_id')
        .where('user_id', '=', userId)
        .orderBy('organisation_id')
        .executeTakeFirst();
      return { token, userId, org: org?.organisation_id ?? 0 };
    };
    return {
      olga: await customer('olga.demidova@demo.example'),
      dmitry: await customer('dmitry.volkov@demo.example'),
    };
  })
  .extend('scan', { scope: 'worker' }, async ({ api, customers }) => {
    const scan: Scan = async (
      bytes,
      name,
      { token = customers.olga.token, fields = {}, lang = 'en' } = {},
    ) => {
      const body = new FormData();
      body.set('file', new Blob([new Uint8Array(bytes)]), name);
      for (const [k, v] of Object.entries({
        order: '0',
        docType: 'specification',
        section: 'orders',
        object: '0',
        ...fields,
      }))
        body.set(k, v);
      const up = await api('/api/app/scan.file', { token, tokenInQuery: true, body, lang });
      expect(up.status, JSON.stringify(up.data)).toBe(201);
      return { uniqid: up.data.uniqid, status: await scanReady(api, up.data.uniqid, token, lang) };
    };
    return scan;
  });

/**
 * Polls scan.status until recognition is over (ready or failed) and answers the last status; `seen`
 * collects each answer's state (`status` or `status:stage`) on the way. The scanner pushes nothing a
 * test process could listen to, so the status call is the event: asked at once, then every 250 ms,
 * failing with the last answer when `ms` pass. Not expect.poll: set-ups call this at a file's top
 * level and in hooks, where expect.poll refuses to run.
 */
export async function scanReady(
  api: ApiClient,
  uniqid: string,
  token: string,
  lang = 'en',
  ms = 120_000,
  seen: string[] = [],
): Promise<any> {
  const deadline = Date.now() + ms;
  for (;;) {
    const r = await api(`/api/app/scan.status?uniqid=${uniqid}`, {
      token,
      tokenInQuery: true,
      lang,
    });
    expect(r.status, JSON.stringify(r.data)).toBe(200);
    seen.push(r.data.stage ? `${r.data.status}:${r.data.stage}` : r.data.status);
    if (r.data.status === 'ready' || r.data.status === 'failed') return r.data;
    if (Date.now() > deadline)
      throw new Error(`scan not over in ${ms} ms: ${JSON.stringify(r.data)}`);
    await new Promise((res) => setTimeout(res, 250));
  }
}
