import { createHash, randomBytes } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, type BrotliOptions } from 'node:zlib';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  acceptsDictionary,
  compressWithDictionary,
  dictionaryFor,
  MAX_DICTIONARY_BYTES,
  readBounded,
  rememberDictionary,
  resetDictionaries,
} from './dictionary.ts';

// A chrome-like page: a few hundred distinct menu lines (not one line repeated, which brotli alone
// would shrink to nothing).
const WORDS = ['Главная', 'Заказы', 'Уведомления', 'Акции', 'Поддержка', 'Расчёты', 'Объекты'];
const chrome = (who: string) =>
  Buffer.from(
    `<!doctype html><html><head><title>Кабинет</title></head><body><header>${who}</header><nav><ul>` +
      Array.from(
        { length: 300 },
        (_, i) =>
          `<li><a href="/s/${(i * 7919) % 1000}">${WORDS[i % 7]} ${(i * 104729) % 997}</a></li>`,
      ).join('') +
      '</ul></nav><main></main></body></html>',
  );
const announce = (hash: string) => `:${hash}:`;
const stream = (bytes: Buffer, chunk = 1000) =>
  new ReadableStream<Uint8Array>({
    start(c) {
      for (let i = 0; i < bytes.length; i += chunk) c.enqueue(bytes.subarray(i, i + chunk));
      c.close();
    },
  });

beforeEach(() => resetDictionaries());

describe('the dictionaries the server keeps', () => {
  it('answers the SHA-256 the browser announces and finds the bytes for that user only', () => {
    const bytes = chrome('Ольга');
    const hash = rememberDictionary(7, bytes)!;
    expect(hash).toBe(createHash('sha256').update(bytes).digest('base64'));
    expect(dictionaryFor(7, announce(hash))?.bytes.equals(bytes)).toBe(true);
    // Another user announcing the same hash gets nothing: a dictionary is kept per user.
    expect(dictionaryFor(8, announce(hash))).toBeNull();
  });

  it('ignores malformed, missing and unknown announcements', () => {
    const hash = rememberDictionary(1, chrome('a'))!;
    for (const bad of [
      null,
      '',
      hash,
      `:${hash}`,
      `:${hash.slice(1)}:`,
      `:${'A'.repeat(10_000)}=:`,
      `:${createHash('sha256').update('other').digest('base64')}:`,
      `sha-256=:${hash}:`,
    ])
      expect(dictionaryFor(1, bad), String(bad).slice(0, 40)).toBeNull();
    expect(dictionaryFor(1, `  ${announce(hash)} `)).not.toBeNull();
  });

  it('keeps two per user, the newest, and stays within its byte budget', () => {
    const [a, b, c] = ['a', 'b', 'c'].map((x) => rememberDictionary(1, chrome(x))!);
    expect(dictionaryFor(1, announce(a!))).toBeNull();
    expect(dictionaryFor(1, announce(b!))).not.toBeNull();
    expect(dictionaryFor(1, announce(c!))).not.toBeNull();

    const size = chrome('user 10').length;
    resetDictionaries(size * 3);
    const hashes = Array.from({ length: 5 }, (_, i) =>
      rememberDictionary(10 + i, chrome(`user ${10 + i}`))!,
    );
    const kept = hashes.filter((h, i) => dictionaryFor(10 + i, announce(h)) !== null);
    expect(kept).toEqual(hashes.slice(2));
  });

  it('refuses an empty or oversized dictionary', () => {
    expect(rememberDictionary(1, Buffer.alloc(0))).toBeNull();
    expect(rememberDictionary(1, Buffer.alloc(MAX_DICTIONARY_BYTES + 1, 0x61))).toBeNull();
  });
});

describe('dcb', () => {
  it('is accepted unless refused with q=0', () => {
    expect(acceptsDictionary('gzip, deflate, br, zstd, dcb, dcz')).toBe(true);
    expect(acceptsDictionary('DCB;q=0.5')).toBe(true);
    expect(acceptsDictionary('br, dcb;q=0')).toBe(false);
    expect(acceptsDictionary('gzip, deflate, br, zstd')).toBe(false);
    expect(acceptsDictionary(null)).toBe(false);
    expect(acceptsDictionary('dcbx, xdcb')).toBe(false);
  });

  it('writes the magic and the hash, then brotli against the dictionary (RFC 9842)', async () => {
    const dict = chrome('Ольга');
    const hash = rememberDictionary(3, dict)!;
    const page = Buffer.from(
      dict
        .toString('utf8')
        .replace(
          '<main></main>',
          `<main>${Array.from({ length: 20 }, (_, i) => `<p>Заказ № 2026-${i * 37}</p>`).join('')}</main>`,
        ),
    );
    const out = Buffer.from(
      await new Response(
        compressWithDictionary(stream(page), dictionaryFor(3, announce(hash))!),
      ).arrayBuffer(),
    );
    expect([...out.subarray(0, 4)]).toEqual([0xff, 0x44, 0x43, 0x42]);
    expect(out.subarray(4, 36).toString('base64')).toBe(hash);
    const back = brotliDecompressSync(out.subarray(36), { dictionary: dict } as BrotliOptions);
    expect(back.equals(page)).toBe(true);
    // The point of it: far fewer bytes than brotli alone.
    expect(out.length).toBeLessThan(brotliCompressSync(page).length / 3);
    expect(out.length).toBeGreaterThan(36);
  });

  it('passes a cancel on to the page', async () => {
    let cancelled = false;
    const dict = chrome('x');
    const hash = rememberDictionary(4, dict)!;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        // Incompressible, so that brotli has output to give before the end.
        c.enqueue(new Uint8Array(randomBytes(64 * 1024)));
      },
      cancel() {
        cancelled = true;
      },
    });
    const reader = compressWithDictionary(body, dictionaryFor(4, announce(hash))!).getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
    await expect.poll(() => cancelled).toBe(true);
  });
});

describe('readBounded', () => {
  it('reads a body whole, or answers null past the limit', async () => {
    expect((await readBounded(stream(Buffer.alloc(5000, 1))))?.length).toBe(5000);
    expect(await readBounded(stream(Buffer.alloc(5000, 1)), 4999)).toBeNull();
  });
});
