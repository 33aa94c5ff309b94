// Typo-tolerant catalogue search by title, sku, model (and manufacturer), one function for both
// engines: the database narrows to at most CANDIDATES rows through its trigram index (FTS5 trigram
// on SQLite, pg_trgm on PostgreSQL), then relevance() in #lib/search-text.ts scores and orders them the
// same way on both. Queries shorter than a trigram use a bounded substring match.
import { sql, type Kysely } from 'kysely';
import type { Engine } from '#lib/db/index.ts';
import type { DB } from '#lib/db/schema.ts';
import type { ItemKind } from './catalogue.schema.ts';
import { innerTrigrams, MIN_SCORE, normalise, relevance } from '#lib/search-text.ts';

const CANDIDATES = 200;
export const SEARCH_LIMIT_MAX = 50;

export interface SearchHit {
  id: number;
  sku: string;
  kind: ItemKind;
  title: string;
  manufacturer: string;
  model: string;
  price_kop: number;
  lead_days: number;
  picture: string | null;
  demo: boolean;
  score: number;
}

export interface SearchOptions {
  q: string;
  kind?: ItemKind;
  limit?: number;
}

const columns = [
  'id',
  'sku',
  'kind',
  'title',
  'manufacturer',
  'model',
  'price_kop',
  'lead_days',
  'picture',
  'demo',
  'search',
] as const;

async function candidates(db: Kysely<DB>, engine: Engine, q: string, kind: ItemKind | undefined) {
  const grams = [...innerTrigrams(q)];
  let query = db.selectFrom('catalogue_items').select(columns);
  if (kind) query = query.where('kind', '=', kind);
  if (grams.length === 0)
    return query
      .where('search', 'like', `%${q}%`)
      .orderBy('title')
      .orderBy('id')
      .limit(CANDIDATES)
      .execute();
  if (engine === 'postgres') {
    // `<%`: word similarity above pg_trgm's threshold (0.6), served by the GIN index like LIKE is.
    return query
      .where((eb) => eb.or([eb('search', 'like', `%${q}%`), sql<boolean>`${q} <% search`]))
      .orderBy(sql`word_similarity(${q}, search)`, 'desc')
      .orderBy('id')
      .limit(CANDIDATES)
      .execute();
  }
  // FTS5 trigram: any of the query's trigrams, best bm25 rank first. Trigrams are letters and
  // digits only, so quoting them is safe. The kind filter is applied to the ranked ids.
  const match = grams.map((g) => `"${g}"`).join(' OR ');
  const ids = await sql<{
    item_id: number;
  }>`select item_id from catalogue_search where catalogue_search match ${match} order by rank limit ${kind ? CANDIDATES * 5 : CANDIDATES}`.execute(
    db,
  );
  if (ids.rows.length === 0) return [];
  const order = new Map(ids.rows.map((r, i) => [Number(r.item_id), i]));
  const rows = await query.where('id', 'in', [...order.keys()]).execute();
  return rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!).slice(0, CANDIDATES);
}

export async function searchCatalogue(
  db: Kysely<DB>,
  engine: Engine,
  o: SearchOptions,
): Promise<SearchHit[]> {
  const q = normalise(o.q).slice(0, 100);
  if (!q) return [];
  const limit = Math.min(SEARCH_LIMIT_MAX, Math.max(1, Math.floor(o.limit ?? 20)));
  const rows = await candidates(db, engine, q, o.kind);
  return rows
    .map((r) => ({ r, score: relevance(q, r.search) }))
    .filter((x) => x.score >= MIN_SCORE)
    .sort((a, b) => b.score - a.score || a.r.title.localeCompare(b.r.title) || a.r.id - b.r.id)
    .slice(0, limit)
    .map(({ r, score }) => ({
      id: r.id,
      sku: r.sku,
      kind: r.kind as ItemKind,
      title: r.title,
      manufacturer: r.manufacturer,
      model: r.model,
      price_kop: Number(r.price_kop),
      lead_days: r.lead_days,
      picture: r.picture,
      demo: Number(r.demo) === 1,
      score,
    }));
}
