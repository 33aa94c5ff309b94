// to1 selection (calculations.md §2.4): for every plate model and pass arrangement the minimum plate
// count that meets the duty with the margin, within the pressure drops and velocity limits; ranked
// by price, then area, then margin. Each (model, arrangement) needs about ten pack evaluations: the
// checks are monotone in the plate count, so the smallest passing count is found by bisection.
import { ATM_MPA } from '#features/calculations/kit/units.ts';
import { gasketFor, type PlateModel } from './catalogue.ts';
import { channelsFor } from './channel.ts';
import { resolveDuty, type DutyInput } from './duty.ts';
import { lmtd, type Passes } from './effectiveness.ts';
import {
  dutyContext,
  evaluatePack,
  ntuFor,
  type DutyContext,
  type Fouling,
  type PackOptions,
  type PackResult,
} from './evaluate.ts';
import { assertFinite, pheExplainer, PheInputError, type Explanation } from './explain.ts';
import {
  dutyOut,
  explainPack,
  packOut,
  type DutyOut,
  type PackOut,
  type SideOut,
} from './report.ts';

export const DEFAULT_ARRANGEMENTS: readonly Passes[] = [
  [1, 1],
  [2, 2],
  [1, 2],
  [2, 1],
  [3, 3],
];

export interface SelectInput {
  duty: DutyInput;
  /** Allowed pressure drop per side, kPa. */
  dpMax: { hot: number; cold: number };
  /** Required area margin, % (e.g. 10). */
  marginMin: number;
  /** Fouling resistances, m² K/W (default 0). */
  fouling?: Fouling;
  wallCorrection?: boolean;
  arrangements?: readonly Passes[];
  /** How many ranked candidates to return (default 5). */
  limit?: number;
}

export type Candidate = PackOut & {
  hot: SideOut;
  cold: SideOut;
  rank: number;
  explanation: Explanation;
};

export type RejectReason =
  | 'temperature_limit'
  | 'pressure_rating'
  | 'approach'
  | 'port_velocity'
  | 'velocity_low'
  | 'frame_too_small';

export interface Selection {
  duty: DutyOut;
  candidates: Candidate[];
  /** Models with no feasible arrangement, and why (the reason of the closest arrangement). */
  rejected: Array<{ model: string; reason: RejectReason }>;
}

interface Found {
  model: PlateModel;
  gasket: string;
  pack: PackResult;
}

/** Pressure in MPa absolute → bar gauge, to compare with the PN rating. */
/** MPa absolute → bar gauge (the gasket limits are in bar gauge). */
const barGauge = (p: number) => (p - ATM_MPA) * 10;

type Outcome = { pack: PackResult } | { reason: RejectReason };

function bestPack(
  model: PlateModel,
  ctx: DutyContext,
  passes: Passes,
  input: SelectInput,
  options: PackOptions,
): Outcome {
  const [nh, nc] = passes;
  const ntu = ntuFor(ctx, nh, nc);
  if (ntu === null) return { reason: 'approach' };
  const L = model.limits;
  const counts: number[] = [];
  for (let n = model.frame.minPlates; n <= model.frame.maxPlates; n++) {
    const ch = channelsFor(n);
    if (ch.cold > 0 && ch.hot % nh === 0 && ch.cold % nc === 0) counts.push(n);
  }
  if (counts.length === 0) return { reason: 'frame_too_small' };
  const dpMax = { hot: input.dpMax.hot * 1000, cold: input.dpMax.cold * 1000 };
  const passing = (p: PackResult) =>
    p.margin * 100 >= input.marginMin &&
    p.hot.dp <= dpMax.hot &&
    p.cold.dp <= dpMax.cold &&
    p.hot.w <= L.channelVelocityMax &&
    p.cold.w <= L.channelVelocityMax;
  const at = (i: number) => evaluatePack(model, ctx, counts[i]!, nh, nc, ntu, options)!;
  const first = at(0);
  if (first.hot.wPort > L.portVelocityMax || first.cold.wPort > L.portVelocityMax)
    return { reason: 'port_velocity' };
  // Port pressure loss does not fall with more plates: if it alone breaks the limit, no count helps.
  if (first.hot.dpPort > dpMax.hot || first.cold.dpPort > dpMax.cold)
    return { reason: 'port_velocity' };
  let lo = 0,
    hi = counts.length - 1;
  // The checks only get easier with more plates: if the largest pack fails, every pack does.
  if (!passing(at(hi))) return { reason: 'frame_too_small' };
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (passing(at(mid))) hi = mid;
    else lo = mid + 1;
  }
  const pack = at(lo);
  if (pack.hot.w < L.channelVelocityMin || pack.cold.w < L.channelVelocityMin)
    return { reason: 'velocity_low' };
  return { pack };
}

