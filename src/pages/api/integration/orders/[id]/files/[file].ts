// GET (scope orders): a file of the order (a document, or an attachment in the conversation, e.g. the
// customer's specification), as an attachment. A file of another order answers 404.
import type { APIRoute } from 'astro';
import { isOrderFile } from '#features/integration/orders.integration.server.ts';
import { isFileId } from '#lib/files.server.ts';
import { requireKey } from '#features/integration/keys.server.ts';
import { storedFileResponse } from '#lib/http/file-response.ts';
import { respond, routeId } from '#lib/http/respond.ts';

export const GET: APIRoute = ({ locals, params, request }) =>
  respond(locals.t, 'integration.errors.failed', async () => {
    requireKey(request, 'orders', locals.t);
    const id = routeId(params.id);
    const file = params.file ?? '';
    // Only a well-formed file id reaches the query (a NUL in the path fails PostgreSQL's text type).
    const ours = id !== null && isFileId(file) && (await isOrderFile(id, file));
    return storedFileResponse(ours ? file : '', {
      notFound: locals.t('errors.notFound', { name: locals.t('integration.file') }),
      disposition: 'attachment',
    });
  });
