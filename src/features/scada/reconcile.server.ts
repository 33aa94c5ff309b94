// Commands cut off by a crash (kill -9, power loss) after the device was written stay "sent" with no
// finish time: the API instance that waited for the answer is gone, so nobody would ever finish them.
// The instance that starts polling the object settles them once it has read the device, or failed
// to: a read-back equal to the commanded value is confirmed, a different one not confirmed, no read
// at all interrupted (reason "restart", or "unread" when the device did not answer). Rows younger
// than IN_FLIGHT_MS may still have a live waiter on another instance; they are left until that old.
import type { Kysely } from 'kysely';
import type { DB } from '#lib/db/schema.ts';
import { expectedAfter, IN_FLIGHT_MS, readBackTolerance } from './live.ts';
import { commandValue } from './scada.schema.ts';

/** Unfinished commands settled per pass; a further pass follows while any are left. */
const BATCH = 100;

export interface Settled {
  /** Rows settled in this pass. */
  settled: number;
  /** Milliseconds until the youngest skipped row may be settled (null: none left waiting). */
  retryIn: number | null;
}

/**
 * Settles the unfinished commands of an object. `readings` are the values just read from the device by
 * tag id (null: the device could not be read).
 */
export async function reconcileCommands(
  db: Kysely<DB>,
  objectId: number,
  readings: Map<number, number | null> | null,
  at = Date.now(),
): Promise<Settled> {
  const rows = await db
    .selectFrom('scada_commands as c')
    .innerJoin('scada_tags as t', 't.id', 'c.tag_id')
    .select([
      'c.id',
      'c.tag_id',
      'c.created_at',
      'c.requested',
      't.type',
      't.field_type',
      't.min',
      't.max',
      't.step',
    ])
    .where('c.object_id', '=', objectId)
    .where('c.finished_at', 'is', null)
    .orderBy('c.id')
    .limit(BATCH)
    .execute();
  let settled = 0;
  let retryIn: number | null = null;
  for (const row of rows) {
    const age = at - Date.parse(row.created_at);
    if (age < IN_FLIGHT_MS) {
      retryIn = Math.min(retryIn ?? Infinity, IN_FLIGHT_MS - age);
      continue;
    }
    const outcome = judge(row, readings?.get(row.tag_id));
    // Compare-and-set: a waiter that finished the row meanwhile keeps its own answer.
    const r = await db
      .updateTable('scada_commands')
      .set({ ...outcome, finished_at: new Date(at).toISOString() })
      .where('id', '=', row.id)
      .where('finished_at', 'is', null)
      .executeTakeFirst();
    settled += Number(r.numUpdatedRows);
  }
  if (rows.length === BATCH && retryIn === null) retryIn = 0;
  return { settled, retryIn };
}

type Row = {
  requested: string;
  type: string;
  field_type: string | null;
  min: number | null;
  max: number | null;
  step: number | null;
};

function judge(row: Row, value: number | null | undefined): { result: string; reason: string } {
  const parsed = commandValue(row, row.requested);
  if (value === null || value === undefined || !parsed.ok)
    return { result: 'interrupted', reason: 'unread' };
  const expected = expectedAfter(row, parsed.value);
  return Math.abs(value - expected) <= readBackTolerance(row, parsed.value)
    ? { result: 'confirmed', reason: 'restart' }
    : { result: 'not_confirmed', reason: 'restart' };
}
