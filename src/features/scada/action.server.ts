// POST /api/v1/scada/action: a command to a writable variable. The server checks the control grant,
// that the variable is ReadWrite, the value's type and range, that the object is online and the rate
// limit; every attempt (refused ones too) is written to the audit, up to ATTEMPTS per user and object
// (past it the answer is 429 and nothing is written, so a script cannot fill the audit). The write goes
// to the instance that polls the object (through the bus); it writes through the driver and reads
// back. The answer says confirmed, not confirmed, or refused/failed and why.
import { db, now } from '#lib/db/index.ts';
import { HttpError } from '#lib/http/api.ts';
import type { T } from '#lib/i18n/index.ts';
import { hit, type Rule } from '#lib/rate-limit.server.ts';
import { bus } from '#lib/realtime/bus.ts';
import type { User } from '#lib/db/schema.ts';
import {
  CMD_TOPIC,
  CONFIRM_MS,
  readBackTolerance,
  SEND_TIMEOUT_MS,
  type WriteReply,
} from './live.ts';
import { commandValue, roundAt } from './scada.schema.ts';
import { grantOf, liveOf } from './scada.server.ts';
import { commandEvent } from './alarms.query.server.ts';

/** One accepted command per variable (whoever sends it) in this window: the device's rule. */
export const RATE_WINDOW_MS = 5000;
/**
 * The rule as one atomic upsert of a counter per variable (rate-limit.server.ts): of any number of
 * simultaneous commands on any instance and engine exactly one finds the count at 1 and is written.
 */
const CLAIM: Rule = { name: 'scada-claim', limit: 1, windowMs: RATE_WINDOW_MS };
/** Command attempts per user and object, refused ones included; each within it is audited. */
export const ATTEMPTS: Rule = { name: 'scada-attempt', limit: 20, windowMs: 60_000 };

export type Outcome = 'confirmed' | 'not_confirmed' | 'refused' | 'failed';

export interface ActionAnswer {
  status: number;
  headers?: Record<string, string>;
  /** The one error shape (decision 0034): `errors.value` names the refused value of a 400/422; `data` is the audit record. */
  body: {
    message: string;
    errors?: Record<string, string>;
    data: {
      id: number | null;
      result: Outcome;
      reason: string | null;
      old_value: number | null;
      value: number | null;
    };
  };
}