const REASON_ORDER: RejectReason[] = [
  'temperature_limit',
  'pressure_rating',
  'approach',
  'port_velocity',
  'velocity_low',
  'frame_too_small',
];

export function selectPlates(input: SelectInput, catalogue: readonly PlateModel[]): Selection {
  if (!Number.isFinite(input.marginMin) || input.marginMin < 0 || input.marginMin > 100)
    throw new PheInputError('margin', 'range', { min: 0, max: 100 });
  for (const s of ['hot', 'cold'] as const) {
    if (!Number.isFinite(input.dpMax[s]) || input.dpMax[s] <= 0)
      throw new PheInputError(`${s}.dp_max`, 'positive');
  }
  const fouling = input.fouling ?? { hot: 0, cold: 0 };
  for (const s of ['hot', 'cold'] as const) {
    if (!Number.isFinite(fouling[s]) || fouling[s] < 0 || fouling[s] > 0.001)
      throw new PheInputError(`${s}.fouling`, 'range', { min: 0, max: 0.001 });
  }
  const options: PackOptions = { fouling, wallCorrection: input.wallCorrection ?? true };
  const duty = resolveDuty(input.duty);
  const ctx = dutyContext(duty, options.wallCorrection);
  const dtA = duty.hot.t_in - duty.cold.t_out,
    dtB = duty.hot.t_out - duty.cold.t_in;
  const lmtdValue = lmtd(dtA, dtB);
  const found: Found[] = [];
  const rejected: Selection['rejected'] = [];
  const pMax = Math.max(barGauge(duty.hot.p), barGauge(duty.cold.p));
  for (const model of catalogue) {
    const gasket = gasketFor(model, duty.hot.t_in, duty.cold.t_in);
    if (!gasket) {
      rejected.push({ model: model.id, reason: 'temperature_limit' });
      continue;
    }
    if (pMax > model.pn) {
      rejected.push({ model: model.id, reason: 'pressure_rating' });
      continue;
    }
    let closest: RejectReason | null = null;
    let any = false;
    for (const passes of input.arrangements ?? DEFAULT_ARRANGEMENTS) {
      const r = bestPack(model, ctx, passes, input, options);
      if ('pack' in r) {
        found.push({ model, gasket, pack: r.pack });
        any = true;
      } else if (closest === null || REASON_ORDER.indexOf(r.reason) > REASON_ORDER.indexOf(closest))
        closest = r.reason;
    }
    if (!any) rejected.push({ model: model.id, reason: closest ?? 'frame_too_small' });
  }
  const price = (f: Found) => f.model.price.frame + f.pack.plates * f.model.price.plate;
  found.sort(
    (a, b) => price(a) - price(b) || a.pack.area - b.pack.area || b.pack.margin - a.pack.margin,
  );
  const candidates = found.slice(0, input.limit ?? 5).map((f, i) => {
    const x = pheExplainer();
    x.input('q', input.duty.q ?? duty.q, 'kW');
    x.input('hot.t_in', duty.hot.t_in, '°C').input('hot.t_out', duty.hot.t_out, '°C');
    x.input('cold.t_in', duty.cold.t_in, '°C').input('cold.t_out', duty.cold.t_out, '°C');
    x.input('hot.dp_max', input.dpMax.hot, 'kPa')
      .input('cold.dp_max', input.dpMax.cold, 'kPa')
      .input('margin_min', input.marginMin, '%');
    return {
      rank: i + 1,
      ...packOut(f.model, f.gasket, f.pack, ctx),
      explanation: explainPack(f.model, f.pack, ctx, options, lmtdValue, x),
    };
  });
  return assertFinite({ duty: dutyOut(duty, lmtdValue), candidates, rejected });
}
