// The catalogue item as the matcher sees it and reads it (match.server.ts, ocr-match.server.ts):
// the columns it selects, how many candidates one query brings, and a score's reasons.

export interface Why {
  key: string;
  params?: Record<string, string | number>;
}

export interface CatalogueHit {
  id: number;
  sku: string;
  title: string;
  model: string;
  manufacturer: string;
  price_kop: number;
}

/** The columns of catalogue_items a hit is read from. */
export const ITEM_COLUMNS = ['id', 'sku', 'title', 'model', 'manufacturer', 'price_kop'] as const;

/** At most this many candidates per query. */
export const CANDIDATE_ROWS = 50;

/** The article an item is known by: its model, else its sku. */
export const articleOf = (c: CatalogueHit) => c.model || c.sku;
