// One side of a plate pack: channel velocity, Re, Nu, α and pressure drops (channel + port) for a
// plate model, the number of channels per pass and the passes (calculations.md §2.4).
import type { PlateModel } from './catalogue.ts';
import {
  frictionGeneric,
  frictionMartin1999,
  frictionMartinVDI,
  nuGeneric,
  nuMartin,
} from './correlations.ts';
import type { Fluid } from './fluid.ts';
import { derive, type DerivedGeometry } from './geometry.ts';

export interface SideResult {
  /** Channel velocity, m/s. */
  w: number;
  re: number;
  nu: number;
  /** W/(m² K) */
  alpha: number;
  /** Darcy friction factor. */
  f: number;
  /** Pa */
  dpChannel: number;
  /** Port velocity, m/s. */
  wPort: number;
  /** Pa */
  dpPort: number;
  /** Pa */
  dp: number;
}

const geometryCache = new WeakMap<PlateModel, DerivedGeometry>();
export function geometryOf(model: PlateModel): DerivedGeometry {
  let g = geometryCache.get(model);
  if (!g) geometryCache.set(model, (g = derive(model.geometry)));
  return g;
}

/** Nu and Darcy f of the plate model at Re, Pr (μ/μ_w = muRatio). */
export function channelCorrelation(
  model: PlateModel,
  re: number,
  pr: number,
  muRatio: number,
): { nu: number; f: number } {
  const c = model.correlation;
  if (c.kind === 'generic') return { nu: nuGeneric(c, re, pr, muRatio), f: frictionGeneric(c, re) };
  const f =
    c.variant === 'VDI'
      ? frictionMartinVDI(re, model.geometry.chevron)
      : frictionMartin1999(re, model.geometry.chevron);
  return {
    nu: c.nuFactor * nuMartin(re, pr, model.geometry.chevron, c.variant, muRatio),
    f: c.frictionFactor * f,
  };
}

/** The side with mass flow m (kg/s) through `channels` parallel channels per pass and `passes` passes. */
export function sideOf(
  model: PlateModel,
  fluid: Fluid,
  m: number,
  channels: number,
  passes: number,
  muRatio = 1,
): SideResult {
  const g = geometryOf(model);
  const w = m / (fluid.rho * channels * g.channelArea);
  const re = (fluid.rho * w * g.dh) / fluid.mu;
  const { nu, f } = channelCorrelation(model, re, fluid.pr, muRatio);
  const alpha = (nu * fluid.lambda) / g.dh;
  const dpChannel = (passes * f * (model.geometry.length / g.dh) * (fluid.rho * w * w)) / 2;
  const portArea = (Math.PI * model.port.diameter ** 2) / 4;
  const wPort = m / (fluid.rho * portArea);
  const dpPort = (1.4 * passes * fluid.rho * wPort * wPort) / 2;
  return { w, re, nu, alpha, f, dpChannel, wPort, dpPort, dp: dpChannel + dpPort };
}

/** Channels of each side for N plates: N − 1 channels, the hot side takes the odd one. */
export const channelsFor = (plates: number): { hot: number; cold: number } => ({
  hot: Math.ceil((plates - 1) / 2),
  cold: Math.floor((plates - 1) / 2),
});
