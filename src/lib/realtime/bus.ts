// The live-event bus. API code publishes small events on topics (e.g. `user:42`); WebSocket handlers
// subscribe. On SQLite (one process) delivery is in memory; on PostgreSQL every instance LISTENs on
// one channel and publishing is a NOTIFY, so instances sharing a database see each other's events.
import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { log } from '#lib/log.ts';

export interface BusEvent<T = unknown> {
  topic: string;
  type: string;
  data: T;
}
export type Handler = (event: BusEvent) => void;

export interface Bus {
  publish(topic: string, type: string, data?: unknown): Promise<void>;
  subscribe(topic: string, handler: Handler): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'cabinet_events';
// NOTIFY payloads are capped at 8000 bytes; events carry ids and counts, never documents.
const MAX_PAYLOAD = 7900;

class LocalBus implements Bus {
  protected readonly emitter = new EventEmitter().setMaxListeners(0);
  async publish(topic: string, type: string, data: unknown = null) {
    this.deliver({ topic, type, data });
  }
  subscribe(topic: string, handler: Handler) {
    this.emitter.on(topic, handler);
    return () => void this.emitter.off(topic, handler);
  }
  protected deliver(event: BusEvent) {
    for (const handler of this.emitter.listeners(event.topic) as Handler[]) {
      try {
        handler(event);
      } catch (err) {
        log.error('bus handler failed', { topic: event.topic, err });
      }
    }
  }
  async close() {
    this.emitter.removeAllListeners();
  }
}

class PostgresBus extends LocalBus {
  private client?: pg.PoolClient;
  private closed = false;
  private retry = 500;

  private readonly pool: pg.Pool;
  constructor(pool: pg.Pool) {
    super();
    this.pool = pool;
  }

  async start() {
    const client = await this.pool.connect();
    client.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      try {
        this.deliver(JSON.parse(msg.payload) as BusEvent);
      } catch (err) {
        log.warn('bus: bad notification', { err });
      }
    });
    client.on('error', (err) => {
      log.warn('bus: listener connection lost', { err });
      this.reconnect(client);
    });
    await client.query(`LISTEN ${CHANNEL}`);
    this.client = client;
    this.retry = 500;
  }

  private reconnect(broken: pg.PoolClient) {
    // Only the current listener is ours to replace; a released one belongs to the pool again.
    if (this.client !== broken) return;
    this.client = undefined;
    broken.release(true);
    this.scheduleRetry();
  }

  private scheduleRetry() {
    if (this.closed) return;
    setTimeout(() => {
      if (!this.closed)
        this.start().catch(
          (err) => (log.warn('bus: reconnect failed', { err }), this.scheduleRetry()),
        );
    }, this.retry).unref();
    this.retry = Math.min(this.retry * 2, 10_000);
  }

  override async publish(topic: string, type: string, data: unknown = null) {
    const payload = JSON.stringify({ topic, type, data });
    if (Buffer.byteLength(payload) > MAX_PAYLOAD)
      throw new Error(`bus: event ${type} on ${topic} is too large for NOTIFY`);
    await this.pool.query('select pg_notify($1, $2)', [CHANNEL, payload]);
  }

  override async close() {
    this.closed = true;
    const client = this.client;
    this.client = undefined;
    if (client) {
      await client.query(`UNLISTEN ${CHANNEL}`).catch(() => {});
      client.release();
    }
    await super.close();
  }
}

export async function createBus(pool?: pg.Pool): Promise<Bus> {
  if (!pool) return new LocalBus();
  const bus = new PostgresBus(pool);
  await bus.start();
  return bus;
}

const KEY = Symbol.for('cabinet.bus');
type Holder = { [KEY]?: Bus };

/** The process-wide bus; installed by the server entry at start-up (or lazily as in-memory). */
export function bus(): Bus {
  const g = globalThis as Holder;
  return (g[KEY] ??= new LocalBus());
}

export function installBus(b: Bus | undefined): void {
  const g = globalThis as Holder;
  if (b) g[KEY] = b;
  else delete g[KEY];
}
