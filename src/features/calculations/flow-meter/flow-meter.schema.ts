// Inputs of the flow meter selection as a page form or a JSON call sends them: flat text values in
// the units people think in (kW, MW or Gcal/h; t/h or m3/h; bar, kgf/cm2 or MPa, gauge or absolute
// said explicitly; kPa, m w.c. or bar for pressure drops), turned into the engine's input. valibot
// checks the shape; the engine checks ranges and physics and names the failing field. Pure.
import * as v from 'valibot';
import { waterProperties } from '#features/properties/water.ts';
import { numberOf, pickRaw, rawSchemaOf } from '#features/calculations/form-input.ts';
import { MEASURED, PIPES, SCHEMES, type FlowInput, type Issue, type Pipe, type Requirements, type Scheme } from './engine.ts';

export const Q_UNITS = { kW: 1, MW: 1000, 'Gcal/h': 1163 } as const;
export const FLOW_UNITS = ['t/h', 'm3/h'] as const;
/** MPa per unit. */
export const P_UNITS = { bar: 0.1, 'kgf/cm2': 0.0980665, MPa: 1 } as const;
export const P_KINDS = ['gauge', 'absolute'] as const;
/** kPa per unit. */
export const DP_UNITS = { kPa: 1, 'm w.c.': 9.80665, bar: 100 } as const;
export const MODES = ['loads', 'flows'] as const;
const ATM = 0.101325;

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

/** The engine's input; `issues` holds what the engine cannot see (bad units, unreadable numbers). */
export function flowInputOf(r: RawInput, requirements: Requirements | null): { input: FlowInput; issues: Issue[] } {
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
  const p = pRaw * P_UNITS[pUnit] + (pKind === 'gauge' ? ATM : 0);
  const qHeat = num('q_heat'), qDhw = num('q_dhw');
  const temp: Record<Pipe, number | undefined> = { supply: t1, return: t2, dhw: tDhw, make_up: t2 };
  /** A flow in t/h; m3/h becomes mass with the density at the pipe's temperature (when it reads). */
  const flow = (field: keyof RawInput, pipe: Pipe): number | undefined => {
    const x = num(field);
    if (x === undefined || flowUnit === 't/h') return x;
    const t = temp[pipe];
    if (t === undefined || !Number.isFinite(t)) return x;
    try {
      return (x * waterProperties(t, p).rho) / 1000;
    } catch {
      return x; // the engine names the temperature with its own range message
    }
  };
  const flows: FlowInput['flows'] = {};
  const pipeDn: FlowInput['pipe_dn'] = {};
  for (const pipe of MEASURED[scheme]) {
    const design = flow(`g_${pipe}`, pipe);
    const min = flow(`gmin_${pipe}`, pipe);
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
  return { input, issues };
}
