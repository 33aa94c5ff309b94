import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, compressBody } from './compression.ts';

describe('chooseEncoding', () => {
  it('prefers brotli, falls back to gzip, honours q=0', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('BR')).toBe('br');
    expect(chooseEncoding('deflate')).toBeNull();
    expect(chooseEncoding('gzip;q=0')).toBeNull();
    expect(chooseEncoding(null)).toBeNull();
  });
});

describe('compressBody', () => {
  const text = '<!doctype html><style>' + 'body{margin:0}'.repeat(2000) + '</style><p>Привет</p>';
  const stream = () => new Response(text).body!;
  it('brotli and gzip both decode to the same bytes', async () => {
    const br = Buffer.from(await new Response(compressBody(stream(), 'br')).arrayBuffer());
    const gz = Buffer.from(await new Response(compressBody(stream(), 'gzip')).arrayBuffer());
    expect(brotliDecompressSync(br).toString('utf8')).toBe(text);
    expect(gunzipSync(gz).toString('utf8')).toBe(text);
    expect(br.length).toBeLessThan(gz.length);
  });
});
