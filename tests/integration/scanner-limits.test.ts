// The scanner's queue and readers against hostile and heavy input, on the real server (SQLite, or
// PostgreSQL with TEST_DATABASE_URL): a Flate bomb is refused before it is unpacked (and the server's
// memory stays put), damaged PDFs are refused once as damaged instead of retried, one user's
// simultaneous uploads cannot pass the limit of waiting documents, a long document yields the
// recognition slot to another user's short one, a document over the page limit says both numbers,
// and temporary folders left by a killed recognition are removed at start.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../helpers/api-client.ts';
import { templateDatabase, withTestDatabase } from '../helpers/db.ts';
import { deflatedRepeat, onePage } from '../helpers/hand-pdf.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';

let server: TestServer;
let api: ApiClient;
let temp: string;
const users: Record<'olga' | 'dmitry', { token: string; userId: number; org: number }> =
  {} as never;

// Temporary folders as a killed recognition leaves them: one of a process that is gone, one of a
// live process (this test runner, standing for another instance on the machine).
const deadPid = spawnSync(process.execPath, ['-e', '']).pid!;
const leftover = (kind: string, pid: number) => join(temp, `scan-${kind}-${pid}-AbC123`);

const query = <T = any>(fn: (db: any) => Promise<T>, s: TestServer = server): Promise<T> =>
  withTestDatabase(s.database, fn);

async function signIn(s: TestServer, email: string) {
  const { token, userId } = await sessionFor(s, email);
  const org = await query(
    (db) =>
      db
        .selectFrom('user_organisations')
        .select('organisation_id')
        .where('user_id', '=', userId)
        .orderBy('organisation_id')
        .executeTakeFirst(),
    s,
  );
  return {
    token,
    userId,
    org: (org as { organisation_id: number } | undefined)?.organisation_id ?? 0,
  };
}

beforeAll(async () => {
  temp = mkdtempSync(join(tmpdir(), 'scanner-limits-'));
  for (const dir of [
    leftover('job', deadPid),
    leftover('thumb', deadPid),
    leftover('job', process.pid),
  ]) {
    mkdirSync(join(dir, 'scan-render-x'), { recursive: true });
    writeFileSync(join(dir, 'scan-render-x', 'in.pdf'), Buffer.alloc(1 << 20));
  }
  // One recognition at a time, PDFs read two pages per slice (cheap documents, many hand-overs).
  server = await startServer({ TMPDIR: temp, SCANNER_CONCURRENCY: '1', SCANNER_SLICE_PAGES: '2' });
  api = apiClient(server);
  users.olga = await signIn(server, 'olga.demidova@demo.example');
  users.dmitry = await signIn(server, 'dmitry.volkov@demo.example');
}, 90_000);
afterAll(async () => {
  if (process.env.SCANNER_LOG)
    console.log(
      server
        ?.output()
        .split('\n')
        .filter((l) => /scanner/.test(l))
        .join('\n'),
    );
  await server?.stop();
  rmSync(temp, { recursive: true, force: true });
});

/** A text PDF of `pages` pages, each a GOST-style table: the column-number row and five positions. */
async function specPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const xs = [30, 80, 300, 420, 480, 560, 620, 680, 760];
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([842, 595]);
    xs.forEach((x, i) => page.drawText(String(i + 1), { x, y: 540, size: 10, font }));
    for (let r = 0; r < 5; r++) {
      const cells = [
        `${p + 1}.${r + 1}`,
        `Pump model ${r}`,
        `UPS 25-${r}`,
        '',
        'Grundfos',
        'pcs',
        String(r + 1),
      ];
      cells.forEach(
        (c, i) => c && page.drawText(c, { x: xs[i]!, y: 520 - r * 16, size: 10, font }),
      );
    }
  }
  return doc.save();
}

function upload(
  who: { token: string; org: number },
  bytes: Uint8Array,
  name: string,
  s: ApiClient = api,
) {
  const body = new FormData();
  body.set('file', new Blob([new Uint8Array(bytes)]), name);
  for (const [k, v] of Object.entries({
    order: '0',
    docType: 'specification',
    section: 'orders',
    oid: String(who.org),
    object: '0',
  }))
    body.set(k, v);
  return s('/api/app/scan.file', { token: who.token, body });
}

const status = async (token: string, uniqid: string) =>
  (await api(`/api/app/scan.status?uniqid=${uniqid}`, { token })).data;

/** Polls scan.status until recognition is over (the scanner pushes nothing a test could hear). */
async function finished(token: string, uniqid: string, ms = 120_000) {
  let last: any;
  await expect
    .poll(async () => (last = await status(token, uniqid)).status, { timeout: ms, interval: 200 })
    .toMatch(/^(ready|failed)$/);
  return last;
}

const jobOf = (uniqid: string) =>
  query((db) =>
    db
      .selectFrom('scan_jobs')
      .selectAll()
      .where('scan_id', '=', db.selectFrom('scans').select('id').where('uniqid', '=', uniqid))
      .executeTakeFirstOrThrow(),
  );
const memKb = (field: 'VmRSS' | 'VmHWM') =>
  Number(
    new RegExp(`${field}:\\s+(\\d+)`).exec(
      readFileSync(`/proc/${server.proc.pid}/status`, 'utf8'),
    )![1],
  );

describe('temporary folders of a killed recognition', () => {
  it("are removed at start; a live process's folder on the same machine stays", async () => {
    await expect
      .poll(() => existsSync(leftover('job', deadPid)), { timeout: 10_000, interval: 50 })
      .toBe(false);
    await expect
      .poll(() => existsSync(leftover('thumb', deadPid)), { timeout: 10_000, interval: 50 })
      .toBe(false);
    expect(existsSync(join(leftover('job', process.pid), 'scan-render-x', 'in.pdf'))).toBe(true);
  });
});

