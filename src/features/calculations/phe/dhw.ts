// to2: DHW heaters in a closed heating substation (calculations.md §2.5, SP 41-101-95). The scheme
// follows the load ratio; two-stage heaters are designed at the break point of the network
// temperature chart (supply 70 °C), stage I on the heating return, stage II on network supply.
// All intermediate temperatures are returned; both heaters can then be selected with selectPlates.
import type { PlateModel } from './catalogue.ts';
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
import { selectPlates, type Selection } from './select.ts';
import type { Fouling } from './evaluate.ts';

export interface DhwInput {
  heating: {
    /** Design heating load Q_o,max, kW. */
    q_max: number;
    /** Network chart at design outdoor temperature, °C (e.g. 150/70). */
    network: { supply: number; return: number };
    /** Building (radiator) circuit at design, °C (e.g. 95/70). */
    building: { supply: number; return: number };
    t_inside: number;
    t_outdoor_design: number;
  };
  dhw: { q_max: number; t_cold: number; t_hot: number };
  /** Network supply at the break point, °C (70 closed systems, 60 open). */
  break_supply?: number;
  /** Heated water after stage I is τ₂′ − approach, K. */
  approach?: number;
  /** Stage II primary outlet, °C (a design choice, 5–10 K above the stage I outlet). */
  stage2_primary_out?: number;
  /** Single-stage heater primary outlet, °C. */
  single_primary_out?: number;
  /** Heat capacity of water used in the balance, kJ/(kg K). */
  c?: number;
}

export type DhwScheme = 'single_stage_parallel' | 'two_stage_mixed';

export interface StageOut {
  q: Quantity;
  primary: { t_in: Quantity; t_out: Quantity; m: Quantity };
  secondary: { t_in: Quantity; t_out: Quantity; m: Quantity };
  lmtd: Quantity;
}

export interface DhwDesign {
  load_ratio: Quantity;
  scheme: DhwScheme;
  break_point: { q_rel: Quantity; t_outdoor: Quantity; supply: Quantity; return: Quantity };
  /** The heating chart sampled for a plot: relative load, outdoor, supply, return. */
  chart: Array<{ q_rel: Quantity; t_outdoor: Quantity; supply: Quantity; return: Quantity }>;
  heating_flow: Quantity;
  heating_load_at_break: Quantity;
  dhw_flow: Quantity;
  stages: StageOut[];
  network_flow_at_break: Quantity;
  balance: Quantity;
  explanation: Explanation;
}

/** Sokolov's qualitative-regulation chart: supply and return at relative load Q̄. */
export function heatingChart(
  h: DhwInput['heating'],
  qRel: number,
): { supply: number; return: number } {
  const dtPrime = (h.building.supply + h.building.return) / 2 - h.t_inside;
  const dTau = h.network.supply - h.network.return;
  const theta = h.building.supply - h.building.return;
  const supply = h.t_inside + dtPrime * qRel ** 0.8 + (dTau - theta / 2) * qRel;
  return { supply, return: supply - dTau * qRel };
}

