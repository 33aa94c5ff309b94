// A local fake of a flash-call provider's initCall API (uCaller shape): it records each request and
// answers like the provider does.
import { createServer, type IncomingHttpHeaders } from 'node:http';

export const FAKE_CALL_KEY = 'test-secret.12345';

export interface CallRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: { phone?: number; code?: string; unique?: string };
}

export interface FakeCalls {
  url: string;
  requests: CallRequest[];
  /** The code of the newest call to a +7 number. */
  lastCode(phone: string): string | undefined;
  close(): Promise<void>;
}

export async function startFakeCalls(): Promise<FakeCalls> {
  const requests: CallRequest[] = [];
  let id = 1000;
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      let body: CallRequest['body'] = {};
      try {
        body = JSON.parse(raw) as CallRequest['body'];
      } catch {
        // recorded as empty
      }
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      const authorised = req.headers.authorization === `Bearer ${FAKE_CALL_KEY}`;
      res.writeHead(authorised ? 200 : 401, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify(
          authorised
            ? { status: true, ucaller_id: ++id, phone: body.phone, code: body.code }
            : { status: false, error: 'bad key' },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/v1.0/initCall`,
    requests,
    lastCode: (phone) =>
      requests.filter((r) => r.body.phone === Number(phone.replace(/\D/g, ''))).at(-1)?.body.code,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
