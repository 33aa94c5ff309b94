// The heat balance from what the user gave: the load or the flows and any three of the four
// temperatures, the missing one computed (calculations.md §2.4, to1). Temperatures that cross or an
// approach that no counterflow exchanger can reach are refused with the field named.
import { finiteInput, load, PheInputError, positive } from './explain.ts';
import {
  checkGlycolEnd,
  checkNotFreezing,
  DEFAULT_PRESSURE,
  liquidOf,
  type Fluid,
  type Medium,
} from './fluid.ts';

export interface StreamInput {
  t_in: number;
  t_out?: number;
  /** Mass flow, kg/s. */
  m?: number;
  /** Operating pressure, MPa absolute (for properties). */
  p?: number;
  /** Water unless said (a glycol solution, % by mass). */
  medium?: Medium;
}

export interface DutyInput {
  /** Load, kW. */
  q?: number;
  hot: StreamInput;
  cold: StreamInput;
}

export interface Stream {
  t_in: number;
  t_out: number;
  m: number;
  p: number;
  /** Water when absent. */
  medium?: Medium;
  /** Properties at the mean temperature. */
  fluid: Fluid;
}

export interface Duty {
  /** kW */
  q: number;
  hot: Stream;
  cold: Stream;
}

const mean = (s: StreamInput, fallbackOut: number) => (s.t_in + (s.t_out ?? fallbackOut)) / 2;

/** Resolves the balance; cp is taken at each stream's mean temperature (iterated when a temperature is unknown). */
export function resolveDuty(input: DutyInput): Duty {
  const h = { ...input.hot },
    c = { ...input.cold };
  finiteInput('hot.t_in', h.t_in);
  finiteInput('cold.t_in', c.t_in);
  for (const [field, x] of [
    ['hot.t_out', h.t_out],
    ['cold.t_out', c.t_out],
  ] as const)
    if (x !== undefined) finiteInput(field, x);
  if (h.m !== undefined) positive('hot.m', h.m);
  if (c.m !== undefined) positive('cold.m', c.m);
  if (input.q !== undefined) load('q', input.q);
  const ph = h.p ?? DEFAULT_PRESSURE,
    pc = c.p ?? DEFAULT_PRESSURE;
  if (h.t_in <= c.t_in)
    throw new PheInputError('hot.t_in', 'not_hotter', { hot: h.t_in, cold: c.t_in });
  if (h.t_out !== undefined && h.t_out >= h.t_in)
    throw new PheInputError('hot.t_out', 'hot_must_cool', { t_in: h.t_in });
  if (c.t_out !== undefined && c.t_out <= c.t_in)
    throw new PheInputError('cold.t_out', 'cold_must_heat', { t_in: c.t_in });
  // The coldest end of each side must stay liquid (water above 0 °C, glycol above its freezing point + margin).
  checkNotFreezing(c.medium, c.t_in, 'cold.t_in');
  if (h.t_out !== undefined) checkNotFreezing(h.medium, h.t_out, 'hot.t_out');

  if (input.q !== undefined) checkLoadBalance(input.q, h, c, ph, pc);

  let q = input.q;
  let tho = h.t_out,
    tco = c.t_out;
  for (let i = 0; i < 4; i++) {
    const fh = liquidOf(h.medium, mean(h, tho ?? (h.t_in + c.t_in) / 2), ph, 'hot.t_in');
    const fc = liquidOf(c.medium, mean(c, tco ?? (h.t_in + c.t_in) / 2), pc, 'cold.t_in');
    const Ch = (m: number) => (m * fh.cp) / 1000,
      Cc = (m: number) => (m * fc.cp) / 1000;
    if (q === undefined || input.q === undefined) {
      // Load from a complete side.
      if (h.t_out !== undefined && h.m !== undefined) q = Ch(h.m) * (h.t_in - h.t_out);
      else if (c.t_out !== undefined && c.m !== undefined) q = Cc(c.m) * (c.t_out - c.t_in);
      else throw new PheInputError('q', 'underdetermined');
    }
    if (h.t_out === undefined) {
      if (h.m === undefined) throw new PheInputError('hot.t_out', 'underdetermined');
      tho = h.t_in - q / Ch(h.m);
    }
    if (c.t_out === undefined) {
      if (c.m === undefined) throw new PheInputError('cold.t_out', 'underdetermined');
      tco = c.t_in + q / Cc(c.m);
    }
  }
  if (h.t_out === undefined) checkNotFreezing(h.medium, tho!, 'hot.t_in');
  // A glycol side within its fits at the inlet AND the outlet (the mean alone hides a hot inlet).
  checkGlycolEnd(h.medium, h.t_in, ph, 'hot.t_in');
  checkGlycolEnd(h.medium, tho!, ph, 'hot.t_out');
  checkGlycolEnd(c.medium, c.t_in, pc, 'cold.t_in');
  checkGlycolEnd(c.medium, tco!, pc, 'cold.t_out');
  const fh = liquidOf(h.medium, (h.t_in + tho!) / 2, ph, 'hot.t_in');
  const fc = liquidOf(c.medium, (c.t_in + tco!) / 2, pc, 'cold.t_in');
  const mh = h.m ?? (q! * 1000) / (fh.cp * (h.t_in - tho!));
  const mc = c.m ?? (q! * 1000) / (fc.cp * (tco! - c.t_in));
  // Given both flows and all four temperatures, the two sides must agree within 2 %.
  if (
    input.q === undefined &&
    h.m !== undefined &&
    c.m !== undefined &&
    h.t_out !== undefined &&
    c.t_out !== undefined
  ) {
    const qc = (mc * fc.cp * (tco! - c.t_in)) / 1000;
    if (Math.abs(qc - q!) > 0.02 * q!)
      throw new PheInputError('cold.m', 'unbalanced', { q_hot: round(q!), q_cold: round(qc) });
  }
  if (tho! <= c.t_in)
    throw new PheInputError('hot.t_out', 'temperature_cross', {
      t_out: round(tho!),
      cold_in: c.t_in,
    });
  if (tco! >= h.t_in)
    throw new PheInputError('cold.t_out', 'temperature_cross', {
      t_out: round(tco!),
      hot_in: h.t_in,
    });
  if (tho! <= c.t_in || h.t_in - tco! <= 0)
    throw new PheInputError('cold.t_out', 'impossible_approach');
  return {
    q: q!,
    hot: {
      t_in: h.t_in,
      t_out: tho!,
      m: mh,
      p: ph,
      ...(h.medium ? { medium: h.medium } : {}),
      fluid: fh,
    },
    cold: {
      t_in: c.t_in,
      t_out: tco!,
      m: mc,
      p: pc,
      ...(c.medium ? { medium: c.medium } : {}),
      fluid: fc,
    },
  };
}

