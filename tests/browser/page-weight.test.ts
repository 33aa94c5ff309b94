// The budget of a page without islands (ARCHITECTURE.md, performance budgets, all figures gzip on a
// first visit): no external JavaScript, inline scripts at most 2 KB, HTML + CSS at most 40 KB. Fonts
// are reported but not counted. The measured figures are printed.
import { request } from 'node:http';
import { gunzipSync, gzipSync } from 'node:zlib';
import { expect, test } from '../helpers/fixtures.ts';
import { sessionFor } from '../helpers/session.ts';

const KB = 1024;
// GET as Olga (a session of hers for the file), reading the bytes on the wire.
const it = test
  .extend(
    'cookie',
    { scope: 'worker' },
    async ({ server }) => (await sessionFor(server, 'olga.demidova@demo.example')).cookie,
  )
  .extend(
    'fetchRaw',
    async ({ server, cookie }) =>
      (path: string) =>
        fetchRaw(server.url, cookie, path),
  );

/** Bytes on the wire (gzip when the server compresses) and the decoded body. */
function fetchRaw(
  url: string,
  cookie: string,
  path: string,
): Promise<{ status: number; wire: number; body: Buffer; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}${path}`,
      { headers: { 'Accept-Encoding': 'gzip', Cookie: cookie } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          resolve({
            status: res.statusCode ?? 0,
            wire: raw.length,
            body: encoding === 'gzip' ? gunzipSync(raw) : raw,
            encoding,
          });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** gzip size: as served when the server compressed it, else what gzip would make of it. */
const gzipped = (r: { wire: number; body: Buffer; encoding: string | undefined }) =>
  r.encoding === 'gzip' ? r.wire : gzipSync(r.body, { level: 9 }).length;
const attr = (tag: string, name: string) => new RegExp(`\\b${name}=["']?([^"' >]+)`).exec(tag)?.[1];

it('ships a chrome-only page (/tools) within the budget', async ({ fetchRaw }) => {
  const page = await fetchRaw('/tools');
  expect(page.status).toBe(200);
  expect(page.encoding).toBe('gzip');
  const html = page.body.toString('utf8');

  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  expect(
    scripts.filter(([, attrs]) => /\bsrc=/.test(attrs!)),
    'external scripts',
  ).toEqual([]);
  expect(html).not.toMatch(/<link[^>]+rel=["']?modulepreload/);
  const sizes = scripts.map(([, , body]) => Buffer.byteLength(body!, 'utf8'));
  const inlineJs = sizes.reduce((a, b) => a + b, 0);
  const inlineGzip = gzipSync(scripts.map(([, , body]) => body).join('\n'), { level: 9 }).length;
  // Which script is which: its first characters, so an overrun points at the feature that grew.
  for (const [i, [, , body]] of scripts.entries())
    console.log(
      `inline script ${i + 1}: ${sizes[i]} B, ${JSON.stringify(body!.trim().slice(0, 70))}`,
    );

  const links = [...html.matchAll(/<link\b[^>]*>/g)].map(([tag]) => tag);
  const styles = links.filter((t) => /rel=["']?stylesheet/.test(t)).map((t) => attr(t, 'href')!);
  const fonts = links
    .filter((t) => /rel=["']?preload/.test(t) && /as=["']?font/.test(t))
    .map((t) => attr(t, 'href')!);
  // Stylesheets are inline (astro.config.mjs, inlineStylesheets) so the first paint does not wait
  // for another round trip; their bytes travel inside the HTML and are counted there.
  expect(styles, 'render-blocking stylesheets').toEqual([]);
  const inlineCss = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)]
    .map(([, body]) => body!)
    .join('\n');
  expect(inlineCss.length).toBeGreaterThan(0);

  let css = 0;
  for (const href of styles) {
    const r = await fetchRaw(href);
    expect(r.status, href).toBe(200);
    css += gzipped(r);
  }
  let fontBytes = 0;
  for (const href of fonts) {
    const r = await fetchRaw(href);
    expect(r.status, href).toBe(200);
    expect(href).toMatch(/\.woff2$/);
    fontBytes += r.wire;
  }
  const htmlGzip = page.wire;
  console.log(
    `page weight /tools: HTML ${htmlGzip} B gzip (${page.body.length} B raw) with inline CSS ${inlineCss.length} B raw (${gzipSync(inlineCss, { level: 9 }).length} B gzip alone), ` +
      `HTML+CSS ${((htmlGzip + css) / KB).toFixed(1)} KB gzip, inline JS ${inlineJs} B (${inlineGzip} B gzip) in ${scripts.length} script(s), ` +
      `preloaded fonts ${fontBytes} B in ${fonts.length} file(s) (not counted)`,
  );
  expect(inlineGzip).toBeLessThanOrEqual(2 * KB);
  expect(htmlGzip + css).toBeLessThanOrEqual(40 * KB);
});
