// The poller's alarm engine (issue 24): evaluates each read against the variables' limits and alarm
// flags and the link against the online window, and keeps one alarm row per occurrence. Opening an
// occurrence is one insert guarded by the unique open_key (object:tag:kind), so neither two polls nor
// two pollers (a lease handed over mid-alarm) can raise it twice; the row and its journal event are
// written in one transaction. A new row notifies every user granted the object once (the bell, live)
// and by e-mail those who asked for it.
import type { Kysely } from 'kysely';
import type { DB } from '#lib/db/schema.ts';
import { log } from '#lib/log.ts';
import type { Bus } from '#lib/realtime/bus.ts';
import { beyond, HIGH, LOW, parseLimits } from './alarms.rules.ts';
import type { AlarmKind, Limits } from './alarms.schema.ts';
import { LIVE_TOPIC } from './live.ts';
import { announceAlarm } from './alarms.notify.server.ts';

export const ALARM_EVENT = 'scada.alarm';

export interface AlarmTag {
  id: number;
  idx: number;
  title: string;
  alarm: boolean;
  limits: string | null;
}

interface Watch {
  tagId: number;
  idx: number;
  title: string;
  kind: AlarmKind;
  limit: number | null;
  deadband: number;
  delayMs: number;
}

const openKey = (objectId: number, tagId: number, kind: AlarmKind) =>
  `${objectId}:${tagId}:${kind}`;

export class AlarmEngine {
  private readonly watches: Watch[] = [];
  private readonly active = new Map<string, boolean>();
  private readonly pending = new Map<string, number>();
  private ready: Promise<void> | null = null;
  private chain: Promise<unknown> = Promise.resolve();

  private readonly db: Kysely<DB>;
  private readonly bus: Bus;
  private readonly objectId: number;

  constructor(db: Kysely<DB>, bus: Bus, objectId: number, tags: AlarmTag[]) {
    this.db = db;
    this.bus = bus;
    this.objectId = objectId;
    for (const t of tags) {
      if (t.alarm)
        this.watches.push({
          tagId: t.id,
          idx: t.idx,
          title: t.title,
          kind: 'fault',
          limit: null,
          deadband: 0,
          delayMs: 0,
        });
      const l: Limits | null = parseLimits(t.limits);
      if (!l) continue;
      for (const kind of [...HIGH, ...LOW]) {
        const limit = l[kind];
        if (limit === null || limit === undefined) continue;
        this.watches.push({
          tagId: t.id,
          idx: t.idx,
          title: t.title,
          kind,
          limit,
          deadband: l.deadband,
          delayMs: l.delay_s * 1000,
        });
      }
    }
  }

  /** Learns which occurrences are open (a restart or a lease taken over) and closes orphans. */
  private init() {
    this.ready ??= (async () => {
      const keys = new Set(this.watches.map((w) => openKey(this.objectId, w.tagId, w.kind)));
      keys.add(openKey(this.objectId, 0, 'link'));
      const open = await this.db
        .selectFrom('scada_alarms')
        .select(['open_key'])
        .where('object_id', '=', this.objectId)
        .where('open_key', 'is not', null)
        .execute();
      for (const o of open) {
        if (keys.has(o.open_key!)) this.active.set(o.open_key!, true);
        // A limit or flag the back office removed: its occurrence is over.
        else await this.clear(o.open_key!, Date.now());
      }
    })().catch((err: unknown) => {
      // A failed start (a locked or lost database) is tried again on the next poll, never kept.
      this.ready = null;
      throw err;
    });
    return this.ready;
  }

  /** Serialised: evaluations of one object never interleave (a poll and a link check). */
  private run(work: () => Promise<void>) {
    const next = this.chain.then(() => this.init()).then(work);
    this.chain = next.catch((err) =>
      log.warn('scada: alarm evaluation failed', { object: this.objectId, err }),
    );
    return this.chain;
  }

