// Support calls over HTTP against the real server: every call and its catalogue message, access of
// other customers (404), uploads (sniffed, size-capped, nothing stored when refused), read state per
// side, the desk, notifications and live events, and the pages' form posts without JavaScript.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdf, docx, exe, png } from '../helpers/sample-files.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';
import { api, connect, counts, withDb } from '../helpers/support.ts';

const LIMIT = 64 * 1024;
let server: TestServer;
let olga: ReturnType<typeof api>;
let dmitry: ReturnType<typeof api>;
let sergey: ReturnType<typeof api>;
let cookies: Record<'olga' | 'dmitry' | 'sergey', string>;
let ids: Record<'olga' | 'dmitry' | 'sergey', number>;

type ListItem = {
  id: number;
  title: string;
  status: number;
  created_at: string;
  unread_messages: number;
};
const list = async (who = olga) =>
  ((await (await who.get('/api/v1/support')).json()) as { data: ListItem[] }).data;
const show = async (id: number, who = olga) =>
  (await (await who.get(`/api/v1/support/${id}`)).json()) as { data: any[]; request: any };

beforeAll(async () => {
  server = await startServer({ SUPPORT_FILE_LIMIT: String(LIMIT) });
  const [o, d, s] = await Promise.all(
    ['olga.demidova', 'dmitry.volkov', 'sergey.ivanov'].map((n) =>
      sessionFor(server, `${n}@demo.example`),
    ),
  );
  cookies = { olga: o!.cookie, dmitry: d!.cookie, sergey: s!.cookie };
  ids = { olga: o!.userId, dmitry: d!.userId, sergey: s!.userId };
  [olga, dmitry, sergey] = [api(server, o!.cookie), api(server, d!.cookie), api(server, s!.cookie)];
});
afterAll(async () => {
  await server?.stop();
});

