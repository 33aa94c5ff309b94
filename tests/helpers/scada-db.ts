// A dispatching object with its variables written straight into a test database, for the in-process
// suites of src/features/scada (history, trends, schemes): one place that knows the tables' columns.
import type { Kysely, Selectable } from 'kysely';
import type { DB } from '#lib/db/schema.ts';
import type { ScadaTagsTable } from '#features/scada/scada.tables.ts';

type TagRow = Omit<Selectable<ScadaTagsTable>, 'id'>;
/** What a test says of a variable; the rest is a readable float with no limits. */
export type TagSpec = Partial<Omit<TagRow, 'object_id' | 'idx'>> & { key: string };

export async function insertScadaObject(
  db: Kysely<DB>,
  key: string,
  specs: TagSpec[],
  object: { created_at?: string; updated_at?: string } = {},
): Promise<{ id: number; tags: Array<TagRow & { id: number }> }> {
  const now = new Date().toISOString();
  const { id } = await db
    .insertInto('scada_objects')
    .values({
      key,
      title: key,
      organisation_id: null,
      address: '',
      search: key,
      driver: '{"type":"simulator"}',
      created_at: now,
      updated_at: now,
      ...object,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tags: Array<TagRow & { id: number }> = [];
  for (const [idx, spec] of specs.entries()) {
    const row: TagRow = {
      object_id: id,
      idx,
      title: spec.key,
      type: 'float',
      unit: '',
      actions: 'Read',
      field_type: null,
      min: null,
      max: null,
      step: null,
      deadband: 0,
      alarm: 0,
      address: '{}',
      limits: null,
      ...spec,
    };
    const r = await db
      .insertInto('scada_tags')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    tags.push({ ...row, id: r.id });
  }
  return { id, tags };
}
