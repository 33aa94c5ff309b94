// §3.3 end-to-end example (Q = 500 kW, 70→30 / 5→60 °C, hypothetical plate, Martin-VDI, no wall
// correction, single pass) reproduced by the selection, plus the selection rules on the demo range.
import { describe, expect, it } from 'vitest';
import { DEMO_PLATES } from './catalogue.demo.ts';
import { resolveDuty } from './duty.ts';
import { dutyContext, evaluatePack, ntuFor, packDuty } from './evaluate.ts';
import { selectPlates } from './select.ts';
import { EXAMPLE_PLATE } from './fixtures.test-helpers.ts';

const duty = { q: 500, hot: { t_in: 70, t_out: 30 }, cold: { t_in: 5, t_out: 60 } };

/**
 * The worked example took its properties from IF97 at 10 K steps (the §2.0 table) by linear
 * interpolation: exact at 50 °C, interpolated between the 30 and 40 °C rows at 32.5 °C (μ 0.7611 instead of IF97's
 * 0.7566 mPa s, hence its Re 1194). The example is reproduced with those same properties.
 */
function exampleDuty() {
  const d = resolveDuty(duty);
  // The §2.0 table rows at 30 and 40 °C, as printed.
  const a = { rho: 995.87, cp: 4178.7, mu: 0.7972e-3, lambda: 0.6147 };
  const b = { rho: 992.44, cp: 4177.3, mu: 0.6528e-3, lambda: 0.6288 };
  const lerp = (k: 'rho' | 'cp' | 'mu' | 'lambda') => a[k] + 0.25 * (b[k] - a[k]);
  const fluid = {
    t: 32.5,
    p: 0.6,
    rho: lerp('rho'),
    cp: lerp('cp'),
    mu: lerp('mu'),
    lambda: lerp('lambda'),
    pr: 0,
  };
  fluid.pr = (fluid.cp * fluid.mu) / fluid.lambda;
  return { ...d, cold: { ...d.cold, fluid, m: 500_000 / (fluid.cp * 55) } };
}
const near = (a: number, b: number, digits: number) =>
  expect(Math.abs(a - b), `${a} vs ${b}`).toBeLessThanOrEqual(0.5 * 10 ** -digits * 1.0001);

describe('§3.3 end-to-end PHE example', () => {
  it('balance: flows and LMTD', () => {
    const d = resolveDuty(duty);
    near(d.hot.m, 2.9916, 4);
    near(d.cold.m, 2.1757, 3);
    near((d.hot.m / d.hot.fluid.rho) * 3600, 10.9, 2);
    near((d.cold.m / d.cold.fluid.rho) * 3600, 7.87, 2);
  });
  it('33 plates: U, area, margin, velocities, Re, Nu, α, Δp and the ε-NTU check', () => {
    const ctx = dutyContext(exampleDuty(), false);
    const pack = evaluatePack(EXAMPLE_PLATE, ctx, 33, 1, 1, ntuFor(ctx, 1, 1)!, {
      fouling: { hot: 0, cold: 0 },
      wallCorrection: false,
    })!;
    expect(pack.channels).toEqual({ hot: 16, cold: 16 });
    near(pack.area, 7.42, 3);
    near(pack.uClean, 4145, 0);
    near(pack.margin * 100, 0.7, 1);
    near(pack.hot.w, 0.315, 3);
    near(pack.hot.re, 2286, 0);
    near(pack.hot.nu, 73.9, 1);
    near(pack.hot.alpha, 11811, 0);
    near(pack.hot.dpChannel / 1000, 19.2, 1);
    near(pack.cold.w, 0.228, 3);
    near(pack.cold.re, 1194, 0);
    near(pack.cold.nu, 51.8, 1);
    near(pack.cold.alpha, 7979, 0);
    near(pack.cold.dpChannel / 1000, 10.3, 1);
    // NTU and Cr on the smaller capacity rate (the heated water).
    near((pack.uClean * pack.area) / ctx.Ccold, 3.383, 3);
    near(ctx.Ccold / ctx.Chot, 0.727, 3);
    near(packDuty(ctx, pack, pack.uClean), 500.8, 1);
  });
  it('the selection finds 33 plates as the minimum single-pass count', () => {
    const s = selectPlates(
      {
        duty,
        dpMax: { hot: 100, cold: 100 },
        marginMin: 0,
        wallCorrection: false,
        arrangements: [[1, 1]],
      },
      [EXAMPLE_PLATE],
    );
    expect(s.candidates).toHaveLength(1);
    const c = s.candidates[0]!;
    expect(c.plates).toEqual({ value: 33, unit: 'pcs' });
    expect(c.margin.unit).toBe('%');
    // IF97 properties at 32.5 °C (not the interpolated table): 0.83 % instead of 0.7 %.
    expect(c.margin.value).toBeGreaterThan(0);
    expect(c.margin.value).toBeLessThan(1);
    expect(c.explanation.engine).toEqual({ name: 'phe-engine', version: '1.0.0' });
    expect(c.explanation.properties.map((p) => p.stream)).toEqual(['hot', 'cold']);
    expect(c.explanation.formulas.map((f) => f.id)).toEqual(
      expect.arrayContaining(['balance', 'lmtd', 'nu_martin', 'u_clean', 'margin', 'dp_channel']),
    );
    expect(c.explanation.warnings.map((w) => w.code)).toEqual(
      expect.arrayContaining(['wall_viscosity_neglected']),
    );
    // A 10 % margin needs more plates.
    const more = selectPlates(
      {
        duty,
        dpMax: { hot: 100, cold: 100 },
        marginMin: 10,
        wallCorrection: false,
        arrangements: [[1, 1]],
      },
      [EXAMPLE_PLATE],
    );
    expect(more.candidates[0]!.plates.value).toBeGreaterThan(33);
    expect(more.candidates[0]!.margin.value).toBeGreaterThanOrEqual(10);
  });
});

