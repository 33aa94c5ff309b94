// The calculations kit's one explanation builder and its one non-finite rule: every engine's builder
// (pump, plate, substation) throws at once, naming the step, where the pump and substation engines
// used to print a 0 and the plate engine found out at the end.
import { describe, expect, it } from 'vitest';
import { pumpExplainer, FORMULAS as PUMP_FORMULAS } from '#features/calculations/engine/explain.ts';
import { pheExplainer } from '#features/calculations/phe/explain.ts';
import {
  explainer as btpExplainer,
  sizeValve,
  sizeVessel,
} from '#features/calculations/btp/equipment.ts';
import { Explainer } from './explain.ts';
import { assertFinite, checked, NonFiniteError } from './numeric.ts';

const HOSTILE = [Number.NaN, Infinity, -Infinity];
const thrown = (f: () => unknown): NonFiniteError => {
  try {
    f();
  } catch (err) {
    if (err instanceof NonFiniteError) return err;
    throw err;
  }
  throw new Error('nothing thrown');
};

describe('one non-finite rule', () => {
  const builders = {
    pump: () => pumpExplainer(),
    phe: () => pheExplainer(),
    btp: () => btpExplainer(),
  };
  for (const [engine, make] of Object.entries(builders))
    it(`${engine}: a non-finite step or input throws at once naming it; nothing is recorded`, () => {
      for (const v of HOSTILE) {
        const x = make();
        x.step('first.ok', 1, 'm');
        const e = thrown(() => x.step('operating_point.q', v, 'm3/h', 'operating_point'));
        expect(e.key).toBe('operating_point.q');
        expect(e.message).toContain('operating_point.q');
        expect(Object.is(e.value, v)).toBe(true);
        expect(thrown(() => x.input('duty.h', v, 'm')).key).toBe('duty.h');
        expect(thrown(() => x.quantity('area', v, 'm2')).key).toBe('area');
        // Only the finite step is in the explanation (no 0 in place of the bad figure).
        expect(x.done().steps).toEqual([{ key: 'first.ok', value: 1, unit: 'm' }]);
        expect(x.done().inputs).toEqual([]);
      }
    });

  it('an engine step of the substation names itself: a valve over a zero drop, a vessel with no acceptance', () => {
    expect(thrown(() => sizeValve(10, 0, 0.3, 1000, btpExplainer())).key).toBe('valve.kv');
    expect(thrown(() => sizeValve(10, 0, 0.3, 1000, btpExplainer(), 'heating.valve')).key).toBe(
      'heating.valve.kv',
    );
    // p_e = p₀: acceptance 0, V_n = (V_e + V_wr)/0 = Infinity.
    expect(thrown(() => sizeVessel(500, 10, 90, 1.5, 1.5, btpExplainer())).key).toBe(
      'vessel.required',
    );
    // Without an explanation the engine's figures are its own business (the caller checks ranges first).
    expect(sizeValve(10, 0, 0.3).kv).toBe(Infinity);
  });

  it('the finite guard and the result guard name where: a step key or a result path', () => {
    expect(checked('q', 3)).toBe(3);
    expect(thrown(() => checked('q', 1e308 * 10)).key).toBe('q');
    expect(thrown(() => assertFinite({ duty: { q: { value: Number.NaN } } })).key).toBe(
      'result.duty.q.value',
    );
    expect(thrown(() => assertFinite({ packs: [{ a: 1 }, { a: -Infinity }] }, 'pack')).key).toBe(
      'pack.packs[1].a',
    );
    expect(assertFinite({ a: [1, 2, { b: 1e308 }] })).toEqual({ a: [1, 2, { b: 1e308 }] });
  });
});

describe('one builder', () => {
  it('formula texts from the engine table (once each), warnings once, sources once, fork keeps what was recorded', () => {
    const x = pumpExplainer(['catalogue:P1']);
    x.step('system.k', 0.002, 'h2/m5', 'system_curve');
    x.step('system.k2', 0.002, 'h2/m5', 'system_curve');
    x.warn('speed_low').warn('speed_low').source('catalogue:P1').source('IF97');
    const y = x.fork();
    y.step('only.fork', 2, '');
    const e = x.done();
    expect(e.engine).toEqual({ name: 'pump-engine', version: '1.0.0' });
    expect(e.formulas).toEqual([{ id: 'system_curve', text: PUMP_FORMULAS.system_curve }]);
    expect(e.warnings).toEqual(['speed_low']);
    expect(e.source).toEqual(['catalogue:P1', 'IF97']);
    expect(e.steps.map((s) => s.key)).toEqual(['system.k', 'system.k2']);
    expect(y.done().steps.map((s) => s.key)).toEqual(['system.k', 'system.k2', 'only.fork']);
  });

  it('the plate engine keeps coded warnings with their figures and its properties; the substation its own formula texts', () => {
    const x = pheExplainer();
    x.warn('wet_steam', { x: 0.95 }).warn('wet_steam', { x: 0.9 }).warn('demo_catalogue');
    expect(x.done().warnings).toEqual([
      { code: 'wet_steam', params: { x: 0.95 } },
      { code: 'demo_catalogue' },
    ]);
    expect(x.done().properties).toEqual([]);
    expect(x.done().engine.name).toBe('phe-engine');
    const b = btpExplainer();
    b.step('valve.kv', 14.1, 'm3/h', 'kv');
    b.use('operating_point');
    expect(b.done().formulas.map((f) => f.text)).toEqual([
      'Kv = Q·√(ρ/1000/Δp_v) (Q m³/h, Δp bar)',
      PUMP_FORMULAS.operating_point,
    ]);
  });

  it('an id without a text shows as itself', () => {
    const x = new Explainer({ engine: { name: 'e', version: '1' }, formulas: {} });
    x.use('unknown_formula');
    expect(x.done().formulas).toEqual([{ id: 'unknown_formula', text: 'unknown_formula' }]);
  });
});
