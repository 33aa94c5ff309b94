// The head rewrite of stylesheets.ts: what the cookie says the browser has stays a link, the rest
// goes inline and is prefetched; a stream split anywhere (inside a character, inside </body>)
// comes out whole; a cookie of another build or a forged one counts for nothing.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  cookieValue,
  filesHad,
  installStylesheets,
  loadStylesheets,
  withInlineStylesheets,
  type Stylesheets,
} from './stylesheets.ts';

function build(files: Record<string, string>): Stylesheets {
  const dir = join(mkdtempSync(join(tmpdir(), 'css-')), '_astro');
  mkdirSync(dir);
  for (const [name, css] of Object.entries(files)) writeFileSync(join(dir, name), css);
  writeFileSync(join(dir, 'island.js'), 'console.log(1)');
  return loadStylesheets(dir)!;
}

const sheets = build({
  'a.111.css': 'body{color:red}',
  'b.222.css': 'p::before{content:"</style>"}',
  'print.333.css': '@page{margin:1cm}',
});
installStylesheets(sheets);
afterAll(() => installStylesheets(null));

const PAGE =
  '<!DOCTYPE html><html><head><meta charset="utf-8"><link rel="stylesheet" href="/_astro/a.111.css"><link rel="stylesheet" href="/_astro/b.222.css">' +
  '<link rel="stylesheet" href="/_astro/print.333.css" media="print"><link rel="stylesheet" href="/other.css"></head><body><p>Привет, мир</p></body></html>';

/** The page as a stream cut into pieces of `size` bytes (cuts fall inside characters and tags). */
function response(html: string, size: number): Response {
  const bytes = new TextEncoder().encode(html);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += size) controller.enqueue(bytes.slice(i, i + size));
      controller.close();
    },
  });
  return new Response(body, {
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': String(bytes.length) },
  });
}

const idx = (name: string) => sheets.files.get(`/_astro/${name}`)!.index;

