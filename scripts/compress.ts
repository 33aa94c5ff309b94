// Writes .br and .gz siblings of text assets in dist/client, served by src/lib/http/static.ts.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = process.env.DIST_DIR
  ? resolve(process.env.DIST_DIR, 'client')
  : new URL('../dist/client', import.meta.url).pathname;
const TEXT = /\.(js|mjs|css|svg|json|txt|html|webmanifest|map)$/;

function walk(path: string): string[] {
  return readdirSync(path).flatMap((e) => {
    const p = join(path, e);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

for (const file of walk(dir)) {
  if (!TEXT.test(file)) continue;
  const data = readFileSync(file);
  if (data.length < 512) continue;
  writeFileSync(file + '.gz', gzipSync(data, { level: 9 }));
  writeFileSync(
    file + '.br',
    brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}
