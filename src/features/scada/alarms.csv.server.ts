// The events journal as a CSV stream: key-paged reads of PAGE rows, at most CSV_MAX_ROWS rows (a
// last line says the export was cut), cells that a spreadsheet would run as formulas are quoted.
import type { T } from '#lib/i18n/index.ts';
import { log } from '#lib/log.ts';
import { listEvents, type EventQuery } from './alarms.query.server.ts';

export const CSV_MAX_ROWS = 100_000;
const PAGE = 1000;

export function csvCell(x: unknown): string {
  let s = x === null || x === undefined ? '' : String(x);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[";\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function eventsCsv(objectId: number, q: EventQuery, t: T): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  let cursor = q.after;
  let written = 0;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          const head = ['at', 'kind', 'alarm', 'tag', 'user', 'value', 'detail'].map((c) =>
            csvCell(t(`scada.events.columns.${c}`)),
          );
          controller.enqueue(enc.encode(`\uFEFF${head.join(';')}\r\n`));
          return;
        }
        const limit = Math.min(PAGE, CSV_MAX_ROWS - written);
        const r = await listEvents(objectId, { ...q, after: cursor, limit });
        const lines = r.rows.map((e) =>
          [
            e.at,
            t(`scada.events.kinds.${e.kind}`),
            e.alarm_kind ? t(`scada.alarms.kinds.${e.alarm_kind}`) : '',
            e.tag_title,
            e.user,
            e.value,
            e.detail,
          ]
            .map(csvCell)
            .join(';'),
        );
        written += r.rows.length;
        if (lines.length) controller.enqueue(enc.encode(lines.join('\r\n') + '\r\n'));
        if (!r.next) return controller.close();
        if (written >= CSV_MAX_ROWS) {
          controller.enqueue(
            enc.encode(csvCell(t('scada.events.cut', { rows: CSV_MAX_ROWS })) + '\r\n'),
          );
          return controller.close();
        }
        const last = r.rows[r.rows.length - 1]!;
        cursor = { at: last.at, id: last.id };
      } catch (err) {
        log.warn('scada: events export failed', { object: objectId, err });
        controller.error(err);
      }
    },
  });
}
