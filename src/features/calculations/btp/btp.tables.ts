// Kysely types of the substation projects (migration 0019). Queries use Kysely<DB & BtpTables>
// (see btp.server.ts) so this feature does not edit the shared schema file.
import type { Generated, Selectable } from 'kysely';

export interface BtpProjectsTable {
  id: Generated<number>;
  user_id: number;
  organisation_id: number | null;
  object_id: number | null;
  title: string;
  /** draft | calculated | ordered */
  status: string;
  /** JSON: the composition as typed (the form's text values). */
  inputs: string;
  /** JSON: the composition result computed when the project was last calculated. */
  result: string | null;
  order_id: number | null;
  search: string;
  created_at: string;
  updated_at: string;
}

export interface BtpTables {
  btp_projects: BtpProjectsTable;
}

export type BtpProjectRow = Selectable<BtpProjectsTable>;
