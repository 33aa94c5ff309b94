// The heat exchanger pages' worked examples and view type (the page handler is the kit's:
// kit/kit.page.server.ts; a GET shows the query or the example, a POST answers below the form).
import type { CalculatorPage } from '#features/calculations/kit/kit.page.server.ts';
import type { HxAnswer, HxKind } from './hx.server.ts';

export type HxPage = CalculatorPage<HxAnswer>;

/** A worked example per kind, so the empty form already shows what a sensible input looks like. */
export const EXAMPLES: Record<HxKind, Record<string, string>> = {
  to1: {
    mode: 'select',
    hot_passes: '1',
    cold_passes: '1',
    hot_fouling: '0',
    cold_fouling: '0',
    q: '500',
    q_unit: 'kW',
    hot_t_in: '70',
    hot_t_out: '30',
    cold_t_in: '5',
    cold_t_out: '60',
    flow_unit: 't/h',
    p_unit: 'bar',
    p_kind: 'gauge',
    hot_dp_max: '50',
    cold_dp_max: '50',
    dp_unit: 'kPa',
    margin: '10',
  },
  to2: {
    heating_q: '1000',
    dhw_q: '400',
    q_unit: 'kW',
    network_supply: '150',
    network_return: '70',
    building_supply: '95',
    building_return: '70',
    t_inside: '20',
    t_outdoor: '-28',
    dhw_t_cold: '5',
    dhw_t_hot: '60',
    break_supply: '70',
    approach: '5',
    hot_dp_max: '50',
    cold_dp_max: '50',
    dp_unit: 'kPa',
    margin: '10',
  },
  to3: {
    steam_p: '3',
    p_unit: 'bar',
    p_kind: 'gauge',
    steam_state: 'saturated',
    water_t_in: '70',
    water_t_out: '95',
    q: '500',
    q_unit: 'kW',
    flow_unit: 't/h',
    water_dp_max: '50',
    dp_unit: 'kPa',
    margin: '10',
  },
};
