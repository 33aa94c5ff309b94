// The heat exchanger kinds as the save layer sees them, on the test database engine (SQLite, or
// PostgreSQL with TEST_DATABASE_URL): plate models written into the catalogue once through its upsert,
// packs carrying the catalogue id, sku and the pack price; bad input stays a 400 answer.
import { expect, it } from 'vitest';
import { migratedDatabase } from '../helpers/db.ts';
import { DEMO_PLATES } from '../../src/features/calculations/phe/index.ts';
import {
  ensurePlateCatalogue,
  hxSelectForSave,
  plateSku,
} from '../../src/features/calculations/hx/hx-save.server.ts';
import { translator } from '../../src/lib/i18n/index.ts';

const database = migratedDatabase();

const t = translator('en');
const TO1 = { q: '500', hot_t_in: '70', hot_t_out: '30', cold_t_in: '5', cold_t_out: '60' };

it('writes every plate model into the catalogue once, as demo items', async () => {
  const cids = await ensurePlateCatalogue(database.db);
  expect([...cids.keys()].sort()).toEqual(DEMO_PLATES.map((m) => plateSku(m.id)).sort());
  const rows = await database.db
    .selectFrom('catalogue_items')
    .select(['sku', 'demo', 'kind', 'price_kop'])
    .where('sku', 'like', 'DEMO-PHE-%')
    .execute();
  expect(rows).toHaveLength(DEMO_PLATES.length);
  expect(rows.every((r) => Number(r.demo) === 1 && r.kind === 'other')).toBe(true);
  expect(await ensurePlateCatalogue(database.db)).toBe(cids);
});

it('gives each pack its catalogue id and the pack price in kopecks', async () => {
  const cids = await ensurePlateCatalogue(database.db);
  const r = await hxSelectForSave('to1', TO1, t, database.db);
  expect(r.status).toBe(200);
  const entities = r.body.entities as Array<{
    cid: number;
    sku: string;
    price_kop: number;
    plates: { value: number };
    model: { id: string };
  }>;
  expect(entities.length).toBeGreaterThan(0);
  for (const e of entities) {
    const m = DEMO_PLATES.find((x) => x.id === e.model.id)!;
    expect(e.cid).toBe(cids.get(e.sku));
    expect(e.price_kop).toBe(m.price.frame + e.plates.value * m.price.plate);
  }
  const two = await hxSelectForSave(
    'to2',
    {
      heating_q: '1000',
      dhw_q: '400',
      network_supply: '150',
      network_return: '70',
      building_supply: '95',
      building_return: '70',
      t_outdoor: '-28',
    },
    t,
    database.db,
  );
  const stages = new Set(
    (two.body.entities as Array<{ stage: number; cid: number }>).map((e) => e.stage),
  );
  expect([...stages].sort()).toEqual([1, 2]);
  expect(
    (two.body.entities as Array<{ cid: number | null }>).every((e) => typeof e.cid === 'number'),
  ).toBe(true);
});

it('keeps an input error a 400 answer naming the field', async () => {
  const r = await hxSelectForSave('to1', { ...TO1, hot_t_out: '80' }, t, database.db);
  expect(r.status).toBe(400);
  expect(r.body.errors).toEqual({
    hot_t_out: 'Heating side outlet, °C: the heating side must cool down, below its inlet 70 °C',
  });
});
