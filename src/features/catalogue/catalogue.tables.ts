// Kysely types of the catalogue (migration 0010). The SQLite search index (FTS5 table
// catalogue_search) is reached through raw SQL in search.server.ts and is not typed here.
import type { Generated, Selectable } from 'kysely';

export interface CatalogueItemsTable {
  id: Generated<number>;
  sku: string;
  kind: string;
  title: string;
  manufacturer: string;
  model: string;
  price_kop: number;
  lead_days: number;
  picture: string | null;
  /** JSON: [{ title, url }] */
  documents: string;
  /** JSON: kind-specific data; pumps: curve, speed_rpm, motor, q range, trim, dn, pn, t_max, materials. */
  specs: string;
  demo: Generated<number>;
  search: string;
  /** Normalised model and sku for the scanner's exact article match (migration 0018). */
  article_key: string | null;
  sku_key: string | null;
  /** OCR look-alike key of the article, for the scanner's candidates only (migration 0023). */
  ocr_key: string | null;
  created_at: string;
  updated_at: string;
}

export interface CatalogueTables {
  catalogue_items: CatalogueItemsTable;
}

export type CatalogueRow = Selectable<CatalogueItemsTable>;