describe('selection rules on the demo range', () => {
  const base = {
    duty,
    dpMax: { hot: 50, cold: 50 },
    marginMin: 10,
    fouling: { hot: 0.00002, cold: 0.00002 },
  };
  it('every candidate meets margin, pressure drops and velocity limits; ranked by price', () => {
    const s = selectPlates({ ...base, limit: 50 }, DEMO_PLATES);
    expect(s.candidates.length).toBeGreaterThan(3);
    for (const c of s.candidates) {
      expect(c.model.demo).toBe(true);
      expect(c.margin.value).toBeGreaterThanOrEqual(10);
      expect(c.hot.dp.value).toBeLessThanOrEqual(50);
      expect(c.cold.dp.value).toBeLessThanOrEqual(50);
      expect(c.hot.velocity.value).toBeGreaterThanOrEqual(0.1);
      expect(c.cold.velocity.value).toBeLessThanOrEqual(1.5);
      expect(c.hot.port_velocity.value).toBeLessThanOrEqual(6);
      expect(c.u_design.value).toBeLessThan(c.u_clean.value);
      expect(c.duty_check.value).toBeGreaterThanOrEqual(500);
    }
    const prices = s.candidates.map((c) => c.price.value);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(s.candidates.map((c) => c.rank)).toEqual(s.candidates.map((_, i) => i + 1));
  });
  it('one plate fewer than the answer fails the margin or a limit (the count is the minimum)', () => {
    const s = selectPlates({ ...base, arrangements: [[1, 1]], limit: 50 }, DEMO_PLATES);
    const ctx = dutyContext(resolveDuty(duty), true);
    for (const c of s.candidates) {
      const model = DEMO_PLATES.find((m) => m.id === c.model.id)!;
      const fewer = evaluatePack(model, ctx, c.plates.value - 2, 1, 1, ntuFor(ctx, 1, 1)!, {
        fouling: base.fouling,
        wallCorrection: true,
      });
      if (!fewer || c.plates.value - 2 < model.frame.minPlates) continue;
      const ok =
        fewer.margin * 100 >= 10 &&
        fewer.hot.dp <= 50_000 &&
        fewer.cold.dp <= 50_000 &&
        fewer.hot.w <= 1.5 &&
        fewer.cold.w <= 1.5;
      expect(ok, `${c.model.id} at ${c.plates.value - 2}`).toBe(false);
    }
  });
  it('a tight pressure-drop limit asks for more plates and rejects what cannot meet it, with the reason', () => {
    const loose = selectPlates({ ...base, limit: 50 }, DEMO_PLATES);
    const tight = selectPlates({ ...base, dpMax: { hot: 5, cold: 5 }, limit: 50 }, DEMO_PLATES);
    expect(loose.rejected).toContainEqual({ model: 'pl04h', reason: 'port_velocity' });
    expect(tight.rejected).toContainEqual({ model: 'pl08h', reason: 'frame_too_small' });
    expect(tight.rejected).toContainEqual({ model: 'pl45h', reason: 'velocity_low' });
    const a = loose.candidates.find((c) => c.model.id === 'pl14h' && c.passes.hot.value === 1);
    const b = tight.candidates.find((c) => c.model.id === 'pl14h' && c.passes.hot.value === 1);
    expect(b!.plates.value).toBeGreaterThan(a!.plates.value);
  });
  it('gasket temperature limit and PN rating reject models', () => {
    const hot = selectPlates(
      {
        ...base,
        duty: { q: 500, hot: { t_in: 160, t_out: 90, p: 1.2 }, cold: { t_in: 70, t_out: 95 } },
      },
      DEMO_PLATES,
    );
    expect(hot.candidates).toHaveLength(0);
    expect(new Set(hot.rejected.map((r) => r.reason))).toEqual(new Set(['temperature_limit']));
    const pressed = selectPlates(
      { ...base, duty: { ...duty, hot: { ...duty.hot, p: 1.5 } }, limit: 50 },
      DEMO_PLATES,
    );
    expect(pressed.rejected).toContainEqual({ model: 'pl45h', reason: 'pressure_rating' });
  });
  it('a close approach that only counterflow reaches drops the multipass arrangements', () => {
    const close = { q: 500, hot: { t_in: 70, t_out: 20 }, cold: { t_in: 10, t_out: 65 } };
    const ctx = dutyContext(resolveDuty(close), true);
    expect(ntuFor(ctx, 1, 1)).not.toBeNull();
    expect(ntuFor(ctx, 1, 2)).toBeNull();
    expect(ntuFor(ctx, 2, 1)).toBeNull();
    const s = selectPlates(
      { ...base, duty: close, dpMax: { hot: 100, cold: 100 }, limit: 50 },
      DEMO_PLATES,
    );
    expect(s.candidates.length).toBeGreaterThan(0);
    for (const c of s.candidates) expect(c.passes.hot.value).toBe(c.passes.cold.value);
  });
});
