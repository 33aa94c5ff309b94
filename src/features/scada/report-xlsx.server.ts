// A report as an .xlsx workbook (exceljs): one sheet each for variables, alarms and commands.
import ExcelJS from 'exceljs';
import type { T } from '#lib/i18n/index.ts';
import { formatDateTime } from '#lib/format.ts';
import type { Report } from './reports.server.ts';

export async function reportXlsx(
  title: string,
  r: Report,
  t: T,
  timeZone: string,
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const when = (s: string | null) => (s ? formatDateTime(s, timeZone) : '');
  const sheet = (name: string, head: string[], rows: unknown[][]) => {
    const ws = book.addWorksheet(name.slice(0, 31));
    ws.addRow([`${title} \u2014 ${t(`scada.reports.${r.kind}`)} ${r.period}`]).font = {
      bold: true,
    };
    ws.addRow(head).font = { bold: true };
    for (const row of rows) ws.addRow(row);
    ws.columns.forEach((c) => (c.width = 22));
  };
  sheet(
    t('scada.reports.variables'),
    [
      t('scada.vars.title'),
      t('scada.vars.unit'),
      t('scada.trends.min'),
      t('scada.trends.max'),
      t('scada.trends.avg'),
      t('scada.reports.samples'),
    ],
    r.variables.map((v) => [v.title, v.unit, v.min, v.max, v.avg, v.n]),
  );
  sheet(
    t('scada.reports.alarms'),
    [t('scada.audit.tag'), t('scada.reports.raised'), t('scada.reports.cleared')],
    r.alarms.map((a) => [
      a.tag,
      when(a.raised_at),
      a.cleared_at ? when(a.cleared_at) : t('scada.reports.active'),
    ]),
  );
  sheet(
    t('scada.reports.commands'),
    [
      t('scada.audit.time'),
      t('scada.audit.user'),
      t('scada.audit.tag'),
      t('scada.audit.old'),
      t('scada.audit.requested'),
      t('scada.audit.result'),
    ],
    r.commands.map((c) => [
      when(c.created_at),
      c.user,
      c.tag,
      c.old_value,
      c.requested,
      t(`scada.audit.results.${c.result}`),
    ]),
  );
  return Buffer.from(await book.xlsx.writeBuffer());
}
