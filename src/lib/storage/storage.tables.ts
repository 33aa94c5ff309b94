// The table of FILE_STORE=database (migration 0008): each stored file's description and bytes in
// one row, so every instance on the same database sees the same files.
export interface StoredFilesTable {
  id: string;
  owner_id: number;
  kind: string;
  name: string;
  type: string;
  size: number;
  created_at: string;
  /** bytea on PostgreSQL, blob on SQLite. */
  data: Uint8Array;
}

export interface StorageTables {
  stored_files: StoredFilesTable;
}
