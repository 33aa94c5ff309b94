// Demo dispatching objects on the simulator driver (scada.demo.json), granted with control to the
// demo scada user: a pump station and two heating substations whose values move like a plant's,
// each with a fault to reset and a setpoint to change.
import type { Kysely } from 'kysely';
import type { DB } from '#lib/db/schema.ts';
import demo from './scada.demo.json' with { type: 'json' };

interface DemoTag {
  key: string;
  title: string;
  type: string;
  unit: string;
  signal: string;
  base: number;
  actions?: string;
  field_type?: string;
  min?: number;
  max?: number;
  step?: number;
  alarm?: number;
  deadband?: number;
}
const data = demo as {
  organisation_inn: string;
  user: string;
  objects: Array<{ key: string; title: string; address: string; tags: DemoTag[] }>;
};

export async function seedScadaDemo(db: Kysely<DB>): Promise<number> {
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', data.user)
    .executeTakeFirst();
  if (!user) return 0;
  const org = await db
    .selectFrom('organisations')
    .select('id')
    .where('inn', '=', data.organisation_inn)
    .executeTakeFirst();
  const t = new Date().toISOString();
  let made = 0;
  for (const o of data.objects) {
    if (
      await db.selectFrom('scada_objects').select('id').where('key', '=', o.key).executeTakeFirst()
    )
      continue;
    const { id } = await db
      .insertInto('scada_objects')
      .values({
        key: o.key,
        title: o.title,
        organisation_id: org?.id ?? null,
        address: o.address,
        search: `${o.title} ${o.address}`.toLowerCase(),
        driver: JSON.stringify({ type: 'simulator', poll_ms: 1000 }),
        created_at: t,
        updated_at: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [idx, x] of o.tags.entries()) {
      await db
        .insertInto('scada_tags')
        .values({
          object_id: id,
          idx,
          key: x.key,
          title: x.title,
          type: x.type,
          unit: x.unit,
          actions: x.actions ?? 'Read',
          field_type: x.field_type ?? null,
          min: x.min ?? null,
          max: x.max ?? null,
          step: x.step ?? null,
          deadband: x.deadband ?? 0,
          alarm: x.alarm ?? 0,
          address: JSON.stringify({ signal: x.signal, base: x.base }),
        })
        .execute();
    }
    await db
      .insertInto('scada_grants')
      .values({ object_id: id, user_id: user.id, control: 1, created_at: t })
      .execute();
    made++;
  }
  return made;
}
