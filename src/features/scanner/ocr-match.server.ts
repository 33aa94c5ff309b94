// OCR look-alike lookups of the matcher (issue 22): a scanned article Tesseract misread is found by
// its OCR key (catalogue_items.ocr_key, migration 0023) among the candidates, never confirmed by it,
// and an exact article read by OCR is held when the catalogue has its OCR twin (DFC-55 / DFC-5.5).
import type { Kysely } from 'kysely';
import { ocrKey, storedOcrKey } from '#lib/normalise.ts';
import {
  articleOf,
  CANDIDATE_ROWS,
  ITEM_COLUMNS,
  type CatalogueHit,
  type Why,
} from './catalogue-hit.ts';
import type { ScanDB } from './scanner.tables.ts';

type Db = Kysely<ScanDB>;

/** An article equal to the row's only after OCR look-alike folding scores this much, never more by itself. */
export const OCR_SCORE = 0.8;
/** The shortest OCR key searched for (shorter ones fold too much together). */
export const MIN_OCR_KEY = 4;
/** At most this many OCR keys per row (windows of 1-3 words holding a digit or a Latin letter). */
const MAX_OCR_KEYS = 40;

/**
 * OCR keys of the article-like pieces of a row's text: every window of one to three words that holds
 * a digit or a Latin letter (`IL 80/170-7,5/2` is two words), folded by ocrKey. Bounded, in order of appearance.
 */
export function ocrKeysOf(text: string): string[] {
  const words = text.split(/\s+/).filter(Boolean).slice(0, 60);
  const out = new Set<string>();
  for (let i = 0; i < words.length && out.size < MAX_OCR_KEYS; i++)
    for (let n = 1; n <= 3 && i + n <= words.length; n++) {
      const piece = words.slice(i, i + n);
      // Articles hold a digit or a Latin letter (`DRL-3F` read with a Cyrillic Ze for the 3); plain words are skipped.
      if (!piece.some((w) => /[\dA-Za-z]/.test(w))) continue;
      const k = ocrKey(piece.join(' ')).slice(0, 200);
      if (k.length >= MIN_OCR_KEY) out.add(k);
    }
  return [...out].slice(0, MAX_OCR_KEYS);
}

/** Catalogue items whose OCR look-alike key equals one of the row's (candidates only; bounded). */
export async function byOcr(db: Db, keys: string[]): Promise<CatalogueHit[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .selectFrom('catalogue_items')
    .select([...ITEM_COLUMNS])
    .where('ocr_key', 'in', keys)
    .orderBy('id')
    .limit(CANDIDATE_ROWS)
    .execute();
  return rows.map((r) => ({ ...r, price_kop: Number(r.price_kop) }));
}

/**
 * Items sharing the OCR key of each given item's article (the item itself included), by key. One
 * seek per distinct key with a limit of 2: whether another item shares it is all that matters, and
 * a crowded key must not push the others out of a shared limit.
 */
export async function twinsByOcrKey(
  db: Db,
  items: CatalogueHit[],
): Promise<Map<string, CatalogueHit[]>> {
  const keys = [
    ...new Set(items.map((x) => storedOcrKey(articleOf(x))).filter((k): k is string => !!k)),
  ];
  const out = new Map<string, CatalogueHit[]>();
  for (const k of keys) {
    const rows = await db
      .selectFrom('catalogue_items')
      .select([...ITEM_COLUMNS])
      .where('ocr_key', '=', k)
      .orderBy('id')
      .limit(2)
      .execute();
    out.set(
      k,
      rows.map((r) => ({ ...r, price_kop: Number(r.price_kop) })),
    );
  }
  return out;
}

/** The hold of a row read by OCR whose item has an OCR twin in the catalogue (null when it has none). */
export async function ocrHold(
  db: Db,
  item: CatalogueHit,
  twins?: Map<string, CatalogueHit[]>,
): Promise<Why | null> {
  const k = storedOcrKey(articleOf(item));
  if (!k) return null;
  const list = twins?.get(k) ?? (await twinsByOcrKey(db, [item])).get(k) ?? [];
  const others = list.filter((x) => x.id !== item.id);
  return others.length
    ? {
        key: 'scanner.api.why.ocrTwin',
        params: { articles: [item, ...others].map(articleOf).join(' / ') },
      }
    : null;
}
