// Flow meter reference data on the test database engine (SQLite by default, PostgreSQL with
// TEST_DATABASE_URL): the demo seed is idempotent and lands the metering equipment in the
// catalogue; the lists stay bounded at 20,000 organisations in one city (a page of 50 in name order,
// the next page by key, a search), served by the (city_code, name, code) index.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, migratedDatabase } from '../../../../tests/helpers/db.ts';
import { v } from './reference.test-helpers.ts';
import {
  listOrganisations,
  putCity,
  putRegion,
  refDb,
  seedFlowMeterDemo,
} from './reference.server.ts';

const database = migratedDatabase();

describe('demo seed', () => {
  it('writes the demo regions and metering equipment once', async () => {
    await seedFlowMeterDemo(database.db);
    await seedFlowMeterDemo(database.db);
    const d = refDb(database.db);
    const regions = await d
      .selectFrom('flow_meter_regions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(regions.n)).toBe(3);
    const meters = await database.db
      .selectFrom('catalogue_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'flow_meter')
      .executeTakeFirstOrThrow();
    expect(Number(meters.n)).toBe(37);
  });
});

describe('bounded lists at 20,000 organisations in one city', () => {
  const N = 20_000;
  beforeAll(async () => {
    const d = refDb(database.db);
    await putRegion(d, 'big', { name: 'Big region', demo: false });
    await putCity(d, 'bigcity', { region: 'big', name: 'Big city', demo: false });
    const t = new Date().toISOString();
    for (let i = 0; i < N; i += 500) {
      const rows = Array.from({ length: Math.min(500, N - i) }, (_, k) => {
        const n = i + k;
        const name = `Heat company ${String(n).padStart(5, '0')}${n % 1000 === 7 ? ' rare' : ''}`;
        return {
          code: `org-${n}`,
          city_code: 'bigcity',
          name,
          inn: null,
          requirements: '{}',
          search: name.toLowerCase(),
          demo: 0,
          created_at: t,
          updated_at: t,
        };
      });
      await d.insertInto('flow_meter_organisations').values(rows).execute();
    }
    if (onPostgres()) await sql`analyze flow_meter_organisations`.execute(database.db);
  }, 120_000);

  it('pages 50 in name order and continues after the last code', async () => {
    const d = refDb(database.db);
    const started = performance.now();
    const first = await listOrganisations(d, 'bigcity', v({ limit: '50' }));
    const next = await listOrganisations(
      d,
      'bigcity',
      v({ limit: '50', after: first.at(-1)!.code }),
    );
    const ms = performance.now() - started;
    expect(first).toHaveLength(50);
    expect(first[0]!.name).toBe('Heat company 00000');
    expect(next[0]!.name).toBe('Heat company 00050');
    expect(ms).toBeLessThan(200);
  });

  it('searches within the city', async () => {
    const d = refDb(database.db);
    const found = await listOrganisations(d, 'bigcity', v({ q: 'RARE', limit: '100' }));
    expect(found).toHaveLength(20);
    expect(found.every((o) => o.name.endsWith('rare'))).toBe(true);
    // % and _ are text, not wildcards.
    expect(await listOrganisations(d, 'bigcity', v({ q: '%_', limit: '10' }))).toEqual([]);
  });

  it.skipIf(onPostgres())(
    'reads a page through the (city_code, name, code) index on SQLite',
    async () => {
      const plan = await sql<{
        detail: string;
      }>`explain query plan select * from flow_meter_organisations where city_code = ${'bigcity'} order by name, code limit 50`.execute(
        database.db,
      );
      const text = plan.rows.map((r) => r.detail).join(' | ');
      expect(text).toContain('flow_meter_organisations_city_name');
      expect(text).not.toContain('TEMP B-TREE');
    },
  );

  it.runIf(onPostgres())(
    'reads a page through the (city_code, name, code) index on PostgreSQL',
    async () => {
      const plan = await sql<{
        'QUERY PLAN': string;
      }>`explain select * from flow_meter_organisations where city_code = ${'bigcity'} order by name, code limit 50`.execute(
        database.db,
      );
      const text = plan.rows.map((r) => r['QUERY PLAN']).join(' | ');
      expect(text).toContain('flow_meter_organisations_city_name');
      expect(text).not.toContain('Sort');
    },
  );
});
