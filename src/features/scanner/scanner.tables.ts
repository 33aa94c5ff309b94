// Kysely types of the scanner (migration 0018). Queries use Kysely<ScanDB> so this feature does not
// edit the shared schema file; the catalogue's article keys are typed here for the same reason.
import type { Generated, Selectable } from 'kysely';
import type { DB } from '#lib/db/schema.ts';

export type ScanStatus = 'queued' | 'working' | 'ready' | 'failed';
export type JobState = 'queued' | 'running' | 'done' | 'failed';

export interface ScansTable {
  id: Generated<number>;
  /** Random, unguessable id the API and the wizard use (never the numeric id). */
  uniqid: string;
  user_id: number;
  /** The existing order chosen at step 0 (null: a new order). */
  order_id: number | null;
  organisation_id: number | null;
  object_id: number | null;
  doc_type: string;
  section: string;
  file_name: string;
  format: string;
  size: number;
  /** FileStore ids; null once the retention sweep or a save removed them. */
  original_file: string | null;
  pdf_file: string | null;
  status: ScanStatus;
  stage: string | null;
  done: number;
  total: number;
  /** scanner.errors.* or scanner.api.* key when failed. */
  error_key: string | null;
  error_format: string | null;
  /** JSON ScanSummary: pages, columnCount, headers, suggestedMapping, notes. */
  summary: string | null;
  /** JSON ExtractedLine[] (the lines the row builder works on). */
  document: string | null;
  /** JSON { [page]: fileId } of rendered thumbnails. */
  thumbs: string | null;
  /** JSON ColumnMapping last used in scan.do. */
  mapping: string | null;
  /** JSON number[] pages last used in scan.do. */
  checked_pages: string | null;
  saved_order_id: number | null;
  created_at: string;
  updated_at: string;
  expires_at: string;
}

export interface ScanJobsTable {
  id: Generated<number>;
  scan_id: number;
  state: JobState;
  attempts: number;
  run_after: string;
  locked_by: string | null;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export interface ScanSynonymsTable {
  id: Generated<number>;
  /** 'org:<organisation id>' or 'user:<user id>'. */
  owner: string;
  /** 'a:<normalised article>' or 't:<normalised title>'. */
  key: string;
  catalogue_id: number;
  hits: number;
  updated_at: string;
}

export interface CatalogueKeys {
  article_key: string | null;
  sku_key: string | null;
  ocr_key: string | null;
}

/** The mapping and pages of a scan's last scan.do (migration 0021), kept apart from its 20 MB row. */
export interface ScanChoicesTable {
  scan_id: number;
  /** JSON ColumnMapping. */
  mapping: string;
  /** JSON number[]. */
  checked_pages: string;
}

export interface ScannerTables {
  scans: ScansTable;
  scan_choices: ScanChoicesTable;
  scan_jobs: ScanJobsTable;
  scan_synonyms: ScanSynonymsTable;
}

export type ScanDB = Omit<DB, 'catalogue_items'> &
  ScannerTables & { catalogue_items: DB['catalogue_items'] & CatalogueKeys };
export type ScanRow = Selectable<ScansTable>;
export type JobRow = Selectable<ScanJobsTable>;
