// Client side of the spec's stream (/ws?wss_type=scada&scada_id=N, cookie-authenticated): merges
// value arrays by index onto the variable list, keeps status and quality, reconnects with backoff.
// A closed or denied stream leaves the last values marked stale, never shown as current.
import { dateTimeFormat, numberFormat } from '#lib/format.ts';
import { useEffect, useState } from 'react';
import { apiPaths } from '#lib/api-paths.ts';

export interface LiveState {
  v: Array<number | null>;
  q: string[];
  s: number;
  t: string | null;
}

export function useLive(id: number, initial: LiveState, token?: string): LiveState {
  const [live, setLive] = useState(initial);
  useEffect(() => {
    let ws: WebSocket | null = null;
    let stop = false;
    let retry = 1000;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let head: { status: number; t: string | null; q: string[] } | null = null;
    const open = () => {
      const proto = location.protocol === 'https:' ? 'wss' : 'ws';
      ws = new WebSocket(
        `${proto}://${location.host}${apiPaths.socket()}?wss_type=scada&scada_id=${id}${token ? `&token=${encodeURIComponent(token)}` : ''}`,
      );
      ws.onmessage = (e) => {
        const msg = JSON.parse(String(e.data)) as unknown;
        if (Array.isArray(msg)) {
          retry = 1000;
          const h = head;
          setLive((prev) => ({
            v: msg as Array<number | null>,
            q: h?.q ?? prev.q,
            s: h?.status ?? prev.s,
            t: h?.t ?? prev.t,
          }));
        } else head = msg as typeof head;
      };
      ws.onclose = () => {
        setLive((prev) => ({ ...prev, s: 0, q: prev.q.map(() => 's') }));
        if (stop) return;
        timer = setTimeout(open, retry);
        retry = Math.min(retry * 2, 30_000);
      };
    };
    open();
    return () => {
      stop = true;
      clearTimeout(timer);
      ws?.close();
    };
  }, [id, token]);
  return live;
}

/** Values with three decimals in the user's locale; not available as a dash. */
/** A value with `digits` decimals (3 unless the variable's precision says otherwise). */
export const formatValue = (locale: string, v: number | null | undefined, digits = 3): string =>
  v === null || v === undefined
    ? '\u2014'
    : numberFormat(locale, {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }).format(v);

export const formatTime = (locale: string, timeZone: string, t: string | null): string =>
  t
    ? dateTimeFormat(locale, {
        timeZone,
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      }).format(new Date(t))
    : '';
