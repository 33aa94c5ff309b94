// Kysely types of the objects area (migration 0003_organisations_objects).
import type { Generated, Selectable } from 'kysely';

export interface ObjectsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  address: string;
  /** The spec's 'lat, lon' string, kept next to the numeric columns the maps use. */
  coords: string;
  lat: number;
  lon: number;
  /** Lower-cased name and address for case-insensitive search on both engines. */
  search: string;
  created_at: string;
  updated_at: string;
}

export interface ObjectTables {
  objects: ObjectsTable;
}

export type ObjectRow = Selectable<ObjectsTable>;