function breakPoint(h: DhwInput['heating'], t1: number): number {
  let lo = 0,
    hi = 1;
  for (let i = 0; i < 80; i++) {
    const mid = (lo + hi) / 2;
    if (heatingChart(h, mid).supply < t1) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

function validate(input: DhwInput) {
  const h = input.heating;
  positive('heating.q_max', h.q_max);
  positive('dhw.q_max', input.dhw.q_max);
  for (const [f, x] of Object.entries({
    'heating.network.supply': h.network.supply,
    'heating.network.return': h.network.return,
    'heating.building.supply': h.building.supply,
    'heating.building.return': h.building.return,
    'heating.t_inside': h.t_inside,
    'heating.t_outdoor_design': h.t_outdoor_design,
    'dhw.t_cold': input.dhw.t_cold,
    'dhw.t_hot': input.dhw.t_hot,
  }))
    finiteInput(f, x);
  if (h.network.supply <= h.network.return)
    throw new PheInputError('heating.network.supply', 'supply_above_return');
  if (h.building.supply <= h.building.return)
    throw new PheInputError('heating.building.supply', 'supply_above_return');
  if (h.building.supply > h.network.supply)
    throw new PheInputError('heating.building.supply', 'above_network');
  if (h.t_outdoor_design >= h.t_inside)
    throw new PheInputError('heating.t_outdoor_design', 'below_inside');
  if (h.building.return <= h.t_inside)
    throw new PheInputError('heating.building.return', 'above_inside');
  if (input.dhw.t_hot <= input.dhw.t_cold) throw new PheInputError('dhw.t_hot', 'above_cold');
}

export function designDhw(input: DhwInput): DhwDesign {
  validate(input);
  const h = input.heating,
    d = input.dhw;
  const c = input.c ?? 4.19;
  const t1b = input.break_supply ?? 70;
  if (t1b <= h.t_inside || t1b >= h.network.supply)
    throw new PheInputError('break_supply', 'range', { min: h.t_inside, max: h.network.supply });
  if (t1b <= d.t_hot)
    throw new PheInputError('dhw.t_hot', 'above_break_supply', { break_supply: t1b });
  const x = pheExplainer();
  x.input('heating.q_max', h.q_max, 'kW')
    .input('dhw.q_max', d.q_max, 'kW')
    .input('network.supply', h.network.supply, '°C')
    .input('network.return', h.network.return, '°C');
  x.input('building.supply', h.building.supply, '°C')
    .input('building.return', h.building.return, '°C')
    .input('t_inside', h.t_inside, '°C')
    .input('t_outdoor_design', h.t_outdoor_design, '°C');
  x.input('dhw.t_cold', d.t_cold, '°C')
    .input('dhw.t_hot', d.t_hot, '°C')
    .input('c', c, 'kJ/(kg K)');

  const ratio = x.step('load_ratio', d.q_max / h.q_max, '', 'dhw_load_ratio');
  const scheme: DhwScheme =
    ratio >= 0.2 && ratio <= 1 ? 'two_stage_mixed' : 'single_stage_parallel';
  const qb = x.step('break.q_rel', breakPoint(h, t1b), '', 'heating_chart');
  const tRet = x.step('break.return', heatingChart(h, qb).return, '°C', 'heating_chart');
  const tOut = x.step(
    'break.t_outdoor',
    h.t_inside - qb * (h.t_inside - h.t_outdoor_design),
    '°C',
    'heating_chart',
  );
  const Go = x.step(
    'heating.flow',
    h.q_max / (c * (h.network.supply - h.network.return)),
    'kg/s',
    'balance',
  );
  const Qob = x.step('heating.load_at_break', h.q_max * qb, 'kW');
  const Gh = x.step('dhw.flow', d.q_max / (c * (d.t_hot - d.t_cold)), 'kg/s', 'balance');
  const stage = (
    qk: number,
    pin: number,
    pout: number,
    gp: number,
    sin: number,
    sout: number,
  ): StageOut => ({
    q: q(qk, 'kW'),
    primary: { t_in: q(pin, '°C'), t_out: q(pout, '°C'), m: q(gp, 'kg/s') },
    secondary: { t_in: q(sin, '°C'), t_out: q(sout, '°C'), m: q(Gh, 'kg/s') },
    lmtd: q(lmtd(pin - sout, pout - sin), 'K'),
  });
  let stages: StageOut[];
  let networkFlow: number;
  if (scheme === 'two_stage_mixed') {
    const approach = input.approach ?? 5;
    const t2II = input.stage2_primary_out ?? 45;
    const thI = x.step('stage1.secondary_out', tRet - approach, '°C', 'dhw_stage1');
    if (thI <= d.t_cold)
      throw new PheInputError('approach', 'stage1_empty', { return_at_break: round(tRet) });
    if (thI >= d.t_hot) throw new PheInputError('approach', 'stage2_empty', { t_hot: d.t_hot });
    if (t2II <= thI || t2II >= t1b)
      throw new PheInputError('stage2_primary_out', 'range', { min: round(thI), max: t1b });
    const QI = x.step('stage1.q', Gh * c * (thI - d.t_cold), 'kW', 'dhw_stage1');
    const QII = x.step('stage2.q', d.q_max - QI, 'kW', 'dhw_stage1');
    const GdII = x.step('stage2.primary_flow', QII / (c * (t1b - t2II)), 'kg/s', 'dhw_stage2_flow');
    const tMix = x.step(
      'stage1.primary_in',
      (Go * tRet + GdII * t2II) / (Go + GdII),
      '°C',
      'dhw_mix',
    );
    const t2I = x.step('stage1.primary_out', tMix - QI / (c * (Go + GdII)), '°C', 'dhw_mix');
    if (t2I <= d.t_cold) throw new PheInputError('stage2_primary_out', 'temperature_cross');
    if (tMix <= thI) throw new PheInputError('approach', 'impossible_approach');
    stages = [
      stage(QI, tMix, t2I, Go + GdII, d.t_cold, thI),
      stage(QII, t1b, t2II, GdII, thI, d.t_hot),
    ];
    networkFlow = Go + GdII;
    x.step('stage1.lmtd', stages[0]!.lmtd.value, 'K', 'lmtd');
    x.step('stage2.lmtd', stages[1]!.lmtd.value, 'K', 'lmtd');
  } else {
    const t2 = input.single_primary_out ?? 30;
    if (t2 <= d.t_cold || t2 >= t1b)
      throw new PheInputError('single_primary_out', 'range', { min: d.t_cold, max: t1b });
    const Gd = x.step('single.primary_flow', d.q_max / (c * (t1b - t2)), 'kg/s', 'balance');
    stages = [stage(d.q_max, t1b, t2, Gd, d.t_cold, d.t_hot)];
    networkFlow = Go + Gd;
    x.step('single.lmtd', stages[0]!.lmtd.value, 'K', 'lmtd');
  }
  const flow = x.step('network_flow_at_break', networkFlow, 'kg/s');
  const balance = x.step('balance', Qob + d.q_max, 'kW', 'balance');
  x.warn('normative_unverified');
  const chart = [0, 0.25, 0.5, 0.75, 1].map((qr) => {
    const t = heatingChart(h, qr);
    return {
      q_rel: q(qr, ''),
      t_outdoor: q(h.t_inside - qr * (h.t_inside - h.t_outdoor_design), '°C'),
      supply: q(t.supply, '°C'),
      return: q(t.return, '°C'),
    };
  });
  return assertFinite({
    load_ratio: q(ratio, ''),
    scheme,
    break_point: {
      q_rel: q(qb, ''),
      t_outdoor: q(tOut, '°C'),
      supply: q(t1b, '°C'),
      return: q(tRet, '°C'),
    },
    chart,
    heating_flow: q(Go, 'kg/s'),
    heating_load_at_break: q(Qob, 'kW'),
    dhw_flow: q(Gh, 'kg/s'),
    stages,
    network_flow_at_break: q(flow, 'kg/s'),
    balance: q(balance, 'kW'),
    explanation: x.e,
  });
}

/** Selects a plate exchanger for each stage of the design (same limits for both). */
export function selectDhwHeaters(
  design: DhwDesign,
  limits: {
    dpMax: { hot: number; cold: number };
    marginMin: number;
    limit?: number;
    fouling?: Fouling;
  },
  catalogue: readonly PlateModel[],
): Selection[] {
  return design.stages.map((s) =>
    selectPlates(
      {
        duty: {
          q: s.q.value,
          hot: { t_in: s.primary.t_in.value, t_out: s.primary.t_out.value },
          cold: { t_in: s.secondary.t_in.value, t_out: s.secondary.t_out.value },
        },
        dpMax: limits.dpMax,
        marginMin: limits.marginMin,
        limit: limits.limit ?? 3,
        ...(limits.fouling ? { fouling: limits.fouling } : {}),
      },
      catalogue,
    ),
  );
}

const round = (v: number) => Math.round(v * 100) / 100;
