// Control cabinet electrics (calculations.md §2.3): rated and start currents per start method,
// component ratings, main breaker and feeder cable. Rules and sources are stated next to each
// table; the starting multiples are typical values, real Ia/In from the motor plate wins.
import { pumpExplainer, div, sqrt, type Explanation } from './explain.ts';
import type { MotorData } from './types.ts';

export const START_METHODS = ['direct', 'star_delta', 'soft_starter', 'vfd'] as const;
export type StartMethod = (typeof START_METHODS)[number];

/** I_n = P₂/(√3·U·cosφ·η); the motor plate current wins when given. */
export function ratedCurrent(
  m: Pick<MotorData, 'p2_kw' | 'voltage_v' | 'cos_phi' | 'eta'> & { in_a?: number },
): number {
  if (m.in_a && m.in_a > 0 && Number.isFinite(m.in_a)) return m.in_a;
  return div(m.p2_kw * 1000, sqrt(3) * m.voltage_v * m.cos_phi * m.eta);
}

/**
 * Start current by method: direct = Ia/In·I_n (plate, default 7); star-delta = 1/3 of direct;
 * soft starter = 3·I_n (the usual current-limit setting within 2–4·I_n); VFD = 1.5·I_n (upper
 * bound of 1–1.5·I_n). Source: calculations.md §2.3 [typical values, unverified].
 */
export function startCurrent(inA: number, method: StartMethod, iaIn = 7): number {
  const ratio = iaIn > 0 && Number.isFinite(iaIn) ? iaIn : 7;
  if (method === 'direct') return inA * ratio;
  if (method === 'star_delta') return (inA * ratio) / 3;
  if (method === 'soft_starter') return inA * 3;
  return inA * 1.5;
}

/** IEC 60947/60898 standard breaker ratings, A. */
export const BREAKER_RATINGS = [
  6, 10, 16, 20, 25, 32, 40, 50, 63, 80, 100, 125, 160, 200, 250, 320, 400, 500, 630, 800, 1000,
  1250, 1600,
];
/** AC-3 contactor ratings, A (common IEC frame sizes). */
export const CONTACTOR_RATINGS = [
  9, 12, 18, 25, 32, 38, 50, 65, 80, 95, 115, 150, 185, 225, 265, 330, 400, 500, 630, 800,
];
/** Motor-protection breaker setting ranges, A. */
export const MPCB_RANGES: Array<[number, number]> = [
  [0.1, 0.16],
  [0.16, 0.25],
  [0.25, 0.4],
  [0.4, 0.63],
  [0.63, 1],
  [1, 1.6],
  [1.6, 2.5],
  [2.5, 4],
  [4, 6.3],
  [6, 10],
  [9, 14],
  [13, 18],
  [17, 23],
  [20, 25],
  [24, 32],
  [30, 40],
  [37, 50],
  [48, 65],
  [55, 80],
  [70, 100],
  [80, 125],
  [100, 160],
  [130, 200],
  [160, 250],
  [200, 320],
  [250, 400],
  [320, 500],
  [400, 630],
];
/**
 * Copper conductors, PVC insulation, one three-core cable in air: permissible continuous current.
 * Source: PUE-7 (Russian electrical installation rules) table 1.3.6 (values as commonly quoted) [unverified — check against the edition in force].
 */
export const CABLE_TABLE: Array<[number, number]> = [
  [1.5, 19],
  [2.5, 25],
  [4, 35],
  [6, 42],
  [10, 55],
  [16, 75],
  [25, 95],
  [35, 120],
  [50, 145],
  [70, 180],
  [95, 220],
  [120, 260],
  [150, 305],
  [185, 350],
  [240, 405],
];

const nextUp = (list: number[], x: number): number | null => list.find((v) => v >= x) ?? null;

export interface CabinetPump {
  motor: MotorData;
  duty: number;
  standby: number;
}

export interface CabinetInput {
  pumps: CabinetPump[];
  method: StartMethod;
  /** One feeder or two with an automatic transfer switch. */
  ats: boolean;
  dry_run: boolean;
}

export interface Component {
  kind:
    | 'main_breaker'
    | 'ats'
    | 'mpcb'
    | 'contactor'
    | 'contactor_star'
    | 'contactor_delta'
    | 'soft_starter'
    | 'vfd'
    | 'dry_run_relay'
    | 'phase_relay'
    | 'controller';
  count: number;
  rating_a: number | null;
  rating_kw: number | null;
  setting: [number, number] | null;
}

export interface CabinetResult {
  ok: boolean;
  error: string | null;
  motors: Array<{ in_a: number; ia_a: number; p2_kw: number }>;
  running_sum_a: number;
  peak_a: number;
  main_breaker: { rating_a: number; curve: 'C' | 'D' } | null;
  cable: { mm2: number; iz_a: number } | null;
  components: Component[];
  explanation: Explanation;
}

