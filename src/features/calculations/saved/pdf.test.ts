// The PDF download's guards (review 21 #11): one job per user at a time (a second concurrent one is a
// 429, another user's is not held up), the server's read of its own page times out after 15 s, and a
// redirect from the page is a 503, never passed on as a 3xx without its Location.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocalOrigin } from '#lib/config.ts';
import { HttpError } from '#lib/http/api.ts';
import { failureOf } from '#lib/http/failure.ts';
import { translator } from '#lib/i18n/index.ts';

vi.mock('#lib/pdf.server.ts', () => ({
  htmlToPdf: vi.fn(async () => ({ ok: true, pdf: Buffer.from('%PDF-1.4 test') })),
}));
const { documentPdf, PAGE_TIMEOUT_MS } = await import('./pdf.server.ts');

const t = translator('ru');
const request = () =>
  new Request('http://localhost/x.pdf', { headers: { cookie: 'sid=1', 'accept-language': 'ru' } });
/** The refusal documentPdf throws, as the middleware answers it (status, message, Retry-After). */
async function refusal(p: Promise<Response>) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HttpError);
  return failureOf(err, t);
}
const html = () =>
  new Response('<html><head></head><body>offer</body></html>', {
    status: 200,
    headers: { 'content-type': 'text/html' },
  });

beforeEach(() => setLocalOrigin('127.0.0.1', 4321));
afterEach(() => vi.unstubAllGlobals());

describe('documentPdf', () => {
  it('prints the page read from the local origin with a 15 s timeout signal', async () => {
    const seen: Array<{ url: string; signal: AbortSignal | undefined }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async (url: URL, init: RequestInit) => (
          seen.push({ url: String(url), signal: init.signal ?? undefined }),
          html()
        ),
      ),
    );
    const r = await documentPdf(
      request(),
      '/e-commerce/design/calculations/1/offer',
      'offer-1.pdf',
      7,
    );
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    expect(seen[0]!.url).toBe('http://127.0.0.1:4321/e-commerce/design/calculations/1/offer');
    expect(seen[0]!.signal).toBeInstanceOf(AbortSignal);
    expect(PAGE_TIMEOUT_MS).toBe(15_000);
  });

  it('a page that does not answer in time is a 503 (the timeout aborts the read)', async () => {
    const timeout = AbortSignal.timeout.bind(AbortSignal);
    const asked: number[] = [];
    vi.spyOn(AbortSignal, 'timeout').mockImplementation(
      (ms: number) => (asked.push(ms), timeout(20)),
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: URL, init: RequestInit) =>
          new Promise<Response>((_ok, fail) =>
            init.signal!.addEventListener('abort', () => fail(init.signal!.reason)),
          ),
      ),
    );
    const r = await refusal(documentPdf(request(), '/p', 'p.pdf', 7));
    expect(asked).toEqual([15_000]);
    expect(r).toMatchObject({
      status: 503,
      message: t('calcSaved.pdf.unavailable'),
      retryAfter: 30,
    });
    vi.restoreAllMocks();
  });

  it('a redirect from the page is a 503, never a 3xx passed on without Location', async () => {
    for (const status of [301, 302, 303, 307, 308]) {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response(null, { status, headers: { location: '/login' } })),
      );
      const r = await refusal(documentPdf(request(), '/p', 'p.pdf', 7));
      expect(r.status, String(status)).toBe(503);
    }
  });

  it("the page's own 404 is passed on", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('<h1>404</h1>', { status: 404, headers: { 'content-type': 'text/html' } }),
      ),
    );
    expect((await documentPdf(request(), '/p', 'p.pdf', 7)).status).toBe(404);
  });

  it("one job per user: a second concurrent request of the same user is a 429; another user's is served; after the first, the user is served again", async () => {
    let release!: () => void;
    const gate = new Promise<void>((ok) => (release = ok));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => (await gate, html())),
    );
    const first = documentPdf(request(), '/p', 'p.pdf', 7);
    const second = await refusal(documentPdf(request(), '/p', 'p.pdf', 7));
    expect(second).toMatchObject({
      status: 429,
      message: 'Предыдущий PDF ещё формируется; дождитесь его и повторите.',
      retryAfter: 10,
    });
    const other = documentPdf(request(), '/p', 'p.pdf', 8);
    release();
    expect((await first).status).toBe(200);
    expect((await other).status).toBe(200);
    expect((await documentPdf(request(), '/p', 'p.pdf', 7)).status).toBe(200);
  });
});