describe('hostile PDFs', () => {
  it('a Flate bomb (1 GB of spaces in a 1 MB content stream) is refused as such before it is unpacked; the server stays under +500 MB', async () => {
    const bomb = onePage(await deflatedRepeat(1024 ** 3));
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const before = memKb('VmRSS');
    const up = await upload(users.olga, bomb, 'bomb.pdf');
    expect(up.status).toBe(201);
    const s = await finished(users.olga.token, up.data.uniqid);
    const grew = (memKb('VmHWM') - before) / 1024;
    console.log(
      `Flate bomb: peak RSS +${Math.round(grew)} MB over ${Math.round(before / 1024)} MB`,
    );
    expect(s.status).toBe('failed');
    expect(s.error).toBe('The PDF file unpacks to too much data and cannot be processed.');
    expect(grew).toBeLessThan(500);
    expect((await jobOf(up.data.uniqid)).attempts).toBe(1);
  }, 120_000);

  // Enough text that the first page is read from its text layer (no OCR).
  const text =
    'BT /F1 10 Tf 30 800 Td (1) Tj 50 0 Td (2) Tj 50 0 Td (3) Tj 50 0 Td (4) Tj 50 0 Td (5) Tj 50 0 Td (6) Tj 50 0 Td (7) Tj 50 0 Td (8) Tj 50 0 Td (9) Tj ET';
  it.each([
    [
      'a lying page count (2 pages, the second not there)',
      '<< /Type /Pages /Kids [3 0 R 9 0 R] /Count 2 >>',
    ],
    ['a page-tree cycle', '<< /Type /Pages /Kids [3 0 R 2 0 R] /Count 2 >>'],
  ])(
    '%s: refused once as a damaged file, not retried',
    async (_, pages) => {
      const up = await upload(users.olga, onePage(text, pages), 'damaged.pdf');
      expect(up.status).toBe(201);
      const s = await finished(users.olga.token, up.data.uniqid);
      expect(s.status).toBe('failed');
      expect(s.error).toBe(
        'The PDF file is damaged or unreadable. Save it again and upload it once more.',
      );
      expect(await jobOf(up.data.uniqid)).toMatchObject({
        state: 'done',
        attempts: 1,
        last_error: null,
      });
    },
    60_000,
  );
});

describe('pages', () => {
  it('a document over the page limit is refused naming the limit and its page count', async () => {
    const up = await upload(users.olga, await specPdf(101), 'long.pdf');
    expect(up.status).toBe(201);
    const s = await finished(users.olga.token, up.data.uniqid);
    expect(s.status).toBe('failed');
    expect(s.error).toBe(
      'The document has 101 pages, more than the 100 pages recognised in one document. Split it and upload the parts one by one.',
    );
    const ru = await api(`/api/app/scan.status?uniqid=${up.data.uniqid}`, {
      token: users.olga.token,
      lang: 'ru',
    });
    expect(ru.data.error).toBe(
      'В документе 101 стр. — больше, чем распознаётся в одном документе (100 стр.). Разделите его на части и загрузите по одной.',
    );
  }, 60_000);

  it("a long document yields the slot: another user's one-page document finishes first, the long one completes after", async () => {
    const long = await upload(users.olga, await specPdf(30), 'long.pdf');
    expect(long.status).toBe(201);
    await expect
      .poll(async () => (await status(users.olga.token, long.data.uniqid)).status, {
        timeout: 60_000,
        interval: 50,
      })
      .toBe('working');
    const short = await upload(users.dmitry, await specPdf(1), 'short.pdf');
    expect(short.status).toBe(201);
    const mine = await finished(users.dmitry.token, short.data.uniqid);
    expect(mine.status).toBe('ready');
    const theirs = await status(users.olga.token, long.data.uniqid);
    expect(theirs.status).toBe('working');
    console.log(
      `fair queue: the one-page document was ready while the long one was at page ${theirs.done} of ${theirs.total}`,
    );
    const done = await finished(users.olga.token, long.data.uniqid, 180_000);
    expect(done.status).toBe('ready');
    expect(done.pageCount).toBe(30);
    expect(done.pages.every((p: { hasTable: boolean }) => p.hasTable)).toBe(true);
    // Slices do not use up attempts.
    expect(await jobOf(long.data.uniqid)).toMatchObject({ state: 'done', attempts: 1 });
  }, 240_000);
});

describe("one user's simultaneous uploads", () => {
  it('20 at once: exactly 3 accepted, 17 answer 429 with the reason, and only 3 scans queued', async () => {
    const database = await templateDatabase();
    // No recognition on this instance: accepted uploads stay waiting.
    const a = await startServer({ SCANNER_CONCURRENCY: '0' }, database);
    try {
      const who = await signIn(a, 'olga.demidova@demo.example');
      const bytes = await specPdf(1);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => upload(who, bytes, `spec-${i}.pdf`, apiClient(a))),
      );
      expect(answers.filter((r) => r.status === 201)).toHaveLength(3);
      const refused = answers.filter((r) => r.status === 429);
      expect(refused).toHaveLength(17);
      for (const r of refused)
        expect(r.data.errors).toEqual({
          file: 'Your documents are already being recognised (3). Wait until at least one is done, then upload this one.',
        });
      expect(
        await query(
          (db) => db.selectFrom('scans').select('id').where('user_id', '=', who.userId).execute(),
          a,
        ),
      ).toHaveLength(3);
      expect(
        await query((db) => db.selectFrom('scan_jobs').select('id').execute(), a),
      ).toHaveLength(3);
    } finally {
      await a.stop();
      await database.drop();
    }
  }, 120_000);
});
