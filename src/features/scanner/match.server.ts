// Matching recognised positions to the catalogue. Both sides go through the recogniser's normaliser
// (case, yo/ye, homoglyphs, DN forms, separators). Order of evidence: a match the customer confirmed
// earlier for the organisation (learned synonym), then an exact article match (normalised model or
// sku, one index seek on catalogue_items.article_key / sku_key), then ranked text similarity over
// candidates the trigram index narrows to (FTS5 trigram on SQLite; pg_trgm word similarity and
// Russian full text on PostgreSQL), with bonuses for numbers that agree (DN50 is not DN100) and for
// the manufacturer. Every score comes with its reasons (`why`: dictionary keys and parameters). The
// OCR look-alike lookups are ocr-match.server.ts.
import { sql, type Kysely } from 'kysely';
import type { Engine } from '#lib/db/index.ts';
import { normalise as searchNormalise, innerTrigrams, trigrams } from '#lib/search-text.ts';
import { normaliseArticle, normaliseText, numericTokens, ocrKey } from '#lib/normalise.ts';
import {
  articleOf,
  CANDIDATE_ROWS,
  ITEM_COLUMNS,
  type CatalogueHit,
  type Why,
} from './catalogue-hit.ts';
import {
  byOcr,
  MIN_OCR_KEY,
  OCR_SCORE,
  ocrHold,
  ocrKeysOf,
  twinsByOcrKey,
} from './ocr-match.server.ts';
import type { ScanDB } from './scanner.tables.ts';

export type { CatalogueHit, Why };

export interface RowText {
  title: string;
  marka: string;
  sku: string;
  man: string;
  /**
   * Read by OCR (a scanned page or a photo): a decimal point or a dash may have been lost or
   * invented, so an article equal to an item's is not proof when the catalogue holds its OCR twin.
   */
  ocr?: boolean;
}

export interface Scored {
  item: CatalogueHit;
  /** 0..1 */
  score: number;
  why: Why[];
  /** Strong enough to fill cid without asking (synonym, exact article, or a clear text winner). */
  confident: boolean;
  /**
   * Numbers of the item's article and title that tell it apart: the ones the row contradicts and the
   * ones a close candidate (same article but for a number: DFC-55 / DFC-5.5) does not share. The
   * popup highlights them.
   */
  differs?: string[];
  /** Why a near match was not ticked by itself (two items differ only in a number), for step 4. */
  hold?: Why;
}

export interface Owner {
  userId: number;
  organisationId: number | null;
}

/** A text match fills cid by itself from this score on (and only with no disagreeing number). */
export const AUTO_SCORE = 0.75;
/** ... and only when the runner-up is at least this much lower. */
const AUTO_MARGIN = 0.05;
export const CANDIDATES_SHOWN = 5;
/** PostgreSQL's first, unordered candidate query stops after this many. */
const PG_CANDIDATE_ROWS = 200;
const MAX_TRIGRAMS = 60;
const MIN_KEY = 3;

export const ownerKeys = (o: Owner): string[] => [
  ...(o.organisationId ? [`org:${o.organisationId}`] : []),
  `user:${o.userId}`,
];

/** The synonym keys of a row: its article (marka, else sku) and its title with the article. */
export function synonymKeys(r: RowText): string[] {
  const keys: string[] = [];
  const article = normaliseArticle(r.marka || r.sku);
  if (article.length >= MIN_KEY) keys.push(`a:${article}`.slice(0, 300));
  const text = normaliseText(`${r.title} ${r.marka}`);
  if (text) keys.push(`t:${text}`.slice(0, 300));
  return keys;
}

function dice(x: Set<string>, y: Set<string>): number {
  if (x.size === 0 || y.size === 0) return 0;
  let common = 0;
  for (const g of x) if (y.has(g)) common++;
  return (2 * common) / (x.size + y.size);
}

/** Dice coefficient of the padded word trigrams (0..1). */
export const similarity = (a: string, b: string): number => dice(trigrams(a), trigrams(b));