describe('GET /api/v1/support and /api/v1/support/{id}', () => {
  it("lists the customer's own requests, newest first, with unread answers", async () => {
    const items = await list();
    expect(items.map((i) => i.status)).toEqual([0, 1]);
    expect(Object.keys(items[0]!).sort()).toEqual([
      'created_at',
      'id',
      'status',
      'title',
      'unread_messages',
    ]);
    const open = items.find((i) => i.status === 1)!;
    expect(open.unread_messages).toBe(2);
    expect((await list(dmitry)).every((i) => !items.some((o) => o.id === i.id))).toBe(true);
  });

  it('shows the messages of a request and marks them read for the customer only', async () => {
    const open = (await list()).find((i) => i.status === 1)!;
    const r = await show(open.id);
    expect(r.data).toHaveLength(3);
    expect(Object.keys(r.data[0]).sort()).toEqual([
      'avatar',
      'created_at',
      'file',
      'from_staff',
      'full_name',
      'id',
      'message',
      'uid',
    ]);
    expect(r.data[1]).toMatchObject({
      uid: ids.sergey,
      full_name: 'Сергей Иванов',
      file: null,
      from_staff: true,
    });
    expect((await list()).find((i) => i.id === open.id)!.unread_messages).toBe(0);
  });

  it("answers 404 with the catalogue message for another customer's request, 401 without a session", async () => {
    const dmitrysId = (await list(dmitry))[0]!.id;
    const res = await olga.get(`/api/v1/support/${dmitrysId}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Can't find reports messages!" });
    expect((await olga.get('/api/v1/support/999999')).status).toBe(404);
    expect((await api(server, null).get('/api/v1/support')).status).toBe(401);
  });
});

describe('POST /api/v1/support, /message, /media', () => {
  let id: number;

  it('refuses a request without topic or with an unknown type (422, spec messages)', async () => {
    const res = await olga.post('/api/v1/support', { title: '  ', type: 'other' });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      message: "Can't create report!",
      errors: { title: 'Введите тему письма', type: 'Выберите тип заявки' },
    });
  });

  it('creates a request (type lk by default) and answers id and text; records page and browser', async () => {
    const res = await olga.post(
      '/api/v1/support',
      { title: 'Кнопка расчёта не нажимается', url: 'http://x.example/home?a=1' },
      { 'user-agent': 'TestBrowser/1.0' },
    );
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: number; text: string };
    id = body.id;
    expect(body.text).toContain(String(id));
    const row = await withDb(server, (db) =>
      db.selectFrom('support_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    );
    expect(row).toMatchObject({
      user_id: ids.olga,
      type: 'lk',
      status: 1,
      page_url: 'http://x.example/home?a=1',
      user_agent: 'TestBrowser/1.0',
    });
    expect((await list())[0]).toMatchObject({ id, status: 1, unread_messages: 0 });
  });

  it('refuses empty and whitespace-only messages with 422', async () => {
    for (const message of ['', '   \n\t ']) {
      const res = await olga.post('/api/v1/support/message', { support_id: String(id), message });
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({
        message: "Can't create reports messages!",
        errors: { message: 'Введите Ваше сообщение' },
      });
    }
  });

  it('adds a message and a file; the file is downloadable by the customer and employees only', async () => {
    expect(
      (
        await olga.post('/api/v1/support/message', {
          support_id: String(id),
          message: '  Подробности  ',
        })
      ).status,
    ).toBe(201);
    const bytes = pdf('support');
    const res = await olga.post('/api/v1/support/media', {
      support_id: String(id),
      media: [bytes, 'Скриншот ошибки.pdf'],
    });
    expect(res.status).toBe(201);
    const messages = (await show(id)).data;
    expect(messages.map((m) => m.message)).toEqual(['Подробности', '']);
    const file = messages[1].file as { url: string; name: string };
    expect(file.name).toBe('Скриншот_ошибки.pdf');
    const got = await olga.get(file.url);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    const stored = 'Скриншот_ошибки.pdf';
    expect(got.headers.get('content-disposition')).toBe(
      `attachment; filename="${stored.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(stored)}`,
    );
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(bytes);
    expect((await sergey.get(file.url)).status).toBe(200);
    expect((await dmitry.get(file.url)).status).toBe(404);
  });

  it('takes office documents and images recognised by content', async () => {
    expect(
      (
        await olga.post('/api/v1/support/media', {
          support_id: String(id),
          media: [docx(), 'spec.docx'],
          message: 'ТЗ',
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await olga.post('/api/v1/support/media', {
          support_id: String(id),
          media: [png(), 'shot.png'],
        })
      ).status,
    ).toBe(201);
  });

  it('refuses a disguised file (an .exe named .pdf) and leaves nothing behind', async () => {
    const before = await counts(server);
    const res = await olga.post('/api/v1/support/media', {
      support_id: String(id),
      media: [exe(), 'invoice.pdf'],
    });
    expect(res.status).toBe(415);
    const body = (await res.json()) as { message: string; errors: { media: string } };
    expect(body.message).toBe("Can't create report file!");
    expect(body.errors.media).toMatch(/^Такой файл не принимается/);
    expect(await counts(server)).toEqual(before);
  });

  it('refuses content that does not fit the extension (a PDF named .png)', async () => {
    const before = await counts(server);
    const res = await olga.post('/api/v1/support/media', {
      support_id: String(id),
      media: [pdf(), 'photo.png'],
    });
    expect(res.status).toBe(415);
    expect(((await res.json()) as { errors: { media: string } }).errors.media).toContain('pdf');
    expect(await counts(server)).toEqual(before);
  });

  it('refuses an oversized file with a clear message and leaves nothing behind', async () => {
    const before = await counts(server);
    const big = new Uint8Array(LIMIT + 1);
    big.set(pdf());
    const res = await olga.post('/api/v1/support/media', {
      support_id: String(id),
      media: [big, 'big.pdf'],
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      message: "Can't create report file!",
      errors: { media: 'Файл больше 0.1 МБ. Уменьшите его или отправьте частями.' },
    });
    expect(await counts(server)).toEqual(before);
  });

  it('refuses a media call without a file', async () => {
    const res = await olga.post('/api/v1/support/media', { support_id: String(id) });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { errors: { media: string } }).errors.media).toBe(
      'Выберите файл.',
    );
  });

  it('does not let another customer write to or attach files to the request (404)', async () => {
    const before = await counts(server);
    for (const res of [
      await dmitry.post('/api/v1/support/message', { support_id: String(id), message: 'hi' }),
      await dmitry.post('/api/v1/support/media', {
        support_id: String(id),
        media: [pdf(), 'a.pdf'],
      }),
    ]) {
      expect(res.status).toBe(404);
      expect(((await res.json()) as { message: string }).message).toBe("Can't find reports!");
    }
    expect(await counts(server)).toEqual(before);
  });

  it('the employee answer reaches the customer: unread count, live events, a notification', async () => {
    const ws = connect(server, cookies.olga);
    expect(await ws.subscribe(`support:${id}`)).toBe('subscribed');
    expect(
      (
        await sergey.post('/api/v1/support/message', {
          support_id: String(id),
          message: 'Проверим и ответим.',
        })
      ).status,
    ).toBe(201);
    expect((await ws.next((m) => m.type === 'support.message')).topic).toBe(`support:${id}`);
    expect((await ws.next((m) => m.type === 'support.unread')).data).toEqual({
      support_id: id,
      unread: 1,
    });
    expect((await ws.next((m) => m.type === 'notification.created')).data).toMatchObject({
      module: 'support',
      url: `/support/reports?id=${id}`,
    });
    ws.ws.close();
    expect((await list()).find((i) => i.id === id)!.unread_messages).toBe(1);
    const n = await withDb(server, (db) =>
      db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', ids.olga)
        .where('module', '=', 'support')
        .execute(),
    );
    expect(n.at(-1)).toMatchObject({
      title: `Ответ по заявке №${id}`,
      text: 'Проверим и ответим.',
      pid: id,
    });
  });

  it("keeps read state per side: each side counts only the other side's messages it has not seen", async () => {
    const deskItem = async () =>
      ((await (await sergey.get('/api/v1/support/desk?status=all')).json()) as any).data.items.find(
        (i: any) => i.id === id,
      );
    const mine = async () => (await list()).find((i) => i.id === id)!.unread_messages;
    // Answering counts as having read the conversation so far.
    expect((await deskItem()).unread_messages).toBe(0);
    const r = await show(id, sergey);
    expect(r.request).toMatchObject({
      id,
      customer: { full_name: 'Ольга Демидова', email: 'olga.demidova@demo.example' },
      user_agent: 'TestBrowser/1.0',
    });
    expect(await mine()).toBe(1);
    await olga.post('/api/v1/support/message', { support_id: String(id), message: 'Жду' });
    expect(await mine()).toBe(0);
    expect((await deskItem()).unread_messages).toBe(1);
    await show(id, sergey);
    expect((await deskItem()).unread_messages).toBe(0);
  });

  it('lets employees close and reopen; a closed request takes no messages; customers cannot change status', async () => {
    expect(
      (await olga.post('/api/v1/support/status', { support_id: String(id), status: '0' })).status,
    ).toBe(404);
    const ws = connect(server, cookies.olga);
    await ws.next((m) => m.type === 'ready');
    expect(
      (await sergey.post('/api/v1/support/status', { support_id: String(id), status: '0' })).status,
    ).toBe(200);
    expect((await ws.next((m) => m.type === 'support.status')).data).toEqual({
      support_id: id,
      status: 0,
    });
    ws.ws.close();
    expect((await list()).find((i) => i.id === id)!.status).toBe(0);
    const refused = await olga.post('/api/v1/support/message', {
      support_id: String(id),
      message: 'ещё вопрос',
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      message: "Can't create reports messages!",
      errors: { support_id: 'Заявка закрыта' },
    });
    expect(
      (await sergey.post('/api/v1/support/status', { support_id: String(id), status: '1' })).status,
    ).toBe(200);
    expect((await list()).find((i) => i.id === id)!.status).toBe(1);
  });
});

