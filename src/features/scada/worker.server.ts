// One object's polling loop on the instance that holds its lease: connect with backoff, read every
// poll period, publish values on change (at most one message per half period), keep the
// live snapshot, status and samples in the database, raise and clear alarms, and execute commands
// (write, then read back). Online means a successful read within ONLINE_PERIODS poll periods.
import type { Kysely } from 'kysely';
import type { DB } from '#lib/db/schema.ts';
import { log } from '#lib/log.ts';
import type { Bus } from '#lib/realtime/bus.ts';
import type { Driver } from './scada.schema.ts';
import { NoDataError, type DriverSession, type TagSpec } from './drivers/types.ts';
import { Recorder } from './history.server.ts';
import { AlarmEngine, type AlarmTag } from './alarms.server.ts';
import { reconcileCommands } from './reconcile.server.ts';
import {
  CMD_TOPIC,
  expectedAfter,
  LIVE_TOPIC,
  type WriteReply,
  type WriteRequest,
} from './live.ts';

export const ONLINE_PERIODS = 3;
const FLUSH_MS = 1000;
/**
 * Unchanged values are still published this often, so the "last update" shown (the snapshot time)
 * is the last good read, not the last change (issue 24), at one write per object per FRESH_MS.
 */
export const FRESH_MS = 5000;
const BACKOFF_MAX = 10_000;

export type Opener = (driver: Driver, tags: TagSpec[]) => Promise<DriverSession>;

export class ObjectWorker {
  private session: DriverSession | null = null;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private backoff = 500;
  private values: Array<number | null>;
  private lastOk = 0;
  private status = 0;
  private dirty = true;
  private lastFlush = 0;
  private flushTimer: NodeJS.Timeout | null = null;
  private offCmd: () => void;
  /** Unfinished commands of the object were looked at (see reconcile.server.ts); false: due again. */
  private reconciled = false;
  private reconcileTimer: NodeJS.Timeout | null = null;
  private readonly recorder: Recorder;
  readonly alarms: AlarmEngine;
  private readonly startedAt = Date.now();
  private readonly pollMs: number;

  readonly id: number;
  readonly version: string;
  private readonly driver: Driver;
  private readonly tags: TagSpec[];
  private readonly db: Kysely<DB>;
  private readonly bus: Bus;
  private readonly open: Opener;

  constructor(o: {
    id: number;
    version: string;
    driver: Driver;
    tags: TagSpec[];
    deadbands: number[];
    /** Variables with an alarm flag or limits (alarms.server.ts). */
    alarmTags: AlarmTag[];
    db: Kysely<DB>;
    bus: Bus;
    open: Opener;
  }) {
    this.id = o.id;
    this.version = o.version;
    this.driver = o.driver;
    this.tags = o.tags;
    this.db = o.db;
    this.bus = o.bus;
    this.open = o.open;
    this.pollMs = o.driver.poll_ms;
    this.values = o.tags.map(() => null);
    this.recorder = new Recorder(o.db, o.id, o.tags, o.deadbands);
    this.alarms = new AlarmEngine(o.db, o.bus, o.id, o.alarmTags);
    this.offCmd = o.bus.subscribe(CMD_TOPIC(o.id), (e) => {
      if (e.type === 'scada.write') void this.command(e.data as WriteRequest);
    });
    this.schedule(0);
  }