const round = (n: number) => Math.round(n * 100) / 100;

interface Prepared {
  text: string;
  grams: Set<string>;
  articleGrams: Set<string>;
  numbers: string[];
  man: string;
  /** An item: the OCR key of its article; a row: the OCR keys of the article-like words it holds. */
  ocr: Set<string>;
}

/** A row's or an item's folded text, trigrams and numbers, computed once per call. */
function prepare(title: string, article: string, man: string, itemArticle?: string): Prepared {
  const text = normaliseText(`${title} ${article}`);
  const a = normaliseArticle(article);
  const ocr =
    itemArticle !== undefined
      ? new Set([ocrKey(itemArticle)].filter((k) => k.length >= MIN_OCR_KEY))
      : new Set(ocrKeysOf(`${article} ${title}`));
  return {
    text,
    grams: trigrams(text),
    articleGrams: a ? trigrams(a) : new Set(),
    numbers: numericTokens(`${title} ${article}`),
    man: normaliseText(man),
    ocr,
  };
}

const itemCache = new Map<string, Prepared>();
function prepareItem(item: CatalogueHit): Prepared {
  const key = `${item.id}\u0000${item.title}\u0000${item.model}\u0000${item.manufacturer}`;
  let p = itemCache.get(key);
  if (!p) {
    if (itemCache.size >= 5000) itemCache.clear();
    p = prepare(item.title, item.model, item.manufacturer, item.model || item.sku);
    itemCache.set(key, p);
  }
  return p;
}

interface Score {
  score: number;
  why: Why[];
  conflict: boolean;
  /** The score stands only on an article equal after OCR look-alike folding: never confident. */
  ocr?: boolean;
}

function scorePrepared(row: Prepared, it: Prepared, item: CatalogueHit): Score {
  let score = Math.max(dice(row.grams, it.grams), dice(row.articleGrams, it.articleGrams));
  const why: Why[] = [
    { key: 'scanner.api.why.text', params: { percent: Math.round(score * 100) } },
  ];
  const rowNumbers = new Set(row.numbers);
  let conflict = false;
  if (rowNumbers.size && it.numbers.length) {
    const same = it.numbers.filter((n) => rowNumbers.has(n));
    const differ = it.numbers.filter((n) => !rowNumbers.has(n));
    if (same.length) {
      score += 0.15 * (same.length / it.numbers.length);
      why.push({ key: 'scanner.api.why.numbers', params: { numbers: same.join(', ') } });
    }
    if (differ.length) {
      conflict = true;
      score -= Math.min(0.3, 0.1 * differ.length);
      why.push({ key: 'scanner.api.why.numbersDiffer', params: { numbers: differ.join(', ') } });
    }
  }
  const manInTitle =
    it.man.length >= MIN_KEY && ` ${row.text} `.includes(` ${it.man.split(' ')[0]} `);
  if (
    (row.man.length >= MIN_KEY &&
      it.man &&
      (it.man.includes(row.man) || row.man.includes(it.man))) ||
    manInTitle
  ) {
    score += 0.1;
    why.push({ key: 'scanner.api.why.manufacturer', params: { man: item.manufacturer } });
  }
  // A scanned article misread into look-alikes (DPT-16 read with Cyrillic O, R, T): lifted to OCR_SCORE so it is
  // listed near the top, marked so that it is never ticked by itself.
  const [key] = it.ocr;
  if (key && row.ocr.has(key) && score < OCR_SCORE) {
    why.push({ key: 'scanner.api.why.ocr', params: { article: item.model || item.sku } });
    return { score: OCR_SCORE, why, conflict, ocr: true };
  }
  return { score: round(Math.max(0, Math.min(1, score))), why, conflict };
}

/** Scores one catalogue item against a row by text, numbers and manufacturer. */
export function scoreText(r: RowText, item: CatalogueHit): Score {
  return scorePrepared(prepare(r.title, r.marka, r.man), prepareItem(item), item);
}

