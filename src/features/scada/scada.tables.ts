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
  /** JSON { hh, h, l, ll, deadband, delay_s } of the analog limits, or null (migration 0025). */
  limits: string | null;
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

/** An alarm occurrence (migration 0025): ISA-18.2 state from cleared_at and acknowledged_at. */
export interface ScadaAlarmsTable {
  id: Generated<number>;
  object_id: number;
  /** null for a communication loss (kind link). */
  tag_id: number | null;
  kind: string;
  value: number | null;
  limit_value: number | null;
  raised_at: string;
  cleared_at: string | null;
  acknowledged_at: string | null;
  acknowledged_by: number | null;
  comment: string | null;
  /** 1 until cleared and acknowledged. */
  active: Generated<number>;
  /** Set while the condition holds (unique): one open occurrence per object, tag and kind. */
  open_key: string | null;
}

export interface ScadaEventsTable {
  id: Generated<number>;
  object_id: number;
  at: string;
  kind: string;
  alarm_id: number | null;
  alarm_kind: string | null;
  tag_id: number | null;
  tag_title: string | null;
  user_id: number | null;
  value: number | null;
  detail: string | null;
}

export interface ScadaAlarmSettingsTable {
  user_id: number;
  email: number;
  updated_at: string;
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
  scada_events: ScadaEventsTable;
  scada_alarm_settings: ScadaAlarmSettingsTable;
  scada_commands: ScadaCommandsTable;
  scada_leases: ScadaLeasesTable;
}

export type ScadaObjectRow = Selectable<ScadaObjectsTable>;
export type ScadaTagRow = Selectable<ScadaTagsTable>;
