// Inputs of the flow meter selection as a page form or a JSON call sends them: flat text values in
// the units people think in (kW, MW or Gcal/h; t/h or m3/h; bar, kgf/cm2 or MPa, gauge or absolute
// said explicitly; kPa, m w.c. or bar for pressure drops), turned into the engine's input. valibot
// checks the shape; the engine checks ranges and physics and names the failing field; `units` says
// how each converted field reads in the unit the user chose, so a refusal names its limits there. Pure.
import * as v from 'valibot';
import { waterProperties } from '#features/properties/water.ts';
import { numberOf, pickRaw, rawSchemaOf } from '#features/calculations/form-input.ts';
import { ATM_MPA, MEASURED, PIPES, SCHEMES, type FlowInput, type Issue, type Pipe, type Requirements, type Scheme } from './engine.ts';

export const Q_UNITS = { kW: 1, MW: 1000, 'Gcal/h': 1163 } as const;
export const FLOW_UNITS = ['t/h', 'm3/h'] as const;
/** MPa per unit. */
export const P_UNITS = { bar: 0.1, 'kgf/cm2': 0.0980665, MPa: 1 } as const;
export const P_KINDS = ['gauge', 'absolute'] as const;
/** kPa per unit. */
export const DP_UNITS = { kPa: 1, 'm w.c.': 9.80665, bar: 100 } as const;
export const MODES = ['loads', 'flows'] as const;

/** The dictionary key of a unit (calcFlow.unit.<key>): 'm3/h' → m3_h, 'm w.c.' → m_w_c. */
export const unitKey = (u: string) => u.replace(/[^A-Za-z0-9]+/g, '_').replace(/_$/, '');

/** How a field reads in the unit the user chose: its unit (and pressure kind) and the engine's figure turned into it. */
export interface UserUnit {
  unit: string;
  kind?: (typeof P_KINDS)[number];
  of: (engine: number) => number;
}

const DIGITS = 4;
/**
 * A figure in the user's unit rounded to 4 significant digits (as the other figures of a message); a
 * limit is rounded inwards (a lower limit up, an upper one down) so every value between the limits
 * shown is accepted. Float noise of the conversion (25.000000000000004) is not a digit.
 */
export function shownFigure(x: number, dir: 'up' | 'down' | 'near' = 'near'): number {
  if (x === 0) return 0; // never -0
  if (!Number.isFinite(x)) return x;
  const near = Number(x.toPrecision(DIGITS));
  if (dir === 'near' || Math.abs(near - x) <= Math.abs(x) * 1e-12) return near;
  const e = Math.floor(Math.log10(Math.abs(x))) - (DIGITS - 1);
  const scaled = e >= 0 ? x / 10 ** e : x * 10 ** -e;
  const r = dir === 'up' ? Math.ceil(scaled) : Math.floor(scaled);
  return Number((e >= 0 ? r * 10 ** e : r / 10 ** -e).toPrecision(DIGITS));
}

export const FIELDS = [
  'scheme', 'mode', 'q_heat', 'q_dhw', 'q_unit', 't_supply', 't_return', 't_dhw', 't_cold', 'p', 'p_unit', 'p_kind', 'min_share', 'make_up',
  'flow_unit', ...PIPES.flatMap((p) => [`g_${p}`, `gmin_${p}`, `dn_${p}`]), 'margin', 'v_min', 'v_max', 'dp_available', 'dp_unit',
  'region', 'city', 'organisation', 'limit',
] as const;
const RawSchema = rawSchemaOf(FIELDS);
export type RawInput = v.InferOutput<typeof RawSchema>;

/** The flat values of a form or JSON body, shape-checked (every field optional text). */
export const rawInput = (values: Record<string, unknown>): RawInput => pickRaw(RawSchema, FIELDS, values);

export const DEFAULTS = { min_share: 10, make_up: 2, margin: 90, v_min: 0.3, v_max: 5, p: 6, t_dhw: 60, t_cold: 5 } as const;

/**
 * The engine's input; `issues` holds what the engine cannot see (bad units, unreadable numbers);
 * `units` how the converted fields (loads, pressure, flows, pressure drop) read in the user's units.
 */
