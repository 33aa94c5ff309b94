// The pump's live operating point against its design (issue 25, decision 0048), at the boundary:
// the back office links a product (with its pump calculation) to a dispatching object and names
// the variables through the integration API (200, 422 with the exact messages, hostile input, 404);
// a real Modbus TCP device serves the design point -> the endpoint and the page show no warning;
// its registers move away from the design -> the drift warnings and the yearly energy cost appear;
// the device stops answering -> "no live data". Another user's id: 404 on the API and the page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient } from '../helpers/api-client.ts';
import { backoffice, ERP_KEY } from '../helpers/backoffice.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';
import { SCADA_KEY, until } from './scada-helpers.ts';
import { G, LINK, operatingPointEnv, pumpProduct, startDevice } from './operating-point-setup.ts';

const TARIFF = 7.25;

let server: TestServer;
let api: ApiClient;
let call: ReturnType<typeof backoffice>;
let bench: Awaited<ReturnType<typeof startDevice>>;
let olga: { token: string; userId: number; cookie: string };
let dmitry: { token: string; userId: number; cookie: string };
let productId: number;
let objectId: number;
const serve = (register: number, x: number) => bench.serve(register, x);

beforeAll(async () => {
  bench = await startDevice();
  server = await startServer(operatingPointEnv(TARIFF));
  ({ olga, productId, objectId, call, api } = await pumpProduct(
    server,
    bench.port,
    'OP-PUMP-0001',
  ));
  dmitry = await sessionFor(server, 'dmitry.volkov@demo.example');
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await bench?.device.stop();
});

const link = (id: number | string, json: unknown) =>
  call(`/api/integration/productions/${id}/operating-point`, { json });
const point = async (token = olga.token) =>
  api(`/api/v1/productions/${productId}/operating-point`, { token });
const page = async (cookie = olga.cookie) => {
  const r = await fetch(new URL(`/productions/${productId}`, server.url), {
    headers: { Cookie: cookie, Accept: 'text/html', 'Accept-Language': 'en' },
  });
  return { status: r.status, html: await r.text() };
};

