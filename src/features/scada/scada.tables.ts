// Kysely types of the dispatching area (migration 0012_scada).
import type { Generated, Selectable } from 'kysely';

export interface ScadaObjectsTable {
  id: Generated<number>;
  key: string;
  title: string;
  organisation_id: number | null;
  address: string;
  /** Lower-cased title and address (portable case-insensitive search). */
  search: string;
  /** JSON of the driver settings (see scada.schema.ts DriverSchema). */
  driver: string;
  status: Generated<number>;
  last_update_at: string | null;
  /** JSON { v, q, t } of the last values by tag index. */
  live: string | null;
  created_at: string;
  updated_at: string;
}

export interface ScadaTagsTable {
  id: Generated<number>;
  object_id: number;
  idx: number;
  key: string;
  title: string;
  type: string;
  unit: string;
  actions: string;
  field_type: string | null;
  min: number | null;
  max: number | null;
  step: number | null;
  deadband: Generated<number>;
  alarm: Generated<number>;
  /** JSON of the driver address of the tag. */
  address: string;
}

export interface ScadaGrantsTable {
  object_id: number;
  user_id: number;
  control: number;
  created_at: string;
}

export interface ScadaSamplesTable {
  tag_id: number;
  /** Epoch milliseconds. */
  ts: number;
  value: number | null;
}

export interface ScadaAlarmsTable {
  id: Generated<number>;
  object_id: number;
  tag_id: number;
  raised_at: string;
  cleared_at: string | null;
}

export interface ScadaCommandsTable {
  id: Generated<number>;
  object_id: number;
  tag_id: number;
  user_id: number;
  ip: string | null;
  old_value: number | null;
  requested: string;
  result: string;
  reason: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface ScadaLeasesTable {
  name: string;
  holder: string;
  expires_at: number;
}

export interface ScadaHourlyTable {
  tag_id: number;
  /** Epoch milliseconds of the hour's start. */
  hour: number;
  min: number;
  max: number;
  sum: number;
  n: number;
}

export interface ScadaRollupStateTable {
  name: string;
  done_until: number;
}

/** An uploaded scheme (migration 0027): sanitised SVG and JSON bindings. */
export interface ScadaSchemesTable {
  object_id: number;
  svg: string;
  bindings: string;
  updated_at: string;
}

export interface ScadaTables {
  scada_schemes: ScadaSchemesTable;
  scada_hourly: ScadaHourlyTable;
  scada_rollup_state: ScadaRollupStateTable;
  scada_objects: ScadaObjectsTable;
  scada_tags: ScadaTagsTable;
  scada_grants: ScadaGrantsTable;
  scada_samples: ScadaSamplesTable;
  scada_alarms: ScadaAlarmsTable;
  scada_commands: ScadaCommandsTable;
  scada_leases: ScadaLeasesTable;
}

export type ScadaObjectRow = Selectable<ScadaObjectsTable>;
export type ScadaTagRow = Selectable<ScadaTagsTable>;
