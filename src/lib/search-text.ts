// The text the catalogue search works on and the one relevance score both engines share: the
// database (FTS5 trigram on SQLite, pg_trgm on PostgreSQL) only narrows the candidates, this score
// orders them, so results and their order are the same on either engine. Pure, and kept below the
// features: the scanner matches with it and migration 0024 rewrites the stored search text with it.

/** Lower case, NFKC, anything but letters and digits becomes one space. */
export function normalise(s: string): string {
  return s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function searchText(item: {
  title: string;
  sku: string;
  model?: string;
  manufacturer?: string;
}): string {
  return normalise(
    [item.title, item.sku, item.model ?? '', item.manufacturer ?? ''].join(' '),
  ).slice(0, 1200);
}

/** Trigrams inside each word (words shorter than 3 characters give none): what FTS5 can match. */
export function innerTrigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (const w of text.split(' '))
    for (let i = 0; i + 3 <= w.length; i++) out.add(w.slice(i, i + 3));
  return out;
}

/** Trigrams of each word padded as pg_trgm does ("  w" … "d "), so a typo inside a short word still leaves most of them. */
export function trigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (const w of text.split(' ')) {
    if (!w) continue;
    const p = `  ${w} `;
    for (let i = 0; i + 3 <= p.length; i++) out.add(p.slice(i, i + 3));
  }
  return out;
}

/** The least score a typo-tolerant match needs (share of the query's trigrams found in the item). */
export const MIN_SCORE = 0.5;

/**
 * 1 (+0.1 at the start) when the normalised query is a substring of the item's text, otherwise the
 * share of the query's trigrams present in the text; short words of the query must appear as
 * written.
 */
export function relevance(query: string, text: string, textTrigrams?: Set<string>): number {
  if (!query) return 0;
  if (text.includes(query)) return text.startsWith(query) ? 1.1 : 1;
  const words = query.split(' ');
  if (words.some((w) => w.length < 3 && !` ${text} `.includes(` ${w}`))) return 0;
  const q = trigrams(query);
  if (q.size === 0) return 0;
  const t = textTrigrams ?? trigrams(text);
  let hits = 0;
  for (const g of q) if (t.has(g)) hits++;
  return hits / q.size;
}
