// to3: steam-to-water plate exchanger by the zone method (calculations.md §2.6). The steam may be
// superheated, dry saturated, wet, or given by its enthalpy (IF97 backward T(p,h) tells which);
// desuperheating, condensing and subcooling zones each get their own driving force and α, and the
// areas add up. Counterflow: the condensate leaves at the water inlet end.
import {
  enthalpy,
  PropertyRangeError,
  saturationAtP,
  temperatureFromPH,
} from '#features/properties/water.ts';
import { ATM_MPA } from '#features/calculations/kit/units.ts';
import type { PlateModel } from './catalogue.ts';
import { channelsFor, geometryOf, sideOf } from './channel.ts';
import { lmtd } from './effectiveness.ts';
import {
  assertFinite,
  pheExplainer,
  finiteInput,
  PheInputError,
  positive,
  q,
  type Explanation,
  type Quantity,
} from './explain.ts';
import { describe, liquid, water, type Fluid } from './fluid.ts';

export type SteamState =
  | { kind: 'saturated' }
  | { kind: 'superheated'; t: number }
  | { kind: 'wet'; x: number }
  | { kind: 'enthalpy'; h: number };

export interface CondensationInput {
  /** Steam pressure, MPa; gauge when `gauge` is true (then 0.101325 MPa is added). */
  steam: { p: number; gauge?: boolean; state: SteamState };
  /** Condensate outlet temperature, °C; default: saturation (no subcooling). */
  condensate_out?: number;
  water: { t_in: number; t_out: number; m?: number; p?: number };
  /** Load, kW (or the water flow gives it). */
  q?: number;
  /** Condensing-side heat-transfer coefficient, W/(m² K): a vendor constant for the plate range. */
  condensing_alpha?: number;
  marginMin: number;
  /** Water-side allowed pressure drop, kPa. */
  dpMax: number;
  fouling?: { steam: number; water: number };
}

export const DEFAULT_CONDENSING_ALPHA = 5000;
/** Steam port velocity limit, m/s [unverified practice value]. */
export const STEAM_PORT_VELOCITY_MAX = 30;

interface Zone {
  name: 'desuperheating' | 'condensing' | 'subcooling';
  q: number;
  hot: [number, number];
  cold: [number, number];
  /** Steam-side fluid for single-phase zones; null while condensing. */
  steam: Fluid | null;
  water: Fluid;
}

export interface ZoneOut {
  name: Zone['name'];
  q: Quantity;
  steam: { t_in: Quantity; t_out: Quantity };
  water: { t_in: Quantity; t_out: Quantity };
  lmtd: Quantity;
  alpha_steam: Quantity;
  alpha_water: Quantity;
  u: Quantity;
  area: Quantity;
}

export interface CondensationCandidate {
  model: { id: string; name: string; demo: boolean };
  plates: Quantity;
  area: Quantity;
  area_required: Quantity;
  margin: Quantity;
  zones: ZoneOut[];
  water_velocity: Quantity;
  water_dp: Quantity;
  steam_port_velocity: Quantity;
  price: Quantity;
}

export interface CondensationDesign {
  steam: {
    p_abs: Quantity;
    t_sat: Quantity;
    t_in: Quantity;
    h_in: Quantity;
    dryness: Quantity;
    latent_heat: Quantity;
  };
  q: Quantity;
  steam_flow: Quantity;
  condensate_flow: Quantity;
  water_flow: Quantity;
  zones: Array<{
    name: Zone['name'];
    q: Quantity;
    steam: { t_in: Quantity; t_out: Quantity };
    water: { t_in: Quantity; t_out: Quantity };
    lmtd: Quantity;
  }>;
  candidates: CondensationCandidate[];
  rejected: Array<{ model: string; reason: 'port_velocity' | 'frame_too_small' | 'dp' }>;
  explanation: Explanation;
}

