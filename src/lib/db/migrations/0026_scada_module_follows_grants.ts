// The dispatching module follows the grants (issue 24, decision 0040): a user has it while holding a
// grant on at least one object. Users granted through the integration API before this had grants but
// no module (404 on every dispatching path); users with the module and no grant had an empty list.
// Both are brought to the rule once here; the integration call keeps it from then on.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('users')
    .set({
      module_scada: sql<number>`case when exists (select 1 from scada_grants g where g.user_id = users.id) then 1 else 0 end`,
    })
    .execute();
}

// The module flags set by hand before are not known any more: down leaves them as they are.
export async function down(): Promise<void> {}