describe('linking a product to a dispatching object (integration API)', () => {
  it('refuses bad links with 422 naming each field, in exact words', async () => {
    const cases: Array<[unknown, Record<string, string>]> = [
      [
        {},
        {
          object_id: 'Dispatching object: a whole number from 1',
          flow: 'The flow variable is required',
          head: 'The head or differential pressure variable is required',
        },
      ],
      [{ ...LINK, object_id: 999_999 }, { object_id: 'No such dispatching object' }],
      [
        { ...LINK, object_id: objectId, flow: { key: 'nope' } },
        { 'flow.key': 'This object has no such variable' },
      ],
      [
        { ...LINK, object_id: objectId, speed: { key: 'rpm' } },
        { 'speed.key': 'This object has no such variable' },
      ],
      [
        {
          object_id: objectId,
          flow: { key: 'q', unit: 'gpm' },
          head: { key: 'dp', unit: 'psi' },
          power: { key: 'p', unit: 'hp' },
        },
        {
          'flow.unit': 'Flow unit: m3/h, l/s or t/h',
          'head.unit': 'Head unit: m, kPa, bar, kgf/cm2 or MPa',
          'power.unit': 'Power unit: kW or W',
        },
      ],
      [
        { ...LINK, object_id: 1e308, flow: 'q' },
        {
          object_id: 'Dispatching object: a whole number from 1',
          flow: 'Variable: an object { key, unit }',
        },
      ],
      [
        { ...LINK, object_id: '1', head: { key: 'x'.repeat(100_000) } },
        {
          object_id: 'Dispatching object: a whole number from 1',
          'head.key': 'Variable: a key of up to 64 characters',
        },
      ],
      [{ ...LINK, object_id: 2 ** 31 }, { object_id: 'Dispatching object: a whole number from 1' }],
    ];
    for (const [json, errors] of cases) {
      const r = await link(productId, json);
      expect(r.status, JSON.stringify(json).slice(0, 200)).toBe(422);
      expect(r.data.errors).toEqual(errors);
    }
    for (const body of [[1, 2], 'text', null]) {
      const r = await link(productId, body);
      expect(r.status).toBe(400);
      expect(r.data.message).toEqual(expect.any(String));
    }
    const malformed = await fetch(
      new URL(`/api/integration/productions/${productId}/operating-point`, server.url),
      {
        method: 'POST',
        headers: { Authorization: `Bearer ${ERP_KEY}`, 'Content-Type': 'application/json' },
        body: '{"object_id": 1,',
      },
    );
    expect(malformed.status).toBe(400);
  });

  it('answers 404 for an unknown product, or one past the integer range; a key without the scope is refused', async () => {
    for (const id of ['999999', '99999999999', '9223372036854775808', 'abc']) {
      const r = await link(id, { ...LINK, object_id: objectId });
      expect(r.status, id).toBe(404);
      expect(r.data.message).toBe('Product not found');
    }
    const r = await call(`/api/integration/productions/${productId}/operating-point`, {
      key: SCADA_KEY,
      json: { ...LINK, object_id: objectId },
    });
    expect(r.status).toBe(403);
  });

  it('links the product and answers the link; no link yet means no operating point (404)', async () => {
    expect((await point()).status).toBe(404);
    const r = await link(productId, { ...LINK, object_id: objectId });
    expect(r.status).toBe(200);
    expect(r.data).toEqual({
      type: 'success',
      data: {
        object_id: objectId,
        flow: { key: 'q', unit: 'm3/h' },
        head: { key: 'dp', unit: 'kPa' },
        power: { key: 'p', unit: 'kW' },
        speed: null,
      },
    });
    // The product as the back office reads it names its link.
    const shown = await call(`/api/integration/productions/${productId}`);
    expect(shown.data.data.operating_point).toEqual(r.data.data);
  });
});

