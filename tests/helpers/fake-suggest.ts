// A local fake of the DaData-compatible suggestions API (node:http), for unit, integration and
// browser tests. It checks the token header, filters canned data from tests/fixtures and records
// every request so tests can assert what was asked.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import data from '../fixtures/suggest-data.json' with { type: 'json' };

export const FAKE_TOKEN = 'test-token';

export interface FakeSuggest {
  url: string;
  requests: Array<{ path: string; body: Record<string, any>; auth: string | undefined }>;
  /** Makes every following call answer with this status (null: normal answers). */
  failWith(status: number | null): void;
  close(): Promise<void>;
}

type Item = { value: string; unrestricted_value: string; data: Record<string, any> };
const lower = (s: string) => s.toLowerCase();

function answer(path: string, body: Record<string, any>): Item[] {
  const q = lower(String(body.query ?? '').trim());
  const count = Number(body.count ?? 10);
  if (path.endsWith('/suggest/party')) {
    return (data.parties as Item[])
      .filter((p) => p.data.inn.startsWith(q) || lower(p.value).includes(q))
      .slice(0, count);
  }
  if (path.endsWith('/findById/party'))
    return (data.parties as Item[]).filter((p) => p.data.inn === q).slice(0, 1);
  if (path.endsWith('/suggest/address')) {
    const words = q.split(/[\s,]+/).filter(Boolean);
    return (data.addresses as Item[])
      .filter((a) => words.every((w) => lower(a.unrestricted_value).includes(w)))
      .slice(0, count);
  }
  if (path.endsWith('/geolocate/address')) {
    const d = (a: Item) =>
      (Number(a.data.geo_lat) - Number(body.lat)) ** 2 +
      (Number(a.data.geo_lon) - Number(body.lon)) ** 2;
    return (data.addresses as Item[])
      .filter((a) => a.data.geo_lat !== null)
      .sort((a, b) => d(a) - d(b))
      .slice(0, count);
  }
  return [];
}

export async function startFakeSuggest(): Promise<FakeSuggest> {
  const requests: FakeSuggest['requests'] = [];
  let failStatus: number | null = null;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      let body: Record<string, any> = {};
      try {
        body = JSON.parse(raw || '{}');
      } catch {
        res.writeHead(400).end();
        return;
      }
      const path = (req.url ?? '').split('?')[0]!;
      requests.push({ path, body, auth: req.headers.authorization });
      if (req.method !== 'POST') return void res.writeHead(405).end();
      if (req.headers.authorization !== `Token ${FAKE_TOKEN}`)
        return void res.writeHead(401).end('{"message":"Unauthorized"}');
      if (failStatus) return void res.writeHead(failStatus).end('{"message":"failure"}');
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ suggestions: answer(path, body) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/suggestions/api/4_1/rs`,
    requests,
    failWith: (s) => void (failStatus = s),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
