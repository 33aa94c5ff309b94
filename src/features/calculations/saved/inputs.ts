// The inputs of a saved calculation as the saved page and the .xlsx list them: each field named as
// on the calculation's own form (calcPumps.*, hx.fields.*, calcFlow.fields.*), the unit chosen on the
// form written after its figures in the user's language (the unit choices themselves fold into
// those figures), choices from a list by their words. Fields no form of the kind has are left out:
// the selection never read them. Pure.
import type { T } from '#lib/i18n/index.ts';
import { HX_DUTY_FIELDS } from '#features/calculations/hx/hx.schema.ts';

export type InputRow = [label: string, value: string];

/** The key part of a unit or option ('m3/h' → 'm3_h', 'm w.c.' → 'm_w_c'), as the forms build it. */
const keyOf = (u: string) => u.replace(/[^A-Za-z0-9]+/g, '_').replace(/_$/, '');

/** A word of a list, or the value as typed when the list has no such entry. */
function word(t: T, prefix: string, value: string): string {
  const key = `${prefix}.${keyOf(value)}`;
  const w = t(key);
  return w === key ? value : w;
}

type Field = (t: T, value: string, inputs: Record<string, string>) => InputRow | null;

/** A figure with the unit chosen in `unitField` (or its default), the unit's words under `prefix`. */
const withUnitOf =
  (
    label: string,
    unitField: string,
    fallback: string,
    prefix: string,
    params?: Record<string, string>,
  ): Field =>
  (t, value, inputs) => [
    t(label, params),
    value === '' ? value : `${value} ${word(t, prefix, inputs[unitField] || fallback)}`,
  ];
const plain =
  (label: string, params?: Record<string, string | number>): Field =>
  (t, value) => [t(label, params), value];
const fixedUnit =
  (label: string, unitKey: string): Field =>
  (t, value) => [t(label), value === '' ? value : `${value} ${t(unitKey)}`];
const choice =
  (label: string, prefix: string): Field =>
  (t, value) => [t(label), value === '' ? value : word(t, prefix, value)];
const flag =
  (label: string): Field =>
  (t, value) => [
    t(label),
    t(
      ['1', 'true', 'on', 'yes'].includes(value.trim().toLowerCase())
        ? 'calcSaved.input.yes'
        : 'calcSaved.input.no',
    ),
  ];
const folded: Field = () => null;

const PUMP: Record<string, Field> = {
  q: withUnitOf('calcPumps.fields.q', 'q_unit', 'm3/h', 'calcPumps.units'),
  q_unit: folded,
  h: withUnitOf('calcPumps.fields.h', 'h_unit', 'm', 'calcPumps.units'),
  h_static: withUnitOf('calcPumps.fields.h_static', 'h_unit', 'm', 'calcPumps.units'),
  h_unit: folded,
  temperature_c: fixedUnit('calcPumps.fields.temperature_c', 'calcExplain.unit.degC'),
  npsh_available_m: fixedUnit('calcPumps.fields.npsh_available_m', 'calcExplain.unit.m'),
  type_use: choice('calcStation.typeUse.label', 'calcStation.typeUse'),
  count: plain('calcPumps.fields.count'),
  standby: plain('calcPumps.fields.standby'),
  speed_control: flag('calcPumps.page.speedControl'),
  // the liquid and the suction side
  medium: choice('calcPumps.fields.medium', 'hx.media'),
  concentration: plain('calcPumps.fields.concentration'),
  suction_p: withUnitOf('calcPumps.fields.suction_p', 'suction_p_unit', 'kPa', 'calcPumps.units'),
  suction_p_unit: folded,
  suction_level_m: plain('calcPumps.fields.suction_level_m'),
  suction_loss_m: plain('calcPumps.fields.suction_loss_m'),
  ...Object.fromEntries(
    ['100', '75', '50', '25'].map((p) => [
      `hours_${p}`,
      (t: T, value: string): InputRow => [
        t('calcPumps.page.hoursAt', { p }),
        value === '' ? value : `${value} ${t('calcExplain.unit.h')}`,
      ],
    ]),
  ),
  load_profile: plain('calcPumps.fields.load_profile'),
  electricity_price: plain('calcPumps.page.price'),
  years: plain('calcPumps.fields.years'),
  discount_rate: plain('calcPumps.fields.discount_rate'),
  sort: choice('calcPumps.fields.sort', 'calcPumps.sort'),
  limit: plain('calcPumps.fields.limit'),
  // control cabinet
  pumps: plain('calcPumps.fields.pumps'),
  p2_kw: fixedUnit('calcPumps.fields.p2_kw', 'calcExplain.unit.kW'),
  voltage_v: fixedUnit('calcPumps.fields.voltage_v', 'calcExplain.unit.V'),
  duty: plain('calcPumps.fields.duty'),
  method: choice('calcPumps.fields.method', 'calcPumps.method'),
  control_mode: choice('calcPumps.fields.control_mode', 'calcPumps.mode'),
  ats: flag('calcPumps.page.ats'),
  dry_run: flag('calcPumps.page.dryRun'),
  sensors: plain('calcPumps.page.sensors'),
  communication: plain('calcPumps.page.communication'),
};

/** Pressure with its unit and gauge/absolute, as the forms of heat exchangers and flow meters take it. */
const pressure =
  (label: string, prefix: string): Field =>
  (t, value, inputs) => [
    t(label),
    value === ''
      ? value
      : `${value} ${word(t, prefix, inputs.p_unit || 'bar')} (${word(t, prefix, inputs.p_kind || 'gauge')})`,
  ];

