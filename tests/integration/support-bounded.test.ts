// Support at scale (issue 10): with 10,000 requests of one customer and 10,000 messages in one chat,
// the list pages by key with search, the chat loads its latest page and older ones on demand, and
// every page and answer stays under 50 ms (p50) and 100 KB gzip. Also: message text is never
// rendered as HTML.
import { gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';
import { api, withDb } from '../helpers/support.ts';

const REQUESTS = 10_000;
const MESSAGES = 10_000;
let server: TestServer;
let nina: ReturnType<typeof api>;
let olga: ReturnType<typeof api>;
let staff: ReturnType<typeof api>;
let chatId = 0;
let firstRequestId = 0;

type ListAnswer = { data: Array<{ id: number; title: string }>; meta: { next: number | null } };
type ChatAnswer = { data: Array<{ id: number; message: string }>; meta: { older: boolean } };

beforeAll(async () => {
  server = await startServer();
  const [n, o, s] = await Promise.all(
    ['dmitry.volkov', 'olga.demidova', 'sergey.ivanov'].map((x) =>
      sessionFor(server, `${x}@demo.example`),
    ),
  );
  [nina, olga, staff] = [api(server, n!.cookie), api(server, o!.cookie), api(server, s!.cookie)];
  await withDb(server, async (db) => {
    const t = new Date(Date.UTC(2026, 0, 1)).toISOString();
    for (let start = 0; start < REQUESTS; start += 500) {
      const rows = Array.from({ length: Math.min(500, REQUESTS - start) }, (_, i) => {
        const title = `Заявка номер ${start + i} ${(start + i) % 1000 === 7 ? 'Насос Гранфос' : 'теплообменник'}`;
        return {
          user_id: n!.userId,
          title,
          search: title.toLowerCase(),
          type: 'lk',
          status: 1,
          page_url: null,
          user_agent: null,
          customer_read_id: 0,
          staff_read_id: 0,
          created_at: t,
          updated_at: t,
        };
      });
      const ids = await db.insertInto('support_requests').values(rows).returning('id').execute();
      if (!firstRequestId) firstRequestId = ids[0]!.id;
    }
    chatId = (
      await db
        .selectFrom('support_requests')
        .select('id')
        .where('user_id', '=', n!.userId)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).id;
    for (let start = 0; start < MESSAGES; start += 500) {
      const rows = Array.from({ length: Math.min(500, MESSAGES - start) }, (_, i) => ({
        request_id: chatId,
        user_id: (start + i) % 2 ? s!.userId : n!.userId,
        from_staff: (start + i) % 2,
        message: `Сообщение ${start + i}: давление на входе в норме, проверьте фильтр`,
        file_id: null,
        file_name: null,
        created_at: t,
      }));
      await db.insertInto('support_messages').values(rows).execute();
    }
    // What autovacuum does on a live PostgreSQL (statistics, visibility map); SQLite gets statistics.
    for (const statement of server.database.url
      ? ['vacuum analyze support_requests', 'vacuum analyze support_messages']
      : ['analyze'])
      await sql.raw(statement).execute(db);
  });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

/**
 * p50 of seven timed requests (after one warm-up) and the gzip size of the answer; the best of up
 * to three rounds, so that other work on a shared machine does not decide the result.
 */
async function measure(
  who: ReturnType<typeof api>,
  path: string,
): Promise<{ p50: number; gzip: number; status: number }> {
  await (await who.get(path)).arrayBuffer();
  let best = { p50: Infinity, gzip: 0, status: 0 };
  for (let round = 0; round < 3 && best.p50 >= 50; round++) {
    const times: number[] = [];
    let body = new Uint8Array();
    let status = 0;
    for (let i = 0; i < 7; i++) {
      const start = performance.now();
      const res = await who.get(path);
      body = new Uint8Array(await res.arrayBuffer());
      times.push(performance.now() - start);
      status = res.status;
    }
    times.sort((a, b) => a - b);
    if (times[3]! < best.p50) best = { p50: times[3]!, gzip: gzipSync(body).length, status };
  }
  return best;
}

describe('the customer list at 10,000 requests', () => {
  it('answers one page, newest first, and walks older pages by key without overlap', async () => {
    const first = (await (await nina.get('/api/v1/support')).json()) as ListAnswer;
    expect(first.data).toHaveLength(30);
    expect(first.data[0]!.id).toBe(chatId);
    expect(first.meta.next).toBe(first.data.at(-1)!.id);
    const second = (await (
      await nina.get(`/api/v1/support?before=${first.meta.next}&limit=100`)
    ).json()) as ListAnswer;
    expect(second.data).toHaveLength(100);
    expect(second.data[0]!.id).toBeLessThan(first.data.at(-1)!.id);
    const last = (await (
      await nina.get(`/api/v1/support?before=${firstRequestId + 5}`)
    ).json()) as ListAnswer;
    // The demo requests of this customer come before the seeded ones.
    expect(last.data.slice(0, 5).map((r) => r.id)).toEqual(
      [4, 3, 2, 1, 0].map((d) => firstRequestId + d),
    );
    expect(last.data.length).toBeLessThan(30);
    expect(last.meta.next).toBeNull();
    // The limit is capped.
    expect(
      ((await (await nina.get('/api/v1/support?limit=100000')).json()) as ListAnswer).data,
    ).toHaveLength(100);
  });

  it('searches titles case-insensitively from 3 characters, paging the matches too', async () => {
    const found = (await (
      await nina.get(`/api/v1/support?searchText=${encodeURIComponent('гранфос')}`)
    ).json()) as ListAnswer;
    expect(found.data).toHaveLength(10);
    expect(found.data.every((r) => r.title.includes('Насос Гранфос'))).toBe(true);
    expect(found.meta.next).toBeNull();
    const two = (await (
      await nina.get(`/api/v1/support?searchText=${encodeURIComponent('ГРАНФОС')}&limit=4`)
    ).json()) as ListAnswer;
    expect(two.data).toHaveLength(4);
    const rest = (await (
      await nina.get(
        `/api/v1/support?searchText=${encodeURIComponent('гранфос')}&before=${two.meta.next}`,
      )
    ).json()) as ListAnswer;
    expect(rest.data).toHaveLength(6);
    // Two characters do not filter (as the list search boxes).
    expect(
      ((await (await nina.get('/api/v1/support?searchText=%D0%BD%D0%B0')).json()) as ListAnswer)
        .data,
    ).toHaveLength(30);
    // Another customer's requests are never found.
    expect(
      (
        (await (
          await olga.get(`/api/v1/support?searchText=${encodeURIComponent('гранфос')}`)
        ).json()) as ListAnswer
      ).data,
    ).toHaveLength(0);
  });

  it('the page searches and pages without JavaScript', async () => {
    const html = await (
      await nina.get(`/support/reports?searchText=${encodeURIComponent('гранфос')}`)
    ).text();
    expect(html.match(/data-request="\d+"/g)).toHaveLength(10);
    const paged = await (await nina.get('/support/reports')).text();
    expect(paged).toContain(`before=${chatId - 29}`);
    expect(paged).toContain('Показать ещё заявки');
  });
});

describe('one chat with 10,000 messages', () => {
  it('answers the latest 50 messages, oldest first, and older pages on demand', async () => {
    const latest = (await (await nina.get(`/api/v1/support/${chatId}`)).json()) as ChatAnswer;
    expect(latest.data).toHaveLength(50);
    expect(latest.data.at(-1)!.message).toMatch(/^Сообщение 9999:/);
    expect(latest.meta.older).toBe(true);
    const older = (await (
      await nina.get(`/api/v1/support/${chatId}?before=${latest.data[0]!.id}`)
    ).json()) as ChatAnswer;
    expect(older.data).toHaveLength(50);
    expect(older.data.at(-1)!.id).toBe(latest.data[0]!.id - 1);
    expect(older.data[0]!.message).toMatch(/^Сообщение 9900:/);
    const oldest = (await (
      await nina.get(`/api/v1/support/${chatId}?before=${latest.data[0]!.id - 9949}`)
    ).json()) as ChatAnswer;
    expect(oldest.data.map((m) => m.message.split(':')[0])).toEqual(['Сообщение 0']);
    expect(oldest.meta.older).toBe(false);
  });

  it('the page shows the latest page with a link to older messages, which works without JavaScript', async () => {
    const html = await (await nina.get(`/support/reports?id=${chatId}`)).text();
    expect(html.match(/data-message="\d+"/g)).toHaveLength(50);
    const older = /href="([^"]*older=\d+)"/.exec(html)![1]!.replaceAll('&amp;', '&');
    const page = await (await nina.get(older)).text();
    expect(page).toContain('Сообщение 9900:');
    expect(page).not.toContain('Сообщение 9999:');
  });

  it("another customer cannot page someone else's chat (404)", async () => {
    expect((await olga.get(`/api/v1/support/${chatId}?before=100`)).status).toBe(404);
  });
});

describe('time and size at this scale', () => {
  it('keeps every support page and answer under 50 ms (p50) and 100 KB gzip', async () => {
    const paths: Array<[ReturnType<typeof api>, string]> = [
      [nina, '/api/v1/support'],
      [nina, `/api/v1/support?searchText=${encodeURIComponent('гранфос')}`],
      [nina, `/api/v1/support/${chatId}`],
      [nina, `/api/v1/support/${chatId}?before=5000`],
      [nina, '/support'],
      [nina, '/support/reports'],
      [nina, `/support/reports?id=${chatId}`],
      [staff, '/api/v1/support/desk'],
      [staff, '/support/desk'],
      [staff, `/support/desk?status=all&id=${chatId}`],
    ];
    const table: string[] = [];
    for (const [who, path] of paths) {
      const m = await measure(who, path);
      table.push(
        `${path.padEnd(48)} ${m.p50.toFixed(1).padStart(6)} ms ${(m.gzip / 1024).toFixed(1).padStart(6)} KB`,
      );
      expect(m.status, path).toBe(200);
      expect(m.gzip, path).toBeLessThan(100 * 1024);
      expect(m.p50, path).toBeLessThan(50);
    }
    console.info(
      `support at ${REQUESTS} requests / ${MESSAGES} messages (p50, gzip):\n${table.join('\n')}`,
    );
  });
});

describe('message text', () => {
  it('is shown as text, never as HTML', async () => {
    const r = await olga.post('/api/v1/support', { title: 'Разметка', type: 'lk' });
    const { id } = (await r.json()) as { id: number };
    expect(
      (
        await olga.post('/api/v1/support/message', {
          support_id: String(id),
          message: '<img src=x onerror="alert(1)"> и <b>жирный</b>',
        })
      ).status,
    ).toBe(201);
    const html = await (await olga.get(`/support/reports?id=${id}`)).text();
    const text = /<p class="sp-text">([\s\S]*?)<\/p>/.exec(html)![1]!;
    expect(text).toBe('&lt;img src=x onerror=&quot;alert(1)&quot;&gt; и &lt;b&gt;жирный&lt;/b&gt;');
    expect(html).not.toContain('<b>жирный</b>');
  });
});
