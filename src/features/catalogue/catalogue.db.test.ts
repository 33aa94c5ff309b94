// Catalogue storage on the test database engine (SQLite by default, PostgreSQL with
// TEST_DATABASE_URL): demo seed, idempotent import with per-item results, typo-tolerant search
// behind one function and delete (the prepared-pump cache: calculations/pumps.db.test.ts).
import { describe, expect, it } from 'vitest';
import { migratedDatabase } from '../../../tests/helpers/db.ts';
import { deleteItem, getItem, importItems } from './catalogue.server.ts';
import { demoCatalogue } from '#features/catalogue-demo/catalogue.demo.ts';
import { searchCatalogue } from './search.server.ts';
import { seedDemoCatalogue } from '#features/catalogue-demo/seed.server.ts';

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

describe('catalogue storage', () => {
  it('seeds the demo catalogue into an empty database only once', async () => {
    const n = await seedDemoCatalogue(database.db);
    expect(n).toBe(demoCatalogue().length);
    expect(await seedDemoCatalogue(database.db)).toBe(0);
    const pumps = await database.db
      .selectFrom('catalogue_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'pump')
      .where('demo', '=', 1)
      .executeTakeFirstOrThrow();
    expect(Number(pumps.n)).toBeGreaterThanOrEqual(300);
  }, 120_000);

  it('imports idempotently by sku with one result per item; a bad item never breaks the others', async () => {
    const items = [
      pump('T-1'),
      pump('T-2', {
        curve: [
          { q_m3h: 10, h_m: 17, p2_kw: 1 },
          { q_m3h: 20, h_m: 18, p2_kw: 1.2 },
          { q_m3h: 30, h_m: 12, p2_kw: 1.4 },
        ],
      }),
      pump('T-3', { curve: [{ q_m3h: 10, h_m: 17, p2_kw: 1 }] }),
      { sku: 'T-4', kind: 'breaker', title: 'Test breaker C16', price_kop: 150_00 },
      { sku: 'bad sku!', kind: 'relay', title: 'x', price_kop: 1 },
      { sku: 'T-5', kind: 'warp-drive', title: 'x', price_kop: 1 },
      pump('T-1'),
    ];
    const r = await importItems(database.db, database.engine, items);
    expect(r.map((x) => x.status)).toEqual([
      'created',
      'invalid',
      'invalid',
      'created',
      'invalid',
      'invalid',
      'invalid',
    ]);
    expect(r[1]!.errors).toEqual({ curve: 'catalogue.validation.curve.monotone' });
    expect(r[2]!.errors).toEqual({ curve: 'catalogue.validation.curve.points' });
    expect(r[4]!.errors).toEqual({ sku: 'catalogue.validation.sku' });
    expect(r[5]!.errors).toEqual({ kind: 'catalogue.validation.kind' });
    expect(r[6]!.errors).toEqual({ sku: 'catalogue.validation.duplicate' });
    const before = (await getItem(database.db, 'T-1'))!;
    expect(before.specs.motor).toEqual(pump('T-1').motor);
    expect(before.price_kop).toBe(12_345_600);
    const again = await importItems(database.db, database.engine, [
      pump('T-1'),
      { sku: 'T-4', kind: 'breaker', title: 'Test breaker C16', price_kop: 150_00 },
    ]);
    expect(again.map((x) => x.status)).toEqual(['unchanged', 'unchanged']);
    expect((await getItem(database.db, 'T-1'))!.updated_at).toBe(before.updated_at);
    const changed = await importItems(database.db, database.engine, [
      pump('T-1', { price_kop: 13_000_000, title: 'Test inline pump TIL 65-170' }),
    ]);
    expect(changed[0]!.status).toBe('updated');
    expect((await getItem(database.db, 'T-1'))!.price_kop).toBe(13_000_000);
  });

  it('searches title, sku and model, tolerating typos; kind filter and limit', async () => {
    const hits = await searchCatalogue(database.db, database.engine, { q: 'TIL 65-170' });
    expect(hits[0]!.sku).toBe('T-1');
    expect((await searchCatalogue(database.db, database.engine, { q: 'til 65 17O' }))[0]?.sku).toBe(
      'T-1',
    ); // letter O for zero
    expect(
      (await searchCatalogue(database.db, database.engine, { q: 'inlne pump TIL' })).map(
        (h) => h.sku,
      ),
    ).toContain('T-1');
    expect((await searchCatalogue(database.db, database.engine, { q: 'T-4' }))[0]!.sku).toBe('T-4');
    // The demo titles are Russian, as a supplier writes them (issue 22).
    const circ = await searchCatalogue(database.db, database.engine, {
      q: 'циркуляцонный',
      kind: 'pump',
      limit: 5,
    });
    expect(circ.length).toBe(5);
    expect(
      circ.every((h) => h.kind === 'pump' && h.title.includes('циркуляционный') && h.demo),
    ).toBe(true);
    const vfd = await searchCatalogue(database.db, database.engine, {
      q: 'преобразоватль частоты 7,5',
      kind: 'vfd',
    });
    expect(vfd[0]!.sku).toBe('DEMO-VFD-7_5');
    expect(await searchCatalogue(database.db, database.engine, { q: 'zzqqxx' })).toEqual([]);
    expect(await searchCatalogue(database.db, database.engine, { q: '  ' })).toEqual([]);
    expect(
      (await searchCatalogue(database.db, database.engine, { q: 'насос', limit: 500 })).length,
    ).toBe(50);
  });

  it('deletes by sku (and from the search index); an unknown sku answers false', async () => {
    expect(await deleteItem(database.db, database.engine, 'T-4')).toBe(true);
    expect(await getItem(database.db, 'T-4')).toBeNull();
    expect(
      (await searchCatalogue(database.db, database.engine, { q: 'T-4' })).map((h) => h.sku),
    ).not.toContain('T-4');
    expect(await deleteItem(database.db, database.engine, 'T-4')).toBe(false);
  });
});
