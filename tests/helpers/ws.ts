// A WebSocket client of the app's /ws endpoint that collects events and waits for matching ones.
import WebSocket from 'ws';
import type { TestServer } from './server.ts';

export type Msg = { topic: string; type: string; data: any };

export function connect(
  server: TestServer,
  cookie?: string,
  origin: string | null = server.url,
  extra: Record<string, string> = {},
) {
  const headers: Record<string, string> = {
    ...(cookie ? { cookie } : {}),
    ...(origin ? { origin } : {}),
    ...extra,
  };
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws`, { headers });
  const messages: Msg[] = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (raw) => {
    messages.push(JSON.parse(String(raw)));
    waiters.splice(0).forEach((w) => w());
  });
  const next = (pred: (m: Msg) => boolean, ms = 5000) =>
    new Promise<Msg>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no matching message; got ${JSON.stringify(messages)}`)),
        ms,
      );
      const check = () => {
        const m = messages.find(pred);
        if (m) {
          clearTimeout(timer);
          resolve(m);
        } else waiters.push(check);
      };
      check();
    });
  const subscribe = async (topic: string) => {
    await next((m) => m.type === 'ready');
    ws.send(JSON.stringify({ type: 'subscribe', topic }));
    return (
      await next((m) => m.topic === topic && (m.type === 'subscribed' || m.type === 'denied'))
    ).type;
  };
  /** Resolves with the close code. */
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  /** Resolves with the HTTP status when the upgrade is refused. */
  const refused = new Promise<number>((resolve) =>
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
  );
  return { ws, next, messages, subscribe, closed, refused };
}
