// Compression dictionaries (decision 0045) against the real server: a signed-in user's chrome is
// served as a dictionary, and later pages announcing it travel as dcb (brotli against it) that
// decodes to the very page brotli alone would carry; anything else falls back to brotli.
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { brotliDecompressSync, type BrotliOptions } from 'node:zlib';
import { afterAll, expect, it } from 'vitest';
import { startServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';

const server = await startServer();
afterAll(() => server.stop());
const [olga, dmitry] = await Promise.all([
  sessionFor(server, 'olga.demidova@demo.example'),
  sessionFor(server, 'dmitry.volkov@demo.example'),
]);

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  wire: Buffer;
}
function get(path: string, headers: Record<string, string>, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request(
      `${server.url}${path}`,
      { method, headers: { Accept: 'text/html', ...headers } },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, wire: Buffer.concat(parts) }),
        );
      },
    )
      .on('error', reject)
      .end();
  });
}
const ALL = 'gzip, deflate, br, zstd, dcb, dcz';
const announce = (bytes: Buffer) => `:${createHash('sha256').update(bytes).digest('base64')}:`;
/** The HTML without what differs between two renders of one page (times, tokens). */
const stable = (html: string) => html.replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, 'T');

async function dictionaryOf(cookie: string): Promise<Buffer> {
  const r = await get('/chrome-dictionary?v=1', { cookie, 'Accept-Encoding': 'br' });
  expect(r.status).toBe(200);
  return brotliDecompressSync(r.wire);
}

it('serves the chrome as a private dictionary for documents, to a signed-in user only', async () => {
  const r = await get('/chrome-dictionary?v=1', { cookie: olga.cookie, 'Accept-Encoding': 'br' });
  expect(r.status).toBe(200);
  expect(r.headers['content-type']).toBe('text/plain; charset=utf-8');
  expect(r.headers['use-as-dictionary']).toBe('match="/*", match-dest=("document")');
  expect(r.headers['cache-control']).toBe('private, max-age=600');
  const text = brotliDecompressSync(r.wire).toString('utf8');
  // The chrome with an empty content area: the menus, not a page's content.
  expect(text).toContain('Главное меню');
  expect(text).toMatch(/<main[^>]*>\s*<h1>[^<]*<\/h1>\s*<\/main>|<main[^>]*><\/main>/);
  // Anonymous: the sign-in page, no dictionary.
  const anonymous = await get('/chrome-dictionary', { 'Accept-Encoding': 'br' });
  expect(anonymous.status).toBe(302);
  expect(anonymous.headers.location).toBe('/auth/fast');
  expect(anonymous.headers['use-as-dictionary']).toBeUndefined();
});

it('sends a later page as dcb against the announced dictionary, decoding to the brotli page', async () => {
  const dict = await dictionaryOf(olga.cookie);
  // A later navigation: the first page gave the stylesheets (and the cookie that says so).
  const first = await get('/notifications', { cookie: olga.cookie, 'Accept-Encoding': 'br' });
  const css = ([first.headers['set-cookie'] ?? []].flat() as string[])
    .map((c) => c.split(';')[0])
    .join('; ');
  expect(css).toMatch(/^css=/);
  const cookie = `${olga.cookie}; ${css}`;
  const dcb = await get('/notifications', {
    cookie,
    'Accept-Encoding': ALL,
    'Available-Dictionary': announce(dict),
  });
  const br = await get('/notifications', { cookie, 'Accept-Encoding': ALL });
  expect(dcb.status).toBe(200);
  expect(dcb.headers['content-encoding']).toBe('dcb');
  expect(dcb.headers.vary).toMatch(/Available-Dictionary/);
  expect(br.headers['content-encoding']).toBe('br');
  expect([...dcb.wire.subarray(0, 4)]).toEqual([0xff, 0x44, 0x43, 0x42]);
  expect(`:${dcb.wire.subarray(4, 36).toString('base64')}:`).toBe(announce(dict));
  const html = brotliDecompressSync(dcb.wire.subarray(36), { dictionary: dict } as BrotliOptions);
  expect(stable(html.toString('utf8'))).toBe(
    stable(brotliDecompressSync(br.wire).toString('utf8')),
  );
  console.log(
    `/notifications on the wire: brotli ${br.wire.length} B, against the chrome dictionary ${dcb.wire.length} B (dictionary ${dict.length} B raw)`,
  );
  expect(dcb.wire.length).toBeLessThan(br.wire.length / 2);
});

