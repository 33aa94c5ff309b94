// Kysely types of saved calculations (migration 0015). Queries use Kysely<DB & CalculationTables>
// (see saved/saved.server.ts) so this feature does not edit the shared schema file.
import type { Generated, Selectable } from 'kysely';

export interface CalculationsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  request: string;
  title: string;
  /** JSON: the inputs as typed (text values of the form or the API call). */
  inputs: string;
  /** JSON: the result body computed when saving. */
  result: string;
  /** JSON: [{ cid, sku, title, price_kop, quantity }] */
  chosen: string;
  total_kop: number;
  organisation_id: number | null;
  object_id: number | null;
  /** saved | approved | ordered */
  status: string;
  order_id: number | null;
  search: string;
  created_at: string;
  updated_at: string;
}

export interface CalculationDocumentsTable {
  id: Generated<number>;
  calculation_id: number;
  title: string;
  url: string;
  created_at: string;
}

export interface CalculationTables {
  calculations: CalculationsTable;
  calculation_documents: CalculationDocumentsTable;
}

export type CalculationRow = Selectable<CalculationsTable>;
