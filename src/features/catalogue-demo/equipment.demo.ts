// Demo control cabinets and their components, rated along the same series the engine's cabinet
// electrics uses (electrics.ts), so a cabinet calculation finds real catalogue rows. Deterministic,
// every item marked demo.
import {
  BREAKER_RATINGS,
  CONTACTOR_RATINGS,
  MPCB_RANGES,
  START_METHODS,
  ratedCurrent,
} from '#features/calculations/engine/electrics.ts';
import type { CatalogueItemInput } from '#features/catalogue/catalogue.schema.ts';
import { demoTitle } from './titles.demo.ts';

export const DEMO_ELECTRIC = 'Demo Electric (demo data)';
const CABINET_KW = [0.75, 1.5, 2.2, 4, 5.5, 7.5, 11, 15, 22, 30, 45, 55, 75, 110];
const DRIVE_KW = [
  0.75, 1.1, 1.5, 2.2, 3, 4, 5.5, 7.5, 11, 15, 18.5, 22, 30, 37, 45, 55, 75, 90, 110, 132, 160,
];
const rub = (x: number) => Math.round(x / 10) * 10 * 100;

function base(
  sku: string,
  kind: CatalogueItemInput['kind'],
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
    manufacturer: kind === 'cabinet' ? 'Demo Cabinets (demo data)' : DEMO_ELECTRIC,
    model,
    price_kop: rub(price),
    lead_days: lead,
    picture: null,
    documents: [],
    demo: true,
    specs,
  } as CatalogueItemInput;
}

export function demoEquipment(): CatalogueItemInput[] {
  const out: CatalogueItemInput[] = [];
  for (const method of START_METHODS)
    for (const pumps of [1, 2, 3, 4])
      for (const kw of CABINET_KW) {
        if (method === 'star_delta' && kw < 5.5) continue;
        const inA = ratedCurrent({ p2_kw: kw, voltage_v: 400, cos_phi: 0.85, eta: 0.9 });
        const code = { direct: 'D', star_delta: 'SD', soft_starter: 'SS', vfd: 'F' }[method];
        const model = `DSHU-${pumps}x${kw}-${code}`;
        out.push(
          base(
            `DEMO-CAB-${pumps}-${String(kw).replace('.', '_')}-${code}`,
            'cabinet',
            demoTitle('cabinet', { model, start: method }),
            model,
            30_000 +
              pumps *
                (9_000 +
                  kw * (method === 'vfd' ? 5_200 : method === 'soft_starter' ? 2_400 : 1_100)),
            10 + pumps * 3,
            {
              pumps,
              duty: Math.max(1, pumps - 1),
              standby: pumps > 1 ? 1 : 0,
              p2_kw_max: kw,
              in_a_max: Math.round(inA * 10) / 10,
              start_method: method,
              voltage_v: 400,
              ip: 'IP54',
              ats: pumps >= 2,
              dry_run_protection: true,
              control_modes: ['pressure', 'level', 'differential_pressure'],
              communication: ['Modbus RTU'],
            },
          ),
        );
      }
  for (const a of BREAKER_RATINGS.filter((x) => x <= 630))
    for (const curve of ['C', 'D'])
      out.push(
        base(
          `DEMO-QF-${a}-${curve}`,
          'breaker',
          demoTitle('breaker', { model: `DQF-3P-${curve}${a}`, curve, a }),
          `DQF-3P-${curve}${a}`,
          900 + a * 28,
          3,
          { poles: 3, rating_a: a, curve, breaking_ka: a > 125 ? 36 : 10 },
        ),
      );
  for (const [lo, hi] of MPCB_RANGES)
    out.push(
      base(
        `DEMO-MPCB-${lo}-${hi}`.replace(/\./g, '_'),
        'mpcb',
        demoTitle('mpcb', { model: `DMP-${lo}-${hi}`, lo, hi }),
        `DMP-${lo}-${hi}`,
        2_600 + hi * 45,
        5,
        { setting_a: [lo, hi] },
      ),
    );
  for (const a of CONTACTOR_RATINGS)
    out.push(
      base(
        `DEMO-KM-${a}`,
        'contactor',
        demoTitle('contactor', { model: `DKM-${a}`, a }),
        `DKM-${a}`,
        1_500 + a * 35,
        4,
        { rating_a_ac3: a, coil_v: 230 },
      ),
    );
  for (const kw of DRIVE_KW) {
    const inA = Math.ceil(ratedCurrent({ p2_kw: kw, voltage_v: 400, cos_phi: 0.85, eta: 0.9 }));
    out.push(
      base(
        `DEMO-SS-${String(kw).replace('.', '_')}`,
        'soft_starter',
        demoTitle('soft_starter', { model: `DSS-${kw}`, kw }),
        `DSS-${kw}`,
        9_000 + kw * 900,
        7,
        { rating_kw: kw, rating_a: inA },
      ),
    );
    out.push(
      base(
        `DEMO-VFD-${String(kw).replace('.', '_')}`,
        'vfd',
        demoTitle('vfd', { model: `DFC-${kw}`, kw }),
        `DFC-${kw}`,
        14_000 + kw * 3_100,
        10,
        { rating_kw: kw, rating_a: Math.ceil(inA * 1.1), efficiency: 0.97 },
      ),
    );
  }
  out.push(
    base('DEMO-RL-DRY', 'relay', demoTitle('dry_run', { model: 'DRL-LVL' }), 'DRL-LVL', 2_900, 3, {
      function: 'dry_run',
    }),
  );
  out.push(
    base(
      'DEMO-RL-PHASE',
      'relay',
      demoTitle('phase_control', { model: 'DRL-3F' }),
      'DRL-3F',
      2_400,
      3,
      { function: 'phase_control' },
    ),
  );
  out.push(
    base(
      'DEMO-RL-PRESS',
      'sensor',
      demoTitle('pressure', { model: 'DPT-16' }),
      'DPT-16',
      6_800,
      5,
      { range_bar: [0, 16], signal: '4-20mA' },
    ),
  );
  for (const pumps of [2, 3, 4, 6])
    out.push(
      base(
        `DEMO-PLC-${pumps}`,
        'controller',
        demoTitle('controller', { model: `DPC-${pumps}`, pumps }),
        `DPC-${pumps}`,
        24_000 + pumps * 3_500,
        12,
        { pumps, inputs_ai: 4, communication: ['Modbus RTU', 'Modbus TCP', 'BACnet'] },
      ),
    );
  for (const a of [25, 40, 63, 100, 160, 250, 400])
    out.push(
      base(
        `DEMO-ATS-${a}`,
        'ats',
        demoTitle('ats', { model: `DATS-${a}`, a }),
        `DATS-${a}`,
        18_000 + a * 120,
        14,
        { rating_a: a },
      ),
    );
  return out;
}