  private schedule(ms: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.cycle(), ms);
    this.timer.unref();
  }

  private async cycle() {
    // Fixed rate: the next read starts one period after this one started, not after it finished.
    const started = Date.now();
    try {
      if (!this.session) {
        this.session = await this.open(this.driver, this.tags);
        this.backoff = 500;
        log.info('scada: connected', { object: this.id, driver: this.driver.type });
      }
      await this.poll();
      this.reconcile(true);
      this.schedule(Math.max(0, this.pollMs - (Date.now() - started)));
    } catch (err) {
      if (err instanceof NoDataError) {
        // Connected but nothing fresh from the device: no reconnect, the status follows the reads.
        this.checkOnline();
        return this.schedule(this.pollMs);
      }
      log.warn('scada: link failed', { object: this.id, err: (err as Error).message });
      await this.dropSession();
      this.checkOnline();
      this.reconcile(false);
      this.schedule(this.backoff);
      this.backoff = Math.min(this.backoff * 2, BACKOFF_MAX);
    }
  }

  private async poll() {
    const values = await this.session!.read();
    if (this.stopped) return;
    this.lastOk = Date.now();
    if (values.some((x, i) => x !== this.values[i])) this.dirty = true;
    if (this.lastOk - this.lastFlush >= FRESH_MS) this.dirty = true;
    this.values = values;
    if (!this.status) {
      this.dirty = true;
      // Online again (or first read since start): a link alarm of before is over.
      void this.alarms.link(true, this.lastOk);
    }
    this.status = 1;
    void this.alarms.values(values, this.lastOk);
    // Subscribers first: storing the samples must not delay the live values.
    this.requestFlush();
    await this.recorder.record(values, this.lastOk);
  }

  private checkOnline() {
    const online =
      this.lastOk > 0 && Date.now() - this.lastOk <= ONLINE_PERIODS * this.pollMs + 500 ? 1 : 0;
    if (online !== this.status) {
      this.status = online;
      this.dirty = true;
      this.requestFlush();
      // The link loss is a null sample of every tag: trends break their line there (a gap).
      if (!online && this.lastOk > 0)
        this.recorder
          .record(
            this.tags.map(() => null),
            Date.now(),
          )
          .catch((err: unknown) => log.warn('scada: gap not recorded', { object: this.id, err }));
    }
    // No link: lost after reads, or never established within the online window since start.
    if (
      !online &&
      (this.lastOk > 0 || Date.now() - this.startedAt > ONLINE_PERIODS * this.pollMs + 500)
    )
      void this.alarms.link(false, Date.now());
  }

  private requestFlush() {
    if (!this.dirty || this.flushTimer || this.stopped) return;
    // Reads are paced by the poll period already: a changed read goes out at once (issue 24: within
    // the poll period plus 250 ms); only flushes closer than half a period (status flaps) wait.
    const wait = Math.max(0, this.lastFlush + Math.min(FLUSH_MS, this.pollMs / 2) - Date.now());
    this.flushTimer = setTimeout(() => void this.flush(), wait);
    this.flushTimer.unref();
  }

  private async flush() {
    this.flushTimer = null;
    if (this.stopped || !this.dirty) return;
    this.dirty = false;
    this.lastFlush = Date.now();
    const t = this.lastOk ? new Date(this.lastOk).toISOString() : null;
    const live = { v: this.values, q: this.values.map((x) => (x === null ? 'n' : 'g')), t };
    try {
      // Only while the object is still the one this worker was started with: after a re-PUT (its
      // variables, their order) the values of the old list must neither overwrite the dropped
      // snapshot nor reach the streams, which read the new list; the poller restarts the worker.
      const r = await this.db
        .updateTable('scada_objects')
        .set({ live: JSON.stringify(live), status: this.status, last_update_at: t })
        .where('id', '=', this.id)
        .where('updated_at', '=', this.version)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) return;
      await this.bus.publish(LIVE_TOPIC(this.id), 'scada.values', { ...live, s: this.status });
    } catch (err) {
      log.warn('scada: publish failed', { object: this.id, err });
    }
  }

  /**
   * Settles commands a crash left unfinished, with the values just read (or none: the device did not
   * answer). Runs once when polling starts and again when rows too young to judge have aged.
   */
  private reconcile(read: boolean) {
    if (this.reconciled || this.stopped) return;
    this.reconciled = true;
    const readings = read ? new Map(this.tags.map((t, i) => [t.id, this.values[i] ?? null])) : null;
    const again = (ms: number) => {
      if (this.stopped) return;
      this.reconcileTimer = setTimeout(() => (this.reconciled = false), ms);
      this.reconcileTimer.unref();
    };
    reconcileCommands(this.db, this.id, readings).then(
      (r) => {
        if (r.settled)
          log.info('scada: settled interrupted commands', { object: this.id, settled: r.settled });
        if (r.retryIn !== null) again(r.retryIn + 100);
      },
      (err) => {
        log.warn('scada: settling commands failed', { object: this.id, err });
        again(10_000);
      },
    );
  }

  /** A command from any instance: write through the driver, then read back until it shows. */
  private async command(req: WriteRequest) {
    const tag = this.tags.find((t) => t.id === req.tag_id);
    const reply = (r: WriteReply) =>
      this.bus.publish(CMD_TOPIC(this.id), 'scada.written', r).catch(() => {});
    if (!tag || !this.session) return reply({ cmd: req.cmd, result: 'failed', reason: 'offline' });
    try {
      await this.session.write(tag, req.value);
    } catch (err) {
      log.warn('scada: write failed', {
        object: this.id,
        tag: tag.id,
        err: (err as Error).message,
      });
      return reply({ cmd: req.cmd, result: 'failed', reason: 'write' });
    }
    await reply({ cmd: req.cmd, result: 'sent' });
    const expected = expectedAfter(tag, req.value);
    const deadline = Date.now() + req.confirm_ms;
    while (Date.now() < deadline && !this.stopped) {
      try {
        const v = (await this.session!.read())[tag.idx];
        if (v !== null && v !== undefined && Math.abs(v - expected) <= req.tolerance) {
          await this.poll().catch(() => {});
          return reply({ cmd: req.cmd, result: 'confirmed', value: v });
        }
      } catch {
        break;
      }
      await new Promise((r) => setTimeout(r, Math.min(250, this.pollMs)));
    }
    return reply({ cmd: req.cmd, result: 'not_confirmed' });
  }

  /** Checked by the poller between reads: status goes to 0 once reads stop succeeding. */
  tick() {
    this.checkOnline();
  }

  private async dropSession() {
    const s = this.session;
    this.session = null;
    await s?.close().catch(() => {});
  }

  async stop() {
    this.stopped = true;
    this.offCmd();
    if (this.timer) clearTimeout(this.timer);
    if (this.flushTimer) clearTimeout(this.flushTimer);
    if (this.reconcileTimer) clearTimeout(this.reconcileTimer);
    await this.dropSession();
    // The alarm checks already queued finish first: a restarted worker's engine then reads the
    // occurrences they opened or closed, not a state half written.
    await this.alarms.settled();
  }
}