export async function runAction(
  user: User,
  tagId: number,
  raw: string,
  ip: string | null,
  t: T,
): Promise<ActionAnswer> {
  const database = db();
  const tag = await database
    .selectFrom('scada_tags as t')
    .innerJoin('scada_objects as o', 'o.id', 't.object_id')
    .select([
      't.id',
      't.idx',
      't.object_id',
      't.type',
      't.actions',
      't.field_type',
      't.min',
      't.max',
      't.step',
      'o.status',
    ])
    .where('t.id', '=', tagId)
    // A retired variable (removed by the back office, kept for the audit) takes no commands.
    .where('t.idx', '>=', 0)
    .executeTakeFirst();
  const grant = tag ? await grantOf(user.id, tag.object_id) : null;
  if (!tag || grant === null) throw new HttpError(404, t('scada.errors.tags'));
  const live = await liveOf(tag.object_id);
  // Rounded at the variable's precision: no float32 artefacts in the audit or the answer.
  const old = roundAt(tag, live.v[tag.idx] ?? null);
  const audit = (result: string, reason: string | null, extra: { finished?: boolean } = {}) =>
    database
      .insertInto('scada_commands')
      .values({
        object_id: tag.object_id,
        tag_id: tag.id,
        user_id: user.id,
        ip,
        old_value: old,
        requested: raw.slice(0, 64),
        result,
        reason,
        created_at: now(),
        finished_at: extra.finished === false ? null : now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  // The object's events journal shows every audited command with its outcome.
  const journal = (result: string, reason: string | null) =>
    commandEvent({
      object_id: tag.object_id,
      tag_id: tag.id,
      user_id: user.id,
      requested: raw,
      result,
      reason,
    }).catch(() => {});
  const refuse = async (
    status: number,
    reason: string,
    params: Record<string, string | number> = {},
    headers?: Record<string, string>,
  ): Promise<ActionAnswer> => {
    const { id } = await audit('refused', reason);
    await journal('refused', reason);
    const message = t(`scada.action.refused.${reason}`, params);
    return {
      status,
      headers,
      body: {
        message,
        ...(status === 422 || status === 400 ? { errors: { value: message } } : {}),
        data: { id, result: 'refused', reason, old_value: old, value: null },
      },
    };
  };

  const attempt = await hit(ATTEMPTS, `${user.id}:${tag.object_id}`);
  if (!attempt.allowed) {
    const seconds = attempt.retryAfter;
    return {
      status: 429,
      headers: { 'Retry-After': String(seconds) },
      body: {
        message: t('scada.action.refused.attempts', { seconds }),
        data: { id: null, result: 'refused', reason: 'attempts', old_value: old, value: null },
      },
    };
  }
  if (!grant) return refuse(403, 'control');
  if (tag.actions !== 'ReadWrite' || !tag.field_type) return refuse(403, 'readonly');
  const parsed = commandValue(tag, raw);
  // Off the input's step: malformed for this variable (400 naming the value, decision 0034).
  if (!parsed.ok && parsed.error === 'scada.action.step')
    return refuse(400, 'step', { step: tag.step ?? '' });
  if (!parsed.ok)
    return refuse(422, parsed.error.split('.').pop()!, { min: tag.min ?? '', max: tag.max ?? '' });
  if (!tag.status) return refuse(409, 'offline');
  // Claimed last, so only a command that would be written takes the variable's window.
  const claim = await hit(CLAIM, String(tag.id));
  if (!claim.allowed)
    return refuse(
      429,
      'rate',
      { seconds: RATE_WINDOW_MS / 1000 },
      { 'Retry-After': String(claim.retryAfter) },
    );

  const { id } = await audit('sent', null, { finished: false });
  const tolerance = readBackTolerance(tag, parsed.value);
  const reply = await send(tag.object_id, {
    cmd: id,
    tag_id: tag.id,
    value: parsed.value,
    confirm_ms: CONFIRM_MS,
    tolerance,
  });
  await database
    .updateTable('scada_commands')
    .set({ result: reply.result, reason: reply.reason ?? null, finished_at: now() })
    .where('id', '=', id)
    .where('finished_at', 'is', null)
    .execute();
  await journal(reply.result, reply.reason ?? null);
  const status = reply.result === 'confirmed' ? 200 : reply.result === 'not_confirmed' ? 202 : 502;
  return {
    status,
    body: {
      message: t(`scada.action.result.${reply.result}`),
      data: {
        id,
        result: reply.result,
        reason: reply.reason ?? null,
        old_value: old,
        value: roundAt(tag, reply.value ?? null),
      },
    },
  };
}

/** Publishes the write for the polling instance and waits for its answers. */
function send(
  objectId: number,
  req: { cmd: number; tag_id: number; value: number; confirm_ms: number; tolerance: number },
): Promise<{ result: Outcome; reason?: string; value?: number }> {
  return new Promise((resolve) => {
    let sent = false;
    const finish = (r: { result: Outcome; reason?: string; value?: number }) => {
      clearTimeout(timer);
      off();
      resolve(r);
    };
    // Nobody answering means no instance polls the object right now.
    let timer = setTimeout(() => finish({ result: 'failed', reason: 'nopoller' }), SEND_TIMEOUT_MS);
    const off = bus().subscribe(CMD_TOPIC(objectId), (e) => {
      const r = e.data as WriteReply;
      if (e.type !== 'scada.written' || r.cmd !== req.cmd) return;
      if (r.result === 'sent' && !sent) {
        sent = true;
        clearTimeout(timer);
        timer = setTimeout(
          () => finish({ result: 'not_confirmed', reason: 'timeout' }),
          req.confirm_ms + 2000,
        );
      } else if (r.result !== 'sent')
        finish({ result: r.result, reason: r.reason, value: r.value });
    });
    bus()
      .publish(CMD_TOPIC(objectId), 'scada.write', req)
      .catch(() => finish({ result: 'failed', reason: 'bus' }));
  });
}
