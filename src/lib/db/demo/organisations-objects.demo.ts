// Demo organisations and objects (Izhevsk) for the demo customers, from organisations-objects.demo.json.
// Called by seedDemo(); skips a user who already has any organisation or object.
import type { Kysely } from 'kysely';
import type { DB } from '#lib/db/schema.ts';
import demo from './organisations-objects.demo.json' with { type: 'json' };

type DemoOrganisation = {
  name: string;
  short: string;
  inn: string;
  kpp: string;
  ogrn: string;
  address: string;
  post: string;
};
type DemoObject = { name: string; address: string; lat: number; lon: number };
const data = demo as Record<string, { organisations: DemoOrganisation[]; objects: DemoObject[] }>;

const lower = (...parts: string[]) => parts.join(' ').toLowerCase();

/** Returns how many organisations and objects were created. */
export async function seedOrganisationsObjects(
  db: Kysely<DB>,
): Promise<{ organisations: number; objects: number }> {
  const t = new Date().toISOString();
  const made = { organisations: 0, objects: 0 };
  for (const [email, set] of Object.entries(data)) {
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    if (!user) continue;
    const hasOrg = await db
      .selectFrom('user_organisations')
      .select('user_id')
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    const hasObj = await db
      .selectFrom('objects')
      .select('id')
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (!hasOrg) {
      for (const o of set.organisations) {
        let org = await db
          .selectFrom('organisations')
          .select('id')
          .where('inn', '=', o.inn)
          .executeTakeFirst();
        org ??= await db
          .insertInto('organisations')
          .values({
            name: o.name,
            inn: o.inn,
            kpp: o.kpp,
            ogrn: o.ogrn,
            address: o.address,
            search: lower(o.name, o.short, o.inn),
            created_at: t,
            updated_at: t,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .insertInto('user_organisations')
          .values({
            user_id: user.id,
            organisation_id: org.id,
            post: o.post,
            search: lower(o.post),
            created_at: t,
          })
          .execute();
        made.organisations++;
      }
    }
    if (!hasObj) {
      for (const o of set.objects) {
        await db
          .insertInto('objects')
          .values({
            user_id: user.id,
            name: o.name,
            address: o.address,
            coords: `${o.lat}, ${o.lon}`,
            lat: o.lat,
            lon: o.lon,
            search: lower(o.name, o.address),
            created_at: t,
            updated_at: t,
          })
          .execute();
        made.objects++;
      }
    }
  }
  return made;
}
