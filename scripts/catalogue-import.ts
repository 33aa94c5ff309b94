// `npm run catalogue:import FILE [--locale en]`: imports catalogue items from a JSON file (an array,
// or { items: [...] }) or a CSV file (header row; structured cells as JSON, see
// docs/integration-api.md) into the configured database, idempotently by sku. Prints one line per
// item that was not unchanged and a summary; exits 1 when any item was invalid (the others are
// still written).
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { configOrExit, setConfig } from '../src/lib/config.ts';
import { closeDatabase, database, migrateToLatest } from '../src/lib/db/index.ts';
import { translator, type Locale } from '../src/lib/i18n/index.ts';
import { importItems } from '../src/features/catalogue/catalogue.server.ts';
import { parseCatalogueFile } from '../src/features/catalogue/import-file.ts';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
const li = args.indexOf('--locale');
const t = translator(((li >= 0 ? args[li + 1] : undefined) ?? 'en') as Locale);
if (!file) {
  console.error('usage: npm run catalogue:import FILE.json|FILE.csv [-- --locale ru]');
  process.exit(2);
}
let text: string;
try {
  text = readFileSync(file, 'utf8');
} catch (err) {
  console.error(`${file}: ${err instanceof Error ? err.message : err}`);
  process.exit(2);
}
const parsed = parseCatalogueFile(text, basename(file));
if (!parsed.ok) {
  console.error(`${file}: ${t(`catalogue.import.${parsed.error}`)}`);
  process.exit(2);
}
setConfig(configOrExit());
try {
  const { db, engine } = database();
  await migrateToLatest(db);
  const results = await importItems(db, engine, parsed.items);
  const count = { created: 0, updated: 0, unchanged: 0, invalid: 0 };
  for (const r of results) {
    count[r.status]++;
    if (r.status === 'invalid') {
      const errors = Object.entries(r.errors ?? {})
        .map(([field, key]) => `${field}: ${t(key)}`)
        .join('; ');
      console.log(`#${r.index + 1} ${r.sku ?? '?'}: ${errors}`);
    } else if (r.status !== 'unchanged') console.log(`#${r.index + 1} ${r.sku}: ${r.status}`);
  }
  console.log(
    `${results.length} item(s) on ${engine}: ${count.created} created, ${count.updated} updated, ${count.unchanged} unchanged, ${count.invalid} invalid`,
  );
  if (count.invalid) process.exitCode = 1;
} catch (err) {
  console.error('import failed:', err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
