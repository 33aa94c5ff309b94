// The one selection route POST /api/v1/calculations/{kind}/select and the one save route
// /{kind}/save over the calculator registry (src/features/calculations/kit): every registered kind
// answers its route, an unknown kind is 404 in the one error shape (JSON { message }), btp stays for
// employees (403 for a customer), hostile values are 400 naming the field through the one route, and
// /api/v1/calculations/{id} and /{id}/order still reach their own routes beside [kind].
import { describe, expect, it } from 'vitest';
import { customersForFile } from '../helpers/api-client.ts';
import { sessionFor } from '../helpers/session.ts';
import { EXAMPLES } from '../../src/features/calculations/hx/hx.page.server.ts';
import { EXAMPLE as FLOW_EXAMPLE } from '../../src/features/calculations/flow-meter/flow-meter.example.ts';

const { server, api, olga, dmitry } = await customersForFile();
const employee = (await sessionFor(server, 'sergey.ivanov@demo.example')).token;

const DUTY = { q: '60', q_unit: 'm3/h', h: '13', h_unit: 'm', h_static: '5', temperature_c: '20' };
/** A worked example per kind, and the field a hostile value of it is refused on. */
const KINDS: Record<string, { json: Record<string, unknown>; field: string; hostile: string }> = {
  pump: { json: DUTY, field: 'q', hostile: 'q' },
  station: { json: { ...DUTY, count: '2' }, field: 'h', hostile: 'h' },
  control: { json: { p2_kw: '4', voltage_v: '400' }, field: 'p2_kw', hostile: 'p2_kw' },
  to1: { json: EXAMPLES.to1, field: 'hot_t_in', hostile: 'hot_t_in' },
  to2: { json: EXAMPLES.to2, field: 'network_supply', hostile: 'network_supply' },
  to3: { json: EXAMPLES.to3, field: 'water_t_in', hostile: 'water_t_in' },
  'flow-meter': { json: FLOW_EXAMPLE, field: 't_supply', hostile: 't_supply' },
  btp: { json: {}, field: 'heating_q', hostile: 'heating_q' },
};
const select = (
  kind: string,
  json: unknown,
  token = kind === 'btp' ? employee : olga,
  lang = 'en',
) => api(`/api/v1/calculations/${kind}/select`, { token, json, lang });

describe('POST /api/v1/calculations/{kind}/select', () => {
  for (const [kind, k] of Object.entries(KINDS)) {
    it(`${kind}: the worked example is answered in the result shape with the engine named`, async () => {
      const r = await select(kind, k.json);
      expect(r.status, JSON.stringify(r.data).slice(0, 300)).toBe(200);
      expect(['success', 'empty', 'warning']).toContain(r.data.type);
      expect(Array.isArray(r.data.entities)).toBe(true);
      expect(r.data.error).toBeNull();
      expect(typeof r.data.engine.name).toBe('string');
    });

    it(`${kind}: a hostile value (1e308, NaN text, negative) is 400 naming the field, never 500`, async () => {
      for (const v of ['1e308', 'NaN', '-1e308', '1'.repeat(400)]) {
        const r = await select(kind, { ...k.json, [k.hostile]: v });
        expect(
          r.status,
          `${kind}.${k.hostile}=${v.slice(0, 20)}: ${JSON.stringify(r.data).slice(0, 300)}`,
        ).toBe(400);
        expect(r.data.type).toBe('error');
        expect(Object.keys(r.data.errors)).toContain(k.field);
        expect(r.data.message).toBe(r.data.error);
      }
    });
  }

  it('an unknown kind (or an id where the kind goes) is 404 in the one error shape', async () => {
    for (const kind of ['nope', 'to4', '12', 'PUMP', '%00']) {
      const r = await select(kind, DUTY, olga);
      expect(r.status, kind).toBe(404);
      expect(r.headers.get('content-type')).toContain('application/json');
      expect(r.data.message).toBe('Not found');
    }
    const ru = await select('nope', DUTY, olga, 'ru');
    expect(ru.status).toBe(404);
    expect(ru.data.message).toBe('Не найдено');
  });

  it('btp is for employees: 403 for a customer with the text, 401 without a session; the other kinds need a session', async () => {
    const r = await select('btp', {}, olga);
    expect(r.status).toBe(403);
    expect(r.data.message).toBe('Substation projects are for employees only');
    expect((await select('btp', {}, dmitry)).status).toBe(403);
    expect((await api('/api/v1/calculations/btp/select', { json: {} })).status).toBe(401);
    expect((await api('/api/v1/calculations/to1/select', { json: EXAMPLES.to1 })).status).toBe(401);
    // An employee may run every kind.
    expect((await select('pump', DUTY, employee)).status).toBe(200);
  });

  it('GET is not the select call', async () => {
    const r = await api('/api/v1/calculations/pump/select', { token: olga });
    expect([404, 405]).toContain(r.status);
  });
});

describe('POST /api/v1/calculations/{kind}/save beside {id} and {id}/order', () => {
  it('saves through the kind route, and the saved calculation is read and ordered by id', async () => {
    const sel = await select('to1', EXAMPLES.to1);
    const saved = await api('/api/v1/calculations/to1/save', {
      token: olga,
      json: { inputs: EXAMPLES.to1, chosen: [sel.data.entities[0].pick] },
    });
    expect(saved.status, JSON.stringify(saved.data)).toBe(200);
    expect(saved.data).toMatchObject({
      type: 'success',
      request: expect.stringMatching(/^R-\d{6}$/),
      id: expect.any(Number),
    });
    const id = saved.data.id as number;
    const one = await api(`/api/v1/calculations/${id}`, { token: olga });
    expect(one.status).toBe(200);
    expect(one.data.data.kind).toBe('to1');
    expect((await api(`/api/v1/calculations/${id}`, { token: dmitry })).status).toBe(404);
    expect(
      (await api(`/api/v1/calculations/${id}/order`, { token: dmitry, method: 'POST' })).status,
    ).toBe(404);
    const order = await api(`/api/v1/calculations/${id}/order`, { token: olga, method: 'POST' });
    expect([200, 201]).toContain(order.status);
  });

  it('an unknown kind (btp has no saved kind) is 404; a saved kind without a pick is 400', async () => {
    for (const kind of ['nope', 'btp', '12'])
      expect(
        (
          await api(`/api/v1/calculations/${kind}/save`, {
            token: olga,
            json: { inputs: {}, chosen: [1] },
          })
        ).status,
        kind,
      ).toBe(404);
    expect(
      (
        await api('/api/v1/calculations/flow-meter/save', {
          token: olga,
          json: { inputs: FLOW_EXAMPLE },
        })
      ).status,
    ).toBe(400);
  });
});
