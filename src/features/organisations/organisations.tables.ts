// Kysely types of the organisations area (migration 0003_organisations_objects).
import type { Generated, Selectable } from 'kysely';

export interface OrganisationsTable {
  id: Generated<number>;
  name: string;
  inn: string;
  kpp: string | null;
  ogrn: string | null;
  address: string | null;
  /** Lower-cased name and INN for case-insensitive search on both engines. */
  search: string;
  created_at: string;
  updated_at: string;
}

/** Which users work for an organisation, and as what. */
export interface UserOrganisationsTable {
  user_id: number;
  organisation_id: number;
  post: string;
  /** Lower-cased post. */
  search: string;
  created_at: string;
}

export interface OrganisationTables {
  organisations: OrganisationsTable;
  user_organisations: UserOrganisationsTable;
}

export type OrganisationRow = Selectable<OrganisationsTable>;
