// The explanation every PHE result carries (the calculations kit's shape with coded warnings, plus
// the water properties used), the typed input error, and the engine's builder (the kit's one
// builder: a non-finite step throws NonFiniteError naming it at once).
import {
  Explainer as KitExplainer,
  type Explanation as KitExplanation,
  type Quantity,
  type Warning,
} from '#features/calculations/kit/explain.ts';
import { FORMULATION } from '#features/properties/water.ts';

export const ENGINE_NAME = 'phe-engine';
export const ENGINE_VERSION = '1.0.0';

// One shape of quantities, steps and warnings for every engine (pages render every engine's explanation).
export type { Quantity, Step, Warning } from '#features/calculations/kit/explain.ts';
export { assertFinite } from '#features/calculations/kit/numeric.ts';

export interface PropertiesUsed {
  /** Which stream: 'hot', 'cold', 'steam', 'condensate' (with a zone suffix where needed). */
  stream: string;
  /** A glycol solution's kind ('ethylene_glycol' | 'propylene_glycol'); absent for water. */
  medium?: string;
  /** % by mass, with `medium`. */
  concentration?: Quantity;
  t_c: Quantity;
  p_mpa: Quantity;
  rho: Quantity;
  cp: Quantity;
  mu: Quantity;
  lambda: Quantity;
  pr: Quantity;
}

export interface Explanation extends KitExplanation<Warning> {
  properties: PropertiesUsed[];
}

/** Formula texts by id; pages show them verbatim (math, not prose). */
export const FORMULAS: Record<string, string> = {
  balance: 'Q = m₁·cp₁·(t₁′ − t₁″) = m₂·cp₂·(t₂″ − t₂′)',
  lmtd: 'LMTD = (Δt_a − Δt_b)/ln(Δt_a/Δt_b)',
  enlargement: 'Φ = (1 + √(1+X²) + 4·√(1+X²/2))/6, X = 2π·a/Λ',
  hydraulic_diameter: 'D_h = 4a/Φ (gap b = 2a)',
  velocity: 'w = m/(ρ·n_ch·b·W)',
  reynolds: 'Re = ρ·w·D_h/μ',
  prandtl: 'Pr = cp·μ/λ',
  nu_generic: 'Nu = C·Re^n·Pr^(1/3)·(μ/μ_w)^0.14 (C, n calibrated per plate model)',
  nu_martin:
    'Nu = c_Nu·0.122·Pr^(1/3)·(μ/μ_w)^(1/6)·[f_M·Re²·sin 2φ]^0.374 (Martin, VDI Heat Atlas; c_Nu calibrated per plate model, f_M Martin friction before its calibration)',
  friction_generic: 'f = C_f·Re^(−m) (Darcy, calibrated per plate model)',
  friction_martin: '1/√f = cos φ/√(0.18 tan φ + 0.36 sin φ + f₀/cos φ) + (1 − cos φ)/√(3.8 f₁)',
  alpha: 'α = Nu·λ/D_h',
  u_clean: '1/U = 1/α₁ + δ/λ_w + 1/α₂',
  u_design: '1/U_d = 1/U + R_f1 + R_f2',
  area: 'A = (N − 2)·L·W·Φ',
  ntu: 'NTU₁ = U·A/C₁, R₁ = C₁/C₂',
  effectiveness_counterflow:
    'P = (1 − e^(−NTU(1−R)))/(1 − R·e^(−NTU(1−R))); R = 1: P = NTU/(1 + NTU)',
  effectiveness_passes: 'P₁(NTU₁, R₁, N_p1, N_p2): Kandlikar & Shah (1989) multipass formulas',
  margin: 'margin = A/A_req − 1, A_req = NTU_req·C₁/U_d',
  duty_margin: 'margin_Q = Q/Q_req − 1',
  dp_channel: 'Δp_ch = n_pass·f·(L_p/D_h)·ρw²/2',
  dp_port: 'Δp_port = 1.4·n_pass·ρ·w_port²/2',
  port_velocity: 'w_port = m/(ρ·π·d²/4)',
  price: 'price = frame + N·plate',
  heating_chart:
    'τ₁ = t_i + Δt′·Q̄^0.8 + (δτ′ − θ′/2)·Q̄; τ₂ = τ₁ − δτ′·Q̄; Q̄ = (t_i − t_n)/(t_i − t_n,d)',
  dhw_load_ratio: 'ρ = Q_h,max/Q_o,max: 0.2 ≤ ρ ≤ 1 two-stage, otherwise single-stage parallel',
  dhw_stage1: 't_h^I = τ₂′ − Δ; Q_I = G_h·c·(t_h^I − t_c); Q_II = Q_h − Q_I',
  dhw_stage2_flow: 'G_dII = Q_II/(c·(τ₁′ − t_2II))',
  dhw_mix: 't_mix = (G_o·τ₂′ + G_dII·t_2II)/(G_o + G_dII); t_2I = t_mix − Q_I/(c·(G_o + G_dII))',
  steam_duty: 'Q = D·(h_steam − h_cond); zones: D·(h_steam − h″), D·x·r, D·(h′ − h_cond)',
  u_zone: '1/U_zone = 1/α_steam + δ/λ_w + 1/α_water + R_f,steam + R_f,water',
  zone_area: 'A_zone = Q_zone/(U_zone·LMTD_zone); A_req = Σ A_zone',
};

