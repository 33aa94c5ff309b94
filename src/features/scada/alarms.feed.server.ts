// The alarm feed: /ws?wss_type=scada without scada_id (decision 0049). It follows every object the
// user may see (granted, with the module; the list read afresh when the user's access changes and on
// every heartbeat) and sends one frame per alarm raised, acknowledged or cleared on them:
//   { "type": "alarm", "alarm": { id, object_id, kind?, state: raised|acked|cleared }, "active": N }
// where N is the user's count of active alarms (the menu badge). Frames leave in the order of the
// events (one chain per socket). Another customer's objects are never followed, so never heard.
import type { Kysely } from 'kysely';
import type { WebSocket } from 'ws';
import { sessionAlive } from '#features/auth/auth.session.server.ts';
import { config } from '#lib/config.ts';
import { db as defaultDb } from '#lib/db/index.ts';
import type { DB } from '#lib/db/schema.ts';
import { log } from '#lib/log.ts';
import { bus } from '#lib/realtime/bus.ts';
import { ACCESS_CHANGED, SESSION_ENDED, userTopic } from '#lib/realtime/topics.ts';
import { activeCounts } from './alarms.query.server.ts';
import { ALARM_EVENT } from './alarms.server.ts';
import { LIVE_TOPIC } from './live.ts';
import { grantedObjects } from './scada.server.ts';

export interface AlarmFrame {
  type: 'alarm';
  alarm: { id: number; object_id: number; kind?: string; state: string };
  active: number;
}

/** The frame telling a user of one alarm event on an object (with the user's active count). */
export async function alarmFrame(
  userId: number,
  objectId: number,
  data: { id: number; kind?: string; state: string },
  handle: Kysely<DB> = defaultDb(),
): Promise<AlarmFrame> {
  const { total } = await activeCounts(userId, handle);
  return {
    type: 'alarm',
    alarm: { id: data.id, object_id: objectId, kind: data.kind, state: data.state },
    active: total,
  };
}

/** Serves one feed socket until it closes; resolves once the first list of objects is followed. */
export async function serveAlarmFeed(
  ws: Pick<WebSocket, 'readyState' | 'OPEN' | 'send' | 'close' | 'ping' | 'terminate' | 'on'>,
  userId: number,
  sessionId: string,
  handle: Kysely<DB> = defaultDb(),
): Promise<void> {
  const followed = new Map<number, () => void>();
  let chain = Promise.resolve();
  let closed = false;
  const tell = (objectId: number, data: { id: number; kind?: string; state: string }) => {
    chain = chain
      .then(async () => {
        if (closed || !followed.has(objectId)) return;
        const frame = await alarmFrame(userId, objectId, data, handle);
        if (ws.readyState === ws.OPEN && followed.has(objectId)) ws.send(JSON.stringify(frame));
      })
      .catch((err: unknown) => log.warn('scada feed: alarm frame failed', { err }));
  };
  const follow = async () => {
    const ids = new Set(await grantedObjects(userId, handle));
    if (closed) return;
    // No object left (grants withdrawn, module gone): the feed is gone as the pages are.
    if (ids.size === 0) return void ws.close(4404, 'not found');
    for (const [id, off] of followed)
      if (!ids.has(id)) {
        off();
        followed.delete(id);
      }
    for (const id of ids)
      if (!followed.has(id))
        followed.set(
          id,
          bus().subscribe(LIVE_TOPIC(id), (e) => {
            if (e.type === ALARM_EVENT) tell(id, e.data as { id: number; state: string });
          }),
        );
  };
  const refollow = () =>
    follow().catch((err: unknown) => log.warn('scada feed: re-check failed', { err }));
  const offSession = bus().subscribe(userTopic(userId), (e) => {
    if (e.type === ACCESS_CHANGED) return void refollow();
    if (e.type !== SESSION_ENDED) return;
    const d = e.data as { sessions?: string[]; except?: string | null };
    if (d.sessions ? d.sessions.includes(sessionId) : d.except !== sessionId)
      ws.close(4401, 'session ended');
  });
  let alive = true;
  ws.on('pong', () => (alive = true));
  const ping = setInterval(() => {
    if (!alive) return ws.terminate();
    alive = false;
    ws.ping();
    sessionAlive(sessionId).then(
      (ok) => (ok ? refollow() : ws.close(4401, 'session ended')),
      (err: unknown) => log.warn('scada feed: re-check failed', { err }),
    );
  }, config().wsHeartbeatMs);
  ping.unref();
  ws.on('close', () => {
    closed = true;
    clearInterval(ping);
    offSession();
    for (const off of followed.values()) off();
    followed.clear();
  });
  await follow();
}