describe('the desk', () => {
  it('is for employees only: customers get 404 for the call and the page', async () => {
    expect((await olga.get('/api/v1/support/desk')).status).toBe(404);
    expect((await olga.get('/support/desk')).status).toBe(404);
    expect((await sergey.get('/support/desk')).status).toBe(200);
  });

  it('filters by status, type and customer', async () => {
    const desk = async (q: string) =>
      ((await (await sergey.get(`/api/v1/support/desk?${q}`)).json()) as any).data as {
        total: number;
        items: any[];
      };
    const all = await desk('status=all');
    expect(new Set(all.items.map((i) => i.customer.email))).toEqual(
      new Set(['olga.demidova@demo.example', 'dmitry.volkov@demo.example']),
    );
    expect((await desk('status=closed')).items.every((i) => i.status === 0)).toBe(true);
    expect((await desk('')).items.every((i) => i.status === 1)).toBe(true);
    expect((await desk('status=all&type=price')).items.map((i) => i.type)).toEqual(['price']);
    const mine = await desk(`status=all&customer=${ids.dmitry}`);
    expect(mine.total).toBe(1);
    expect(mine.items[0].customer.full_name).toBe('Дмитрий Волков');
  });

  it("lets only participants listen to a request's topic and only employees to the desk", async () => {
    const dmitrysId = (await list(dmitry))[0]!.id;
    expect(await connect(server, cookies.olga).subscribe(`support:${dmitrysId}`)).toBe('denied');
    expect(await connect(server, cookies.dmitry).subscribe(`support:${dmitrysId}`)).toBe(
      'subscribed',
    );
    expect(await connect(server, cookies.sergey).subscribe(`support:${dmitrysId}`)).toBe(
      'subscribed',
    );
    expect(await connect(server, cookies.olga).subscribe('support-desk:all')).toBe('denied');
    const desk = connect(server, cookies.sergey);
    expect(await desk.subscribe('support-desk:all')).toBe('subscribed');
    await dmitry.post('/api/v1/support/message', {
      support_id: String(dmitrysId),
      message: 'Жду ответа',
    });
    expect((await desk.next((m) => m.type === 'support.desk')).data).toEqual({
      support_id: dmitrysId,
    });
    desk.ws.close();
  });
});

