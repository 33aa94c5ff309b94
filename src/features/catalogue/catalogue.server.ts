// Catalogue storage: idempotent upsert by sku (an unchanged item is left alone, so repeating an
// import changes nothing), delete, read, and the JSON/CSV import used by the CLI and the integration
// API. Each item is checked and written on its own: one bad item never breaks the others.
import { sql, type Kysely } from 'kysely';
import type { Engine } from '#lib/db/index.ts';
import type { DB } from '#lib/db/schema.ts';
import { checkItem, type CatalogueItem, type ItemKind } from './catalogue.schema.ts';
import type { CatalogueRow } from './catalogue.tables.ts';
import { searchText } from '#lib/search-text.ts';
import { articleKey, storedOcrKey } from '#lib/normalise.ts';

export type ImportStatus = 'created' | 'updated' | 'unchanged' | 'invalid';
export interface ImportResult {
  index: number;
  sku: string | null;
  status: ImportStatus;
  /** Field path → message key (catalogue.validation.*), for invalid items. */
  errors?: Record<string, string>;
}

const PUMP_FIELDS = [
  'speed_rpm',
  'curve',
  'q_min_m3h',
  'q_max_m3h',
  'trim_min_ratio',
  'motor',
  'dn',
  'pn_bar',
  't_max_c',
] as const;

/** The stored columns of an item (pump data goes into specs next to the free-form specs). */
export function rowValues(item: CatalogueItem) {
  const specs: Record<string, unknown> = { ...item.specs };
  if (item.kind === 'pump')
    for (const f of PUMP_FIELDS) if (item[f] !== undefined) specs[f] = item[f];
  return {
    sku: item.sku,
    kind: item.kind,
    title: item.title,
    manufacturer: item.manufacturer,
    model: item.model,
    price_kop: item.price_kop,
    lead_days: item.lead_days,
    picture: item.picture,
    documents: JSON.stringify(item.documents),
    specs: JSON.stringify(specs),
    demo: item.demo ? 1 : 0,
    search: searchText(item),
    // The scanner's exact article match (migration 0018): model and sku folded by its normaliser.
    article_key: articleKey(item.model),
    sku_key: articleKey(item.sku),
    // The scanner's OCR look-alike key (migration 0023): candidates only, never a confirmation.
    ocr_key: storedOcrKey(item.model || item.sku),
  };
}

type Values = ReturnType<typeof rowValues>;
const same = (row: CatalogueRow, v: Values) =>
  (Object.keys(v) as Array<keyof Values>).every((k) => String(row[k] ?? '') === String(v[k] ?? ''));

async function syncSearch(
  trx: Kysely<DB>,
  engine: Engine,
  id: number,
  text: string | null,
): Promise<void> {
  if (engine !== 'sqlite') return; // PostgreSQL indexes catalogue_items.search itself (pg_trgm).
  await sql`delete from catalogue_search where item_id = ${id}`.execute(trx);
  if (text !== null)
    await sql`insert into catalogue_search (item_id, search) values (${id}, ${text})`.execute(trx);
}

export async function upsertItem(
  db: Kysely<DB>,
  engine: Engine,
  item: CatalogueItem,
  now = new Date().toISOString(),
): Promise<Exclude<ImportStatus, 'invalid'>> {
  const v = rowValues(item);
  return db.transaction().execute(async (trx) => {
    const find = () =>
      trx.selectFrom('catalogue_items').selectAll().where('sku', '=', item.sku).executeTakeFirst();
    let row = await find();
    if (!row) {
      // Another request may create the same sku at this moment: the insert then does nothing (on
      // PostgreSQL it waits for that transaction) and this one updates the row it made, never a 500.
      const made = await trx
        .insertInto('catalogue_items')
        .values({ ...v, created_at: now, updated_at: now })
        .onConflict((oc) => oc.column('sku').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (made) {
        await syncSearch(trx, engine, made.id, v.search);
        return 'created';
      }
      row = await find();
      if (!row) throw new Error(`catalogue item ${item.sku} neither inserted nor found`);
    }
    if (same(row, v)) return 'unchanged';
    await trx
      .updateTable('catalogue_items')
      .set({ ...v, updated_at: now })
      .where('id', '=', row.id)
      .execute();
    if (row.search !== v.search) await syncSearch(trx, engine, row.id, v.search);
    return 'updated';
  });
}

/** Checks and writes every item on its own; answers one result per item, in order. */
export async function importItems(
  db: Kysely<DB>,
  engine: Engine,
  inputs: readonly unknown[],
): Promise<ImportResult[]> {
  const results: ImportResult[] = [];
  const seen = new Set<string>();
  for (const [index, input] of inputs.entries()) {
    const c = checkItem(input);
    if (!c.ok) {
      results.push({ index, sku: c.sku, status: 'invalid', errors: c.errors });
      continue;
    }
    if (seen.has(c.item.sku)) {
      results.push({
        index,
        sku: c.item.sku,
        status: 'invalid',
        errors: { sku: 'catalogue.validation.duplicate' },
      });
      continue;
    }
    seen.add(c.item.sku);
    results.push({ index, sku: c.item.sku, status: await upsertItem(db, engine, c.item) });
  }
  return results;
}

/**
 * Inserts checked items into an empty catalogue in one transaction, 100 rows a statement (the demo
 * seed: ~500 items must not slow every first start down). Throws on any duplicate sku.
 */
export async function insertMany(
  db: Kysely<DB>,
  engine: Engine,
  items: readonly CatalogueItem[],
  now = new Date().toISOString(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < items.length; i += 100) {
      const rows = items
        .slice(i, i + 100)
        .map((it) => ({ ...rowValues(it), created_at: now, updated_at: now }));
      const ids = await trx
        .insertInto('catalogue_items')
        .values(rows)
        .returning(['id', 'search'])
        .execute();
      if (engine === 'sqlite')
        for (const r of ids)
          await sql`insert into catalogue_search (item_id, search) values (${r.id}, ${r.search})`.execute(
            trx,
          );
    }
  });
}

export async function deleteItem(db: Kysely<DB>, engine: Engine, sku: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('catalogue_items')
      .select('id')
      .where('sku', '=', sku)
      .executeTakeFirst();
    if (!row) return false;
    await syncSearch(trx, engine, row.id, null);
    await trx.deleteFrom('catalogue_items').where('id', '=', row.id).execute();
    return true;
  });
}

export interface CatalogueView {
  id: number;
  sku: string;
  kind: ItemKind;
  title: string;
  manufacturer: string;
  model: string;
  price_kop: number;
  lead_days: number;
  picture: string | null;
  documents: Array<{ title: string; url: string }>;
  specs: Record<string, unknown>;
  demo: boolean;
  updated_at: string;
}

export function viewOf(row: CatalogueRow): CatalogueView {
  return {
    id: row.id,
    sku: row.sku,
    kind: row.kind as ItemKind,
    title: row.title,
    manufacturer: row.manufacturer,
    model: row.model,
    price_kop: Number(row.price_kop),
    lead_days: row.lead_days,
    picture: row.picture,
    documents: JSON.parse(row.documents),
    specs: JSON.parse(row.specs),
    demo: Number(row.demo) === 1,
    updated_at: row.updated_at,
  };
}

export async function getItem(db: Kysely<DB>, sku: string): Promise<CatalogueView | null> {
  const row = await db
    .selectFrom('catalogue_items')
    .selectAll()
    .where('sku', '=', sku)
    .executeTakeFirst();
  return row ? viewOf(row) : null;
}
