// The trends API's shared rules: the requested range checked field by field (400 naming the field),
// and the CSV export of raw samples over a range (streamed page by page, bounded per variable).
import type { Kysely } from 'kysely';
import type { DB } from '#lib/db/schema.ts';
import { db as defaultDb } from '#lib/db/index.ts';
import { HttpError } from '#lib/http/api.ts';
import { MAX_RANGE_MS } from './trends.ts';
import { precisionOf, type ScadaTag } from './scada.schema.ts';

type T = (key: string, vars?: Record<string, string | number>) => string;

/** Dates from -271821 to 275760 parse; a range must also be within the years 2000..9999. */
const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(9999, 11, 31);

/** from/to of a query (ISO 8601; default the last hour), checked: 400 naming the wrong field. */
export function parseRange(
  p: URLSearchParams,
  t: T,
  now = Date.now(),
): { from: number; to: number } {
  const read = (name: 'from' | 'to'): number | null => {
    const raw = p.get(name);
    if (raw === null || raw === '') return null;
    const ms = raw.length <= 40 ? Date.parse(raw) : NaN;
    if (!Number.isFinite(ms) || ms < EARLIEST || ms > LATEST)
      throw new HttpError(400, t('scada.errors.range'), {
        errors: { [name]: t('scada.trends.errors.date') },
      });
    return ms;
  };
  const to = read('to') ?? now;
  const from = read('from') ?? to - 3_600_000;
  if (from >= to)
    throw new HttpError(400, t('scada.errors.range'), {
      errors: { from: t('scada.trends.errors.order') },
    });
  if (to - from > MAX_RANGE_MS)
    throw new HttpError(400, t('scada.errors.range'), {
      errors: { to: t('scada.trends.errors.span', { days: MAX_RANGE_MS / 86_400_000 }) },
    });
  return { from, to };
}

/** The most samples one variable may put in an export; a denser range is refused (shorten it). */
export const MAX_CSV_ROWS = 200_000;
const PAGE = 2000;

/** A CSV cell: quoted when needed; a leading = + - @ made inert for spreadsheets. */
const cell = (s: string) => {
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\r\n;]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** Refuses (400 naming `from`) a range holding more than MAX_CSV_ROWS samples of a variable. */
export async function checkExportSize(
  tags: ScadaTag[],
  from: number,
  to: number,
  t: T,
  handle: Kysely<DB> = defaultDb(),
) {
  for (const tag of tags) {
    const over = await handle
      .selectFrom('scada_samples')
      .select('ts')
      .where('tag_id', '=', tag.id)
      .where('ts', '>=', from)
      .where('ts', '<', to)
      .orderBy('ts')
      .limit(1)
      .offset(MAX_CSV_ROWS)
      .executeTakeFirst();
    if (over)
      throw new HttpError(400, t('scada.trends.errors.tooMany', { rows: MAX_CSV_ROWS }), {
        errors: { from: t('scada.trends.errors.tooMany', { rows: MAX_CSV_ROWS }) },
      });
  }
}

/**
 * The raw samples of the variables over [from, to) as CSV: one row per time any of them was
 * stored (ISO 8601 UTC, stated in the header), one column per variable titled with its unit, values
 * at the variable's precision, an empty cell where that variable has no sample (or the link was
 * lost). Each variable is read page by page along its (tag_id, ts) key and the pages are merged.
 */
export function exportCsv(
  tags: ScadaTag[],
  from: number,
  to: number,
  t: T,
  handle: Kysely<DB> = defaultDb(),
): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  const cursors = tags.map(() => ({
    rows: [] as Array<{ ts: number; value: number | null }>,
    at: 0,
    after: from - 1,
    done: false,
  }));
  const digits = tags.map((tag) => precisionOf(tag));
  const fill = async (i: number) => {
    const c = cursors[i]!;
    if (c.at < c.rows.length || c.done) return;
    const rows = await handle
      .selectFrom('scada_samples')
      .select(['ts', 'value'])
      .where('tag_id', '=', tags[i]!.id)
      .where('ts', '>', c.after)
      .where('ts', '<', to)
      .orderBy('ts')
      .limit(PAGE)
      .execute();
    c.rows = rows.map((r) => ({
      ts: Number(r.ts),
      value: r.value === null ? null : Number(r.value),
    }));
    c.at = 0;
    if (rows.length < PAGE) c.done = true;
    if (rows.length) c.after = c.rows.at(-1)!.ts;
  };
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!headerSent) {
          headerSent = true;
          const head = [
            t('scada.trends.csvTime'),
            ...tags.map((tag) => (tag.unit ? `${tag.title}, ${tag.unit}` : tag.title)),
          ];
          controller.enqueue(enc.encode(`\ufeff${head.map(cell).join(',')}\r\n`));
          return;
        }
        const lines: string[] = [];
        while (lines.length < 1000) {
          await Promise.all(cursors.map((_, i) => fill(i)));
          let next = Infinity;
          for (const c of cursors)
            if (c.at < c.rows.length) next = Math.min(next, c.rows[c.at]!.ts);
          if (next === Infinity) break;
          const cells = cursors.map((c, i) => {
            const r = c.rows[c.at];
            if (!r || r.ts !== next) return '';
            c.at++;
            return r.value === null ? '' : r.value.toFixed(digits[i]);
          });
          lines.push(`${new Date(next).toISOString()},${cells.join(',')}`);
        }
        if (lines.length) controller.enqueue(enc.encode(`${lines.join('\r\n')}\r\n`));
        else controller.close();
      } catch (err) {
        controller.error(err);
      }
    },
  });
}