describe('pages without JavaScript', () => {
  it("lists requests and selects one with ?id=; another customer's id is 404", async () => {
    const page = await olga.get('/support/reports');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Ваши заявки');
    expect(html).toContain('Скидка на насосную станцию в п…');
    const dmitrysId = (await list(dmitry))[0]!.id;
    expect((await olga.get(`/support/reports?id=${dmitrysId}`)).status).toBe(404);
  });

  it('posts a message with a real form and redirects back; whitespace-only is refused', async () => {
    const id = (await list()).find((i) => i.status === 1)!.id;
    const sent = await olga.form(`/support/reports?id=${id}`, {
      _action: 'message',
      support_id: String(id),
      message: 'Из формы',
    });
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe(`/support/reports?id=${id}`);
    expect((await show(id)).data.at(-1).message).toBe('Из формы');
    const refused = await olga.form(`/support/reports?id=${id}`, {
      _action: 'message',
      support_id: String(id),
      message: '   ',
    });
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain('Введите Ваше сообщение');
  });

  it('creates a request from the bug report form with a file, then shows the confirmation', async () => {
    const res = await olga.post(
      '/support/reports?new=1',
      {
        _action: 'create',
        type: 'price',
        title: 'Без JS',
        message: 'Текст',
        url: '/home',
        media: [pdf(), 'a.pdf'],
      },
      { accept: 'text/html' },
    );
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    const id = Number(/id=(\d+)/.exec(location)![1]);
    const messages = (await show(id)).data;
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ message: 'Текст', file: { name: 'a.pdf' } });
    expect(await (await olga.get(location)).text()).toContain(`Заявка №${id} принята`);
    const invalid = await olga.post(
      '/support/reports?new=1',
      { _action: 'create', type: 'lk', title: 'T', message: ' ' },
      { accept: 'text/html' },
    );
    expect(invalid.status).toBe(422);
    expect(await invalid.text()).toContain('Введите Ваше сообщение');
  });
  it('closes and reopens from the desk page with a real form, keeping the filters', async () => {
    const id = (await list(dmitry))[0]!.id;
    const closed = await sergey.form(`/support/desk?status=all&id=${id}`, {
      _action: 'status',
      support_id: String(id),
      status: '0',
    });
    expect(closed.status).toBe(303);
    expect(closed.headers.get('location')).toBe(`/support/desk?status=all&id=${id}`);
    expect((await list(dmitry))[0]!.status).toBe(0);
    expect(
      (
        await sergey.form(`/support/desk?id=${id}`, {
          _action: 'status',
          support_id: String(id),
          status: '1',
        })
      ).status,
    ).toBe(303);
    expect((await list(dmitry))[0]!.status).toBe(1);
    const page = await (await sergey.get(`/support/desk?status=all&id=${id}`)).text();
    expect(page).toContain('Закрыть заявку');
    expect(page).toContain('dmitry.volkov@demo.example');
  });
});
