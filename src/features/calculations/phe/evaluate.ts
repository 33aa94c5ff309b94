// One plate pack (model, plate count, passes) against a duty: U clean and design, area, margin,
// velocities and pressure drops per side. The selection loop and the explanation both use it.
import type { PlateModel } from './catalogue.ts';
import { channelsFor, geometryOf, sideOf, type SideResult } from './channel.ts';
import type { Duty } from './duty.ts';
import { plateEffectiveness, requiredNtu } from './effectiveness.ts';
import { liquidOf, type Medium } from './fluid.ts';
import { minTemperature, T_MAX } from '#features/calculations/fluids/glycol.ts';

export interface Fouling {
  /** m² K/W */
  hot: number;
  cold: number;
}

export interface PackOptions {
  fouling: Fouling;
  /** Apply (μ/μ_w) with the wall at the mean of the two stream means. */
  wallCorrection: boolean;
}

export interface PackResult {
  plates: number;
  passes: { hot: number; cold: number };
  /** Channels per pass. */
  channels: { hot: number; cold: number };
  area: number;
  uClean: number;
  uDesign: number;
  /** A/A_req − 1 with the design U (fouled). */
  margin: number;
  /** NTU needed for the duty with this pass arrangement (side 1 = hot). */
  ntuRequired: number;
  hot: SideResult;
  cold: SideResult;
}

export interface DutyContext {
  duty: Duty;
  /** Heat capacity rates, W/K. */
  Chot: number;
  Ccold: number;
  muRatio: { hot: number; cold: number };
  /**
   * The wall temperature (°C, the mean of the two stream means) and, per side, the temperature μ_w
   * was evaluated at: the wall temperature clamped into that medium's property range (water from
   * 0 °C, a glycol solution from its freezing point + margin up to T_MAX). Null without the correction.
   */
  wall: { t: number; hot: number; cold: number } | null;
}

/** The property range of a medium, °C, for the wall viscosity (the temperature is clamped into it). */
function wallRange(medium: Medium | undefined): [number, number] {
  if (!medium || medium.kind === 'water') return [0, Infinity];
  return [minTemperature(medium.kind, medium.concentration), T_MAX];
}
const clampInto = (t: number, [lo, hi]: [number, number]) => Math.min(hi, Math.max(lo, t));

export function dutyContext(duty: Duty, wallCorrection: boolean): DutyContext {
  let muRatio = { hot: 1, cold: 1 };
  let wall: DutyContext['wall'] = null;
  if (wallCorrection) {
    // The wall lies between the streams, where one side's medium may have no properties (a glycol
    // above 100 °C, water below 0 °C): μ_w at the wall temperature clamped into the side's own range
    // (said in the explanation), never an input error — the duty itself was checked.
    const tw = (duty.hot.fluid.t + duty.cold.fluid.t) / 2;
    wall = {
      t: tw,
      hot: clampInto(tw, wallRange(duty.hot.medium)),
      cold: clampInto(tw, wallRange(duty.cold.medium)),
    };
    const wallHot = liquidOf(duty.hot.medium, wall.hot, duty.hot.p, 'hot.t_in'),
      wallCold = liquidOf(duty.cold.medium, wall.cold, duty.cold.p, 'cold.t_in');
    muRatio = { hot: duty.hot.fluid.mu / wallHot.mu, cold: duty.cold.fluid.mu / wallCold.mu };
  }
  return {
    duty,
    Chot: duty.hot.m * duty.hot.fluid.cp,
    Ccold: duty.cold.m * duty.cold.fluid.cp,
    muRatio,
    wall,
  };
}

/** NTU (hot side) the arrangement needs for the duty, or null when no area reaches it. */
export function ntuFor(ctx: DutyContext, passesHot: number, passesCold: number): number | null {
  const { duty } = ctx;
  const P1 = (duty.hot.t_in - duty.hot.t_out) / (duty.hot.t_in - duty.cold.t_in);
  return requiredNtu(P1, ctx.Chot / ctx.Ccold, passesHot, passesCold);
}

/** Evaluates N plates; null when the channels do not split evenly into the passes. */
export function evaluatePack(
  model: PlateModel,
  ctx: DutyContext,
  plates: number,
  passesHot: number,
  passesCold: number,
  ntuRequired: number,
  options: PackOptions,
): PackResult | null {
  const ch = channelsFor(plates);
  if (ch.hot % passesHot !== 0 || ch.cold % passesCold !== 0 || ch.cold === 0) return null;
  const perPass = { hot: ch.hot / passesHot, cold: ch.cold / passesCold };
  const { duty } = ctx;
  const hot = sideOf(model, duty.hot.fluid, duty.hot.m, perPass.hot, passesHot, ctx.muRatio.hot);
  const cold = sideOf(
    model,
    duty.cold.fluid,
    duty.cold.m,
    perPass.cold,
    passesCold,
    ctx.muRatio.cold,
  );
  const wall = model.geometry.thickness / model.wallConductivity;
  const uClean = 1 / (1 / hot.alpha + wall + 1 / cold.alpha);
  const uDesign = 1 / (1 / uClean + options.fouling.hot + options.fouling.cold);
  const area = Math.max(plates - 2, 0) * geometryOf(model).plateArea;
  const areaRequired = (ntuRequired * ctx.Chot) / uDesign;
  return {
    plates,
    passes: { hot: passesHot, cold: passesCold },
    channels: perPass,
    area,
    uClean,
    uDesign,
    // A duty needing no area (or a pack with none) has no meaningful margin: report 0, never ∞.
    margin: areaRequired > 0 && area > 0 ? area / areaRequired - 1 : 0,
    ntuRequired,
    hot,
    cold,
  };
}

/** Heat a pack transfers with these inlet temperatures (ε-NTU), kW: the rating check. */
export function packDuty(ctx: DutyContext, pack: PackResult, u = pack.uDesign): number {
  const P1 = plateEffectiveness(
    ctx.Chot / ctx.Ccold,
    (u * pack.area) / ctx.Chot,
    pack.passes.hot,
    pack.passes.cold,
  );
  return (P1 * ctx.Chot * (ctx.duty.hot.t_in - ctx.duty.cold.t_in)) / 1000;
}