type Db = Kysely<ScanDB>;

async function itemsByIds(db: Db, ids: number[]): Promise<Map<number, CatalogueHit>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('catalogue_items')
    .select([...ITEM_COLUMNS])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, { ...r, price_kop: Number(r.price_kop) }]));
}

/** Learned synonyms of the owner for the rows' keys: key → catalogue id (organisation before user). */
async function synonyms(db: Db, owner: Owner, keys: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const owners = ownerKeys(owner);
  for (let i = 0; i < keys.length; i += 400) {
    const part = keys.slice(i, i + 400);
    const rows = await db
      .selectFrom('scan_synonyms')
      .select(['owner', 'key', 'catalogue_id'])
      .where('owner', 'in', owners)
      .where('key', 'in', part)
      .execute();
    rows.sort((a, b) => owners.indexOf(a.owner) - owners.indexOf(b.owner));
    for (const r of rows) if (!out.has(r.key)) out.set(r.key, r.catalogue_id);
  }
  return out;
}

/** Catalogue items whose normalised model or sku equals one of the keys (bounded: 20 per key). */
async function byArticle(db: Db, keys: string[]): Promise<Map<string, CatalogueHit[]>> {
  const out = new Map<string, CatalogueHit[]>();
  const unique = [...new Set(keys.filter((k) => k.length >= MIN_KEY))];
  for (let i = 0; i < unique.length; i += 200) {
    const part = unique.slice(i, i + 200);
    const rows = await db
      .selectFrom('catalogue_items')
      .select([...ITEM_COLUMNS, 'article_key', 'sku_key'])
      .where((eb) => eb.or([eb('article_key', 'in', part), eb('sku_key', 'in', part)]))
      .orderBy('id')
      .limit(part.length * 20)
      .execute();
    for (const r of rows) {
      const hit = {
        id: r.id,
        sku: r.sku,
        title: r.title,
        model: r.model,
        manufacturer: r.manufacturer,
        price_kop: Number(r.price_kop),
      };
      for (const k of new Set([r.article_key, r.sku_key]))
        if (k && part.includes(k)) out.set(k, [...(out.get(k) ?? []), hit]);
    }
  }
  return out;
}

/** Up to CANDIDATE_ROWS items near the text, through the engine's text indexes. */
async function textCandidates(db: Db, engine: Engine, text: string): Promise<CatalogueHit[]> {
  const q = searchNormalise(text).slice(0, 200);
  if (!q) return [];
  if (engine === 'postgres') {
    // Candidates only; the ranking is done in JS on both engines. Cheapest first: trigram
    // similarity over the GIN index, unordered and capped (1 ms where ordering every match by
    // similarity cost 25-95 ms a row); then word similarity (the text inside a longer catalogue
    // text), then Russian full text over titles (word forms: pump / pumps in Russian) while too few.
    const short = q.slice(0, 80);
    const cols = sql`id, sku, title, model, manufacturer, price_kop`;
    const rows = (
      await sql<CatalogueHit>`select ${cols} from catalogue_items where search % ${short} limit ${PG_CANDIDATE_ROWS}`.execute(
        db,
      )
    ).rows;
    const add = (more: CatalogueHit[]) => {
      const seen = new Set(rows.map((x) => x.id));
      for (const x of more) if (!seen.has(x.id)) rows.push(x);
    };
    if (rows.length < CANDIDATES_SHOWN)
      add(
        (
          await sql<CatalogueHit>`select ${cols} from catalogue_items where ${short} <% search order by word_similarity(${short}, search) desc, id limit ${CANDIDATE_ROWS}`.execute(
            db,
          )
        ).rows,
      );
    const words = q
      .split(' ')
      .filter((w) => w.length >= 3 && /^[\p{L}\p{N}]+$/u.test(w))
      .slice(0, 8);
    if (rows.length < CANDIDATES_SHOWN && words.length)
      add(
        (
          await sql<CatalogueHit>`select ${cols} from catalogue_items where to_tsvector('russian', title) @@ to_tsquery('russian', ${words.join(' | ')}) order by id limit ${CANDIDATE_ROWS}`.execute(
            db,
          )
        ).rows,
      );
    return rows.map((x) => ({ ...x, price_kop: Number(x.price_kop) }));
  }
  const grams = [...innerTrigrams(q)].slice(0, MAX_TRIGRAMS);
  if (grams.length === 0) {
    const rows = await db
      .selectFrom('catalogue_items')
      .select([...ITEM_COLUMNS])
      .where('search', 'like', `%${q}%`)
      .orderBy('id')
      .limit(CANDIDATE_ROWS)
      .execute();
    return rows.map((x) => ({ ...x, price_kop: Number(x.price_kop) }));
  }
  const match = grams.map((g) => `"${g.replaceAll('"', '""')}"`).join(' OR ');
  const ids = await sql<{
    item_id: number;
  }>`select item_id from catalogue_search where catalogue_search match ${match} order by rank limit ${CANDIDATE_ROWS}`.execute(
    db,
  );
  const items = await itemsByIds(
    db,
    ids.rows.map((r) => Number(r.item_id)),
  );
  return ids.rows.map((r) => items.get(Number(r.item_id))).filter((x): x is CatalogueHit => !!x);
}

