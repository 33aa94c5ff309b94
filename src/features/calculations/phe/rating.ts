// Rating mode (to1): a given plate model, plate count and passes with the inlet temperatures and
// flows; the outlet temperatures follow from ε-NTU. Properties depend on the outlets, so the mean
// temperatures are iterated (five rounds settle to far below 0.01 K).
import { gasketFor, type PlateModel } from './catalogue.ts';
import { channelsFor } from './channel.ts';
import type { Duty } from './duty.ts';
import { lmtd, plateEffectiveness } from './effectiveness.ts';
import { dutyContext, evaluatePack, type Fouling, type PackOptions } from './evaluate.ts';
import {
  assertFinite,
  pheExplainer,
  finiteInput,
  load,
  PheInputError,
  positive,
  type Explanation,
} from './explain.ts';
import {
  checkGlycolEnd,
  checkNotFreezing,
  DEFAULT_PRESSURE,
  liquidOf,
  type Medium,
} from './fluid.ts';
import {
  dutyOut,
  explainPack,
  packOut,
  type DutyOut,
  type PackOut,
  type SideOut,
} from './report.ts';

export interface RatingInput {
  plates: number;
  passes: { hot: number; cold: number };
  hot: { t_in: number; m: number; p?: number; medium?: Medium };
  cold: { t_in: number; m: number; p?: number; medium?: Medium };
  fouling?: Fouling;
  wallCorrection?: boolean;
  /** The duty the pack must carry, kW (optional): the answer then says its duty margin Q/Q_req − 1. */
  q_required?: number;
}

export interface Rating {
  duty: DutyOut;
  pack: PackOut & { hot: SideOut; cold: SideOut };
  /** Temperature effectiveness of the hot side P₁ = (t₁′ − t₁″)/(t₁′ − t₂′). */
  effectiveness: { value: number; unit: string };
  /** Q/Q_req − 1 in %, when a required duty was given. */
  duty_margin?: { value: number; unit: string };
  explanation: Explanation;
}