  /** Evaluates one successful read. */
  values(values: Array<number | null>, ts: number) {
    return this.run(async () => {
      for (const w of this.watches) {
        const v = values[w.idx];
        if (v === null || v === undefined) continue;
        const key = openKey(this.objectId, w.tagId, w.kind);
        const on = this.active.get(key) ?? false;
        const cond = w.kind === 'fault' ? v !== 0 : beyond(w.kind, v, w.limit!, w.deadband, on);
        if (cond && !on) {
          const since = this.pending.get(key) ?? ts;
          this.pending.set(key, since);
          if (ts - since >= w.delayMs) {
            this.pending.delete(key);
            await this.raise(key, w.tagId, w.title, w.kind, v, w.limit, ts);
          }
        } else if (!cond) {
          this.pending.delete(key);
          if (on) await this.clear(key, ts);
        }
      }
    });
  }

  /** The link state: offline raises kind link, online clears it. */
  link(online: boolean, ts: number) {
    return this.run(async () => {
      const key = openKey(this.objectId, 0, 'link');
      const on = this.active.get(key) ?? false;
      if (!online && !on) await this.raise(key, null, null, 'link', null, null, ts);
      else if (online && on) await this.clear(key, ts);
    });
  }

  private async raise(
    key: string,
    tagId: number | null,
    title: string | null,
    kind: AlarmKind,
    value: number | null,
    limit: number | null,
    ts: number,
  ) {
    const at = new Date(ts).toISOString();
    const id = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('scada_alarms')
        .values({
          object_id: this.objectId,
          tag_id: tagId,
          kind,
          value,
          limit_value: limit,
          raised_at: at,
          cleared_at: null,
          acknowledged_at: null,
          acknowledged_by: null,
          comment: null,
          active: 1,
          open_key: key,
        })
        .onConflict((oc) => oc.column('open_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) return null;
      await trx
        .insertInto('scada_events')
        .values({
          object_id: this.objectId,
          at,
          kind: kind === 'link' ? 'link_lost' : 'alarm_raised',
          alarm_id: row.id,
          alarm_kind: kind,
          tag_id: tagId,
          tag_title: title,
          user_id: null,
          value,
          detail: limit === null ? null : String(limit),
        })
        .execute();
      return row.id;
    });
    this.active.set(key, true);
    if (id === null) return;
    log.info('scada: alarm raised', { object: this.objectId, alarm: id, kind });
    await this.bus
      .publish(LIVE_TOPIC(this.objectId), ALARM_EVENT, { id, kind, state: 'raised' })
      .catch(() => {});
    await announceAlarm(this.db, id).catch((err) =>
      log.warn('scada: alarm notification failed', { alarm: id, err }),
    );
  }

  private async clear(key: string, ts: number) {
    const at = new Date(ts).toISOString();
    const row = await this.db.transaction().execute(async (trx) => {
      const r = await trx
        .updateTable('scada_alarms')
        .set((eb) => ({
          cleared_at: at,
          open_key: null,
          active: eb.case().when('acknowledged_at', 'is', null).then(1).else(0).end(),
        }))
        .where('open_key', '=', key)
        .returning(['id', 'kind', 'tag_id', 'object_id'])
        .executeTakeFirst();
      if (!r) return null;
      const tag = r.tag_id
        ? await trx
            .selectFrom('scada_tags')
            .select('title')
            .where('id', '=', r.tag_id)
            .executeTakeFirst()
        : undefined;
      await trx
        .insertInto('scada_events')
        .values({
          object_id: r.object_id,
          at,
          kind: r.kind === 'link' ? 'link_restored' : 'alarm_cleared',
          alarm_id: r.id,
          alarm_kind: r.kind,
          tag_id: r.tag_id,
          tag_title: tag?.title ?? null,
          user_id: null,
          value: null,
          detail: null,
        })
        .execute();
      return r;
    });
    this.active.set(key, false);
    if (row)
      await this.bus
        .publish(LIVE_TOPIC(this.objectId), ALARM_EVENT, {
          id: row.id,
          kind: row.kind,
          state: 'cleared',
        })
        .catch(() => {});
  }

  /** Waits for the evaluations under way (tests, stop). */
  settled() {
    return this.chain;
  }
}
