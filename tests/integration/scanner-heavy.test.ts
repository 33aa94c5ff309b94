// Issue 20: scan.do and scan.candidates on a recognised 8 MB spreadsheet of 165,000 rows ran 16-27 s
// on the main thread; /healthz and other users waited as long. Now the positions are built and
// matched in the scanner's compute worker (decision 0029): while both calls run, /healthz is probed
// every 10 ms and 95 % of the probes must answer within 100 ms, none over 750 ms (the event loop's
// real stall is far lower: the probe's own round trip is most of it), and another user's request succeeds meanwhile.
//
// The spreadsheet is made here with exceljs (9 sheets of 18,334 GOST Form 1 rows) and read by the
// scanner's own xlsx reader. A small specification goes through the real upload and recognition;
// the big sheet's recognised lines are then put in its place. Recognising the big one end to end
// is not done here: LibreOffice needs 65 s of CPU (3.5 minutes on the shared CI box) just to
// render its 3,500 pages of preview PDF, past its conversion limit and this suite's budget; the
// calls under test only read the recognised lines, which are the same either way.
import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { extractXlsx } from '../../src/features/scanner/recognition/office.ts';
import { apiClient, type ApiClient } from '../helpers/api-client.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { scanReady } from '../helpers/scanner.ts';
import { sessionFor } from '../helpers/session.ts';
import { openTestDatabase } from '../helpers/db.ts';

let server: TestServer;
let api: ApiClient;
let olga: string;
let dmitry: string;
let orgId: number;
let dcr: { id: number; model: string };

const SHEETS = 9;
const PER_SHEET = 18_334;
const HEAD = [
  'Поз.',
  'Наименование и техническая характеристика',
  'Тип, марка, обозначение документа, опросного листа',
  'Код продукции',
  'Поставщик',
  'Ед. измерения',
  'Кол.',
];
const NAMES = [
  'Кран шаровой латунный муфтовый',
  'Затвор дисковый поворотный межфланцевый',
  'Клапан обратный пружинный',
  'Фильтр сетчатый фланцевый магнитный',
  'Манометр показывающий радиальный',
  'Термометр биметаллический осевой',
];
const MAKERS = ['Завод трубопроводной арматуры', 'Теплоприбор', 'Demo Pumps', 'Армасеть'];
const DN = [15, 20, 25, 32, 40, 50, 65, 80, 100];

const dbOf = (s: TestServer) => openTestDatabase(s.database);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The 165,006-position workbook: row 1 of sheet 1 is a pump of the demo catalogue, the rest valves and gauges. */
async function bigWorkbook(): Promise<Uint8Array> {
  // The streaming writer with inline strings: seconds instead of a minute for the in-memory one.
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: false,
  });
  let n = 0;
  for (let s = 0; s < SHEETS; s++) {
    const ws = wb.addWorksheet(`Лист ${s + 1}`);
    ws.addRow(HEAD).commit();
    ws.addRow([1, 2, 3, 4, 5, 6, 7]).commit();
    for (let i = 0; i < PER_SHEET; i++, n++) {
      const dn = DN[n % DN.length]!;
      const row =
        n === 0
          ? ['1', 'Насос циркуляционный с мокрым ротором', dcr.model, '', 'Demo Pumps', 'шт.', 2]
          : [
              `${s + 1}.${i + 1}`,
              `${NAMES[n % NAMES.length]} Ду${dn} PN16, присоединение резьбовое, ГОСТ 21345-2005`,
              `КШ-${dn}-${n % 4}`,
              `42${String(n).padStart(7, '0')}`,
              MAKERS[n % MAKERS.length],
              'шт.',
              (n % 12) + 1,
            ];
      ws.addRow(row).commit();
    }
    ws.commit();
  }
  await wb.commit();
  return new Uint8Array(Buffer.concat(chunks));
}

