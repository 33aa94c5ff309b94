// Lists the positions a scan (or any corpus file) gets wrong: truth beside what was recognised,
// for finding where recognition still misses. Not part of the figures (scanner-accuracy.ts is).
//
//   node scripts/scanner-misses.ts scan-jpg scan-png   → the misses of these variants
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { extractDocument } from '../src/features/scanner/recognition/index.ts';
import { buildRows } from '../src/features/scanner/recognition/rows.ts';
import { DEFAULT_MAPPING } from '../src/features/scanner/recognition/types.ts';
import { CORPUS_DIR, SPECS, VARIANTS, readTruth, variantFile } from './scanner-corpus.ts';
import type { Variant } from './scanner-corpus.ts';
import { score } from './scanner-accuracy.ts';

const asked = process.argv
  .slice(2)
  .filter((a) => (VARIANTS as readonly string[]).includes(a)) as Variant[];
const docs = process.argv.slice(2).filter((a) => SPECS.some((s) => s.name === a));
for (const spec of SPECS.filter((s) => !docs.length || docs.includes(s.name))) {
  const truth = readTruth(spec.name);
  for (const v of asked.length ? asked : (['scan-jpg', 'scan-png', 'scan-pdf'] as Variant[])) {
    const file = path.join(CORPUS_DIR, variantFile(spec.name, v));
    if (!existsSync(file)) continue;
    const t = performance.now();
    const doc = await extractDocument(new Uint8Array(readFileSync(file)), path.basename(file));
    const rows = buildRows(
      doc,
      doc.suggestedMapping ?? DEFAULT_MAPPING,
      doc.pages.map((p) => p.page),
    );
    const ms = performance.now() - t;
    const pages = new Set(doc.pages.map((p) => p.page));
    const tr = truth.filter((r) => pages.has(r.page));
    const s = score(tr, rows);
    console.log(
      `## ${spec.name} ${v}: ${s.right}/${s.truth} found ${s.found} (${(ms / 1000).toFixed(1)} s)`,
    );
    const key = (r: { pos: string; title: string; unit: string; count: number | null }) =>
      `${r.pos} | ${r.title} | ${r.unit} | ${r.count}`;
    for (const r of tr) if (score([r], rows).right === 0) console.log(`  - ${key(r)}`);
    for (const r of rows) if (!tr.some((t) => score([t], [r]).right)) console.log(`  + ${key(r)}`);
  }
}