/** An article with every number replaced: items of one family differ only in numbers (DFC-55, DFC-5.5). */
const familyOf = (c: CatalogueHit) => normaliseArticle(articleOf(c)).replace(/\d+(?:\.\d+)?/g, '#');

/**
 * The numbers that tell each candidate apart (see Scored.differs): those the row contradicts, and
 * those of its article that another listed item of the same family does not have.
 */
export function markDifferences(r: RowText, list: Scored[], query?: string): Scored[] {
  const row = new Set(query ? numericTokens(query) : prepare(r.title, r.marka, r.man).numbers);
  return list.map((s) => {
    const own = numericTokens(articleOf(s.item));
    const out = new Set<string>();
    if (row.size) for (const n of prepareItem(s.item).numbers) if (!row.has(n)) out.add(n);
    for (const o of list) {
      if (o.item.id === s.item.id || familyOf(o.item) !== familyOf(s.item)) continue;
      const theirs = numericTokens(articleOf(o.item));
      for (const n of own) if (!theirs.includes(n)) out.add(n);
    }
    return out.size ? { ...s, differs: [...out] } : s;
  });
}

/** Text candidates of one row scored and ordered, best first (at most `limit`). */
export async function rankByText(
  db: Db,
  engine: Engine,
  r: RowText,
  limit = CANDIDATES_SHOWN,
  query?: string,
): Promise<Scored[]> {
  const q = query ?? `${r.marka} ${r.title}`;
  const row = query ? prepare(query, '', r.man) : prepare(r.title, r.marka, r.man);
  const found = await textCandidates(db, engine, q);
  // Items whose article is the row's but for OCR look-alikes join the text candidates.
  const seen = new Set(found.map((x) => x.id));
  for (const x of await byOcr(db, [...row.ocr])) if (!seen.has(x.id)) found.push(x);
  const scored = found.map((item) => {
    const s = scorePrepared(row, prepareItem(item), item);
    return {
      item,
      score: s.score,
      why: s.why,
      confident: false,
      conflict: s.conflict,
      ocr: !!s.ocr,
    } as Scored & { conflict: boolean; ocr: boolean };
  });
  scored.sort((a, b) => b.score - a.score || a.item.id - b.item.id);
  const best = scored[0];
  // Two items whose articles differ only in a number (DFC-55, DFC-5.5) that the row does not settle:
  // the popup shows both, nothing is ticked, and step 4 says why.
  // A twin the row's numbers seem to rule out still counts when both articles have the same digits
  // (PHE-01-45 / PHE-0.1-45 against `PHE-0 1-45`): only the article itself, written out with its
  // number boundaries in the row, settles which one it is.
  const key = (c: CatalogueHit) => normaliseArticle(articleOf(c));
  const digits = (c: CatalogueHit) => key(c).replace(/\D+/g, '');
  const rowKey = normaliseArticle(query ?? `${r.title} ${r.marka} ${r.sku}`);
  const names = (k: string) =>
    new RegExp(`(?<![\\d.])${k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\d|\\.\\d)`).test(rowKey);
  const twins = best
    ? scored.filter(
        (s) =>
          s !== best &&
          familyOf(s.item) === familyOf(best.item) &&
          key(s.item) !== key(best.item) &&
          (!s.conflict || digits(s.item) === digits(best.item)) &&
          !(names(key(best.item)) && !names(key(s.item))),
      )
    : [];
  if (best && twins.length)
    best.hold = {
      key: 'scanner.api.why.twin',
      params: { articles: [best, ...twins.slice(0, 2)].map((s) => articleOf(s.item)).join(' / ') },
    };
  if (
    best &&
    !twins.length &&
    !best.conflict &&
    !best.ocr &&
    best.score >= AUTO_SCORE &&
    (scored[1]?.score ?? 0) <= best.score - AUTO_MARGIN
  )
    best.confident = true;
  // A row read from a scan names an article that a lost or invented point may have changed: with an
  // OCR twin in the catalogue, the text naming one of them is no proof either.
  if (best && r.ocr && !best.hold) {
    const hold = await ocrHold(db, best.item);
    if (hold) {
      best.hold = hold;
      best.confident = false;
    }
  }
  return markDifferences(
    r,
    scored.slice(0, limit).map(({ conflict: _c, ocr: _o, ...s }) => s),
    query,
  );
}