// The heat exchanger's duty fields as the form names them (one list, hx.schema.ts).
const HX_FIELD_NAMES = [
  ...HX_DUTY_FIELDS.shared,
  ...HX_DUTY_FIELDS.to1,
  ...HX_DUTY_FIELDS.to2,
  ...HX_DUTY_FIELDS.to3,
];
const HX: Record<string, Field> = {
  ...Object.fromEntries(HX_FIELD_NAMES.map((f) => [f, plain(`hx.fields.${f}`)])),
  ...Object.fromEntries(
    ['q', 'heating_q', 'dhw_q'].map((f) => [
      f,
      withUnitOf(`hx.fields.${f}`, 'q_unit', 'kW', 'hx.units'),
    ]),
  ),
  ...Object.fromEntries(
    ['hot_flow', 'cold_flow', 'water_flow'].map((f) => [
      f,
      withUnitOf(`hx.fields.${f}`, 'flow_unit', 't/h', 'hx.units'),
    ]),
  ),
  ...Object.fromEntries(
    ['hot_p', 'cold_p', 'steam_p'].map((f) => [f, pressure(`hx.fields.${f}`, 'hx.units')]),
  ),
  ...Object.fromEntries(
    ['hot_dp_max', 'cold_dp_max', 'water_dp_max'].map((f) => [
      f,
      withUnitOf(`hx.fields.${f}`, 'dp_unit', 'kPa', 'hx.units'),
    ]),
  ),
  steam_state: choice('hx.fields.steam_state', 'hx.units'),
  hot_medium: choice('hx.fields.hot_medium', 'hx.media'),
  cold_medium: choice('hx.fields.cold_medium', 'hx.media'),
  hot_concentration: plain('hx.fields.hot_concentration'),
  cold_concentration: plain('hx.fields.cold_concentration'),
  // rating a given pack
  mode: choice('hx.fields.mode', 'hx.modes'),
  model: plain('hx.fields.model'),
  plates: plain('hx.fields.plates'),
  hot_fouling: plain('hx.fields.hot_fouling'),
  cold_fouling: plain('hx.fields.cold_fouling'),
  hot_passes: plain('hx.fields.hot_passes'),
  cold_passes: plain('hx.fields.cold_passes'),
  q_unit: folded,
  flow_unit: folded,
  p_unit: folded,
  p_kind: folded,
  dp_unit: folded,
};

const PIPES = ['supply', 'return', 'dhw', 'make_up'];
const pipeField =
  (label: string, pipe: string, unit: boolean): Field =>
  (t, value, inputs) => {
    const name = t(label, { pipe: t(`calcFlow.pipe.${pipe}`) });
    return [
      name,
      value === '' || !unit
        ? value
        : `${value} ${word(t, 'calcFlow.unit', inputs.flow_unit || 't/h')}`,
    ];
  };
const FLOW: Record<string, Field> = {
  scheme: choice('calcFlow.fields.scheme', 'calcFlow.scheme'),
  mode: choice('calcFlow.fields.mode', 'calcFlow.mode'),
  q_heat: withUnitOf('calcFlow.fields.q_heat', 'q_unit', 'kW', 'calcFlow.unit'),
  q_dhw: withUnitOf('calcFlow.fields.q_dhw', 'q_unit', 'kW', 'calcFlow.unit'),
  t_supply: plain('calcFlow.fields.t_supply'),
  t_return: plain('calcFlow.fields.t_return'),
  t_dhw: plain('calcFlow.fields.t_dhw'),
  t_cold: plain('calcFlow.fields.t_cold'),
  p: pressure('calcFlow.fields.p', 'calcFlow.unit'),
  min_share: plain('calcFlow.fields.min_share'),
  make_up: plain('calcFlow.fields.make_up'),
  ...Object.fromEntries(
    PIPES.flatMap((p) => [
      [`g_${p}`, pipeField('calcFlow.fields.g', p, true)],
      [`gmin_${p}`, pipeField('calcFlow.fields.gmin', p, true)],
      [`dn_${p}`, pipeField('calcFlow.fields.dn', p, false)],
    ]),
  ),
  margin: plain('calcFlow.fields.margin'),
  v_min: plain('calcFlow.fields.v_min'),
  v_max: plain('calcFlow.fields.v_max'),
  dp_available: withUnitOf('calcFlow.fields.dp_available', 'dp_unit', 'kPa', 'calcFlow.unit'),
  region: plain('calcFlow.fields.region'),
  city: plain('calcFlow.fields.city'),
  organisation: plain('calcFlow.fields.organisation'),
  limit: plain('calcFlow.fields.limit'),
  q_unit: folded,
  flow_unit: folded,
  p_unit: folded,
  p_kind: folded,
  dp_unit: folded,
};

const FORMS: Record<string, Record<string, Field>> = {
  pump: PUMP,
  station: PUMP,
  control: PUMP,
  to1: HX,
  to2: HX,
  to3: HX,
  'flow-meter': FLOW,
};

/** The saved inputs in form order of reading, named and with units; a kind without a form here lists them as stored. */
export function inputRows(kind: string, inputs: Record<string, string>, t: T): InputRow[] {
  const form = FORMS[kind];
  if (!form) return Object.entries(inputs);
  return Object.entries(inputs).flatMap(([k, value]) => {
    const f = Object.hasOwn(form, k) ? form[k] : undefined;
    const row = f ? f(t, value, inputs) : null;
    return row ? [row] : [];
  });
}

/** A field's name on the kind's form, or null when the form has no such field. */
export function inputLabel(kind: string, field: string, t: T): string | null {
  const form = FORMS[kind];
  const f = form && Object.hasOwn(form, field) ? form[field] : undefined;
  return f?.(t, '', {})?.[0] ?? null;
}