describe('the live operating point against the design', () => {
  let design: { q_m3h: number; h_m: number; p1_kw: number; rho_kg_m3: number; eta: number };

  it('serves the design point from the device: live, no warning, no extra energy', async () => {
    const first = await point();
    expect(first.status).toBe(200);
    design = first.data.data.point.design;
    expect(design.q_m3h).toBeGreaterThan(0);
    serve(0, design.q_m3h);
    serve(2, (design.h_m * design.rho_kg_m3 * G) / 1000);
    serve(4, design.p1_kw);
    await until(async () => {
      const p = (await point()).data.data.point;
      return p.state === 'live' && Math.abs(p.live.q_m3h - design.q_m3h) < 1e-3;
    });
    const p = (await point()).data.data.point;
    expect(p.warnings).toEqual([]);
    expect(Math.abs(p.deviation.q_pct)).toBeLessThan(1e-3);
    expect(Math.abs(p.deviation.h_pct)).toBeLessThan(1e-3);
    expect(Math.abs(p.deviation.eta_points)).toBeLessThan(1e-3);
    expect(Math.abs(p.energy.cost_rub_year)).toBeLessThan(1);
    expect(p.energy.tariff_rub_kwh).toBe(TARIFF);
    expect(p.power_basis).toBe('measured');
    expect(p.explanation.formulas.map((f: any) => f.id)).toEqual(
      expect.arrayContaining(['head_dp', 'hydraulic', 'eta_measured', 'deviation', 'energy']),
    );
    expect(p.curve.q_m3h.length).toBeGreaterThan(10);
    const { status, html } = await page();
    expect(status).toBe(200);
    expect(html).toContain('data-oppoint-state="live"');
    expect(html).toContain('data-oppoint-ok');
    expect(html).not.toContain('data-oppoint-warnings');
    expect(html).toContain('Рабочая точка насоса');
    expect(html).toContain('Насос работает по расчёту');
    expect(html).toContain('<polyline');
  });

  it('moves the registers away from the design: drift warnings and the yearly energy cost appear', async () => {
    serve(0, design.q_m3h * 1.2);
    serve(2, (design.h_m * 0.85 * design.rho_kg_m3 * G) / 1000);
    serve(4, design.p1_kw + 2);
    await until(async () => {
      const p = (await point()).data.data.point;
      return p.state === 'live' && p.warnings.length > 0 && p.energy.extra_kw > 1.9;
    });
    const p = (await point()).data.data.point;
    expect(p.deviation.q_pct).toBeCloseTo(20, 3);
    expect(p.deviation.h_pct).toBeCloseTo(-15, 3);
    expect(p.warnings).toEqual(expect.arrayContaining(['flow', 'head']));
    expect(p.energy.extra_kw).toBeCloseTo(2, 4);
    expect(p.energy.kwh_year).toBeCloseTo(2 * 8760, 1);
    expect(p.energy.cost_rub_year).toBeCloseTo(2 * 8760 * TARIFF, 0);
    const { html } = await page();
    expect(html).toContain('data-oppoint-warnings');
    // The page speaks the user's language (Olga's is Russian), numbers in its format.
    expect(html).toContain('Расход отклонился от расчётного на 20,0 % (порог 10 %)');
    expect(html).toContain('Напор отклонился от расчётного на 15,0 % (порог 10 %)');
    const cost = new Intl.NumberFormat('ru', { maximumFractionDigits: 0 }).format(
      2 * 8760 * TARIFF,
    );
    expect(html).toContain(`${cost} ₽ в год по тарифу 7,25 ₽/кВт·ч`);
    // The formulas actually used travel with the figures.
    expect(html).toContain('ΔE = (P₁ − P₁,d)·8760 h; C = ΔE·c_e');
  });

  it('a colleague who reads the product but holds no grant on the object: 404, and no section on the page', async () => {
    const granted = await call(`/api/integration/productions/${productId}/grants`, {
      json: { emails: ['dmitry.volkov@demo.example'] },
    });
    expect(granted.status).toBe(200);
    expect((await api(`/api/v1/productions/${productId}`, { token: dmitry.token })).status).toBe(
      200,
    );
    const r = await point(dmitry.token);
    expect(r.status).toBe(404);
    expect(r.data).toEqual({ message: 'Product not found' });
    const shown = await page(dmitry.cookie);
    expect(shown.status).toBe(200);
    expect(shown.html).not.toContain('data-oppoint-state');
    await call(`/api/integration/productions/${productId}/grants`, {
      json: { emails: ['dmitry.volkov@demo.example'], revoke: true },
    });
  });

  it("another user's id answers 404 on the API and the page", async () => {
    const r = await point(dmitry.token);
    expect(r.status).toBe(404);
    expect(r.data).toEqual({ message: 'Product not found' });
    expect((await page(dmitry.cookie)).status).toBe(404);
    for (const id of ['999999', '99999999999', 'abc'])
      expect(
        (await api(`/api/v1/productions/${id}/operating-point`, { token: olga.token })).status,
      ).toBe(404);
  });

  it('the device stops answering: no live data, never a stale figure', async () => {
    bench.device.setMode('hang');
    await until(async () => (await point()).data.data.point.state === 'no-data', 15_000);
    const p = (await point()).data.data.point;
    expect(p).toMatchObject({ state: 'no-data', reason: 'stale' });
    expect(p.live).toBeUndefined();
    const { html } = await page();
    expect(html).toContain('data-oppoint-nodata="stale"');
    expect(html).toContain('Нет живых данных: связь с объектом потеряна или значения устарели');
    bench.device.setMode('normal');
  });

  it('unlinking removes the operating point', async () => {
    const r = await link(productId, { object_id: null });
    expect(r.data).toEqual({ type: 'success', removed: true });
    expect((await point()).status).toBe(404);
    expect((await page()).html).not.toContain('data-oppoint-state');
  });
});
