// Words for the explanations of both calculation engines (pump engine and PHE engine): every input
// and step key, formula id, warning code and property stream an engine writes is turned into
// an i18n key under `calcExplain.*`, so a page never shows a raw key like `system.k`. Pure: the
// explanation component, the saved calculation page and the tests share it.
//
// Keys with a running number (motor2.in, energy.point3.q) share one label with an {n} parameter.
// Symbols are language-neutral mathematics (as the formula texts are) and live here.
import type { Params } from '#lib/i18n/translate.ts';
import { WATER_MODEL } from './engine/water.ts';
import { VISCOSITY_METHOD } from './engine/viscosity.ts';
import { SOURCE as GLYCOL_SOURCE } from './fluids/glycol.ts';

export type ExplainEngine = 'pump' | 'phe';
export type LabelKind = 'term' | 'formula' | 'warning' | 'stream';

/** 'pump-engine' → 'pump', 'phe-engine' → 'phe'; an unknown engine is read as the pump engine. */
export function engineOf(name: string): ExplainEngine {
  return name.startsWith('phe') ? 'phe' : 'pump';
}

const NUMBERED = /^(motor|energy\.point)(\d+)\./;

/** The i18n key and its parameters for one key of an explanation. */
export function labelKey(
  engine: ExplainEngine,
  kind: LabelKind,
  key: string,
): { key: string; params?: Params } {
  const m = NUMBERED.exec(key);
  const base = m ? key.replace(NUMBERED, `${m[1]}N.`) : key;
  const path = `calcExplain.${engine}.${kind}.${base.replace(/\./g, '_')}`;
  return m ? { key: path, params: { n: Number(m[2]) } } : { key: path };
}

/** Mathematical symbol of a quantity (the one used in the formulas), or '' when it has none. */
export function symbolOf(engine: ExplainEngine, key: string): string {
  const base = key.replace(NUMBERED, (_s, a: string) => `${a}N.`);
  return (engine === 'pump' ? PUMP_SYMBOLS : PHE_SYMBOLS)[base] ?? '';
}

const PUMP_SYMBOLS: Record<string, string> = {
  q_d: 'Q_d',
  h_d: 'H_d',
  h_static: 'H_st',
  temperature: 't',
  rho: 'ρ',
  kop_per_kwh: 'c_e',
  npsh_available: 'NPSHa',
  h_set: 'H_set',
  duty: 'N',
  standby: 'N_r',
  type_use: '',
  'system.k': 'k',
  'curve.max_residual': 'ΔH_fit',
  'trim.ratio': 'D/D₀',
  'speed.ratio': 'r = n/n₀',
  'duty.q': 'Q',
  'duty.h': 'H',
  'duty.p_hyd': 'P_hyd',
  'duty.eta': 'η',
  'duty.p2': 'P₂',
  'duty.p1': 'P₁',
  'motor.eta': 'η_motor',
  'vfd.eta': 'η_VFD',
  'motor.p2_max_curve': 'P₂,max',
  'motor.p2_rated': 'P₂,rated',
  'npsh.required': 'NPSHr',
  'bep.q': 'Q_BEP',
  'bep.ratio': 'Q/Q_BEP',
  'energy.pointN.q': 'Q_i',
  'energy.pointN.speed_ratio': 'r_i',
  'energy.pointN.p1': 'P₁,i',
  'energy.pointN.hours': 't_i',
  'energy.annual': 'E',
  'energy.cost': 'E·c_e',
  lcc: 'LCC',
  vapour_head: 'p_v/(ρg)',
  'per_pump.q': 'Q/N',
  'composite.q': 'Q_N',
  'duty.p1_total': 'ΣP₁',
  'manifold.dn': 'DN',
  'motorN.p2': 'P₂',
  'motorN.voltage': 'U',
  'motorN.in': 'I_n',
  'motorN.ia': 'I_a',
  running_sum: 'ΣI_n',
  peak: 'I_peak',
  main_breaker: 'I_br',
  'cable.mm2': 'S',
  'cable.iz': 'I_z',
  'manifold.velocity': 'v',
  'standby.min': 'N_r,min',
  'energy.pointN.q_asked': 'Q_i,asked',
  'rank.speed_penalty': 'ΔS_r',
  'rank.motor_ratio': 'P₂,rated/P₂',
  'rank.motor_penalty': 'ΔS_m',
  'rank.score_technical': 'S_t',
  'rank.lcc_ratio': 'LCC/LCC_min',
  'rank.score': 'S',
  'rank.band_gap': 'G',
  'duty.speed_ratio': 'r = n/n₀',
  concentration: 'x',
  'viscosity.nu': 'ν',
  'viscosity.b': 'B',
  'viscosity.c_q': 'C_Q',
  'viscosity.q_w': 'Q_W',
  'viscosity.c_h': 'C_H',
  'viscosity.c_eta': 'C_η',
  'viscosity.h_stage': 'H_BEP,W/z',
  'viscosity.b_duty_speed': 'B·r^−0.5',
  'suction.p_abs': 'p_abs',
  'suction.level': 'z_s',
  'suction.loss': 'h_L,s',
  'suction.p_v': 'p_v',
  'npsh.available': 'NPSHa',
};

