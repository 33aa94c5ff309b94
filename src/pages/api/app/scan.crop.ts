// GET scan.crop?uniqid=&page=N&top=&bottom=: the source crop of a recognised position (a PNG band of
// page N, points from the top), for the review step, cut from the page rendered once and kept with the
// scan. A scan's document never changes, so the answer is cached by the browser as long as it lives.
import type { APIRoute } from 'astro';
import { cutBand, renderPageAt } from '#features/scanner/recognition/thumbnails.ts';
import { scanCrop } from '#features/scanner/scanner.api.server.ts';
import { respond } from '#lib/http/respond.ts';
import { legacyValues } from '#lib/http/legacy.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = async ({ locals, url, request }) =>
  respond(locals.t, 'scanner.api.file', async () => {
    const png = await scanCrop(requireUser(locals), await legacyValues(url, request), locals.t, {
      page: (pdf, page, scale) => renderPageAt(pdf, page, scale),
      cut: cutBand,
    });
    return new Response(png as Uint8Array<ArrayBuffer>, {
      headers: {
        'Content-Type': 'image/png',
        'Content-Length': String(png.byteLength),
        'Cache-Control': 'private, max-age=86400, immutable',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });
