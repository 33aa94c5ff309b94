// The island's live connection: one WebSocket to /ws, subscribed to the given topics (the user's own
// topic comes automatically), reconnecting with back-off until the session ends (close code 4401).
// Returns whether the connection is up with every wanted topic confirmed.
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { apiPaths } from '#lib/api-paths.ts';

export type LiveEvent = { topic: string; type: string; data: Record<string, unknown> | null };

export function useLive(topics: string[], onEvent: (e: LiveEvent) => void): boolean {
  const [live, setLive] = useState(false);
  // Events reach the newest handler without reopening the socket.
  const deliver = useEffectEvent((e: LiveEvent) => onEvent(e));
  const wanted = useRef<string[]>(topics);
  const socket = useRef<WebSocket | null>(null);
  const subscribed = useRef(new Set<string>());
  const confirmed = useRef(new Set<string>());

  // Both read only refs; effect events so the socket's callbacks never hold a stale render.
  const check = useEffectEvent(() =>
    setLive(
      !!socket.current &&
        socket.current.readyState === WebSocket.OPEN &&
        wanted.current.every((t) => confirmed.current.has(t)),
    ),
  );
  const sync = useEffectEvent(() => {
    const ws = socket.current;
    if (!ws || ws.readyState !== WebSocket.OPEN) return;
    const next = new Set(wanted.current);
    for (const t of subscribed.current) {
      if (next.has(t)) continue;
      ws.send(JSON.stringify({ type: 'unsubscribe', topic: t }));
      confirmed.current.delete(t);
    }
    for (const t of next)
      if (!subscribed.current.has(t)) ws.send(JSON.stringify({ type: 'subscribe', topic: t }));
    subscribed.current = next;
    check();
  });

  useEffect(() => {
    let stopped = false;
    let delay = 1000;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      const ws = new WebSocket(
        `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${apiPaths.socket()}`,
      );
      socket.current = ws;
      subscribed.current = new Set();
      confirmed.current = new Set();
      ws.onmessage = (m) => {
        let e: LiveEvent;
        try {
          e = JSON.parse(String(m.data)) as LiveEvent;
        } catch {
          return;
        }
        if (e.type === 'ready') {
          delay = 1000;
          sync();
        } else if (e.type === 'subscribed' || e.type === 'denied') {
          confirmed.current.add(e.topic);
          check();
        } else deliver(e);
      };
      ws.onclose = (c) => {
        socket.current = null;
        setLive(false);
        if (stopped || c.code === 4401) return;
        timer = setTimeout(open, delay);
        delay = Math.min(delay * 2, 30_000);
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket.current?.close();
    };
  }, []);

  const key = topics.join(' ');
  useEffect(() => {
    wanted.current = key ? key.split(' ') : [];
    sync();
  }, [key]);
  return live;
}