const side = (s: string, k: string) => `${k}${s === 'hot' ? '₁' : '₂'}`;
const PHE_SYMBOLS: Record<string, string> = {
  q: 'Q',
  lmtd: 'LMTD',
  plates: 'N',
  area: 'A',
  margin: 'margin',
  u_clean: 'U',
  u_design: 'U_d',
  ntu_required: 'NTU₁',
  duty_check: 'Q(ε-NTU)',
  'geometry.enlargement': 'Φ',
  'geometry.chevron': 'φ',
  'geometry.dh': 'D_h',
  'geometry.plate_area': 'A_p',
  'fouling.hot': 'R_f1',
  'fouling.cold': 'R_f2',
  'fouling.steam': 'R_f,steam',
  'fouling.water': 'R_f,water',
  price: '',
  effectiveness: 'P₁',
  margin_min: '',
  q_required: 'Q_req',
  duty_margin: 'margin_Q',
  c: 'c',
  t_sat: 't_s',
  h_steam: 'h_steam',
  h_condensate: 'h_cond',
  r: 'r',
  steam_flow: 'D',
  'steam.p_abs': 'p',
  'steam.t_in': 't_steam',
  condensate_out: 't_cond',
  'water.t_in': 't₂′',
  'water.t_out': 't₂″',
  'water.dp_max': 'Δp_max',
  'heating.q_max': 'Q_o,max',
  'dhw.q_max': 'Q_h,max',
  'network.supply': 'τ₁',
  'network.return': 'τ₂',
  'building.supply': 'τ₃',
  'building.return': 'τ₂,b',
  t_inside: 't_i',
  t_outdoor_design: 't_n,d',
  'dhw.t_cold': 't_c',
  'dhw.t_hot': 't_h',
  load_ratio: 'ρ',
  'break.q_rel': "Q̄'",
  'break.return': "τ₂'",
  'break.t_outdoor': "t_n'",
  'heating.flow': 'G_o',
  'heating.load_at_break': "Q_o'",
  'dhw.flow': 'G_h',
  'stage1.secondary_out': 't_h^I',
  'stage1.q': 'Q_I',
  'stage2.q': 'Q_II',
  'stage2.primary_flow': 'G_dII',
  'stage1.primary_in': 't_mix',
  'stage1.primary_out': 't_2I',
  'stage1.lmtd': 'LMTD_I',
  'stage2.lmtd': 'LMTD_II',
  'single.primary_flow': 'G_d',
  'single.lmtd': 'LMTD',
  network_flow_at_break: 'G',
  balance: "Q_o' + Q_h",
  'desuperheating.q': 'Q_ds',
  'condensing.q': 'Q_c',
  'subcooling.q': 'Q_sc',
  'desuperheating.lmtd': 'LMTD_ds',
  'condensing.lmtd': 'LMTD_c',
  'subcooling.lmtd': 'LMTD_sc',
};
for (const s of ['hot', 'cold']) {
  Object.assign(PHE_SYMBOLS, {
    [`${s}.t_in`]: side(s, 't') + '′',
    [`${s}.t_out`]: side(s, 't') + '″',
    [`${s}.m`]: side(s, 'm'),
    [`${s}.passes`]: side(s, 'N_p'),
    [`${s}.dp_max`]: side(s, 'Δp_max,'),
    [`${s}.velocity`]: side(s, 'w'),
    [`${s}.re`]: side(s, 'Re'),
    [`${s}.nu`]: side(s, 'Nu'),
    [`${s}.f`]: side(s, 'f'),
    [`${s}.alpha`]: side(s, 'α'),
    [`${s}.dp_channel`]: side(s, 'Δp_ch,'),
    [`${s}.port_velocity`]: side(s, 'w_port,'),
    [`${s}.dp_port`]: side(s, 'Δp_port,'),
    [`${s}.pr`]: side(s, 'Pr'),
    [`${s}.mu_ratio`]: `(μ/μ_w)${s === 'hot' ? '₁' : '₂'}`,
    [`${s}.f_martin`]: side(s, 'f_M'),
    [`${s}.nu_factor`]: side(s, 'c_Nu'),
    [`${s}.nu_c`]: side(s, 'C'),
    [`${s}.nu_n`]: side(s, 'n'),
  });
}

