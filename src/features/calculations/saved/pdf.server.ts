// PDF downloads of the commercial offer and the datasheets: the same server-rendered printable page
// the browser prints (read as the signed-in user, in their language), printed by headless Chromium.
// No second layout to keep in step: what is on paper from the browser is what is in the PDF.
import { localOrigin } from '#lib/config.ts';
import { HttpError } from '#lib/http/api.ts';
import { htmlToPdf } from '#lib/pdf.server.ts';

/**
 * The PDF of the page at `path` (an offer or datasheet of the same calculation) as the user who asked
 * sees it. The page's own status (404 for another user's id, 503 for a refused offer) is passed on.
 * The page is read from this process's own address (localOrigin), never from the request's Host
 * header: a forged Host would otherwise make the server, and then Chromium, load another host's page.
 */
export async function documentPdf(
  request: Request,
  path: string,
  filename: string,
  owner: string | number,
): Promise<Response> {
  // One job per user at a time: a second one while the first runs is a 429 at once (decision 0032),
  // so no user holds more than one of the converter's queue places.
  const key = String(owner);
  if (inFlight.has(key)) throw new HttpError(429, 'calcSaved.pdf.oneAtATime', { retryAfter: 10 });
  inFlight.add(key);
  try {
    return await render(request, path, filename);
  } finally {
    inFlight.delete(key);
  }
}

/** Users with a PDF job running (self-fetch and print). */
const inFlight = new Set<string>();
/** How long the server waits for its own printable page, ms. */
export const PAGE_TIMEOUT_MS = 15_000;

async function render(request: Request, path: string, filename: string): Promise<Response> {
  const origin = localOrigin();
  if (!origin) throw unavailable('calcSaved.pdf.unavailable');
  const url = new URL(path, origin);
  const headers: Record<string, string> = { Accept: 'text/html' };
  for (const h of ['cookie', 'accept-language']) {
    const v = request.headers.get(h);
    if (v) headers[h] = v;
  }
  let page: Response;
  try {
    page = await fetch(url, {
      headers,
      redirect: 'manual',
      signal: AbortSignal.timeout(PAGE_TIMEOUT_MS),
    });
  } catch {
    throw unavailable('calcSaved.pdf.unavailable'); // the page did not answer in time (or at all)
  }
  // A redirect (a 3xx has no body worth passing and its Location is the page's own) is no document: 503.
  if (page.status >= 300 && page.status < 400) {
    await page.body?.cancel();
    throw unavailable('calcSaved.pdf.unavailable');
  }
  if (page.status !== 200)
    return new Response(await page.text(), {
      status: page.status,
      headers: { 'Content-Type': page.headers.get('content-type') ?? 'text/html; charset=utf-8' },
    });
  // Stylesheets and images load from the portal; the print stylesheet gives the A4 page.
  // The printed page needs no script (charts are server-drawn SVG): none runs in the printing browser.
  const html = (await page.text())
    .replace(/<script\b[\s\S]*?<\/script>/gi, '')
    .replace(/<head([^>]*)>/i, `<head$1><base href="${url.origin}/">`);
  const r = await htmlToPdf(html);
  if (!r.ok)
    throw unavailable(r.reason === 'busy' ? 'calcSaved.pdf.busy' : 'calcSaved.pdf.unavailable');
  return new Response(new Uint8Array(r.pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}

// Refusals are thrown: the middleware answers them in the one error style (the error page for a
// browser's download link, JSON for a client asking for it), with Retry-After.
const unavailable = (key: string): HttpError => new HttpError(503, key, { retryAfter: 30 });