async function smallWorkbook(): Promise<Uint8Array<ArrayBuffer>> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Спецификация');
  ws.addRow(HEAD);
  ws.addRow([1, 2, 3, 4, 5, 6, 7]);
  ws.addRow(['1', 'Насос циркуляционный с мокрым ротором', dcr.model, '', 'Demo Pumps', 'шт.', 2]);
  return new Uint8Array((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}

/**
 * The prober: its own process (this one has just built and dropped 165,000 lines, and its garbage
 * collection must not count as the server's). After one warm-up round it says "ready", then asks
 * /healthz every 10 ms and, every 500 ms, lists another customer's orders (sales.get), until stdin
 * closes; then it prints every wait (ms) and any answer other than 200.
 */
const PROBER = `
  const [url, token] = process.argv.slice(1);
  const timed = async (path) => { const t0 = performance.now(); const r = await fetch(url + path); await r.arrayBuffer(); return [performance.now() - t0, r.status]; };
  const waits = [], other = [], bad = []; let done = false;
  process.stdin.on('data', () => {}); process.stdin.on('end', () => (done = true));
  const sales = '/api/app/sales.get?token=' + token;
  (async () => {
    await timed('/healthz'); await timed(sales);
    process.stdout.write('ready\\n');
    // Sampling rates (every 500 ms and 10 ms), not waits: the probes measure answers meanwhile.
    const others = (async () => { while (!done) { const [ms, st] = await timed(sales); other.push(ms); if (st !== 200) bad.push('sales.get ' + st); await new Promise((r) => setTimeout(r, 500)); } })();
    while (!done) {
      const [ms, st] = await timed('/healthz');
      waits.push(ms);
      if (st !== 200) bad.push('healthz ' + st);
      await new Promise((r) => setTimeout(r, 10));
    }
    await others;
    process.stdout.write(JSON.stringify({ waits, other, bad }) + '\\n');
  })();
`;

interface Probes {
  waits: number[];
  other: number[];
}

/** Runs `work` while the prober asks /healthz every 10 ms and another user lists orders; the answer of `work`, its time and the probes. */
async function probed<T>(
  work: () => Promise<T>,
): Promise<{ result: T; ms: number; probes: Probes }> {
  const prober = spawn(process.execPath, ['-e', PROBER, server.url, dmitry], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  const ready = new Promise<void>((resolve) =>
    prober.stdout.on('data', (d) => ((out += d), out.includes('ready') && resolve())),
  );
  const exited = new Promise((r) => prober.once('exit', r));
  await ready;
  const t0 = performance.now();
  let result: T;
  try {
    result = await work();
  } finally {
    prober.stdin.end();
    await exited;
  }
  const ms = performance.now() - t0;
  const { waits, other, bad } = JSON.parse(out.slice(out.indexOf('{'))) as Probes & {
    bad: string[];
  };
  expect(bad).toEqual([]);
  return { result, ms, probes: { waits, other } };
}

const maxOf = (xs: number[]) => Math.max(...xs).toFixed(1);
const median = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!.toFixed(1);

let uniqid: string;

beforeAll(async () => {
  server = await startServer();
  api = apiClient(server);
  const o = await sessionFor(server, 'olga.demidova@demo.example');
  olga = o.token;
  dmitry = (await sessionFor(server, 'dmitry.volkov@demo.example')).token;
  const d = dbOf(server);
  try {
    orgId = (
      await d.db
        .selectFrom('user_organisations')
        .select('organisation_id')
        .where('user_id', '=', o.userId)
        .orderBy('organisation_id')
        .executeTakeFirstOrThrow()
    ).organisation_id;
    dcr = await d.db
      .selectFrom('catalogue_items')
      .select(['id', 'model'])
      .where('model', '=', 'DCR 50/8-0.37/4')
      .executeTakeFirstOrThrow();
  } finally {
    await d.close();
  }
  // The real upload and recognition, started first: the big sheet is made while it runs.
  const body = new FormData();
  body.set('file', new Blob([await smallWorkbook()]), 'Спецификация.xlsx');
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
  let t0 = performance.now();
  const bytes = await bigWorkbook();
  const made = performance.now() - t0;
  expect(bytes.byteLength).toBeGreaterThan(7 * 1048576);
  t0 = performance.now();
  const big = await extractXlsx(bytes);
  const read = performance.now() - t0;
  expect(big.lines.length).toBeGreaterThan(165_000);
  t0 = performance.now();
  const small = await scanReady(api, uniqid, olga, 'en', 60_000);
  expect(small.status, `small scan not recognised: ${JSON.stringify(small)}`).toBe('ready');
  console.log(
    `big sheet: ${(bytes.byteLength / 1048576).toFixed(1)} MB made in ${made.toFixed(0)} ms, read in ${read.toFixed(0)} ms (${big.lines.length} lines); small scan ready ${(performance.now() - t0).toFixed(0)} ms later`,
  );
  const summary = {
    pages: big.pages,
    columnCount: big.columnCount,
    headers: big.headers,
    suggestedMapping: big.suggestedMapping,
    notes: big.notes,
  };
  const db = dbOf(server);
  try {
    await db.db
      .updateTable('scans' as never)
      .set({ document: JSON.stringify(big.lines), summary: JSON.stringify(summary) } as never)
      .where('uniqid' as never, '=', uniqid as never)
      .execute();
  } finally {
    await db.close();
  }
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

const form = (fields: Record<string, string>) => ({
  token: olga,
  tokenInQuery: true,
  body: new URLSearchParams(fields),
});
const MAPPING = { pos: '1', title: '2', marka: '3', sku: '4', man: '5', unit: '6', count: '7' };

it('scan.do and scan.candidates on 165,000 rows leave /healthz and other users answered at once (p95 under 100 ms, none over 750 ms)', async () => {
  // The machine's own noise first: the same probes with nothing running (for the report, not asserted);
  // two seconds of probing is the measurement here, not a wait for something.
  const idle = await probed(() => sleep(2000));
  const pages = Array.from({ length: SHEETS }, (_, i) => String(i + 1)).join(',');
  const run = await probed(() => api('/api/app/scan.do', form({ uniqid, ...MAPPING, pages })));
  const r = run.result;
  expect(r.status).toBe(200);
  expect(r.data.type).toBe('success');
  expect(r.data.total).toBe(SHEETS * PER_SHEET);
  expect(r.data.entities).toHaveLength(1000);
  expect(r.data.warning).toBe(
    `The document holds ${SHEETS * PER_SHEET} positions and one save takes 1000: the first 1000 are listed. To save the rest, recognise the document again with the other pages.`,
  );
  expect(r.data.entities[0]).toMatchObject({
    index: 0,
    page: 1,
    pos: '1',
    title: 'Насос циркуляционный с мокрым ротором',
    marka: dcr.model,
    unit: 'шт.',
    count: 2,
    cid: dcr.id,
  });
  expect(r.data.entities[999]).toMatchObject({
    index: 999,
    page: 1,
    pos: '1.1000',
    marka: 'КШ-15-3',
    man: 'Армасеть',
    count: 4,
  });

  const cand = await probed(() =>
    api(`/api/app/scan.candidates?uniqid=${uniqid}&index=0`, { token: olga, tokenInQuery: true }),
  );
  expect(cand.result.status).toBe(200);
  expect(cand.result.data.candidates[0]).toMatchObject({
    cid: dcr.id,
    article: dcr.model,
    score: 1,
  });

  const waits = [...run.probes.waits, ...cand.probes.waits];
  const other = [...run.probes.other, ...cand.probes.other];
  console.log(
    `idle: /healthz ${idle.probes.waits.length} probes, median ${median(idle.probes.waits)} ms, slowest ${maxOf(idle.probes.waits)} ms\n` +
      `scan.do ${run.ms.toFixed(0)} ms, scan.candidates ${cand.ms.toFixed(0)} ms; /healthz: ${waits.length} probes, median ${median(waits)} ms, slowest ${maxOf(waits)} ms; ` +
      `another user's sales.get: ${other.length} calls, slowest ${maxOf(other)} ms`,
  );
  expect(waits.length).toBeGreaterThan(5);
  // Before the fix one wait lasted the whole call (16-27 s). The bounds leave room for the other
  // suites that share CI's two cores: nearly every probe is answered at once, none waits long.
  const sorted = [...waits].sort((x, y) => x - y);
  expect(sorted[Math.floor(sorted.length * 0.95)]).toBeLessThan(100);
  expect(Math.max(...waits)).toBeLessThan(750);
  expect(other.length).toBeGreaterThan(0);
  expect(Math.max(...other)).toBeLessThan(1000);
}, 240_000);