// Units and their symbols are the kit's unit table (kit/units.ts: unitKey, unitOf, displayValue).

/** Columns of the water properties table (PHE explanations). */
export const PROPERTY_COLUMNS = ['t_c', 'p_mpa', 'rho', 'cp', 'mu', 'lambda', 'pr'] as const;
export const PROPERTY_SYMBOLS: Record<(typeof PROPERTY_COLUMNS)[number], string> = {
  t_c: 't',
  p_mpa: 'p',
  rho: 'ρ',
  cp: 'c_p',
  mu: 'μ',
  lambda: 'λ',
  pr: 'Pr',
};

/** Engines whose formula texts have words in the dictionaries (calcExplain.math.<engine>.<id>). */
export type MathEngine = ExplainEngine | 'btp' | 'flow';

/**
 * The formula text in the user's language: the engine writes mathematics with a few words
 * ('solved by Brent on …'); the dictionary has the same formula with its words translated. A
 * formula without words (or an id no dictionary knows) is shown as the engine wrote it.
 */
export function mathText(
  t: (key: string) => string,
  engine: MathEngine,
  id: string,
  text: string,
): string {
  const key = `calcExplain.math.${engine}.${id}`;
  const own = t(key);
  return own === key ? text : own;
}

/** Data sources as a reader can look them up: internal notes (calculations.md) are not shown. */
export function publicSources(source: readonly string[]): string[] {
  return source
    .flatMap((s) => s.split(/;\s*/))
    .map((s) =>
      s
        .replace(/\s*\((?:[^()]*\b)?calculations\.md[^()]*\)/g, '')
        .replace(/^calculations\.md(?:\s*§[\d.]+,?)*\s*/, '')
        .trim(),
    )
    .filter((s, i, all) => s.length > 0 && !/calculations\.md/.test(s) && all.indexOf(s) === i);
}

/** Source texts the engines write → calcExplain.source.known.<id> (a text not listed is shown as written). */
const KNOWN_SOURCES: Record<string, string> = {
  [WATER_MODEL]: 'water_if97',
  [GLYCOL_SOURCE]: 'glycol_melinder',
  [VISCOSITY_METHOD]: 'viscosity_hi',
  'SP 30.13330.2020 (internal water supply: booster sets with a standby pump)': 'sp30',
  'SP 60.13330.2020 (heating: circulation pumps, at least one standby)': 'sp60',
  'SP 10.13130.2020 (internal fire water supply: standby pump, fixed speed, two feeders)': 'sp10',
  'IEC 60898-1 trip curves': 'iec60898',
  'PUE-7 table 1.3.6 [unverified]': 'pue7',
  'IAPWS-IF97 (regions 1, 2, 4; backward T(p,h)), IAPWS 2008 viscosity, IAPWS 2011 thermal conductivity':
    'if97_phe',
  'Martin (1996), VDI Heat Atlas: plate channel heat transfer and friction': 'martin',
  'Kandlikar & Shah (1989): multipass plate exchanger effectiveness': 'kandlikar',
  'SP 41-101-95 (two-stage DHW at the break point of the temperature chart)': 'sp41_dhw',
  'SP 41-101-95': 'sp41',
  'IAPWS-IF97 region 1 (density, enthalpy), src/features/properties': 'if97_region1',
  'IAPWS-IF97 region 1 (density, enthalpy)': 'if97_region1',
  'Rules of commercial heat metering, Government Decree No. 1034 of 18.11.2013 (scheme of measured pipes, accuracy) [unverified clause wording]':
    'metering_rules',
  'Reducer loss coefficients after Idelchik, Handbook of Hydraulic Resistance, conical contraction and diffuser [unverified]':
    'idelchik',
  'Catalogue data of the chosen equipment (demo data where marked)': 'catalogue_data',
};

/** One data source in the user's language: the catalogue item, the curve fit and the published references. */
export function sourceText(s: string, t: (key: string, params?: Params) => string): string {
  const known = KNOWN_SOURCES[s];
  if (known) return t(`calcExplain.source.known.${known}`);
  const cat = /^catalogue:(.+?)( \(demo\))?$/.exec(s);
  if (cat)
    return `${t('calcExplain.source.catalogue', { sku: cat[1]! })}${cat[2] ? ` ${t('calcExplain.source.demo')}` : ''}`;
  const fit = /^curve fit: (poly2|poly3|pchip)$/.exec(s);
  if (fit) return t('calcExplain.source.curveFit', { kind: t(`calcExplain.source.fit.${fit[1]}`) });
  return s;
}

/** The sources of an explanation as the page prints them: public ones only, each in the user's language. */
export const sourcesText = (
  source: readonly string[],
  t: (key: string, params?: Params) => string,
): string[] => publicSources(source).map((s) => sourceText(s, t));