const round = (x: number) => Math.round(x * 100) / 100;

/** How far a given load and what a complete side carries may differ, as a share of the load. */
export const BALANCE_TOLERANCE = 0.02;

/**
 * A load given together with a complete side (its flow and both temperatures) says the same thing
 * twice: the two must agree within BALANCE_TOLERANCE, or the duty is refused naming the load and the
 * flow of every side that disagrees (never sized on one and silently ignoring the other).
 */
function checkLoadBalance(q: number, h: StreamInput, c: StreamInput, ph: number, pc: number): void {
  const off: Array<{ field: string; code: string; params: Record<string, number | string> }> = [];
  const sides = [
    ['hot', h, ph, 1],
    ['cold', c, pc, -1],
  ] as const;
  for (const [side, s, p, sign] of sides) {
    if (s.m === undefined || s.t_out === undefined) continue;
    const f = liquidOf(s.medium, (s.t_in + s.t_out) / 2, p, `${side}.t_in`);
    const carried = (s.m * f.cp * sign * (s.t_in - s.t_out)) / 1000;
    if (Math.abs(carried - q) > BALANCE_TOLERANCE * q)
      off.push({
        field: `${side}.m`,
        code: `load_unbalanced_${side}`,
        params: { q: round(q), q_side: round(carried), tolerance: BALANCE_TOLERANCE * 100 },
      });
  }
  if (!off.length) return;
  const first = off[0]!;
  throw new PheInputError('q', first.code, first.params, off);
}
