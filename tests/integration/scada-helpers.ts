// Shared pieces of the dispatching suites: an integration key with the scada scope, the spec's
// WebSocket stream client (/ws?token&wss_type=scada&scada_id) and a small wait helper.
import { createHash } from 'node:crypto';
import WebSocket from 'ws';
import { join } from 'node:path';
import { openDatabase } from '../../src/lib/db/index.ts';
import type { TestServer } from '../helpers/server.ts';

export const SCADA_KEY = 'scada-test-key-0123456789abcdef';
export const scadaEnv = {
  INTEGRATION_KEYS: `backoffice:${createHash('sha256').update(SCADA_KEY).digest('hex')}:scada`,
};

export async function putObject(
  server: TestServer,
  key: string,
  body: unknown,
  apiKey = SCADA_KEY,
) {
  const res = await fetch(`${server.url}/api/integration/scada/objects/${key}`, {
    method: 'PUT',
    headers: {
      Authorization: `Bearer ${apiKey}`,
      'Content-Type': 'application/json',
      'Accept-Language': 'en',
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, data: (await res.json()) as any };
}

export interface Frame {
  status: number;
  t: string | null;
  q: string[];
  v: Array<number | null>;
}

/** The spec's stream: pairs of { status, t, q } and the value array, collected as frames. */
export function stream(server: TestServer, token: string, id: number) {
  const ws = new WebSocket(
    `${server.url.replace('http', 'ws')}/ws?token=${token}&wss_type=scada&scada_id=${id}`,
    { headers: { origin: server.url } },
  );
  const frames: Frame[] = [];
  /** Arrival time (ms) of each frame, by the frame's index. */
  const times: number[] = [];
  let head: Omit<Frame, 'v'> | null = null;
  const waiters: Array<() => void> = [];
  ws.on('message', (raw) => {
    const msg = JSON.parse(String(raw));
    if (Array.isArray(msg)) {
      frames.push({ ...(head ?? { status: -1, t: null, q: [] }), v: msg });
      times.push(Date.now());
      waiters.splice(0).forEach((w) => w());
    } else head = msg;
  });
  const next = (pred: (f: Frame) => boolean, ms = 8000) =>
    new Promise<Frame>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no matching frame; got ${JSON.stringify(frames.slice(-3))}`)),
        ms,
      );
      const check = () => {
        const f = frames.find(pred);
        if (!f) return void waiters.push(check);
        clearTimeout(timer);
        resolve(f);
      };
      check();
    });
  // A refused upgrade is read from 'unexpected-response'; closing such a socket afterwards makes ws
  // emit 'error' (closed before established), which is expected here and must not be uncaught.
  ws.on('error', () => undefined);
  const refused = new Promise<number>((resolve) =>
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
  );
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  return { ws, frames, times, next, refused, closed };
}

export const until = async (check: () => Promise<boolean> | boolean, ms = 10_000, step = 100) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, step));
  }
  throw new Error('condition not met in time');
};

/**
 * Sets a user's scada module flag directly in the database. The integration call keeps it following
 * the grants (decision 0040); suites use this to check that every path obeys the flag.
 */
export async function enableScada(server: TestServer, email: string, on = true) {
  const { url, dataDir } = server.database;
  const database = openDatabase(
    url ? { kind: 'postgres', url } : { kind: 'sqlite', file: join(dataDir, 'cabinet.sqlite') },
  );
  try {
    await database.db
      .updateTable('users')
      .set({ module_scada: on ? 1 : 0 })
      .where('email', '=', email)
      .execute();
  } finally {
    await database.close();
  }
}
