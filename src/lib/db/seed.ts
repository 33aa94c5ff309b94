// Demo data: created by `npm run seed` and on the first start with DEMO on (an empty database only).
// Every demo account uses the reserved .example domain and the password DEMO_PASSWORD.
import type { Insertable, Kysely } from 'kysely';
import { hashPassword } from '#lib/crypto/password.ts';
import { seedOrganisationsObjects } from './demo/organisations-objects.demo.ts';
import { seedOrdersPromotions } from './demo/orders-promotions.demo.ts';
import { seedSupportDemo } from '#features/support/support.seed.ts';
import { seedScadaDemo } from '#features/scada/scada.seed.ts';
import { seedDemoCatalogue } from '#features/catalogue-demo/seed.server.ts';
import { seedRegistryDemo } from '#features/registry/registry.seed.ts';
import { seedFlowMeterDemo } from '#features/calculations/flow-meter/reference.server.ts';
import demoUsers from './demo/users.demo.json' with { type: 'json' };
import type { DB } from './schema.ts';

export const DEMO_PASSWORD = 'Demo2026';

export type DemoRole = 'customer' | 'scada' | 'employee' | 'admin';
export const demoAccounts = demoUsers as Array<{
  role: DemoRole;
  email: string;
  phone: string;
  name: string;
  surname: string;
}>;

export async function isEmpty(db: Kysely<DB>): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

/** Inserts the demo accounts that do not exist yet; returns how many were created. */
export async function seedDemo(db: Kysely<DB>): Promise<number> {
  const hash = await hashPassword(DEMO_PASSWORD);
  const t = new Date().toISOString();
  let created = 0;
  for (const { role: _role, ...u } of demoUsers as Array<
    Record<string, unknown> & { role: string; email: string }
  >) {
    const exists = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', u.email)
      .executeTakeFirst();
    if (exists) continue;
    await db
      .insertInto('users')
      .values({
        ...(u as unknown as Omit<
          Insertable<DB['users']>,
          'password_hash' | 'created_at' | 'updated_at'
        >),
        password_hash: hash,
        created_at: t,
        updated_at: t,
      })
      .execute();
    created++;
  }
  await seedOrganisationsObjects(db);
  await seedSupportDemo(db);
  await seedOrdersPromotions(db);
  await seedScadaDemo(db);
  await seedDemoCatalogue(db);
  await seedRegistryDemo(db);
  await seedFlowMeterDemo(db);
  return created;
}