function steamInlet(
  p: number,
  state: SteamState,
  sat: ReturnType<typeof saturationAtP>,
): { t: number; h: number; x: number } {
  switch (state.kind) {
    case 'saturated':
      return { t: sat.t_sat_c, h: sat.h_vapour, x: 1 };
    case 'wet':
      if (!Number.isFinite(state.x) || state.x <= 0 || state.x > 1)
        throw new PheInputError('steam.x', 'quality_range', { min: 0, max: 1 });
      return { t: sat.t_sat_c, h: sat.h_liquid + state.x * sat.r, x: state.x };
    case 'superheated': {
      const t = finiteInput('steam.t', state.t);
      if (t <= sat.t_sat_c)
        throw new PheInputError('steam.t', 'not_superheated', {
          t_sat: Math.round(sat.t_sat_c * 100) / 100,
        });
      water(t, p, 'steam.t');
      return { t, h: enthalpy(t, p), x: 1 };
    }
    case 'enthalpy': {
      let st;
      try {
        st = temperatureFromPH(p, finiteInput('steam.h', state.h));
      } catch (err) {
        if (err instanceof PropertyRangeError)
          throw new PheInputError('steam.h', 'property_range', {
            min: err.min,
            max: err.max,
            unit: err.unit,
          });
        throw err;
      }
      if (st.region === 1)
        throw new PheInputError('steam.h', 'not_steam', {
          h_vapour_min: Math.round(sat.h_liquid * 100) / 100,
        });
      return { t: st.t_c, h: state.h, x: st.x };
    }
  }
}

