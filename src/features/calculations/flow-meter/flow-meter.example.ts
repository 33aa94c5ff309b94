// The flow meter page's worked example and its location fields (a query of these only gets the example around it).
/** A worked example: 1 Gcal/h, 95/70 °C, closed dependent scheme, DN100 pipes. */
export const EXAMPLE: Record<string, string> = {
  scheme: 'closed_dependent',
  mode: 'loads',
  q_heat: '1',
  q_dhw: '',
  q_unit: 'Gcal/h',
  t_supply: '95',
  t_return: '70',
  t_dhw: '60',
  t_cold: '5',
  p: '6',
  p_unit: 'bar',
  p_kind: 'gauge',
  min_share: '10',
  make_up: '2',
  flow_unit: 't/h',
  dn_supply: '100',
  dn_return: '100',
  margin: '90',
  v_min: '0.3',
  v_max: '5',
  dp_unit: 'kPa',
};
export const LOCATION = ['region', 'city', 'organisation'] as const;