function pickByManufacturer(r: RowText, items: CatalogueHit[]): CatalogueHit {
  const man = normaliseText(r.man);
  return (man && items.find((i) => normaliseText(i.manufacturer).includes(man))) || items[0]!;
}

/**
 * The best match of every row: synonym, exact article, or the best text candidate (confident only
 * above AUTO_SCORE with a clear lead). Null when nothing is near.
 */
export async function matchRows(
  db: Db,
  engine: Engine,
  owner: Owner,
  rows: RowText[],
): Promise<Array<Scored | null>> {
  const keysOf = rows.map(synonymKeys);
  const learned = await synonyms(db, owner, keysOf.flat());
  const learnedItems = await itemsByIds(db, [...new Set(learned.values())]);
  const articleKeys = rows.map((r) =>
    [normaliseArticle(r.marka), normaliseArticle(r.sku)].filter((k) => k.length >= MIN_KEY),
  );
  const exact = await byArticle(db, articleKeys.flat());
  const ocrTwins = await twinsByOcrKey(
    db,
    rows.flatMap((r, i) => (r.ocr ? articleKeys[i]!.flatMap((k) => exact.get(k) ?? []) : [])),
  );
  const out: Array<Scored | null> = new Array<Scored | null>(rows.length).fill(null);
  const textRows: number[] = [];
  for (const [i, r] of rows.entries()) {
    const synonymId = keysOf[i]!.map((k) => learned.get(k)).find(
      (id) => id !== undefined && learnedItems.has(id),
    );
    if (synonymId !== undefined) {
      // A choice remembered earlier never overrules, by itself, an article that names another item
      // exactly (a scan's DFC-55 confirmed as DFC-5.5 once must not turn a typed DFC-55 into DFC-5.5).
      const named = articleKeys[i]!.flatMap((k) => exact.get(k) ?? []);
      const contradicted = named.length > 0 && !named.some((x) => x.id === synonymId);
      const item = learnedItems.get(synonymId)!;
      out[i] = contradicted
        ? {
            item,
            score: 0.9,
            why: [{ key: 'scanner.api.why.synonym' }],
            confident: false,
            hold: {
              key: 'scanner.api.why.synonymContradicted',
              params: { chosen: articleOf(item), article: articleOf(named[0]!) },
            },
          }
        : { item, score: 1, why: [{ key: 'scanner.api.why.synonym' }], confident: true };
      continue;
    }
    const key = articleKeys[i]!.find((k) => exact.has(k));
    if (key) {
      // Confirmed by itself only when the key names one catalogue item (or the manufacturer picks one).
      const items = exact.get(key)!;
      const item = pickByManufacturer(r, items);
      const man = normaliseText(r.man);
      const one =
        items.length === 1 ||
        (!!man && items.filter((x) => normaliseText(x.manufacturer).includes(man)).length === 1);
      const found: Scored = {
        item,
        score: one ? 1 : 0.9,
        why: [{ key: 'scanner.api.why.article', params: { article: item.model || item.sku } }],
        confident: one,
      };
      // A scanned DFC-5.5 may read DFC-55: with an item that differs only by such a mark in the
      // catalogue, the person chooses.
      const hold = r.ocr && one ? await ocrHold(db, item, ocrTwins) : null;
      if (hold) {
        found.confident = false;
        found.score = 0.9;
        found.hold = hold;
      }
      out[i] = found;
      continue;
    }
    if (r.title || r.marka) textRows.push(i);
  }
  // Text ranking: one bounded query per distinct row text; a few at once on PostgreSQL (a pool of
  // connections), one after another on SQLite (one connection).
  const byText = new Map<string, Promise<Scored | null>>();
  const rank = (r: RowText) => {
    const k = `${r.title}\u0000${r.marka}\u0000${r.man}`;
    let p = byText.get(k);
    if (!p) {
      p = rankByText(db, engine, r, 1).then((x) => x[0] ?? null);
      byText.set(k, p);
    }
    return p;
  };
  const lanes = engine === 'postgres' ? 4 : 1;
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < textRows.length) {
        const i = textRows[next++]!;
        out[i] = await rank(rows[i]!);
      }
    }),
  );
  return out;
}