export function ratePack(model: PlateModel, input: RatingInput): Rating {
  const { plates, passes } = input;
  if (
    !Number.isInteger(plates) ||
    plates < model.frame.minPlates ||
    plates > model.frame.maxPlates
  ) {
    throw new PheInputError('plates', 'frame_range', {
      min: model.frame.minPlates,
      max: model.frame.maxPlates,
    });
  }
  const ch = channelsFor(plates);
  for (const s of ['hot', 'cold'] as const) {
    const n = passes[s];
    if (!Number.isInteger(n) || n < 1 || n > 4 || ch[s] % n !== 0)
      throw new PheInputError(`${s}.passes`, 'passes_split', { channels: ch[s] });
  }
  const th = finiteInput('hot.t_in', input.hot.t_in),
    tc = finiteInput('cold.t_in', input.cold.t_in);
  const mh = positive('hot.m', input.hot.m),
    mc = positive('cold.m', input.cold.m);
  if (th <= tc) throw new PheInputError('hot.t_in', 'not_hotter', { hot: th, cold: tc });
  // A side that would freeze is said before the gaskets: its own range is the stricter one.
  checkNotFreezing(input.cold.medium, tc, 'cold.t_in');
  const gasket = gasketFor(model, th, tc);
  if (!gasket) {
    const tMax = Math.max(...model.gaskets.map((g) => g.tMax)),
      tMin = Math.min(...model.gaskets.map((g) => g.tMin));
    if (th > tMax) throw new PheInputError('hot.t_in', 'gasket_limit', { max: tMax });
    throw new PheInputError(
      'cold.t_in',
      tc < tMin ? 'gasket_limit_low' : 'gasket_limit',
      tc < tMin ? { min: tMin } : { max: tMax },
    );
  }
  const ph = input.hot.p ?? DEFAULT_PRESSURE,
    pc = input.cold.p ?? DEFAULT_PRESSURE;
  // A glycol side within its fits at its inlet (the outlets lie between the two inlets).
  checkGlycolEnd(input.hot.medium, th, ph, 'hot.t_in');
  checkGlycolEnd(input.cold.medium, tc, pc, 'cold.t_in');
  const fouling = input.fouling ?? { hot: 0, cold: 0 };
  for (const s of ['hot', 'cold'] as const) {
    if (!Number.isFinite(fouling[s]) || fouling[s] < 0 || fouling[s] > 0.001)
      throw new PheInputError(`${s}.fouling`, 'range', { min: 0, max: 0.001 });
  }
  const qRequired =
    input.q_required === undefined ? undefined : load('q_required', input.q_required);
  const options: PackOptions = { fouling, wallCorrection: input.wallCorrection ?? true };

  // First guess: properties at the inlets (checked above), so a glycol side is never refused at a guessed mean.
  let tho = th,
    tco = tc;
  let P1 = 0;
  let duty!: Duty;
  for (let i = 0; i < 5; i++) {
    const mhot = input.hot.medium,
      mcold = input.cold.medium;
    const fh = liquidOf(mhot, (th + tho) / 2, ph, 'hot.t_in'),
      fc = liquidOf(mcold, (tc + tco) / 2, pc, 'cold.t_in');
    duty = {
      q: 0,
      hot: { t_in: th, t_out: tho, m: mh, p: ph, ...(mhot ? { medium: mhot } : {}), fluid: fh },
      cold: { t_in: tc, t_out: tco, m: mc, p: pc, ...(mcold ? { medium: mcold } : {}), fluid: fc },
    };
    const ctx = dutyContext(duty, options.wallCorrection);
    const pack = evaluatePack(model, ctx, plates, passes.hot, passes.cold, 0, options)!;
    P1 = plateEffectiveness(
      ctx.Chot / ctx.Ccold,
      (pack.uDesign * pack.area) / ctx.Chot,
      passes.hot,
      passes.cold,
    );
    const q = P1 * ctx.Chot * (th - tc);
    tho = th - q / ctx.Chot;
    tco = tc + q / ctx.Ccold;
    duty.q = q / 1000;
  }
  duty = { ...duty, hot: { ...duty.hot, t_out: tho }, cold: { ...duty.cold, t_out: tco } };
  const ctx = dutyContext(duty, options.wallCorrection);
  // The pack is rated at its own duty, so the NTU it needs is the NTU it has (margin 0).
  const probe = evaluatePack(model, ctx, plates, passes.hot, passes.cold, 0, options)!;
  // Its area margin is 0 by definition (floating point leaves ~1e-14): said as 0 and not explained.
  const pack = {
    ...evaluatePack(
      model,
      ctx,
      plates,
      passes.hot,
      passes.cold,
      (probe.uDesign * probe.area) / ctx.Chot,
      options,
    )!,
    margin: 0,
  };
  const lm = lmtd(th - tco, tho - tc);
  const x = pheExplainer();
  x.input('plates', plates, 'pcs')
    .input('hot.passes', passes.hot, 'pcs')
    .input('cold.passes', passes.cold, 'pcs');
  x.input('hot.t_in', th, '°C')
    .input('hot.m', mh, 'kg/s')
    .input('cold.t_in', tc, '°C')
    .input('cold.m', mc, 'kg/s');
  if (qRequired !== undefined) x.input('q_required', qRequired, 'kW');
  x.step(
    'effectiveness',
    P1,
    '',
    passes.hot === 1 && passes.cold === 1 ? 'effectiveness_counterflow' : 'effectiveness_passes',
  );
  x.step('hot.t_out', tho, '°C', 'balance');
  x.step('cold.t_out', tco, '°C', 'balance');
  const explanation = explainPack(model, pack, ctx, options, lm, x);
  explanation.steps = explanation.steps.filter((st) => st.key !== 'margin');
  explanation.formulas = explanation.formulas.filter((f) => f.id !== 'margin');
  // What a rated pack has to spare is duty over the duty asked for.
  const margin =
    qRequired === undefined
      ? undefined
      : x.step('duty_margin', (duty.q / qRequired - 1) * 100, '%', 'duty_margin');
  return assertFinite({
    duty: dutyOut(duty, lm),
    pack: packOut(model, gasket, pack, ctx),
    effectiveness: { value: P1, unit: '' },
    ...(margin === undefined ? {} : { duty_margin: { value: margin, unit: '%' } }),
    explanation,
  });
}