export function flowInputOf(r: RawInput, requirements: Requirements | null): { input: FlowInput; issues: Issue[]; units: Record<string, UserUnit> } {
  const issues: Issue[] = [];
  const fail = (field: string, key: string) => {
    if (!issues.some((i) => i.field === field)) issues.push({ field, key });
  };
  const pick = <K extends string>(field: keyof RawInput, allowed: readonly K[], fallback: K): K => {
    const x = r[field];
    if (x === undefined || x === '') return fallback;
    if ((allowed as readonly string[]).includes(x)) return x as K;
    fail(field, 'unit');
    return fallback;
  };
  const num = (field: keyof RawInput): number | undefined => {
    const n = numberOf(r[field]);
    if (n !== undefined && !Number.isFinite(n)) {
      fail(field, 'number');
      return undefined;
    }
    return n;
  };
  const scheme = pick<Scheme>('scheme', SCHEMES, 'closed_dependent');
  const mode = pick('mode', MODES, 'loads');
  const qUnit = pick('q_unit', Object.keys(Q_UNITS) as Array<keyof typeof Q_UNITS>, 'kW');
  const pUnit = pick('p_unit', Object.keys(P_UNITS) as Array<keyof typeof P_UNITS>, 'bar');
  const pKind = pick('p_kind', P_KINDS, 'gauge');
  const flowUnit = pick('flow_unit', FLOW_UNITS, 't/h');
  const dpUnit = pick('dp_unit', Object.keys(DP_UNITS) as Array<keyof typeof DP_UNITS>, 'kPa');
  const t1 = num('t_supply'), t2 = num('t_return');
  const tDhw = num('t_dhw') ?? DEFAULTS.t_dhw;
  const pRaw = num('p') ?? DEFAULTS.p;
  const pOffset = pKind === 'gauge' ? ATM_MPA : 0;
  const p = pRaw * P_UNITS[pUnit] + pOffset;
  const qHeat = num('q_heat'), qDhw = num('q_dhw');
  const temp: Record<Pipe, number | undefined> = { supply: t1, return: t2, dhw: tDhw, make_up: t2 };
  /** Density at the pipe's temperature, kg/m3, when a volume flow needs it and the temperature reads. */
  const rhoOf = (pipe: Pipe): number | undefined => {
    const t = temp[pipe];
    if (flowUnit === 't/h' || t === undefined || !Number.isFinite(t)) return undefined;
    try {
      return waterProperties(t, p).rho;
    } catch {
      return undefined; // the engine names the temperature with its own range message
    }
  };
  const units: Record<string, UserUnit> = {
    p: { unit: pUnit, kind: pKind, of: (mpa) => (mpa - pOffset) / P_UNITS[pUnit] },
    dp_available: { unit: dpUnit, of: (kpa) => kpa / DP_UNITS[dpUnit] },
    q_heat: { unit: qUnit, of: (kw) => kw / Q_UNITS[qUnit] },
    q_dhw: { unit: qUnit, of: (kw) => kw / Q_UNITS[qUnit] },
  };
  const flows: FlowInput['flows'] = {};
  const pipeDn: FlowInput['pipe_dn'] = {};
  for (const pipe of MEASURED[scheme]) {
    // A flow in t/h; m3/h becomes mass with the density at the pipe's temperature (when it reads;
    // else the figure goes on as typed and is refused in the same terms).
    const rho = rhoOf(pipe);
    const flow = (field: keyof RawInput): number | undefined => {
      const x = num(field);
      return x === undefined || rho === undefined ? x : (x * rho) / 1000;
    };
    units[`g_${pipe}`] = units[`gmin_${pipe}`] = { unit: flowUnit, of: (th) => (rho === undefined ? th : (th * 1000) / rho) };
    const design = flow(`g_${pipe}`);
    const min = flow(`gmin_${pipe}`);
    if (mode === 'flows') flows[pipe] = { design: design ?? (undefined as unknown as number), ...(min !== undefined ? { min } : {}) };
    const dn = num(`dn_${pipe}`);
    if (dn !== undefined) pipeDn[pipe] = dn;
  }
  const dp = num('dp_available');
  const input: FlowInput = {
    scheme, mode,
    q_heat_kw: qHeat === undefined ? (mode === 'loads' ? undefined : 0) : qHeat * Q_UNITS[qUnit],
    q_dhw_kw: qDhw === undefined ? undefined : qDhw * Q_UNITS[qUnit],
    flows: mode === 'flows' ? flows : undefined,
    t_supply_c: t1 ?? (issues.some((i) => i.field === 't_supply') ? Number.NaN : (fail('t_supply', 'required'), Number.NaN)),
    t_return_c: t2 ?? (issues.some((i) => i.field === 't_return') ? Number.NaN : (fail('t_return', 'required'), Number.NaN)),
    t_dhw_c: tDhw,
    t_cold_c: num('t_cold') ?? DEFAULTS.t_cold,
    p_mpa: p,
    min_share_pct: num('min_share') ?? DEFAULTS.min_share,
    make_up_pct: num('make_up') ?? DEFAULTS.make_up,
    pipe_dn: pipeDn,
    margin_pct: num('margin') ?? DEFAULTS.margin,
    v_min_ms: num('v_min') ?? DEFAULTS.v_min,
    v_max_ms: num('v_max') ?? DEFAULTS.v_max,
    dp_available_kpa: dp === undefined ? undefined : dp * DP_UNITS[dpUnit],
    requirements,
    limit: num('limit'),
  };
  if (mode === 'loads' && qHeat === undefined && qDhw === undefined && !issues.some((i) => i.field === 'q_heat')) fail('q_heat', 'required');
  return { input, issues, units };
}
