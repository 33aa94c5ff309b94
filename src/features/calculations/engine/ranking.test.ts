// Issue 21, "Ranking and energy that a buyer can trust": the failing inputs of the issue over the demo
// catalogue, and a property test over random duties. With speed control the default ranking puts
// first a pump whose life-cycle cost is within 10 % of the lowest; a speed ratio under 0.6 is
// penalised and said; sorting by P₁ puts right-sized pumps first; no load point is counted at full
// speed when a lower speed (or the lowest usable one) meets it, so annual energy never exceeds the
// full-duty P₁ × hours. Stations and the substation's pumps follow the same rules.
import { describe, expect, it } from 'vitest';
import { demoPumps } from '#features/catalogue-demo/pumps.demo.ts';
import { preparePump, type PreparedPump } from './curve.ts';
import { allFinite } from './explain.ts';
import { selectPumps, type PumpEntity, type PumpSelectInput } from './select.ts';
import { selectStations } from './station-select.ts';
import { smallerMotorCarries } from './evaluate.ts';
import { DEFAULT_LOAD_PROFILE, type LoadPoint, type PumpModel } from './types.ts';

const pumps: PreparedPump[] = demoPumps().flatMap((m) => {
  const r = preparePump(m as PumpModel);
  return r.ok ? [r.pump] : [];
});
const bySku = (sku: string) => pumps.find((p) => p.model.sku === sku)!;
const hours = (profile: LoadPoint[]) => profile.reduce((s, p) => s + p.hours, 0);
const DUTY: PumpSelectInput = {
  q: 60,
  q_unit: 'm3/h',
  h: 13,
  h_unit: 'm',
  h_static: 5,
  temperature_c: 20,
  speed_control: true,
};
const step = (e: PumpEntity, key: string) => e.explanation.steps.find((s) => s.key === key)?.value;

