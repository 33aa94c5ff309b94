// A user written straight into a test database, for the in-process suites that need an owner, a
// colleague or a stranger: one place that knows the users table's required columns.
import type { Insertable, Kysely } from 'kysely';
import type { DB } from '#lib/db/schema.ts';

/** Inserts a personal account with the e-mail (and any column `extra` sets); answers its id. */
export async function insertUser(
  db: Kysely<DB>,
  email: string,
  extra: Partial<Insertable<DB['users']>> = {},
): Promise<number> {
  const now = new Date().toISOString();
  const { id } = await db
    .insertInto('users')
    .values({
      email,
      name: 'N',
      surname: 'S',
      account_type: 'personal',
      created_at: now,
      updated_at: now,
      ...extra,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
