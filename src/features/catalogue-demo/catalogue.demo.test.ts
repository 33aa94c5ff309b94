import { describe, expect, it } from 'vitest';
import { preparePump } from '#features/calculations/engine/curve.ts';
import { selectPumps } from '#features/calculations/engine/select.ts';
import { checkItem, type PumpItem } from '#features/catalogue/catalogue.schema.ts';
import { demoCatalogue } from './catalogue.demo.ts';

const items = demoCatalogue();
const pumps = items.filter((i) => i.kind === 'pump') as PumpItem[];

describe('demo catalogue', () => {
  it('has at least 300 pump models plus cabinets and components, all valid, unique and marked demo', () => {
    expect(pumps.length).toBeGreaterThanOrEqual(300);
    for (const kind of [
      'cabinet',
      'breaker',
      'mpcb',
      'contactor',
      'soft_starter',
      'vfd',
      'relay',
      'controller',
      'ats',
    ])
      expect(
        items.some((i) => i.kind === kind),
        kind,
      ).toBe(true);
    expect(new Set(items.map((i) => i.sku)).size).toBe(items.length);
    for (const i of items) {
      const r = checkItem(i);
      expect(r.ok, `${i.sku}: ${JSON.stringify(!r.ok && r.errors)}`).toBe(true);
      expect(i.demo).toBe(true);
      expect(Number.isInteger(i.price_kop) && i.price_kop > 0).toBe(true);
    }
  });

  it('pumps are physically plausible: motor covers the curve, efficiency 30–90 %, NPSHr positive', () => {
    for (const p of pumps) {
      const r = preparePump({
        ...p,
        manufacturer: p.manufacturer ?? '',
        model: p.model ?? '',
        lead_days: p.lead_days ?? 0,
      });
      expect(r.ok, p.sku).toBe(true);
      if (!r.ok) continue;
      expect(r.pump.p2MaxKw).toBeLessThanOrEqual(p.motor.p2_kw);
      expect(r.pump.bep.eta, p.sku).toBeGreaterThan(0.3);
      expect(r.pump.bep.eta, p.sku).toBeLessThan(0.9);
      expect(r.pump.npshr).not.toBeNull();
    }
  });

  it('covers the usual duties: a selection finds pumps from small circulation to large supply', () => {
    const prepared = pumps
      .map((p) => preparePump({ ...p, manufacturer: '', model: '', lead_days: 0 }))
      .flatMap((r) => (r.ok ? [r.pump] : []));
    for (const [q, h] of [
      [2, 3],
      [10, 8],
      [60, 13],
      [150, 30],
      [20, 60],
    ] as const) {
      const r = selectPumps(prepared, { q, q_unit: 'm3/h', h, h_unit: 'm', h_static: h * 0.4 });
      expect(r.type, `${q} m3/h ${h} m`).toBe('success');
    }
  });
});