it("falls back to brotli for another user's dictionary, an unknown or malformed one, or dcb refused", async () => {
  const dict = await dictionaryOf(olga.cookie);
  const cases: Array<[string, Record<string, string>]> = [
    ["another user's", { cookie: dmitry.cookie, 'Available-Dictionary': announce(dict) }],
    ['unknown', { cookie: olga.cookie, 'Available-Dictionary': announce(Buffer.from('x')) }],
    ['malformed', { cookie: olga.cookie, 'Available-Dictionary': `:${'%'.repeat(5000)}:` }],
    ['dcb;q=0', { cookie: olga.cookie, 'Available-Dictionary': announce(dict) }],
  ];
  for (const [name, headers] of cases) {
    const r = await get('/home', {
      ...headers,
      'Accept-Encoding': name === 'dcb;q=0' ? 'br, dcb;q=0' : ALL,
    });
    expect(r.status, name).toBe(200);
    expect(r.headers['content-encoding'], name).toBe('br');
    expect(brotliDecompressSync(r.wire).toString('utf8'), name).toMatch(/^<!DOCTYPE html>/i);
  }
  // Without a session no page is compressed against a dictionary, whatever it announces.
  const anonymous = await get('/auth/fast', {
    'Accept-Encoding': ALL,
    'Available-Dictionary': announce(dict),
  });
  expect(anonymous.headers['content-encoding']).toBe('br');
  // HEAD carries no body to compress.
  const head = await get(
    '/home',
    { cookie: olga.cookie, 'Accept-Encoding': ALL, 'Available-Dictionary': announce(dict) },
    'HEAD',
  );
  expect(head.status).toBe(200);
  expect(head.wire.length).toBe(0);
});

const linkOf = async (cookie: string) => {
  const page = brotliDecompressSync(
    (await get('/home', { cookie, 'Accept-Encoding': 'br' })).wire,
  ).toString('utf8');
  const href = /<link rel="compression-dictionary" href="([^"]+)"/.exec(page)?.[1];
  return href?.replaceAll('&amp;', '&');
};

it('links the dictionary from signed-in pages only, by a key of the session (fetched without cookies)', async () => {
  const href = await linkOf(olga.cookie);
  expect(href).toMatch(/^\/chrome-dictionary\?v=[\w-]+&k=[0-9a-f]{64}$/);
  // Chromium fetches the dictionary without cookies: the key names Olga's session.
  const byKey = await get(href!, { 'Accept-Encoding': 'br' });
  expect(byKey.status).toBe(200);
  expect(byKey.headers['use-as-dictionary']).toBeDefined();
  expect(brotliDecompressSync(byKey.wire).toString('utf8')).toContain(
    href!.replaceAll('&', '&amp;'),
  );
  // Dmitry's key is another; a made-up or malformed key is nobody's (302 to the sign-in page).
  expect(await linkOf(dmitry.cookie)).not.toBe(href);
  for (const k of ['a'.repeat(64), 'x', `${href!.split('k=')[1]}0`, '%00'.repeat(20)]) {
    const r = await get(`/chrome-dictionary?k=${k}`, { 'Accept-Encoding': 'br' });
    expect(r.status, k).toBe(302);
  }
  const signIn = brotliDecompressSync(
    (await get('/auth/fast', { 'Accept-Encoding': 'br' })).wire,
  ).toString('utf8');
  expect(signIn).not.toContain('compression-dictionary');
});

it("a signed-out session's key opens nothing", async () => {
  const ivan = await sessionFor(server, 'sergey.ivanov@demo.example');
  const href = await linkOf(ivan.cookie);
  expect((await get(href!, {})).status).toBe(200);
  const out = await get('/logout', { cookie: ivan.cookie, 'Sec-Fetch-Site': 'same-origin' });
  expect(out.status).toBe(303);
  expect((await get(href!, {})).status).toBe(302);
});
