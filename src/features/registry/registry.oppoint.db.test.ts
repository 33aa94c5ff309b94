// The operating point on the test database engine: the back office's link (object and variables
// checked, replaced by a second call, removed), the design read from a saved pump calculation and the
// catalogue pump's curve, the latest values of the object (fresh, stale, offline), and who sees it
// (the product's reader with a grant on the object; anyone else: null, as the API's 404).
import { beforeAll, describe, expect, it } from 'vitest';
import { migratedDatabase } from '../../../tests/helpers/db.ts';
import { insertUser } from '../../../tests/helpers/users-db.ts';
import { importItems } from '#features/catalogue/catalogue.server.ts';
import { curveAt, preparePump } from '#features/calculations/engine/index.ts';
import { pumpModelOf } from '#features/calculations/pumps.server.ts';
import { catalogueItem } from '#features/calculations/saved/kinds/catalogue.server.ts';
import { calcDb } from '#features/calculations/saved/saved.server.ts';
import {
  applyLink,
  linkOf,
  linkProduct,
  operatingPointFor,
  pumpDesign,
  staleAfterMs,
  unlinkProduct,
} from './registry.oppoint.server.ts';

const database = migratedDatabase();
const now = new Date().toISOString();
let owner: number;
let stranger: number;
let viewer: number;
let product: number;
let bare: number;
let objectId: number;
let calcId: number;
let design: { q: number; h: number; eta: number; p1: number; p2: number };
const RHO = 998;

const PUMP = {
  sku: 'OP-TEST-1',
  kind: 'pump',
  title: 'Test inline pump OP 65-160',
  manufacturer: 'Test Works',
  model: 'OP 65-160/4',
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
};

const user = (email: string, scada = 0) => insertUser(database.db, email, { module_scada: scada });