/** Where the numbers come from. */
export const SOURCES = [
  FORMULATION,
  'Martin (1996), VDI Heat Atlas: plate channel heat transfer and friction',
  'Kandlikar & Shah (1989): multipass plate exchanger effectiveness',
  'SP 41-101-95 (two-stage DHW at the break point of the temperature chart)',
];

/** A refused input: the field it concerns and a stable code (a page translates it). */
export class PheInputError extends Error {
  readonly field: string;
  readonly code: string;
  readonly params: Record<string, number | string>;
  /** Further fields the same refusal concerns (an over-determined duty names every figure that disagrees). */
  readonly related: ReadonlyArray<{
    field: string;
    code: string;
    params: Record<string, number | string>;
  }>;
  constructor(
    field: string,
    code: string,
    params: Record<string, number | string> = {},
    related: PheInputError['related'] = [],
  ) {
    super(`${field}: ${code} ${JSON.stringify(params)}`);
    this.name = 'PheInputError';
    this.field = field;
    this.code = code;
    this.params = params;
    this.related = related;
  }
}

export type Explainer = KitExplainer<Warning, Explanation>;

/** The plate engine's builder: its name, formulas and sources; warnings carry their figures. */
export const pheExplainer = (): Explainer =>
  new KitExplainer<Warning, Explanation>(
    { engine: { name: ENGINE_NAME, version: ENGINE_VERSION }, formulas: FORMULAS, source: SOURCES },
    { properties: [] },
    true,
  );

export const q = (value: number, unit: string): Quantity => ({ value, unit });

/** Positive finite number or a PheInputError naming the field. */
export function positive(field: string, x: number | undefined): number {
  if (x === undefined || !Number.isFinite(x) || x <= 0) throw new PheInputError(field, 'positive');
  return x;
}

/** The smallest heat load the engines take, kW: below it a margin or a ratio to it means nothing (1e-300 kW gave a 5.6e+304 % margin). */
export const MIN_LOAD_KW = 0.1;

/** A heat load, kW: a finite number of at least MIN_LOAD_KW, or a 400 naming `field`. */
export function load(field: string, x: number | undefined): number {
  positive(field, x);
  if (x! < MIN_LOAD_KW)
    throw new PheInputError(field, 'at_least', { min: MIN_LOAD_KW, unit_key: 'kW' });
  return x!;
}

export function finiteInput(field: string, x: number | undefined): number {
  if (x === undefined || !Number.isFinite(x)) throw new PheInputError(field, 'number');
  return x;
}