/** Top candidates for the matching popup: the row's own best evidence first, then text ranking (or `q`). */
export async function candidatesFor(
  db: Db,
  engine: Engine,
  owner: Owner,
  r: RowText,
  q: string,
): Promise<Scored[]> {
  const list: Scored[] = [];
  if (!q) {
    const [best] = await matchRows(db, engine, owner, [r]);
    if (best && best.score >= 1) list.push(best);
  }
  for (const s of await rankByText(db, engine, r, CANDIDATES_SHOWN + 1, q || undefined))
    if (!list.some((x) => x.item.id === s.item.id)) list.push(s);
  return markDifferences(r, list.slice(0, CANDIDATES_SHOWN), q || undefined);
}

/** Remembers the pairs the customer confirmed, for the organisation (or the user without one). */
export async function rememberSynonyms(
  db: Db,
  owner: Owner,
  pairs: Array<{ row: RowText; cid: number }>,
  at = new Date().toISOString(),
): Promise<number> {
  const target = ownerKeys(owner)[0]!;
  let n = 0;
  // An article key that is another catalogue item's own article is not learned as a synonym: the
  // catalogue already says what that article is (the choice was for a misread or unsettled row).
  const articles = pairs
    .map(({ row }) => normaliseArticle(row.marka || row.sku))
    .filter((k) => k.length >= MIN_KEY);
  const owners = await byArticle(db, articles);
  for (const { row, cid } of pairs) {
    const article = normaliseArticle(row.marka || row.sku);
    const ownItems = owners.get(article) ?? [];
    for (const key of synonymKeys(row)) {
      if (key.startsWith('a:') && ownItems.length && !ownItems.some((x) => x.id === cid)) continue;
      await db
        .insertInto('scan_synonyms')
        .values({ owner: target, key, catalogue_id: cid, hits: 1, updated_at: at })
        .onConflict((oc) =>
          oc.columns(['owner', 'key']).doUpdateSet({
            catalogue_id: cid,
            hits: sql<number>`scan_synonyms.hits + 1`,
            updated_at: at,
          }),
        )
        .execute();
      n++;
    }
  }
  return n;
}
