// The request a piece of code runs for, without passing it around: the server entry runs each
// request inside this store, so every log line written while handling it carries its id. One store
// per process (globalThis), since the server entry and the Astro bundle load separate module copies.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

export interface RequestContext {
  id: string;
  /** Milliseconds spent in database queries so far (Server-Timing db). */
  dbMs?: number;
}

const KEY = Symbol.for('cabinet.requestContext');
type Holder = { [KEY]?: AsyncLocalStorage<RequestContext> };

export function requestStore(): AsyncLocalStorage<RequestContext> {
  const g = globalThis as Holder;
  return (g[KEY] ??= new AsyncLocalStorage<RequestContext>());
}

export const currentRequest = (): RequestContext | undefined => requestStore().getStore();

export function addDbTime(ms: number): void {
  const ctx = requestStore().getStore();
  if (ctx) ctx.dbMs = (ctx.dbMs ?? 0) + ms;
}

// A client's (or proxy's) id is kept when it is short and plain, so logs can be joined across hops;
// anything else is replaced, so the id never carries markup or line breaks into logs.
const CLIENT_ID = /^[A-Za-z0-9._:-]{8,100}$/;

export function requestIdFrom(header: string | string[] | undefined): string {
  const given = Array.isArray(header) ? header[0] : header;
  return given && CLIENT_ID.test(given) ? given : randomUUID();
}

/**
 * The path an access log line shows: no query string, and a secret segment redacted (the public
 * passport's token opens the product to anyone holding it, decision 0046).
 */
export function loggedPath(url: string): string {
  const path = url.split('?')[0] ?? '/';
  return path.replace(/^\/passport\/[^/]+/i, '/passport/:token');
}
