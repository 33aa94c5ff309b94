// PUT /api/integration/scada/objects/{key} (scope scada): the back office creates or replaces a
// dispatching object, its variables and its grants in one transaction. Tags keep their ids by key
// (history and audit stay attached); grants are the complete list of who may see (and control) it.
import { sql, type Kysely } from 'kysely';
import * as v from 'valibot';
import { validate } from '#features/integration/body.server.ts';
import { db, now } from '#lib/db/index.ts';
import type { DB } from '#lib/db/schema.ts';
import { HttpError } from '#lib/http/api.ts';
import type { T } from '#lib/i18n/index.ts';
import { bus } from '#lib/realtime/bus.ts';
import { log } from '#lib/log.ts';
import { ACCESS_CHANGED, userTopic } from '#lib/realtime/topics.ts';
import { LIVE_TOPIC, TAGS_EVENT } from './live.ts';
import { addressSchemaFor, ObjectSchema, type ObjectInput } from './scada.schema.ts';
import { checkLimits } from './alarms.rules.ts';

const KEY = /^[A-Za-z0-9_.-]{1,100}$/;
/** Retired variables sit at RETIRED - id: unique, far below the -1 … -200 of the order move. */
export const RETIRED = -1_000_000;

export async function putObjectCall(
  key: string | undefined,
  data: Record<string, unknown>,
  t: T,
): Promise<unknown> {
  if (!key || !KEY.test(key))
    throw new HttpError(404, t('errors.notFound', { name: t('scada.entity') }));
  const input = validate(ObjectSchema, data, t);
  checkTags(input, t);
  const limits = checkLimits(input.tags, t);
  const database = db();
  const orgId = input.oid
    ? ((
        await database
          .selectFrom('organisations')
          .select('id')
          .where('inn', '=', input.oid)
          .executeTakeFirst()
      )?.id ?? null)
    : null;
  if (input.oid && orgId === null)
    throw new HttpError(422, t('integration.errors.invalid'), {
      errors: { oid: t('integration.scada.oidUnknown') },
    });
  const emails = [...new Set(input.grants.map((g) => g.email))];
  const users = emails.length
    ? await database
        .selectFrom('users')
        .select(['id', 'email'])
        .where('email', 'in', emails)
        .execute()
    : [];
  const missing = emails.filter((e) => !users.some((u) => u.email.toLowerCase() === e));
  if (missing.length)
    throw new HttpError(422, t('integration.errors.invalid'), {
      errors: { grants: t('integration.scada.userUnknown', { emails: missing.join(', ') }) },
    });
  const userId = new Map(users.map((u) => [u.email.toLowerCase(), u.id]));

  const { narrowed, answer } = await database.transaction().execute(async (trx) => {
    const time = now();
    const fields = {
      title: input.title,
      organisation_id: orgId,
      address: input.address,
      search: `${input.title} ${input.address}`.toLowerCase(),
      driver: JSON.stringify(input.driver),
      updated_at: time,
    };
    // Create or replace in one step each, so simultaneous PUTs of one new key never both insert
    // (a unique violation, 500): the insert does nothing when the key exists (on PostgreSQL it waits
    // for the other transaction), and the update then holds the object's row until this one ends.
    const inserted = await trx
      .insertInto('scada_objects')
      .values({ key, ...fields, created_at: time })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('id')
      .executeTakeFirst();
    const existing = !inserted;
    const id =
      inserted?.id ??
      (
        await trx
          .updateTable('scada_objects')
          .set(fields)
          .where('key', '=', key)
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;

    const old = await trx
      .selectFrom('scada_tags')
      .select(['id', 'key', 'idx'])
      .where('object_id', '=', id)
      .execute();
    const wanted = new Set(input.tags.map((tag) => tag.key));
    const gone = old.filter((o) => !wanted.has(o.key) && o.idx >= 0).map((o) => o.id);
    // A removed variable with commands in the audit is retired, not deleted: the audit keeps naming
    // it, every live list skips it (a negative order), and it returns with its history if its key
    // comes back. One without commands is deleted with its samples.
    const audited = gone.length
      ? new Set(
          (
            await trx
              .selectFrom('scada_commands')
              .select('tag_id')
              .distinct()
              .where('object_id', '=', id)
              .where('tag_id', 'in', gone)
              .execute()
          ).map((r) => r.tag_id),
        )
      : new Set<number>();
    const unaudited = gone.filter((tagId) => !audited.has(tagId));
    if (unaudited.length) await trx.deleteFrom('scada_tags').where('id', 'in', unaudited).execute();
    // Orders move in two steps so the unique (object, idx) index never sees a duplicate: first the
    // live ones to -1 - idx (distinct, above the retired range), then each to its place. Plain SQL
    // because a negated sum (eb.neg of idx + 1) compiles without parentheses to -idx + 1, which
    // swapped 0 and 1 and broke every re-PUT of two or more variables (issue 20).
    await trx
      .updateTable('scada_tags')
      .set({ idx: sql<number>`-1 - ${sql.ref('idx')}` })
      .where('object_id', '=', id)
      .where('idx', '>=', 0)
      .execute();
    if (audited.size)
      await trx
        .updateTable('scada_tags')
        .set({ idx: sql<number>`${sql.lit(RETIRED)} - ${sql.ref('id')}` })
        .where('id', 'in', [...audited])
        .execute();
    const byKey = new Map(old.map((o) => [o.key, o.id]));
    const tags: Array<{ key: string; id: number; idx: number }> = [];
    for (const [idx, tag] of input.tags.entries()) {
      const row = {
        idx,
        title: tag.title,
        type: tag.type,
        unit: tag.unit,
        actions: tag.actions,
        field_type: tag.actions === 'ReadWrite' ? tag.field_type : null,
        min: tag.min,
        max: tag.max,
        step: tag.step,
        deadband: tag.deadband,
        alarm: tag.alarm ? 1 : 0,
        address: JSON.stringify(tag.address),
        limits: limits[idx] ?? null,
      };
      const known = byKey.get(tag.key);
      const tagId = known
        ? (
            await trx
              .updateTable('scada_tags')
              .set(row)
              .where('id', '=', known)
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id
        : (
            await trx
              .insertInto('scada_tags')
              .values({ object_id: id, key: tag.key, ...row })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
      tags.push({ key: tag.key, id: tagId, idx });
    }
    // The value layout changed with the tags: the snapshot is dropped until the next read.
    await trx
      .updateTable('scada_objects')
      .set({ live: null, status: 0 })
      .where('id', '=', id)
      .execute();

    const before = await trx
      .selectFrom('scada_grants')
      .select(['user_id', 'control'])
      .where('object_id', '=', id)
      .execute();
    const affected = [
      ...new Set([
        ...before.map((b) => b.user_id),
        ...input.grants.map((g) => userId.get(g.email)!),
      ]),
    ].sort((a, b) => a - b);
    // The users' rows are held first (a no-op update locks them on both databases), so two calls that
    // withdraw one user's grants on two objects decide the module one after the other, each seeing
    // the other's committed grants.
    await lockUsers(trx, affected);
    await trx.deleteFrom('scada_grants').where('object_id', '=', id).execute();
    for (const g of input.grants)
      await trx
        .insertInto('scada_grants')
        .values({
          object_id: id,
          user_id: userId.get(g.email)!,
          control: g.control ? 1 : 0,
          created_at: time,
        })
        .execute();
    const after = new Map(input.grants.map((g) => [userId.get(g.email)!, g.control ? 1 : 0]));
    await followGrants(trx, affected);
    // Users who lost the grant or the control right: their open streams re-check at once.
    const narrowed = before
      .filter((b) => !after.has(b.user_id) || after.get(b.user_id)! < b.control)
      .map((b) => b.user_id);
    return {
      narrowed,
      answer: { data: { id, key, created: !existing, tags, grants: input.grants.length } },
    };
  });
  // After the commit, so that the re-check reads the new grants (on every instance).
  await Promise.all(narrowed.map((u) => bus().publish(userTopic(u), ACCESS_CHANGED)));
  // Open streams of the object read the new variable list.
  await bus()
    .publish(LIVE_TOPIC(answer.data.id), TAGS_EVENT)
    .catch((err: unknown) =>
      log.warn('scada: variables event failed', { object: answer.data.id, err }),
    );
  return answer;
}

async function lockUsers(trx: Kysely<DB>, users: number[]): Promise<void> {
  for (let i = 0; i < users.length; i += 500)
    await trx
      .updateTable('users')
      .set({ module_scada: sql<number>`module_scada` })
      .where('id', 'in', users.slice(i, i + 500))
      .execute();
}

/**
 * The dispatching module follows the grants (decision 0040): a user has it while holding a grant on
 * at least one object, so a grant through this call is enough to use dispatching, and withdrawing the
 * last one withdraws it on every path the module guards (pages, API, embeds, reports, streams).
 */
export async function followGrants(trx: Kysely<DB>, users: number[]): Promise<void> {
  for (let i = 0; i < users.length; i += 500)
    await trx
      .updateTable('users')
      .set({
        module_scada: sql<number>`case when exists (select 1 from scada_grants g where g.user_id = users.id) then 1 else 0 end`,
      })
      .where('id', 'in', users.slice(i, i + 500))
      .execute();
}

/** Each tag's address must match its driver; keys unique within the object. */
function checkTags(input: ObjectInput, t: T) {
  const schema = addressSchemaFor(input.driver.type);
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  input.tags.forEach((tag, i) => {
    if (seen.has(tag.key)) errors[`tags.${i}.key`] = t('integration.scada.key');
    seen.add(tag.key);
    const r = v.safeParse(schema, tag.address);
    if (!r.success) errors[`tags.${i}.address`] = t('integration.scada.address');
    else tag.address = r.output as Record<string, unknown>;
  });
  if (Object.keys(errors).length)
    throw new HttpError(422, t('integration.errors.invalid'), { errors });
}