describe('pump 60 m³/h, 13 m, H_st 5 m with speed control (issue 21)', () => {
  const all = selectPumps(pumps, { ...DUTY, limit: 200 });
  const minLcc = Math.min(...all.entities.map((e) => e.lcc_kop));

  it('the first is within 10 % of the lowest life-cycle cost, runs at 0.6 of its speed or more, and says how it was scored', () => {
    expect(all.type).toBe('success');
    expect(all.entities.length).toBeLessThan(200); // every passing pump is in the list
    const first = all.entities[0]!;
    expect(first.lcc_kop).toBeLessThanOrEqual(1.1 * minLcc);
    expect(first.duty.speed_ratio).toBeGreaterThanOrEqual(0.6);
    expect(first.warnings).not.toContain('speed_deep');
    expect(step(first, 'rank.score')).toBeCloseTo(first.score, 6);
    expect(step(first, 'rank.lcc_ratio')).toBeCloseTo(first.lcc_kop / minLcc, 3);
    expect(first.explanation.formulas.map((f) => f.id)).toEqual(
      expect.arrayContaining(['rank_technical', 'rank_score']),
    );
    const scores = all.entities.map((e) => e.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(allFinite(all)).toBe(true);
  });

  it('the 22 kW, 55 m pump at n/n₀ 0.545 is penalised and said, and ranks below the 4 kW pump at 0.997', () => {
    const skus = all.entities.map((e) => e.sku);
    const big = all.entities.find((e) => e.sku === 'DEMO-DIL-0053')!;
    expect(big.duty.speed_ratio).toBeCloseTo(0.545, 3);
    // Its 22 kW motor is the next IEC size above its curve's overload P₂: the pump is oversized (deep
    // speed reduction, penalised), the motor is not (review 21 #7: no smaller standard motor carries it).
    expect(big.warnings).toContain('speed_deep');
    expect(big.warnings).not.toContain('motor_oversized');
    expect(step(big, 'rank.speed_penalty')).toBeCloseTo(100 * (0.6 - big.duty.speed_ratio), 6);
    expect(step(big, 'rank.motor_penalty') ?? 0).toBe(0);
    expect(big.explanation.warnings).toContain('speed_deep');
    const small = all.entities.find((e) => e.sku === 'DEMO-DIL-0049')!;
    expect(small.duty.speed_ratio).toBeCloseTo(0.997, 3);
    expect(small.lcc_kop).toBeLessThan(big.lcc_kop);
    expect(skus.indexOf('DEMO-DIL-0049')).toBeLessThan(skus.indexOf('DEMO-DIL-0053'));
    expect(skus.indexOf('DEMO-DIL-0053')).toBeGreaterThan(4);
  });

  it('a motor is oversized only when a smaller standard IEC rating carries the overload P₂ (review 21 #7)', () => {
    expect(smallerMotorCarries(0.55, 0.36)).toBe(true); // 0.37 kW carries 0.36 kW
    expect(smallerMotorCarries(0.55, 0.38)).toBe(false); // the next size down (0.37) would overload
    expect(smallerMotorCarries(0.12, 0.01)).toBe(false); // no smaller standard rating
    expect(smallerMotorCarries(22, 15)).toBe(true);
    // 3 m³/h, 8 m with speed control: the demo motors are the next IEC size above each curve's overload,
    // so few are flagged (114 of 115 were), and sorting by P₁ starts at the least P₁ of the unflagged ones.
    const small = selectPumps(pumps, {
      q: 3,
      q_unit: 'm3/h',
      h: 8,
      h_unit: 'm',
      h_static: 0,
      speed_control: true,
      limit: 200,
    });
    const motorFlagged = small.entities.filter((e) => e.warnings.includes('motor_oversized'));
    expect(small.entities.length).toBeGreaterThan(100);
    expect(motorFlagged.length).toBeLessThanOrEqual(3);
    // The same pump with a motor two IEC sizes up is flagged and penalised.
    const p = bySku(small.entities[0]!.sku);
    const sizes = [0.12, 0.18, 0.25, 0.37, 0.55, 0.75, 1.1, 1.5, 2.2, 3, 4, 5.5, 7.5, 11, 15];
    const bigger = sizes[sizes.indexOf(p.model.motor.p2_kw) + 2]!;
    const over = {
      ...p,
      model: { ...p.model, sku: 'OVER', motor: { ...p.model.motor, p2_kw: bigger } },
    };
    const e = selectPumps([over], {
      q: 3,
      q_unit: 'm3/h',
      h: 8,
      h_unit: 'm',
      h_static: 0,
      speed_control: true,
    }).entities[0]!;
    expect(e.warnings).toContain('motor_oversized');
    expect(step(e, 'rank.motor_penalty')).toBeGreaterThan(0);
  });

  it('sorting by P₁ puts right-sized pumps first, by P₁ then price; the 30 kW pump at 0.50 is not first', () => {
    const r = selectPumps(pumps, { ...DUTY, sort: 'p1', limit: 200 });
    const first = r.entities[0]!;
    expect(first.sku).not.toBe('DEMO-DIL-0052');
    expect(first.duty.speed_ratio).toBeGreaterThanOrEqual(0.6);
    const flagged = (e: PumpEntity) =>
      e.warnings.includes('speed_deep') || e.warnings.includes('motor_oversized');
    const firstFlagged = r.entities.findIndex(flagged);
    expect(firstFlagged).toBeGreaterThan(0);
    expect(r.entities.slice(firstFlagged).every(flagged)).toBe(true);
    const head = r.entities.slice(0, firstFlagged).map((e) => e.duty.p1_kw);
    expect(head).toEqual([...head].sort((a, b) => a - b));
    const thirty = r.entities.find((e) => e.sku === 'DEMO-DIL-0052')!;
    expect(thirty.duty.speed_ratio).toBeLessThan(0.51);
    expect(thirty.duty.p1_kw).toBeLessThanOrEqual(first.duty.p1_kw); // its duty P₁ is as low: the rule, not P₁, puts it back
  });

  it('the 30 kW pump at 0.50 meets the 25 % point at its lowest usable speed, not at full speed (it showed 13.0 kW, 56 591 kWh)', () => {
    const r = selectPumps([bySku('DEMO-DIL-0052')], DUTY);
    const e = r.entities[0]!;
    expect(e.warnings).toContain('profile_surplus');
    const p1 = [1, 2, 3, 4].map((i) => step(e, `energy.point${i}.p1`)!);
    expect(Math.max(...p1)).toBeCloseTo(e.duty.p1_kw, 6); // the 100 % point is the largest
    expect(p1[3]).toBeLessThan(1);
    expect(step(e, 'energy.point4.q_asked')).toBeCloseTo(15, 6);
    expect(step(e, 'energy.point4.q')).toBeGreaterThan(15);
    expect(step(e, 'energy.point4.speed_ratio')).toBeGreaterThanOrEqual(0.3);
    expect(e.annual_kwh).toBeLessThan(e.duty.p1_kw * hours(DEFAULT_LOAD_PROFILE));
    expect(e.annual_kwh).toBeLessThan(10_000);
    expect(e.explanation.formulas.map((f) => f.id)).toContain('energy_fallback');
  });

  it('a load point above what full speed gives is marked unreachable and counted at the full-speed point', () => {
    const p = bySku('DEMO-DIL-0049');
    const r = selectPumps([p], { ...DUTY, load_profile: [{ flow_ratio: 1.5, hours: 100 }] });
    const e = r.entities[0]!;
    expect(e.warnings).toContain('profile_unreachable');
    expect(step(e, 'energy.point1.q_asked')).toBeCloseTo(90, 6);
    expect(step(e, 'energy.point1.speed_ratio')).toBe(1);
    expect(step(e, 'energy.point1.q')).toBeLessThan(90);
  });
});

describe('station 30 m³/h, 50 m, H_st 20 m with speed control (issue 21: 2+1 × 30 kW at n/n₀ 0.525 for 1.61 M₽)', () => {
  const input = {
    q: 30,
    q_unit: 'm3/h',
    h: 50,
    h_unit: 'm',
    h_static: 20,
    temperature_c: 20,
    speed_control: true,
    limit: 200,
  };
  it('the first set runs at 0.6 or more, is within 10 % of the lowest life-cycle cost and costs no more than the fixed-speed first', () => {
    const r = selectStations(pumps, input);
    expect(r.type).toBe('success');
    const first = r.entities[0]!;
    expect(first.station.duty_speed_ratio).toBeGreaterThanOrEqual(0.6);
    expect(first.lcc_kop).toBeLessThanOrEqual(1.1 * Math.min(...r.entities.map((e) => e.lcc_kop)));
    const fixed = selectStations(pumps, { ...input, speed_control: false }).entities[0]!;
    expect(first.pumps_price_kop).toBeLessThanOrEqual(fixed.pumps_price_kop);
    expect(first.lcc_kop).toBeLessThan(fixed.lcc_kop);
    const deep = r.entities.find((e) => e.sku === 'DEMO-DMV-0306' && e.duty_count === 2)!;
    expect(deep.station.duty_speed_ratio).toBeCloseTo(0.525, 3);
    expect(deep.warnings).toContain('speed_deep');
    expect(deep.rank_lcc_kop).toBeGreaterThan(deep.lcc_kop);
    expect(deep.station.explanation.steps.map((s) => s.key)).toEqual(
      expect.arrayContaining(['rank.speed_penalty', 'rank.lcc']),
    );
    const keys = r.entities.map((e) => e.rank_lcc_kop);
    expect(keys).toEqual([...keys].sort((a, b) => a - b));
  });
  it('every set: annual energy ≤ design P₁ × hours; low flows held at the smallest stage are said', () => {
    const r = selectStations(pumps, input);
    for (const e of r.entities)
      expect(e.station.annual_kwh).toBeLessThanOrEqual(
        e.station.duty_p1_kw * hours(DEFAULT_LOAD_PROFILE) * (1 + 1e-9),
      );
    expect(r.entities.some((e) => e.warnings.includes('profile_surplus'))).toBe(true);
  });
  it('hostile input is refused naming the field', () => {
    expect(selectStations(pumps, { ...input, q: 1e308 }).errors).toContainEqual({
      field: 'q',
      key: 'range',
    });
    expect(selectStations(pumps, { ...input, h: Number.NaN }).errors).toContainEqual({
      field: 'h',
      key: 'number',
    });
    expect(selectStations(pumps, { ...input, h_static: -3 }).errors).toContainEqual({
      field: 'h_static',
      key: 'positive',
    });
  });
});

// Hundreds of selections over the whole demo catalogue: about 4.5 s on an idle core, so the unit
// project's 5 s default is too close when the machine is busy.
describe('property: random duties over the demo catalogue (seeded)', { timeout: 60_000 }, () => {
  let seed = 2026;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const logU = (lo: number, hi: number) => lo * (hi / lo) ** rnd();
  const duties = Array.from({ length: 300 }, () => {
    const h = logU(3, 120);
    const profile: LoadPoint[] =
      rnd() < 0.5
        ? DEFAULT_LOAD_PROFILE
        : Array.from({ length: 1 + Math.floor(rnd() * 5) }, () => ({
            flow_ratio: 0.1 + 0.9 * rnd(),
            hours: Math.round(rnd() * 1700),
          }));
    return { q: logU(1, 300), h, h_static: rnd() < 0.3 ? 0 : h * 0.8 * rnd(), profile };
  });

  // With speed control the ceiling is the full-duty P₁. At fixed speed a pump throttled to a lower
  // flow takes what its curve takes there, which is more than at the duty on a power curve that
  // falls with flow (circulators): the ceiling is the largest P₁ between its minimum flow and the
  // operating point (trimmed pumps: the duty P₁ — their trimmed curve is not at hand here).
  const ceilingKw = (e: PumpEntity, vfd: boolean): number => {
    if (vfd || e.duty.trim_ratio !== null) return e.duty.p1_kw;
    const p = bySku(e.sku);
    let max = e.duty.p1_kw;
    for (let i = 0; i <= 200; i++) {
      const q = p.qMin + ((e.duty.q_m3h - p.qMin) * i) / 200;
      max = Math.max(max, p.power.at(q) * (e.duty.p1_kw / e.duty.p2_kw));
    }
    return max;
  };

  it('annual energy ≤ full-duty P₁ × hours for every candidate; with speed control the first is within 10 % of the lowest LCC', () => {
    let solved = 0;
    let worst = 1;
    for (const d of duties) {
      for (const speed_control of [true, false]) {
        const input: PumpSelectInput = {
          q: d.q,
          q_unit: 'm3/h',
          h: d.h,
          h_unit: 'm',
          h_static: d.h_static,
          temperature_c: 20,
          speed_control,
          load_profile: d.profile,
          limit: 200,
        };
        const r = selectPumps(pumps, input);
        if (r.type !== 'success') continue;
        solved++;
        const t = hours(d.profile);
        for (const e of r.entities)
          expect(
            e.annual_kwh,
            `${e.sku} ${JSON.stringify(d)} ${speed_control}`,
          ).toBeLessThanOrEqual(ceilingKw(e, speed_control) * t * (1 + 1e-9) + 1e-9);
        if (!speed_control) continue;
        const lowest = selectPumps(pumps, { ...input, sort: 'lcc', limit: 1 }).entities[0]!.lcc_kop;
        const ratio = r.entities[0]!.lcc_kop / lowest;
        worst = Math.max(worst, ratio);
        expect(ratio, JSON.stringify(d)).toBeLessThanOrEqual(1.1);
      }
    }
    expect(solved).toBeGreaterThan(200);
    console.info(
      `property: ${solved} solved selections, worst first/lowest LCC with speed control ${worst.toFixed(4)}`,
    );
    // About 600 selections: 4-5 s on the busy shared machine, 14-22 s under coverage (npm test).
  }, 60_000);

  it('stations: annual energy ≤ design P₁ × hours', () => {
    for (const d of duties.slice(0, 40)) {
      const r = selectStations(pumps, {
        q: d.q,
        q_unit: 'm3/h',
        h: d.h,
        h_unit: 'm',
        h_static: d.h_static,
        temperature_c: 20,
        speed_control: true,
        load_profile: d.profile,
        count: 2,
      });
      for (const e of r.entities)
        expect(e.station.annual_kwh).toBeLessThanOrEqual(
          e.station.duty_p1_kw * hours(d.profile) * (1 + 1e-9) + 1e-9,
        );
    }
  });
});

describe('hot water without NPSHa (issue 21)', () => {
  it('at 60 °C and above every pump and set warns and states the vapour head from IF97 (21.5 m at 120 °C)', () => {
    const hot = selectPumps(pumps, { ...DUTY, temperature_c: 120, limit: 3 });
    expect(hot.type).toBe('success');
    for (const e of hot.entities) {
      expect(e.warnings).toContain('npsh_not_given');
      expect(step(e, 'vapour_head')).toBeCloseTo(21.5, 1);
      expect(e.explanation.formulas.map((f) => f.id)).toContain('vapour_head_if97');
    }
    expect(
      step(
        selectPumps(pumps, { ...DUTY, temperature_c: 60, limit: 1 }).entities[0]!,
        'vapour_head',
      ),
    ).toBeCloseTo(2.07, 1);
    expect(
      selectPumps(pumps, { ...DUTY, temperature_c: 59, limit: 1 }).entities[0]!.warnings,
    ).not.toContain('npsh_not_given');
    expect(
      selectPumps(pumps, { ...DUTY, temperature_c: 120, npsh_available_m: 30, limit: 1 })
        .entities[0]!.warnings,
    ).not.toContain('npsh_not_given');
    for (const type_use of [1, 2, 4]) {
      const st = selectStations(pumps, {
        q: 30,
        q_unit: 'm3/h',
        h: 50,
        h_unit: 'm',
        h_static: 20,
        temperature_c: 95,
        speed_control: true,
        type_use,
        limit: 2,
      });
      expect(st.entities[0]!.warnings, String(type_use)).toContain('npsh_not_given');
      expect(
        st.entities[0]!.station.explanation.steps.find((s) => s.key === 'vapour_head')!.value,
      ).toBeCloseTo(8.96, 1);
    }
  });
  it('hostile temperatures are refused naming the field', () => {
    expect(selectPumps(pumps, { ...DUTY, temperature_c: 1e308 }).errors).toContainEqual({
      field: 'temperature_c',
      key: 'range',
    });
    expect(selectPumps(pumps, { ...DUTY, temperature_c: Number.NaN }).errors).toContainEqual({
      field: 'temperature_c',
      key: 'number',
    });
    expect(selectPumps(pumps, { ...DUTY, temperature_c: -5 }).errors).toContainEqual({
      field: 'temperature_c',
      key: 'range',
    });
  });
});

describe('"nothing suitable" names the constraint that excluded the candidates (issue 21)', () => {
  it('NPSHa too small: the misses are NPSH, not head (pumps and sets)', () => {
    const r = selectPumps(pumps, {
      ...DUTY,
      speed_control: false,
      temperature_c: 90,
      npsh_available_m: 0.6,
    });
    expect(r.type).toBe('empty');
    expect(r.misses.map((m) => m.reason)).toEqual(['npsh', 'npsh', 'npsh']);
    expect(r.misses[0]!.value).toBe(0.6);
    expect(r.misses[0]!.limit).toBeGreaterThan(0.6 + 0.5);
    const s = selectStations(pumps, {
      q: 30,
      q_unit: 'm3/h',
      h: 50,
      h_unit: 'm',
      h_static: 20,
      temperature_c: 90,
      npsh_available_m: 0.6,
      speed_control: true,
    });
    expect(s.type).toBe('empty');
    expect(s.misses[0]!.reason).toBe('npsh');
  });
  it('a head nobody reaches is still named as head', () => {
    const r = selectPumps(pumps, { ...DUTY, h: 4000, h_static: 5 });
    expect(r.type).toBe('empty');
    expect(r.misses[0]!.reason).toBe('head_low');
  });
});
