// Demo equipment of heat metering units, written into the catalogue with the demo seed (every item
// marked demo, manufacturer "Demo Metering (demo data)"): four flow meter series DN15..DN200
// (electromagnetic 1:250, ultrasonic 1:100, vortex 1:25, vane 1:50), matched temperature sensor
// pairs by immersion length, pressure transmitters and heat calculators with 2 or 4 flow channels.
// Ranges follow the usual shape of such meters (q_max near 10 m/s in the bore); they are
// illustrative, not a manufacturer's data sheet.
import type { CatalogueItemInput } from '#features/catalogue/catalogue.schema.ts';

export const DEMO_METERING = 'Demo Metering (demo data)';
const rub = (x: number) => Math.round(x / 10) * 10 * 100;

/** q_max by DN, m3/h (about 10 m/s in the bore for DN15..DN200). */
const Q_MAX: Record<number, number> = {
  15: 6,
  20: 12,
  25: 18,
  32: 30,
  40: 45,
  50: 70,
  65: 120,
  80: 180,
  100: 280,
  125: 440,
  150: 630,
  200: 1100,
};

interface Series {
  code: string;
  type: 'electromagnetic' | 'ultrasonic' | 'vortex' | 'mechanical';
  dns: number[];
  /** q_max/q_min and q_max/q_t */
  range: number;
  transition: number;
  error: number;
  dp: number;
  up: number;
  down: number;
  interfaces: string[];
  price: (dn: number) => number;
  name: string;
}

const SERIES: Series[] = [
  {
    code: 'DEMO-EM',
    name: 'electromagnetic flow meter',
    type: 'electromagnetic',
    dns: [15, 20, 25, 32, 40, 50, 65, 80, 100, 125, 150, 200],
    range: 250,
    transition: 50,
    error: 1,
    dp: 2,
    up: 3,
    down: 2,
    interfaces: ['pulse', 'RS-485'],
    price: (dn) => 24_000 + dn * 820,
  },
  {
    code: 'DEMO-US',
    name: 'ultrasonic flow meter',
    type: 'ultrasonic',
    dns: [25, 32, 40, 50, 65, 80, 100, 125, 150, 200],
    range: 100,
    transition: 25,
    error: 2,
    dp: 1,
    up: 10,
    down: 5,
    interfaces: ['pulse', 'RS-485'],
    price: (dn) => 31_000 + dn * 430,
  },
  {
    code: 'DEMO-VX',
    name: 'vortex flow meter',
    type: 'vortex',
    dns: [25, 32, 40, 50, 65, 80, 100, 150, 200],
    range: 25,
    transition: 10,
    error: 1.5,
    dp: 30,
    up: 5,
    down: 3,
    interfaces: ['pulse'],
    price: (dn) => 19_000 + dn * 520,
  },
  {
    code: 'DEMO-VN',
    name: 'vane water meter for heat metering',
    type: 'mechanical',
    dns: [15, 20, 25, 32, 40, 50],
    range: 50,
    transition: 12.5,
    error: 2,
    dp: 100,
    up: 5,
    down: 1,
    interfaces: ['pulse'],
    price: (dn) => 4_500 + dn * 180,
  },
];

function item(
  sku: string,
  kind: string,
  title: string,
  model: string,
  price: number,
  lead: number,
  specs: Record<string, unknown>,
): CatalogueItemInput {
  return {
    sku,
    kind,
    title,
    manufacturer: DEMO_METERING,
    model,
    price_kop: rub(price),
    lead_days: lead,
    picture: null,
    documents: [],
    demo: true,
    specs,
  } as CatalogueItemInput;
}

export function demoMeteringItems(): CatalogueItemInput[] {
  const out: CatalogueItemInput[] = [];
  for (const s of SERIES)
    for (const dn of s.dns) {
      const qmax = Q_MAX[dn]!;
      const r = (x: number) => Number(x.toPrecision(3));
      out.push(
        item(
          `${s.code}-${dn}`,
          'flow_meter',
          `Demo ${s.name} ${s.code} DN${dn}`,
          `${s.code} DN${dn}`,
          s.price(dn),
          10,
          {
            series: s.code,
            type: s.type,
            dn,
            q_min: r(qmax / s.range),
            q_t: r(qmax / s.transition),
            q_max: qmax,
            error_pct: s.error,
            dp_qmax_kpa: s.dp,
            straight_up_dn: s.up,
            straight_down_dn: s.down,
            interfaces: s.interfaces,
            t_max_c: 150,
            pn_bar: s.type === 'mechanical' ? 16 : 25,
            register: true,
          },
        ),
      );
    }
  for (const [length, lo, hi, price] of [
    [80, 15, 50, 6_500],
    [100, 50, 150, 7_200],
    [120, 100, 300, 8_400],
  ] as const)
    out.push(
      item(
        `DEMO-KTS-${length}`,
        'temp_sensor_pair',
        `Demo matched Pt500 sensor pair, ${length} mm`,
        `DKTS-${length}`,
        price,
        5,
        { length_mm: length, dn_min: lo, dn_max: hi, t_max_c: 180, class: 'A' },
      ),
    );
  for (const [range, price] of [
    [10, 6_200],
    [16, 6_500],
    [25, 7_100],
  ] as const)
    out.push(
      item(
        `DEMO-PT-${range}`,
        'sensor',
        `Demo pressure transmitter 0–${range} bar 4–20 mA`,
        `DPT-M-${range}`,
        price,
        5,
        { role: 'pressure_transmitter', range_bar: [0, range], signal: '4-20mA' },
      ),
    );
  const calcs: Array<[string, number, number, number, string[], number, number, number]> = [
    ['DEMO-HC-2', 2, 4, 2, ['RS-485'], 45, 185, 24_000],
    ['DEMO-HC-4', 4, 6, 4, ['RS-485', 'Ethernet'], 60, 365, 38_000],
    ['DEMO-HC-4G', 4, 6, 4, ['RS-485', 'GSM'], 60, 365, 46_000],
  ];
  for (const [sku, flow, temp, press, ifs, hourly, daily, price] of calcs)
    out.push(
      item(
        sku,
        'heat_calculator',
        `Demo heat calculator ${sku.slice(5)} (${flow} flow channels, ${ifs.join(', ')})`,
        sku.slice(5),
        price,
        7,
        {
          flow_channels: flow,
          temp_channels: temp,
          pressure_channels: press,
          interfaces: ifs,
          archive_hourly_days: hourly,
          archive_daily_days: daily,
        },
      ),
    );
  return out;
}
