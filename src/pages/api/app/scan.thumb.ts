// GET scan.thumb?uniqid=&page=N: PNG of page N, 250 px high, rendered once and kept with the scan.
import type { APIRoute } from 'astro';
import { renderThumbnail } from '#features/scanner/recognition/thumbnails.ts';
import { scanThumb } from '#features/scanner/scanner.api.server.ts';
import { respond } from '#lib/http/respond.ts';
import { legacyValues } from '#lib/http/legacy.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = async ({ locals, url, request }) =>
  respond(locals.t, 'scanner.api.file', async () => {
    const png = await scanThumb(
      requireUser(locals),
      await legacyValues(url, request),
      locals.t,
      (pdf, page) => renderThumbnail(pdf, page, 250),
    );
    return new Response(png as Uint8Array<ArrayBuffer>, {
      headers: {
        'Content-Type': 'image/png',
        'Content-Length': String(png.byteLength),
        'Cache-Control': 'private, max-age=86400',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });
