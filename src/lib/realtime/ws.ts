// WebSocket endpoint (/ws) on the same port as the pages. A connection is authenticated by the
// session cookie, listens to its own user topic and may subscribe to further topics it is allowed.
// Each connection has an id (the upgrade's X-Request-Id when plain, else a new one) that its log
// lines carry; a message that fails is logged with it and answered with an `error` event, so a
// client never waits for an answer that will not come.
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { apiPaths } from '#lib/api-paths.ts';
import { unavailableCause } from '#lib/http/failure.ts';
import { requestIdFrom, requestStore } from '#lib/http/request-context.ts';
import { log } from '#lib/log.ts';
import { bus } from './bus.ts';
import { ACCESS_CHANGED, mayListen, SESSION_ENDED, userTopic, type TopicUser } from './topics.ts';

export const WS_PATH = apiPaths.socket();
const MAX_TOPICS = 50;

export interface WsPeer {
  user: TopicUser;
  /** The session this connection was opened with (its stored id). */
  sessionId: string;
}

export interface WsOptions {
  authenticate(req: IncomingMessage): Promise<WsPeer | null>;
  /** Re-checked on every heartbeat: a session that expired or idled out closes its connection. */
  sessionAlive(sessionId: string): Promise<boolean>;
  /** Allowed browser origins; an upgrade from any other Origin is refused (cross-site WebSocket hijacking). */
  isAllowedOrigin(origin: string | undefined, req: IncomingMessage): boolean;
  /** Heartbeat: dead connections are dropped and the session is re-checked this often. */
  heartbeatMs: number;
}

export type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
const UPGRADES = Symbol.for('cabinet.ws-upgrades');
const upgradeHandlers = (): Map<string, UpgradeHandler> =>
  ((globalThis as { [UPGRADES]?: Map<string, UpgradeHandler> })[UPGRADES] ??= new Map());
/** A feature takes over upgrades whose query says wss_type=<type> (after the origin check). */
export const registerUpgrade = (type: string, handler: UpgradeHandler): void =>
  void upgradeHandlers().set(type, handler);

const errCode = (err: Error) => (err as { code?: string }).code ?? err.message;

/**
 * A frame that breaks the protocol (over the payload limit, invalid UTF-8, unmasked, RSV bits, an
 * unknown opcode, a long ping, a bad close code) makes `ws` emit 'error' and close the socket with
 * the matching code; without a listener that error would stop the whole process. It costs only
 * that connection, and is logged with its id (a warning: a client sent it, the server is fine).
 */
export function onProtocolError(ws: WebSocket, connection: string | undefined): void {
  ws.on('error', (err) =>
    log.warn('ws: protocol error, connection closed', {
      req: connection,
      code: errCode(err),
      reason: err.message,
    }),
  );
}

export function attachWebSocket(server: Server, opts: WsOptions) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const id = requestIdFrom(req.headers['x-request-id']);
    req.headers['x-request-id'] = id;
    // node:http takes its own error listener off an upgraded socket: without one, a client that
    // resets the connection while the session is checked (or the answer is written) would throw
    // 'Unhandled error' and stop the process.
    socket.on('error', (err) => log.info('ws: connection error', { req: id, code: errCode(err) }));
    const reject = (status: number, text: string) => {
      socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    const path = (req.url ?? '').split('?')[0];
    if (path !== WS_PATH) return reject(404, 'Not Found');
    if (!opts.isAllowedOrigin(req.headers.origin, req)) return reject(403, 'Forbidden');
    // The spec's typed streams (/ws?wss_type=scada&…) are served by their feature, in the
    // connection's request context so that their log lines carry its id too.
    const typed = upgradeHandlers().get(
      new URLSearchParams((req.url ?? '').split('?')[1] ?? '').get('wss_type') ?? '',
    );
    if (typed) return requestStore().run({ id }, () => typed(req, socket, head));
    requestStore().run({ id }, () =>
      opts.authenticate(req).then(
        (peer) => {
          if (!peer) return reject(401, 'Unauthorized');
          wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, peer, id));
        },
        (err) => {
          log.error('ws: authentication failed', { err });
          if (unavailableCause(err)) reject(503, 'Service Unavailable');
          else reject(500, 'Internal Server Error');
        },
      ),
    );
  });

  function onConnection(ws: WebSocket, { user, sessionId }: WsPeer, connection: string) {
    onProtocolError(ws, connection);
    const subs = new Map<string, () => void>();
    let alive = true;
    const send = (msg: unknown) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(msg));
    };
    const listen = (topic: string) => {
      if (subs.has(topic) || subs.size >= MAX_TOPICS) return;
      subs.set(topic, bus().subscribe(topic, send));
    };
    listen(userTopic(user.id));
    // A signed-out session loses its live connection too, whichever instance ended it. Kept apart
    // from the client's subscriptions so that no message can remove it.
    const endSession = () => ws.close(4401, 'session ended');
    // Subscriptions are re-authorised when the user's access changes (ACCESS_CHANGED) and on every
    // heartbeat: a withdrawn grant stops the topic's events ('denied'), as it refuses a new subscribe.
    const recheck = async () => {
      for (const topic of [...subs.keys()]) {
        if (topic === userTopic(user.id)) continue;
        let allowed = true;
        try {
          allowed = await mayListen(user, topic);
        } catch (err) {
          log.warn('ws: subscription re-check failed', { user: user.id, topic, err });
        }
        if (allowed || !subs.has(topic)) continue;
        subs.get(topic)?.();
        subs.delete(topic);
        send({ topic, type: 'denied', data: null });
      }
    };
    const offSessionEnd = bus().subscribe(userTopic(user.id), (event) => {
      if (event.type === ACCESS_CHANGED) return void recheck();
      if (event.type !== SESSION_ENDED) return;
      const d = event.data as { sessions?: string[]; except?: string | null };
      if (d.sessions ? d.sessions.includes(sessionId) : d.except !== sessionId) endSession();
    });
    send({ topic: userTopic(user.id), type: 'ready', data: null });

    ws.on('pong', () => (alive = true));
    ws.on('message', (raw) => {
      requestStore().run({ id: connection }, () => {
        onMessage(String(raw)).catch((err: unknown) => {
          log.error('ws: message failed', {
            user: user.id,
            message: String(raw).slice(0, 200),
            err,
          });
          send({
            topic: null,
            type: 'error',
            data: { reason: unavailableCause(err) ? 'unavailable' : 'failed' },
          });
        });
      });
    });
    async function onMessage(raw: string) {
      let msg: { type?: unknown; topic?: unknown };
      try {
        msg = JSON.parse(raw);
      } catch {
        return send({ topic: null, type: 'error', data: { reason: 'malformed' } });
      }
      if (typeof msg.topic !== 'string')
        return send({ topic: null, type: 'error', data: { reason: 'malformed' } });
      const topic = msg.topic;
      if (msg.type === 'subscribe') {
        let allowed: boolean;
        try {
          allowed = await mayListen(user, topic);
        } catch (err) {
          // Logged with the connection's id and the topic; the client learns the subscription failed.
          log.error('ws: subscribe failed', { user: user.id, topic, err });
          return send({
            topic,
            type: 'error',
            data: { reason: unavailableCause(err) ? 'unavailable' : 'failed' },
          });
        }
        // The socket may have closed while the check ran; a late subscription would never be undone.
        if (ws.readyState !== ws.OPEN) return;
        if (allowed) {
          listen(topic);
          send({ topic, type: 'subscribed', data: null });
        } else send({ topic, type: 'denied', data: null });
      } else if (msg.type === 'unsubscribe') {
        subs.get(topic)?.();
        subs.delete(topic);
      } else send({ topic, type: 'error', data: { reason: 'malformed' } });
    }
    const ping = setInterval(() => {
      if (!alive) return ws.terminate();
      alive = false;
      ws.ping();
      opts.sessionAlive(sessionId).then(
        (ok) => (ok ? void recheck() : endSession()),
        (err) => log.warn('ws: session check failed', { err }),
      );
    }, opts.heartbeatMs);
    ping.unref();
    ws.on('close', () => {
      clearInterval(ping);
      offSessionEnd();
      for (const off of subs.values()) off();
      subs.clear();
    });
  }

  return {
    close() {
      for (const client of wss.clients) client.close(1001, 'server shutting down');
      wss.close();
    },
  };
}