export function cabinetElectrics(i: CabinetInput): CabinetResult {
  const x = pumpExplainer([
    'calculations.md §2.3',
    'IEC 60898-1 trip curves',
    'PUE-7 table 1.3.6 [unverified]',
  ]);
  const fail = (error: string): CabinetResult => ({
    ok: false,
    error,
    motors: [],
    running_sum_a: 0,
    peak_a: 0,
    main_breaker: null,
    cable: null,
    components: [],
    explanation: x.done(),
  });
  const within = (x: number, lo: number, hi: number) => Number.isFinite(x) && x > lo && x <= hi;
  const badMotor = (m: MotorData) =>
    !within(m.p2_kw, 0, 5000) ||
    !within(m.voltage_v, 0, 20_000) ||
    !within(m.cos_phi, 0, 1) ||
    !within(m.eta, 0, 1);
  if (
    !i.pumps.length ||
    i.pumps.some(
      (p) =>
        badMotor(p.motor) ||
        !Number.isInteger(p.duty) ||
        !Number.isInteger(p.standby) ||
        p.duty < 1 ||
        p.standby < 0 ||
        p.duty + p.standby > 12,
    )
  )
    return fail('motor');
  const motors = i.pumps.map((p) => {
    const inA = ratedCurrent(p.motor);
    return { in_a: inA, ia_a: startCurrent(inA, i.method, p.motor.ia_in), p2_kw: p.motor.p2_kw, p };
  });
  motors.forEach((m, k) => {
    x.input(`motor${k + 1}.p2`, m.p2_kw, 'kW').input(
      `motor${k + 1}.voltage`,
      m.p.motor.voltage_v,
      'V',
    );
    x.step(`motor${k + 1}.in`, m.in_a, 'A', 'rated_current');
    x.step(`motor${k + 1}.ia`, m.ia_a, 'A', 'start_current');
  });
  // Standby pumps never run together with all duty pumps, so only duty motors count as running.
  const running = motors.flatMap((m) => Array.from({ length: m.p.duty }, () => m));
  const sum = running.reduce((s, m) => s + m.in_a, 0);
  const largest = running.reduce(
    (a, m) => (m.ia_a - m.in_a > a.ia_a - a.in_a ? m : a),
    running[0]!,
  );
  const peak = sum - largest.in_a + largest.ia_a;
  x.step('running_sum', sum, 'A');
  x.step('peak', peak, 'A');
  let rating = nextUp(BREAKER_RATINGS, 1.1 * sum);
  let curve: 'C' | 'D' = 'C';
  // C trips magnetically from 5·I_br, D from 10·I_br: the lower bound must stay above the start peak.
  while (rating !== null && 5 * rating < peak && 10 * rating < peak)
    rating = nextUp(BREAKER_RATINGS, rating + 1);
  if (rating === null) return fail('too_large');
  if (5 * rating < peak) curve = 'D';
  x.step('main_breaker', rating, 'A', 'main_breaker');
  const cable = CABLE_TABLE.find(([, iz]) => iz >= rating!);
  if (!cable) return fail('too_large');
  x.step('cable.mm2', cable[0], 'mm2', 'cable');
  x.step('cable.iz', cable[1], 'A');
  const components: Component[] = [
    {
      kind: 'main_breaker',
      count: i.ats ? 2 : 1,
      rating_a: rating,
      rating_kw: null,
      setting: null,
    },
  ];
  if (i.ats)
    components.push({ kind: 'ats', count: 1, rating_a: rating, rating_kw: null, setting: null });
  for (const m of motors) {
    const n = m.p.duty + m.p.standby;
    const range = MPCB_RANGES.find(([lo, hi]) => m.in_a >= lo && m.in_a <= hi) ?? null;
    components.push({ kind: 'mpcb', count: n, rating_a: null, rating_kw: null, setting: range });
    if (i.method === 'direct')
      components.push({
        kind: 'contactor',
        count: n,
        rating_a: nextUp(CONTACTOR_RATINGS, m.in_a),
        rating_kw: null,
        setting: null,
      });
    if (i.method === 'star_delta') {
      // Line and delta contactors carry the phase current 0.58·I_n, the star contactor 0.33·I_n.
      components.push({
        kind: 'contactor',
        count: n,
        rating_a: nextUp(CONTACTOR_RATINGS, 0.58 * m.in_a),
        rating_kw: null,
        setting: null,
      });
      components.push({
        kind: 'contactor_delta',
        count: n,
        rating_a: nextUp(CONTACTOR_RATINGS, 0.58 * m.in_a),
        rating_kw: null,
        setting: null,
      });
      components.push({
        kind: 'contactor_star',
        count: n,
        rating_a: nextUp(CONTACTOR_RATINGS, 0.33 * m.in_a),
        rating_kw: null,
        setting: null,
      });
    }
    if (i.method === 'soft_starter') {
      components.push({
        kind: 'soft_starter',
        count: n,
        rating_a: Math.ceil(m.in_a),
        rating_kw: m.p2_kw,
        setting: null,
      });
      components.push({
        kind: 'contactor',
        count: n,
        rating_a: nextUp(CONTACTOR_RATINGS, m.in_a),
        rating_kw: null,
        setting: null,
      });
    }
    if (i.method === 'vfd')
      components.push({
        kind: 'vfd',
        count: n,
        rating_a: Math.ceil(m.in_a),
        rating_kw: m.p2_kw,
        setting: null,
      });
  }
  if (i.dry_run)
    components.push({
      kind: 'dry_run_relay',
      count: 1,
      rating_a: null,
      rating_kw: null,
      setting: null,
    });
  components.push({
    kind: 'phase_relay',
    count: 1,
    rating_a: null,
    rating_kw: null,
    setting: null,
  });
  if (running.length + motors.reduce((s, m) => s + m.p.standby, 0) > 1)
    components.push({
      kind: 'controller',
      count: 1,
      rating_a: null,
      rating_kw: null,
      setting: null,
    });
  return {
    ok: true,
    error: null,
    motors: motors.map(({ in_a, ia_a, p2_kw }) => ({ in_a, ia_a, p2_kw })),
    running_sum_a: sum,
    peak_a: peak,
    main_breaker: { rating_a: rating, curve },
    cable: { mm2: cable[0], iz_a: cable[1] },
    components,
    explanation: x.done(),
  };
}
