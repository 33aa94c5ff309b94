// GET ?kind=day|month&period=YYYY-MM-DD|YYYY-MM: the object's report as an .xlsx download (404
// without a grant, 400 for a bad period).
import type { APIRoute } from 'astro';
import { reportXlsx } from '#features/scada/report-xlsx.server.ts';
import { buildReport, type ReportKind } from '#features/scada/reports.server.ts';
import { getScada } from '#features/scada/scada.server.ts';
import { config } from '#lib/config.ts';
import { HttpError } from '#lib/http/api.ts';
import { routeId } from '#lib/http/respond.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = async ({ locals, params, url }) => {
  const user = requireUser(locals);
  const item = await getScada(user.id, routeId(params.id));
  if (!item) throw new HttpError(404, locals.t('scada.errors.show'));
  const kind = url.searchParams.get('kind') === 'month' ? 'month' : ('day' as ReportKind);
  const period = url.searchParams.get('period') ?? '';
  const tz = config().timeZone;
  const report = await buildReport(item.id, kind, period, tz);
  if (!report) throw new HttpError(400, locals.t('scada.reports.bad'));
  const body = await reportXlsx(item.title, report, locals.t, tz);
  return new Response(new Uint8Array(body), {
    headers: {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition': `attachment; filename="scada-${item.id}-${kind}-${period}.xlsx"`,
      'Cache-Control': 'private, no-store',
    },
  });
};
