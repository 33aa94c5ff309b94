// Trends' shared rules in process on both engines: a requested range is checked field by field, and
// the CSV export merges the variables' samples by time, at each variable's precision, with empty
// cells for a missing sample or a lost link, inert formulas, and a refusal past its row bound.
import { beforeAll, describe, expect, it } from 'vitest';
import { migratedDatabase } from '../../../tests/helpers/db.ts';
import { insertScadaObject } from '../../../tests/helpers/scada-db.ts';
import { HttpError } from '#lib/http/api.ts';
import { ensurePartitions } from './partitions.server.ts';
import { checkExportSize, exportCsv, MAX_CSV_ROWS, parseRange } from './trends.server.ts';
import { MAX_RANGE_MS } from './trends.ts';
import type { ScadaTag } from './scada.schema.ts';

const database = migratedDatabase();
const t = (key: string, vars?: Record<string, string | number>) =>
  vars ? `${key} ${JSON.stringify(vars)}` : key;
const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);

function refusal(fn: () => unknown) {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(HttpError);
    return { status: (err as HttpError).status, errors: (err as HttpError).body.errors };
  }
  throw new Error('not refused');
}

describe('parseRange', () => {
  const q = (s: string) => new URLSearchParams(s);

  it('defaults to the last hour and reads ISO dates', () => {
    expect(parseRange(q(''), t, NOW)).toEqual({ from: NOW - 3_600_000, to: NOW });
    expect(parseRange(q('from=2026-11-20T10:00:00Z&to='), t, NOW)).toEqual({
      from: Date.UTC(2026, 10, 20, 10),
      to: NOW,
    });
    expect(parseRange(q('to=2026-11-19T00:00:00Z'), t, NOW)).toEqual({
      from: Date.UTC(2026, 10, 18, 23),
      to: Date.UTC(2026, 10, 19),
    });
  });

  it('refuses a bad date, a reversed range and one past the longest span, naming the field', () => {
    for (const [query, field] of [
      ['from=yesterday', 'from'],
      ['to=1999-12-31T00:00:00Z', 'to'],
      [`from=${'2'.repeat(41)}`, 'from'],
      ['from=+275760-09-13T00:00:00Z', 'from'],
    ])
      expect(refusal(() => parseRange(q(query!), t, NOW))).toEqual({
        status: 400,
        errors: { [field!]: 'scada.trends.errors.date' },
      });
    expect(refusal(() => parseRange(q('from=2026-11-20T12:00:00Z'), t, NOW))).toEqual({
      status: 400,
      errors: { from: 'scada.trends.errors.order' },
    });
    expect(
      refusal(() =>
        parseRange(q(`from=${new Date(NOW - MAX_RANGE_MS - 1).toISOString()}`), t, NOW),
      ),
    ).toEqual({ status: 400, errors: { to: 'scada.trends.errors.span {"days":31}' } });
  });
});

describe('exportCsv', () => {
  let tags: ScadaTag[];
  beforeAll(async () => {
    await ensurePartitions(database.db, NOW);
    const made = await insertScadaObject(database.db, 'trend-csv', [
      { key: 'p', unit: 'bar', step: 0.01 },
      { key: '=cmd', type: 'int' },
    ]);
    tags = made.tags;
    await database.db
      .insertInto('scada_samples')
      .values([
        { tag_id: tags[0]!.id, ts: NOW - 3000, value: 6.329999923706055 },
        { tag_id: tags[1]!.id, ts: NOW - 3000, value: 1 },
        { tag_id: tags[0]!.id, ts: NOW - 2000, value: null },
        { tag_id: tags[1]!.id, ts: NOW - 1000, value: 0 },
        // Outside [from, to): not exported.
        { tag_id: tags[0]!.id, ts: NOW, value: 9 },
        { tag_id: tags[0]!.id, ts: NOW - 10_000, value: 9 },
      ])
      .execute();
  });

  async function text(stream: ReadableStream<Uint8Array>) {
    return new TextDecoder('utf-8', { ignoreBOM: true }).decode(
      new Uint8Array(await new Response(stream).arrayBuffer()),
    );
  }

  it('merges the variables by time at their precision, with units in the header', async () => {
    const csv = await text(exportCsv(tags, NOW - 5000, NOW, t, database.db));
    expect(csv.split('\r\n')).toEqual([
      '\ufeffscada.trends.csvTime,"p, bar",\'=cmd',
      `${new Date(NOW - 3000).toISOString()},6.33,1`,
      `${new Date(NOW - 2000).toISOString()},,`,
      `${new Date(NOW - 1000).toISOString()},,0`,
      '',
    ]);
  });

  it('gives the header alone for an empty range', async () => {
    const csv = await text(exportCsv(tags, NOW - 9000, NOW - 8000, t, database.db));
    expect(csv).toBe('\ufeffscada.trends.csvTime,"p, bar",\'=cmd\r\n');
  });

  it('lets a range within its bound through', async () => {
    await expect(checkExportSize(tags, NOW - 5000, NOW, t, database.db)).resolves.toBeUndefined();
    expect(MAX_CSV_ROWS).toBe(200_000);
  });
});