async function newProduct(serial: string, requestId: number | null) {
  const id = (
    await database.db
      .insertInto('products')
      .values({
        serial,
        sku: null,
        title: 'Pump',
        description: null,
        picture_file_id: null,
        user_id: owner,
        organisation_id: null,
        object_id: null,
        status: 1,
        request_id: requestId,
        order_id: null,
        order_item_id: null,
        search: serial.toLowerCase(),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await database.db
    .insertInto('product_access')
    .values(
      [owner, viewer].map((u) => ({
        user_id: u,
        product_id: id,
        kind: u === owner ? ('owner' as const) : ('grant' as const),
        status: 1,
        organisation_id: null,
        created_at: now,
      })),
    )
    .execute();
  return id;
}

/** Writes the object's snapshot as the dispatching worker does: values by tag index, quality, time. */
async function snapshot(
  v: Array<number | null>,
  opts: { status?: number; t?: string | null; q?: string[] } = {},
) {
  await database.db
    .updateTable('scada_objects')
    .set({
      live: JSON.stringify({
        v,
        q: opts.q ?? v.map((x) => (x === null ? 'n' : 'g')),
        t: opts.t === undefined ? new Date().toISOString() : opts.t,
      }),
      status: opts.status ?? 1,
    })
    .where('id', '=', objectId)
    .execute();
}

beforeAll(async () => {
  const db = database.db;
  owner = await user('owner@op.example', 1);
  viewer = await user('viewer@op.example', 1);
  stranger = await user('stranger@op.example', 1);
  await importItems(db, database.engine, [PUMP]);
  const item = await db
    .selectFrom('catalogue_items')
    .select('id')
    .where('sku', '=', PUMP.sku)
    .executeTakeFirstOrThrow();
  const model = pumpModelOf((await catalogueItem(db, item.id))!)!;
  const prepared = preparePump(model);
  if (!prepared.ok) throw new Error('pump not prepared');
  const c = curveAt(prepared.pump, 70, 1, RHO);
  if (!c.inRange) throw new Error('out of range');
  design = { q: 70, h: c.h_m, eta: c.eta, p2: c.p2_kw, p1: c.p2_kw / 0.87 };
  const entity = {
    cid: item.id,
    sku: PUMP.sku,
    title: PUMP.title,
    price_kop: PUMP.price_kop,
    duty: {
      q_m3h: 70,
      h_m: c.h_m,
      eta: c.eta,
      p1_kw: design.p1,
      p2_kw: c.p2_kw,
      speed_ratio: 1,
      trim_ratio: null,
      npshr_m: null,
    },
  };
  calcId = (
    await calcDb(db)
      .insertInto('calculations')
      .values({
        user_id: owner,
        kind: 'pump',
        request: 'R-000001',
        title: 'Pump 70 m3/h',
        inputs: '{}',
        result: JSON.stringify({
          entities: [entity],
          duty: { q_m3h: 70, h_m: c.h_m, h_static_m: 5, rho_kg_m3: RHO, medium: null },
        }),
        chosen: JSON.stringify([{ cid: item.id, sku: PUMP.sku, quantity: 1 }]),
        total_kop: PUMP.price_kop,
        organisation_id: null,
        object_id: null,
        status: 'saved',
        order_id: null,
        search: 'pump',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  product = await newProduct('OP-0001', calcId);
  bare = await newProduct('OP-0002', null);
  objectId = (
    await db
      .insertInto('scada_objects')
      .values({
        key: 'op-station',
        title: 'Pump station',
        organisation_id: null,
        address: 'Bench',
        search: 'pump station',
        driver: JSON.stringify({ type: 'modbus-tcp', host: '127.0.0.1', poll_ms: 1000 }),
        live: null,
        last_update_at: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const tag = (idx: number, key: string, unit: string) => ({
    object_id: objectId,
    idx,
    key,
    title: key,
    type: 'float',
    unit,
    actions: 'Read',
    field_type: null,
    min: null,
    max: null,
    step: null,
    address: '{}',
    limits: null,
  });
  await db
    .insertInto('scada_tags')
    .values([tag(0, 'q', 'm3/h'), tag(1, 'dp', 'kPa'), tag(2, 'p', 'kW'), tag(3, 'n', 'rpm')])
    .execute();
  await db
    .insertInto('scada_grants')
    .values(
      [owner, viewer].map((u) => ({
        object_id: objectId,
        user_id: u,
        control: 0,
        created_at: now,
      })),
    )
    .execute();
});

const dpKpa = (h: number) => (h * RHO * 9.80665) / 1000;

describe('the back office link', () => {
  it('refuses an unknown object or a variable of no such key, naming the field', async () => {
    const flow = { key: 'q', unit: 'm3/h' as const };
    const head = { key: 'dp', unit: 'kPa' as const };
    expect(await linkProduct(product, { object_id: 999_999, flow, head }, database.db)).toEqual({
      field: 'object_id',
      key: 'registry.op.validation.object',
    });
    expect(
      await linkProduct(
        product,
        { object_id: objectId, flow: { ...flow, key: 'nope' }, head },
        database.db,
      ),
    ).toEqual({ field: 'flow.key', key: 'registry.op.validation.variable' });
    expect(
      await linkProduct(
        product,
        {
          object_id: objectId,
          flow,
          head,
          power: { key: 'x', unit: 'kW' },
        },
        database.db,
      ),
    ).toEqual({ field: 'power.key', key: 'registry.op.validation.variable' });
    expect(
      await linkProduct(
        product,
        { object_id: objectId, flow, head, speed: { key: 'y' } },
        database.db,
      ),
    ).toEqual({ field: 'speed.key', key: 'registry.op.validation.variable' });
    expect(await linkOf(product, database.db)).toBeNull();
  });

  it('links, replaces the link on a second call, and removes it', async () => {
    const base = {
      object_id: objectId,
      flow: { key: 'q', unit: 'm3/h' as const },
      head: { key: 'dp', unit: 'kPa' as const },
    };
    expect(await linkProduct(product, { ...base, speed: { key: 'n' } }, database.db)).toBeNull();
    expect(await linkOf(product, database.db)).toEqual({
      ...base,
      power: null,
      speed: { key: 'n' },
    });
    expect(
      await linkProduct(product, { ...base, power: { key: 'p', unit: 'kW' } }, database.db),
    ).toBeNull();
    expect(await linkOf(product, database.db)).toEqual({
      ...base,
      power: { key: 'p', unit: 'kW' },
      speed: null,
    });
    const rows = await database.db.selectFrom('product_scada_links').selectAll().execute();
    expect(rows.filter((r) => r.product_id === product)).toHaveLength(1);
    expect(await linkProduct(bare, base, database.db)).toBeNull();
    expect(await unlinkProduct(bare, database.db)).toBe(true);
    expect(await unlinkProduct(bare, database.db)).toBe(false);
  });
});

describe("the back office's call", () => {
  it('validates the body, checks the object, links, and removes with object_id null', async () => {
    expect(await applyLink(bare, {}, database.db)).toEqual({
      ok: false,
      errors: {
        object_id: 'registry.op.validation.objectId',
        flow: 'registry.op.validation.flow',
        head: 'registry.op.validation.head',
      },
    });
    expect(await applyLink(bare, [1], database.db)).toMatchObject({ ok: false });
    const body = { object_id: objectId, flow: { key: 'q' }, head: { key: 'dp', unit: 'bar' } };
    expect(await applyLink(bare, { ...body, flow: { key: 'zz' } }, database.db)).toEqual({
      ok: false,
      errors: { 'flow.key': 'registry.op.validation.variable' },
    });
    expect(await applyLink(bare, body, database.db)).toEqual({
      ok: true,
      answer: {
        data: {
          object_id: objectId,
          flow: { key: 'q', unit: 'm3/h' },
          head: { key: 'dp', unit: 'bar' },
          power: null,
          speed: null,
        },
      },
    });
    expect(await applyLink(bare, { object_id: null }, database.db)).toEqual({
      ok: true,
      answer: { removed: true },
    });
    expect(await linkOf(bare, database.db)).toBeNull();
  });
});

describe('the design from the calculation', () => {
  it("reads the chosen pump's duty and its curve through it; not a pump calculation: null", async () => {
    const d = (await pumpDesign(calcId, database.db))!;
    expect(d).toMatchObject({ q_m3h: 70, rho_kg_m3: RHO, speed_rpm: 1450 });
    expect(d.h_m).toBeCloseTo(design.h, 9);
    expect(d.eta).toBeCloseTo(design.eta, 9);
    expect(d.curve.q_m3h).toContain(70);
    const i = d.curve.q_m3h.indexOf(70);
    expect(d.curve.h_m[i]).toBeCloseTo(design.h, 6);
    expect(d.curve.q_m3h.length).toBeGreaterThanOrEqual(25);
    expect(await pumpDesign(999_999, database.db)).toBeNull();
  });

  it('waits the link-loss threshold plus the snapshot period before calling values stale', () => {
    expect(staleAfterMs(JSON.stringify({ poll_ms: 1000 }))).toBe(3 * 1000 + 500 + 5000);
    expect(staleAfterMs(JSON.stringify({ poll_ms: 300, stale_ms: 60_000 }))).toBe(
      3 * 60_000 + 500 + 5000,
    );
    expect(staleAfterMs('{')).toBe(3 * 2000 + 500 + 5000);
  });
});

describe('the live operating point', () => {
  it('at the design point: live, no warning, no extra energy', async () => {
    await snapshot([70, dpKpa(design.h), design.p1, 1450]);
    const r = (await operatingPointFor(owner, product, { handle: database.db, tariff: 6.5 }))!;
    expect(r.object).toEqual({ id: objectId, title: 'Pump station' });
    const p = r.point;
    if (p.state !== 'live') throw new Error(p.state);
    expect(p.live.q_m3h).toBe(70);
    expect(p.live.h_m).toBeCloseTo(design.h, 9);
    expect(p.live.eta).toBeCloseTo(design.eta, 9);
    expect(p.warnings).toEqual([]);
    expect(p.energy.extra_kw).toBeCloseTo(0, 9);
    expect(p.energy.tariff_rub_kwh).toBe(6.5);
    expect(p.power_basis).toBe('measured');
  });

  it('away from the design: warnings and the yearly cost of the extra power', async () => {
    const p1 = design.p1 + 1.5;
    await snapshot([84, dpKpa(design.h * 0.8), p1, 1450]);
    const r = (await operatingPointFor(viewer, product, { handle: database.db, tariff: 6.5 }))!;
    if (r.point.state !== 'live') throw new Error(r.point.state);
    expect(r.point.deviation.q_pct).toBeCloseTo(20, 9);
    expect(r.point.deviation.h_pct).toBeCloseTo(-20, 9);
    expect(r.point.warnings).toEqual(expect.arrayContaining(['flow', 'head']));
    expect(r.point.energy.kwh_year).toBeCloseTo(1.5 * 8760, 6);
    expect(r.point.energy.cost_rub_year).toBeCloseTo(1.5 * 8760 * 6.5, 6);
  });

  it('offline, stale or not-good values: no live data', async () => {
    await snapshot([70, dpKpa(design.h), design.p1, 1450], { status: 0 });
    const at = async () =>
      (await operatingPointFor(owner, product, { handle: database.db, tariff: 6.5 }))!.point;
    expect(await at()).toMatchObject({ state: 'no-data', reason: 'stale' });
    await snapshot([70, dpKpa(design.h), design.p1, 1450], {
      t: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(await at()).toMatchObject({ state: 'no-data', reason: 'stale' });
    await snapshot([70, dpKpa(design.h), design.p1, 1450], { t: null });
    expect(await at()).toMatchObject({ state: 'no-data', reason: 'stale' });
    await snapshot([70, null, design.p1, 1450]);
    expect(await at()).toMatchObject({ state: 'no-data', reason: 'missing' });
    // A snapshot shorter than the variables (a variable added since): not available.
    await snapshot([70, dpKpa(design.h)]);
    expect(await at()).toMatchObject({ state: 'no-data', reason: 'missing' });
  });

  it('a user without a grant on the object, a stranger, an unlinked product or a bad id: null', async () => {
    await snapshot([70, dpKpa(design.h), design.p1, 1450]);
    const o = { handle: database.db, tariff: 6.5 };
    expect(await operatingPointFor(stranger, product, o)).toBeNull();
    expect(await operatingPointFor(owner, bare, o)).toBeNull();
    expect(await operatingPointFor(owner, null, o)).toBeNull();
    expect(await operatingPointFor(owner, 2 ** 53, o)).toBeNull();
    // The viewer reads the product and holds a grant: without the dispatching module, null.
    await database.db
      .updateTable('users')
      .set({ module_scada: 0 })
      .where('id', '=', viewer)
      .execute();
    expect(await operatingPointFor(viewer, product, o)).toBeNull();
    await database.db
      .updateTable('users')
      .set({ module_scada: 1 })
      .where('id', '=', viewer)
      .execute();
    expect(await operatingPointFor(viewer, product, o)).not.toBeNull();
    // Without a grant on the object: null.
    await database.db
      .deleteFrom('scada_grants')
      .where('user_id', '=', viewer)
      .where('object_id', '=', objectId)
      .execute();
    expect(await operatingPointFor(viewer, product, o)).toBeNull();
    // A product whose calculation is not a pump selection.
    await calcDb(database.db)
      .updateTable('calculations')
      .set({ kind: 'hx' })
      .where('id', '=', calcId)
      .execute();
    expect(await operatingPointFor(owner, product, o)).toBeNull();
    await calcDb(database.db)
      .updateTable('calculations')
      .set({ kind: 'pump' })
      .where('id', '=', calcId)
      .execute();
    expect(await operatingPointFor(owner, product, o)).not.toBeNull();
  });
});
