// A small fetch wrapper for API suites: a session token as bearer (or ?token=), JSON bodies, and an
// interface language.
import { afterAll } from 'vitest';
import { startServer, type TestServer } from './server.ts';
import { sessionFor } from './session.ts';

export interface ApiOptions {
  method?: string;
  token?: string;
  /** Pass the token as ?token= (legacy calls) instead of a bearer header. */
  tokenInQuery?: boolean;
  json?: unknown;
  body?: BodyInit;
  lang?: string;
  headers?: Record<string, string>;
}

export function apiClient(server: TestServer) {
  return async function api(path: string, o: ApiOptions = {}) {
    const url = new URL(path, server.url);
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': o.lang ?? 'en',
      ...o.headers,
    };
    if (o.token && o.tokenInQuery) url.searchParams.set('token', o.token);
    else if (o.token) headers.Authorization = `Bearer ${o.token}`;
    let body = o.body;
    if (o.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(o.json);
    }
    if (body instanceof FormData || body instanceof URLSearchParams) headers.Origin = server.url;
    const res = await fetch(url, {
      method: o.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
    });
    const text = await res.text();
    let data: any = null;
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
    return { status: res.status, data, headers: res.headers };
  };
}

/** A fresh server, its API client, and bearer tokens of the two demo customers (for 404-by-id checks). */
export async function startWithCustomers(env: Record<string, string> = {}) {
  const server = await startServer(env);
  const [olga, dmitry] = await Promise.all([
    sessionFor(server, 'olga.demidova@demo.example'),
    sessionFor(server, 'dmitry.volkov@demo.example'),
  ]);
  return { server, api: apiClient(server), olga: olga.token, dmitry: dmitry.token };
}

/**
 * The same for a whole test file, at its top level (`const { server, api, olga } = await
 * customersForFile();`): started when the file loads, stopped after its last test.
 */
export async function customersForFile(env: Record<string, string> = {}) {
  const started = await startWithCustomers(env);
  afterAll(() => started.server.stop());
  return started;
}

export type ApiClient = ReturnType<typeof apiClient>;
