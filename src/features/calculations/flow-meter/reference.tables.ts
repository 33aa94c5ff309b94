// Kysely types of the flow meter reference data (migration 0016). Queries use
// Kysely<DB & ReferenceTables>, so the shared schema needs no edit.
import type { Generated, Selectable } from 'kysely';

interface Common {
  id: Generated<number>;
  code: string;
  name: string;
  search: string;
  demo: Generated<number>;
  created_at: string;
  updated_at: string;
}

export type RegionsTable = Common;
export interface CitiesTable extends Common {
  region_code: string;
}
export interface OrganisationsTable extends Common {
  city_code: string;
  inn: string | null;
  /** JSON: Requirements (engine.ts). */
  requirements: string;
}

export interface ReferenceTables {
  flow_meter_regions: RegionsTable;
  flow_meter_cities: CitiesTable;
  flow_meter_organisations: OrganisationsTable;
}

export type OrganisationRow = Selectable<OrganisationsTable>;
