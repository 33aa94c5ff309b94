// The spec's live stream: /ws?token=…&wss_type=scada&scada_id=N (the cookie works too). The grant is
// checked before the upgrade (none: 404, as for every other read), again on every heartbeat and
// when the session ends. Frames: an object { status, t, q } (object status, time of the last good
// read, quality per variable: g good, n not available, s stale), then the values as a JSON array by
// the variable list's index. The first pair is the full snapshot; then one pair per read that changed
// something, sent as soon as the read ends (a change reaches the browser within the poll period plus
// the read and the bus: tests/integration/scada-latency.test.ts measures it). A re-PUT of the
// variables (TAGS_EVENT) makes an open stream read the new list: its values are rounded by it.
// Without scada_id the stream is the user's alarm feed (alarms.feed.server.ts, decision 0049).
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  sessionAlive,
  sessionCookieName,
  validateSession,
} from '#features/auth/auth.session.server.ts';
import { config } from '#lib/config.ts';
import { parseCookies } from '#lib/http/cookies.ts';
import { currentRequest } from '#lib/http/request-context.ts';
import { log } from '#lib/log.ts';
import { bus } from '#lib/realtime/bus.ts';
import { ACCESS_CHANGED, SESSION_ENDED, userTopic } from '#lib/realtime/topics.ts';
import { onProtocolError } from '#lib/realtime/ws.ts';
import { serveAlarmFeed } from './alarms.feed.server.ts';
import { LIVE_TOPIC, TAGS_EVENT } from './live.ts';
import {
  grantedObjects,
  grantOf,
  liveOf,
  roundLive,
  scadaEnabled,
  tagsOf,
  type Live,
  type ScadaTag,
} from './scada.server.ts';

let wss: WebSocketServer | null = null;

export function frames(live: Live): [string, string] {
  const q = live.s ? live.q : live.q.map(() => 's');
  return [JSON.stringify({ status: live.s, t: live.t, q }), JSON.stringify(live.v)];
}

export function handleScadaUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
  const reject = (status: number, text: string) =>
    socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  const url = new URL(req.url ?? '/', 'http://localhost');
  const feed = !url.searchParams.has('scada_id');
  const id = /^\d{1,9}$/.test(url.searchParams.get('scada_id') ?? '')
    ? Number(url.searchParams.get('scada_id'))
    : null;
  const token =
    url.searchParams.get('token') ?? parseCookies(req.headers.cookie)[sessionCookieName()];
  (async () => {
    const auth = await validateSession(token);
    if (!auth) return reject(401, 'Unauthorized');
    if (feed) {
      // The feed exists for a user who may see at least one object (as the alarm page).
      if (!scadaEnabled(auth.user) || (await grantedObjects(auth.user.id)).length === 0)
        return reject(404, 'Not Found');
      wss ??= new WebSocketServer({ noServer: true, maxPayload: 1024 });
      return wss.handleUpgrade(req, socket, head, (ws) => {
        onProtocolError(ws, currentRequest()?.id);
        serveAlarmFeed(ws, auth.user.id, auth.session.id).catch((err: unknown) => {
          log.warn('scada ws: alarm feed failed', { err });
          ws.close(1011, 'internal error');
        });
      });
    }
    // Without the module, as without a grant, the object does not exist for the user (404, as the pages).
    if (id === null || !scadaEnabled(auth.user) || (await grantOf(auth.user.id, id)) === null)
      return reject(404, 'Not Found');
    wss ??= new WebSocketServer({ noServer: true, maxPayload: 1024 });
    wss.handleUpgrade(req, socket, head, (ws) =>
      // A failed first read (the database) closes this stream; it never becomes an unhandled rejection.
      serve(ws, auth.user.id, auth.session.id, id).catch((err: unknown) => {
        log.warn('scada ws: stream failed', { err });
        ws.close(1011, 'internal error');
      }),
    );
  })().catch((err) => {
    log.error('scada ws: upgrade failed', { err });
    reject(500, 'Internal Server Error');
  });
}

async function serve(ws: WebSocket, userId: number, sessionId: string, objectId: number) {
  // A hostile frame closes this socket only (ws.ts); serve runs in the upgrade's request context.
  onProtocolError(ws, currentRequest()?.id);
  let alive = true;
  // Values leave rounded at their variables' precision (no float32 artefacts in the browser).
  let tags: ScadaTag[] = [];
  const send = (live: Live) => {
    if (ws.readyState !== ws.OPEN) return;
    // A slow client gets the newest values, never a growing backlog.
    if (ws.bufferedAmount > 256 * 1024) return;
    for (const f of frames(roundLive(live, tags))) ws.send(f);
  };
  // The variables were re-PUT: the list (order, types, steps) is read again; the new values follow
  // from the worker restarted with them.
  const reload = () =>
    tagsOf(objectId).then(
      (list) => void (tags = list),
      (err: unknown) => log.warn('scada ws: variables reload failed', { err }),
    );
  const offLive = bus().subscribe(LIVE_TOPIC(objectId), (e) => {
    if (e.type === 'scada.values') send(e.data as Live);
    else if (e.type === TAGS_EVENT) void reload();
  });
  // A withdrawn grant (or the module gone with the last one) closes the stream at once.
  const recheck = () =>
    grantOf(userId, objectId).then(
      (grant) => (grant === null ? ws.close(4404, 'not found') : undefined),
      (err) => log.warn('scada ws: re-check failed', { err }),
    );
  const offSession = bus().subscribe(userTopic(userId), (e) => {
    if (e.type === ACCESS_CHANGED) return void recheck();
    if (e.type !== SESSION_ENDED) return;
    const d = e.data as { sessions?: string[]; except?: string | null };
    if (d.sessions ? d.sessions.includes(sessionId) : d.except !== sessionId)
      ws.close(4401, 'session ended');
  });
  ws.on('pong', () => (alive = true));
  const ping = setInterval(() => {
    if (!alive) return ws.terminate();
    alive = false;
    ws.ping();
    Promise.all([sessionAlive(sessionId), grantOf(userId, objectId)]).then(
      ([ok, grant]) =>
        !ok
          ? ws.close(4401, 'session ended')
          : grant === null
            ? ws.close(4404, 'not found')
            : undefined,
      (err) => log.warn('scada ws: re-check failed', { err }),
    );
  }, config().wsHeartbeatMs);
  ping.unref();
  ws.on('close', () => {
    clearInterval(ping);
    offLive();
    offSession();
  });
  tags = await tagsOf(objectId);
  send(await liveOf(objectId));
}

export function closeScadaSockets() {
  for (const c of wss?.clients ?? []) c.close(1001, 'server shutting down');
  wss?.close();
  wss = null;
}