export function designCondensation(
  input: CondensationInput,
  catalogue: readonly PlateModel[],
): CondensationDesign {
  const pIn = finiteInput('steam.p', input.steam.p);
  const p = input.steam.gauge ? pIn + ATM_MPA : pIn;
  let sat;
  try {
    sat = saturationAtP(p);
  } catch {
    throw new PheInputError('steam.p', 'property_range', { min: 0.001, max: 16.5 });
  }
  const ts = sat.t_sat_c;
  const inlet = steamInlet(p, input.steam.state, sat);
  const tco = input.condensate_out ?? ts;
  finiteInput('condensate_out', tco);
  if (tco > ts + 1e-9)
    throw new PheInputError('condensate_out', 'above_saturation', {
      t_sat: Math.round(ts * 100) / 100,
    });
  const w = input.water;
  finiteInput('water.t_in', w.t_in);
  finiteInput('water.t_out', w.t_out);
  if (w.t_out <= w.t_in) throw new PheInputError('water.t_out', 'cold_must_heat', { t_in: w.t_in });
  if (tco <= w.t_in)
    throw new PheInputError('condensate_out', 'temperature_cross', { water_in: w.t_in });
  if (w.t_out >= inlet.t)
    throw new PheInputError('water.t_out', 'temperature_cross', {
      steam_in: Math.round(inlet.t * 100) / 100,
    });
  positive('dp_max', input.dpMax);
  if (!Number.isFinite(input.marginMin) || input.marginMin < 0 || input.marginMin > 100)
    throw new PheInputError('margin', 'range', { min: 0, max: 100 });
  const pw = w.p ?? 0.6;
  const wMean = liquid((w.t_in + w.t_out) / 2, pw, 'water.t_in');
  const hCond = tco >= ts - 1e-9 ? sat.h_liquid : enthalpy(tco, p);
  let Q: number;
  if (input.q !== undefined) Q = positive('q', input.q);
  else if (w.m !== undefined) Q = (positive('water.m', w.m) * wMean.cp * (w.t_out - w.t_in)) / 1000;
  else throw new PheInputError('q', 'underdetermined');
  const mw = w.m ?? (Q * 1000) / (wMean.cp * (w.t_out - w.t_in));
  const D = Q / (inlet.h - hCond);
  const Cw = (mw * wMean.cp) / 1000;
  const qsc = D * (sat.h_liquid - hCond),
    qc = D * (Math.min(inlet.h, sat.h_vapour) - sat.h_liquid),
    qds = D * Math.max(inlet.h - sat.h_vapour, 0);
  const ta = w.t_in + qsc / Cw,
    tb = ta + qc / Cw;
  const zones: Zone[] = [];
  const wf = (a: number, b: number) => liquid((a + b) / 2, pw, 'water.t_in');
  if (qsc > 1e-9)
    zones.push({
      name: 'subcooling',
      q: qsc,
      hot: [ts, tco],
      cold: [w.t_in, ta],
      steam: liquid((ts + tco) / 2, p, 'condensate_out'),
      water: wf(w.t_in, ta),
    });
  zones.push({
    name: 'condensing',
    q: qc,
    hot: [ts, ts],
    cold: [ta, tb],
    steam: null,
    water: wf(ta, tb),
  });
  if (qds > 1e-9)
    zones.push({
      name: 'desuperheating',
      q: qds,
      hot: [inlet.t, ts],
      cold: [tb, w.t_out],
      steam: water((inlet.t + ts) / 2, p, 'steam.t'),
      water: wf(tb, w.t_out),
    });
  for (const z of zones) {
    if (z.hot[0] - z.cold[1] <= 0 || z.hot[1] - z.cold[0] <= 0)
      throw new PheInputError('water.t_out', 'impossible_approach', { zone: z.name });
  }
  const x = pheExplainer();
  x.input('steam.p_abs', p, 'MPa')
    .input('steam.t_in', inlet.t, '°C')
    .input('condensate_out', tco, '°C');
  x.input('water.t_in', w.t_in, '°C')
    .input('water.t_out', w.t_out, '°C')
    .input('margin_min', input.marginMin, '%')
    .input('water.dp_max', input.dpMax, 'kPa');
  const fouling = input.fouling ?? { steam: 0, water: 0 };
  for (const s of ['steam', 'water'] as const) {
    if (!Number.isFinite(fouling[s]) || fouling[s] < 0 || fouling[s] > 0.001)
      throw new PheInputError(`${s}.fouling`, 'range', { min: 0, max: 0.001 });
  }
  x.input('fouling.steam', fouling.steam, 'm2 K/W').input('fouling.water', fouling.water, 'm2 K/W');
  x.step('t_sat', ts, '°C');
  x.step('h_steam', inlet.h, 'kJ/kg');
  x.step('h_condensate', hCond, 'kJ/kg');
  x.step('r', sat.r, 'kJ/kg');
  x.step('q', Q, 'kW', 'steam_duty');
  x.step('steam_flow', D, 'kg/s', 'steam_duty');
  for (const z of zones) {
    x.step(`${z.name}.q`, z.q, 'kW', 'steam_duty');
    x.step(`${z.name}.lmtd`, lmtd(z.hot[0] - z.cold[1], z.hot[1] - z.cold[0]), 'K', 'lmtd');
    if (z.steam) x.e.properties.push(describe(`steam.${z.name}`, z.steam));
    x.e.properties.push(describe(`water.${z.name}`, z.water));
  }
  x.use('u_zone');
  x.use('zone_area');
  x.warn('condensing_alpha_constant', {
    alpha: input.condensing_alpha ?? DEFAULT_CONDENSING_ALPHA,
  });
  if (inlet.x < 1) x.warn('wet_steam', { x: inlet.x });

  const alphaC = input.condensing_alpha ?? DEFAULT_CONDENSING_ALPHA;
  const candidates: CondensationCandidate[] = [];
  const rejected: CondensationDesign['rejected'] = [];
  // Vapour density at the inlet for the port velocity (just above saturation for saturated or wet
  // steam, so IF97 picks the vapour region).
  const steamIn = water(Math.max(inlet.t, ts + 1e-3), p, 'steam.t');
  for (const model of catalogue) {
    const g = geometryOf(model);
    const portArea = (Math.PI * model.port.diameter ** 2) / 4;
    const steamPortVelocity = D / (steamIn.rho * portArea);
    if (steamPortVelocity > STEAM_PORT_VELOCITY_MAX) {
      rejected.push({ model: model.id, reason: 'port_velocity' });
      continue;
    }
    const evaluate = (n: number) => {
      const ch = channelsFor(n);
      let required = 0;
      const out: ZoneOut[] = [];
      for (const z of zones) {
        const ws = sideOf(model, z.water, mw, ch.cold, 1);
        const aSteam = z.steam ? sideOf(model, z.steam, D, ch.hot, 1).alpha : alphaC;
        const u =
          1 /
          (1 / aSteam +
            model.geometry.thickness / model.wallConductivity +
            1 / ws.alpha +
            fouling.steam +
            fouling.water);
        const lm = lmtd(z.hot[0] - z.cold[1], z.hot[1] - z.cold[0]);
        const area = (z.q * 1000) / (u * lm);
        required += area;
        out.push({
          name: z.name,
          q: q(z.q, 'kW'),
          steam: { t_in: q(z.hot[0], '°C'), t_out: q(z.hot[1], '°C') },
          water: { t_in: q(z.cold[0], '°C'), t_out: q(z.cold[1], '°C') },
          lmtd: q(lm, 'K'),
          alpha_steam: q(aSteam, 'W/(m2 K)'),
          alpha_water: q(ws.alpha, 'W/(m2 K)'),
          u: q(u, 'W/(m2 K)'),
          area: q(area, 'm2'),
        });
      }
      const wSide = sideOf(model, wMean, mw, ch.cold, 1);
      const area = (n - 2) * g.plateArea;
      return { n, required, area, margin: area / required - 1, zones: out, wSide };
    };
    const ok = (r: ReturnType<typeof evaluate>) =>
      r.margin * 100 >= input.marginMin &&
      r.wSide.dp <= input.dpMax * 1000 &&
      r.wSide.w <= model.limits.channelVelocityMax;
    let lo = model.frame.minPlates,
      hi = model.frame.maxPlates;
    const top = evaluate(hi);
    if (!ok(top)) {
      rejected.push({
        model: model.id,
        reason: top.wSide.dp > input.dpMax * 1000 ? 'dp' : 'frame_too_small',
      });
      continue;
    }
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ok(evaluate(mid))) hi = mid;
      else lo = mid + 1;
    }
    const r = evaluate(lo);
    candidates.push({
      model: { id: model.id, name: model.name, demo: model.demo },
      plates: q(r.n, 'pcs'),
      area: q(r.area, 'm2'),
      area_required: q(r.required, 'm2'),
      margin: q(r.margin * 100, '%'),
      zones: r.zones,
      water_velocity: q(r.wSide.w, 'm/s'),
      water_dp: q(r.wSide.dp / 1000, 'kPa'),
      steam_port_velocity: q(steamPortVelocity, 'm/s'),
      price: q(model.price.frame + r.n * model.price.plate, 'kopecks'),
    });
  }
  candidates.sort((a, b) => a.price.value - b.price.value || a.area.value - b.area.value);
  if (catalogue.some((m) => m.demo)) x.warn('demo_catalogue');
  return assertFinite({
    steam: {
      p_abs: q(p, 'MPa'),
      t_sat: q(ts, '°C'),
      t_in: q(inlet.t, '°C'),
      h_in: q(inlet.h, 'kJ/kg'),
      dryness: q(inlet.x, ''),
      latent_heat: q(sat.r, 'kJ/kg'),
    },
    q: q(Q, 'kW'),
    steam_flow: q(D, 'kg/s'),
    condensate_flow: q(D * 3.6, 't/h'),
    water_flow: q(mw, 'kg/s'),
    zones: zones.map((z) => ({
      name: z.name,
      q: q(z.q, 'kW'),
      steam: { t_in: q(z.hot[0], '°C'), t_out: q(z.hot[1], '°C') },
      water: { t_in: q(z.cold[0], '°C'), t_out: q(z.cold[1], '°C') },
      lmtd: q(lmtd(z.hot[0] - z.cold[1], z.hot[1] - z.cold[0]), 'K'),
    })),
    candidates: candidates.slice(0, 5),
    rejected,
    explanation: x.e,
  });
}
