// The back-office integration API for test suites: two configured keys (one with every scope, one
// for news only; only their SHA-256 hashes go into INTEGRATION_KEYS) and a small client.
import { createHash } from 'node:crypto';
import type { TestServer } from './server.ts';

export const ERP_KEY = 'erp-test-key-0123456789abcdef';
export const NEWS_KEY = 'news-test-key-0123456789abcdef';
const sha = (s: string) => createHash('sha256').update(s).digest('hex');

export const integrationEnv = {
  INTEGRATION_KEYS: `erp:${sha(ERP_KEY)}:orders+promotions+news+notifications,newsroom:${sha(NEWS_KEY)}:news`,
};

export interface CallOptions {
  method?: string;
  key?: string | null;
  json?: unknown;
  /** multipart: JSON in `data`, files as [bytes, name] */
  data?: unknown;
  files?: Record<string, [Uint8Array, string]>;
}

export function backoffice(server: TestServer) {
  return async function call(path: string, o: CallOptions = {}) {
    const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': 'en' };
    const key = o.key === undefined ? ERP_KEY : o.key;
    if (key) headers.Authorization = `Bearer ${key}`;
    let body: BodyInit | undefined;
    if (o.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(o.json);
    } else if (o.files || o.data !== undefined) {
      const form = new FormData();
      if (o.data !== undefined) form.append('data', JSON.stringify(o.data));
      for (const [name, [bytes, filename]] of Object.entries(o.files ?? {}))
        form.append(name, new Blob([bytes as BlobPart]), filename);
      body = form;
      // A real back office sends no Origin: its key exempts it from the cross-site form check.
      // Without a key the post is cookie-less and anonymous, and must come from our origin.
      if (!key) headers.Origin = server.url;
    }
    const res = await fetch(`${server.url}${path}`, {
      method: o.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
    });
    const text = await res.text();
    return { status: res.status, data: (text ? JSON.parse(text) : null) as any };
  };
}
