// POST scan.pdf (form uniqid; GET with ?uniqid= too): the document as PDF (office files and images
// converted), for the page previews.
import type { APIRoute } from 'astro';
import { scanPdf } from '#features/scanner/scanner.api.server.ts';
import { respond } from '#lib/http/respond.ts';
import { storedFileResponse } from '#lib/http/file-response.ts';
import { legacyValues } from '#lib/http/legacy.ts';
import { requireUser } from '#lib/http/user.ts';

const handle: APIRoute = async ({ locals, url, request }) =>
  respond(locals.t, 'scanner.api.file', async () => {
    const { row, fileId } = await scanPdf(
      requireUser(locals),
      await legacyValues(url, request),
      locals.t,
    );
    return storedFileResponse(fileId, {
      notFound: locals.t('scanner.api.file'),
      disposition: 'inline',
      name: `${row.file_name.replace(/\.[^.]*$/, '')}.pdf`,
      cache: 'no-store',
    });
  });

export const GET = handle;
export const POST = handle;
