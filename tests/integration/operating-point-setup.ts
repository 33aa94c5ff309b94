// Shared set-up of the operating point suites (integration and browser): a real Modbus TCP device
// with flow, differential pressure and power in float32 holding registers; Olga's saved pump
// calculation; a product of her order made from it; the dispatching object on the device, granted
// to her. Linking is left to the suites (the integration suite tests the call itself).
import { createHash } from 'node:crypto';
import { apiClient } from '../helpers/api-client.ts';
import { backoffice, ERP_KEY } from '../helpers/backoffice.ts';
import type { TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';
import { floatWords, freePort, modbusDevice } from './scada-modbus-server.ts';
import { putObject, SCADA_KEY } from './scada-helpers.ts';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
export const G = 9.80665;
export const OLGA = 'olga.demidova@demo.example';

/** Keys for the production and the dispatching calls; the tariff the cost is checked against. */
export const operatingPointEnv = (tariff: number) => ({
  INTEGRATION_KEYS: `erp:${sha(ERP_KEY)}:orders+production,backoffice:${sha(SCADA_KEY)}:scada`,
  ENERGY_TARIFF_RUB_KWH: String(tariff),
});

const f32 = (register: number) => ({ table: 'holding', register, datatype: 'float32' });
const TAGS = [
  { key: 'q', title: 'Flow', type: 'float', unit: 'm3/h', actions: 'Read', address: f32(0) },
  { key: 'dp', title: 'Pump dP', type: 'float', unit: 'kPa', actions: 'Read', address: f32(2) },
  { key: 'p', title: 'Power', type: 'float', unit: 'kW', actions: 'Read', address: f32(4) },
];

/** The link the suites make: flow in m3/h, the pump's differential pressure in kPa, power in kW. */
export const LINK = {
  flow: { key: 'q', unit: 'm3/h' },
  head: { key: 'dp', unit: 'kPa' },
  power: { key: 'p', unit: 'kW' },
};

export async function startDevice() {
  const port = await freePort();
  const device = await modbusDevice(port);
  const serve = (register: number, x: number) => {
    const [hi, lo] = floatWords(x);
    device.holding.set(register, hi).set(register + 1, lo);
  };
  [0, 2, 4].forEach((r) => serve(r, 0));
  /** Serves a point: flow m3/h, head m (as kPa with the density), electrical power kW. */
  const at = (q: number, h: number, p1: number, rho: number) => {
    serve(0, q);
    serve(2, (h * rho * G) / 1000);
    serve(4, p1);
  };
  return { device, port, serve, at };
}

export async function pumpProduct(server: TestServer, devicePort: number, serial: string) {
  const api = apiClient(server);
  const call = backoffice(server);
  const olga = await sessionFor(server, OLGA);
  const duty = { q: '60', q_unit: 'm3/h', h: '13', h_unit: 'm', h_static: '5', speed_control: '1' };
  const sel = await api('/api/v1/calculations/pump/select', {
    token: olga.token,
    json: { ...duty, limit: 3 },
  });
  const saved = await api('/api/v1/calculations', {
    token: olga.token,
    json: { kind: 'pump', inputs: duty, chosen: [sel.data.entities[0].cid] },
  });
  if (saved.status !== 200) throw new Error(`calculation not saved: ${JSON.stringify(saved)}`);
  const orders = await call('/api/integration/orders?limit=100');
  const orderId = orders.data.data.find((o: any) => o.customer_id === olga.userId).id;
  const created = await call('/api/integration/productions', {
    json: {
      order_id: orderId,
      request_id: saved.data.id,
      products: [{ serial, title: 'Pump at the boiler house' }],
    },
  });
  if (created.status !== 201) throw new Error(`product not created: ${JSON.stringify(created)}`);
  const obj = await putObject(server, `op-${serial.toLowerCase()}`, {
    title: 'Boiler house pumps',
    address: 'Test bench',
    driver: {
      type: 'modbus-tcp',
      host: '127.0.0.1',
      port: devicePort,
      unit_id: 1,
      poll_ms: 300,
      timeout_ms: 300,
    },
    tags: TAGS,
    grants: [{ email: OLGA, control: false }],
  });
  if (obj.status !== 200) throw new Error(`object not put: ${JSON.stringify(obj)}`);
  return {
    olga,
    productId: created.data.ids[0] as number,
    objectId: obj.data.data.id as number,
    call,
    api,
  };
}
