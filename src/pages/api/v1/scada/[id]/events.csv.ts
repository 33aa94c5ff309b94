// GET ?from&to&kind: the object's events journal as CSV (UTF-8 with BOM, ';' separated for the
// spreadsheet programs of the customers' locale), streamed page by page (1000 rows a query) and cut
// at CSV_MAX_ROWS, so any journal size is answered in bounded memory.
import type { APIRoute } from 'astro';
import { eventQuery } from '#features/scada/alarms.api.server.ts';
import { eventsCsv } from '#features/scada/alarms.csv.server.ts';
import { getScada } from '#features/scada/scada.server.ts';
import { HttpError } from '#lib/http/api.ts';
import { respond, routeId } from '#lib/http/respond.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = async ({ locals, params, url }) => {
  const user = requireUser(locals);
  return respond(locals.t, 'scada.alarms.errors.events', async () => {
    const item = await getScada(user.id, routeId(params.id));
    if (!item) throw new HttpError(404, locals.t('scada.errors.show'));
    const q = eventQuery(url.searchParams, locals.t);
    return new Response(eventsCsv(item.id, q, locals.t), {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="events-${item.id}.csv"`,
        'cache-control': 'no-store',
      },
    });
  });
};
