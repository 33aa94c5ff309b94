// Words for the flow meter engine's explanation: every input and step key it writes ("supply.velocity",
// "h_supply", "channels.flow") and every formula id becomes an i18n key under calcFlow.explain.*,
// with the pipe as a parameter, so a page never shows a raw key. Pure: the explanation component,
// the saved datasheet and the test that walks the engine share it.
import { PIPES } from './engine.ts';

const PIPE_KEY = new RegExp(`^(${PIPES.join('|')})\\.(.+)$`);

/** The i18n key of an explanation key and its pipe parameter code (translate it with calcFlow.pipe.*). */
export function termKey(key: string): { key: string; pipe?: string } {
  const m = PIPE_KEY.exec(key);
  const base = (m ? m[2]! : key).replace(/\./g, '_');
  return m
    ? { key: `calcFlow.explain.term.${base}`, pipe: m[1]! }
    : { key: `calcFlow.explain.term.${base}` };
}

export const formulaKey = (id: string): string => `calcFlow.explain.formula.${id}`;

const SYMBOLS: Record<string, string> = {
  t_supply: 't₁',
  t_return: 't₂',
  p_abs: 'p',
  q_heat: 'Q_h',
  q_dhw: 'Q_dhw',
  min_share: 's_min',
  margin: 'm',
  v_max: 'v_max',
  h_supply: 'h(t₁)',
  h_return: 'h(t₂)',
  g_heating: 'G_h',
  g_dhw: 'G_dhw',
  g_design: 'G',
  g_min: 'G_min',
  q_total: 'Q',
  rho: 'ρ',
  v_design: 'V',
  v_min: 'V_min',
  meter_dn: 'DN_m',
  pct_min: 'V_min/q_max',
  pct_design: 'V/q_max',
  velocity: 'v',
  dp_meter: 'Δp_m',
  dp_reducers: 'Δp_r',
  dp_total: 'Δp',
  straight_up: 'L_up',
  straight_down: 'L_down',
  price: 'C',
};

/** The symbol used in the formulas for a key, '' when it has none. */
export function symbolOf(key: string): string {
  const m = PIPE_KEY.exec(key);
  return SYMBOLS[m ? m[2]! : key] ?? '';
}