describe('stylesheets inline on a first visit, cached links afterwards', () => {
  it('loads only .css files and names the build by them', () => {
    expect([...sheets.files.keys()]).toEqual([
      '/_astro/a.111.css',
      '/_astro/b.222.css',
      '/_astro/print.333.css',
    ]);
    expect(sheets.build).toMatch(/^[\w-]{8}$/);
    expect(build({ 'a.999.css': 'x{}' }).build).not.toBe(sheets.build);
    expect(loadStylesheets('/nonexistent/dir')).toBeNull();
  });

  for (const size of [1, 7, 64, 100_000]) {
    it(`a first visit gets every stylesheet inline, prefetched, and the cookie (chunks of ${size} B)`, async () => {
      const res = await withInlineStylesheets(response(PAGE, size), undefined, false);
      const html = await res.text();
      expect(html).not.toContain('<link rel="stylesheet" href="/_astro/');
      expect(html).toContain('<style>body{color:red}</style>');
      // A stylesheet's own "</style" cannot end the element.
      expect(html).toContain('<style>p::before{content:"<\\/style>"}</style>');
      expect(html).toContain('<style media="print">@page{margin:1cm}</style>');
      // Not ours: left alone.
      expect(html).toContain('<link rel="stylesheet" href="/other.css">');
      expect(html).toContain(
        '<p>Привет, мир</p><link rel="prefetch" href="/_astro/a.111.css" as="style"><link rel="prefetch" href="/_astro/b.222.css" as="style"><link rel="prefetch" href="/_astro/print.333.css" as="style"></body></html>',
      );
      expect(res.headers.get('content-length')).toBeNull();
      const cookie = res.headers.get('set-cookie')!;
      expect(cookie).toMatch(
        /^css=[\w-]+\.[0-9a-z]+; Path=\/; Max-Age=2592000; SameSite=Lax; HttpOnly$/,
      );
      expect(filesHad(/^css=([^;]+)/.exec(cookie)![1], sheets)).toEqual(new Set([0, 1, 2]));
    });
  }

  it('keeps links to what the browser has and inlines only the rest', async () => {
    const res = await withInlineStylesheets(
      response(PAGE, 13),
      cookieValue(new Set([idx('a.111.css')]), sheets),
      true,
    );
    const html = await res.text();
    expect(html).toContain('<link rel="stylesheet" href="/_astro/a.111.css">');
    expect(html).not.toContain('body{color:red}');
    expect(html).toContain('<link rel="prefetch" href="/_astro/b.222.css" as="style">');
    expect(html).not.toContain('<link rel="prefetch" href="/_astro/a.111.css"');
    expect(res.headers.get('set-cookie')).toContain('; Secure');
    expect(filesHad(/^css=([^;]+)/.exec(res.headers.get('set-cookie')!)![1], sheets)).toEqual(
      new Set([0, 1, 2]),
    );
  });

  it('passes a page the browser has everything for unchanged, with no cookie', async () => {
    const res = await withInlineStylesheets(
      response(PAGE, 5),
      cookieValue(new Set([0, 1, 2]), sheets),
      false,
    );
    expect(await res.text()).toBe(PAGE);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('finds a </head> split across two chunks (each chunk searched with a short overlap)', async () => {
    const cut = PAGE.indexOf('</head>') + 3; // "…</he" | "ad><body>…"
    for (const at of [cut - 2, cut, cut + 3]) {
      const parts = [PAGE.slice(0, at), PAGE.slice(at)].map((p) => new TextEncoder().encode(p));
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const part of parts) controller.enqueue(part);
          controller.close();
        },
      });
      const res = await withInlineStylesheets(new Response(body), undefined, false);
      const html = await res.text();
      expect(html).toContain('<style>body{color:red}</style>');
      expect(html).toMatch(/<\/style><link rel="stylesheet" href="\/other.css"><\/head><body>/);
      expect(res.headers.get('set-cookie')).toMatch(/^css=/);
    }
  });

  it('gives a response back untouched when the cookie holds every file of the build', async () => {
    const original = response(PAGE, 9);
    const res = await withInlineStylesheets(
      original,
      cookieValue(new Set([0, 1, 2]), sheets),
      false,
    );
    // The same response, not a copy read through: its body was never touched.
    expect(res).toBe(original);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new TextEncoder().encode(PAGE));
    expect(res.headers.get('content-length')).toBe(String(new TextEncoder().encode(PAGE).length));
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('counts a cookie of another build, a forged or an oversized one as nothing', () => {
    const other = build({ 'z.000.css': 'z{}' });
    for (const value of [
      cookieValue(new Set([0, 1, 2]), other),
      `${sheets.build}.`,
      `${sheets.build}.!!`,
      `${sheets.build}.${'z'.repeat(41)}`,
      'x',
      '',
      undefined,
    ]) {
      expect(filesHad(value, sheets)).toEqual(new Set());
    }
  });

  it('leaves a response without a head (a fragment, a huge head) as it was', async () => {
    const fragment = '<p>no head here</p>';
    const res = await withInlineStylesheets(response(fragment, 4), undefined, false);
    expect(await res.text()).toBe(fragment);
    expect(res.headers.get('set-cookie')).toBeNull();
  });
});

describe('text whose lower case is longer than itself', () => {
  it('puts the prefetch links right before </body> after an İ (two characters in lower case)', async () => {
    installStylesheets(sheets);
    const page = PAGE.replace('<p>Привет, мир</p>', '<p>İstanbul İzmir İ</p>');
    for (const size of [3, 100_000]) {
      const html = await (
        await withInlineStylesheets(response(page, size), undefined, false)
      ).text();
      expect(html).toMatch(
        /<p>İstanbul İzmir İ<\/p>(<link rel="prefetch"[^>]+>){3}<\/body><\/html>$/,
      );
    }
  });
});
