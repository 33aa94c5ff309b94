// The prepared-pump cache on the test database engine (SQLite by default, PostgreSQL with
// TEST_DATABASE_URL): pumps are prepared once per catalogue state and again when it changes.
import { beforeAll, describe, expect, it } from 'vitest';
import { migratedDatabase } from '../../../tests/helpers/db.ts';
import { seedDemoCatalogue } from '#features/catalogue-demo/seed.server.ts';
import { importItems } from '#features/catalogue/catalogue.server.ts';
import { preparedPumps } from './pumps.server.ts';

const database = migratedDatabase();

const pump = (sku: string, over: Record<string, unknown> = {}) => ({
  sku,
  kind: 'pump',
  title: 'Test inline pump TIL 65-160',
  manufacturer: 'Test Works',
  model: 'TIL 65-160/4',
  price_kop: 12_345_600,
  lead_days: 14,
  speed_rpm: 1450,
  curve: [
    { q_m3h: 10, h_m: 17, p2_kw: 1.9 },
    { q_m3h: 40, h_m: 16.4, p2_kw: 2.8 },
    { q_m3h: 70, h_m: 13.9, p2_kw: 3.5 },
    { q_m3h: 100, h_m: 8.9, p2_kw: 3.8 },
  ],
  motor: { p2_kw: 4, in_a: 8.1, ia_in: 6.8, cos_phi: 0.82, eta: 0.87, voltage_v: 400 },
  ...over,
});

describe('prepared pumps', () => {
  beforeAll(async () => {
    await seedDemoCatalogue(database.db);
  }, 120_000);

  it('prepares the pumps once and refreshes when the catalogue changes', async () => {
    const a = await preparedPumps(database.db);
    expect(a.length).toBeGreaterThanOrEqual(300);
    expect(await preparedPumps(database.db)).toBe(a);
    await importItems(database.db, database.engine, [pump('T-9')]);
    const b = await preparedPumps(database.db);
    expect(b).not.toBe(a);
    expect(b.length).toBe(a.length + 1);
    expect(b.find((p) => p.model.sku === 'T-9')!.model.motor.p2_kw).toBe(4);
  });
});
