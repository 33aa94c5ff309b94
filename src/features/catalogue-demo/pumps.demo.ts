// The demo pump catalogue: families scaled from the digitised curves of calculations.md §3.2 with
// the similarity laws — a geometrically similar size s = D/D_ref gives Q·s³, H·s², P·s⁵; a speed
// ratio r gives Q·r, H·r², P·r³; multistage pumps add the head and power of each stage. Motors are
// the next IEC size above the largest P₂ on the curve (non-overloading); NPSHr comes from a suction
// specific speed of 200 (n·√Q_BEP/NPSHr^0.75, European units). Everything is marked demo and
// deterministic (no randomness: the same catalogue on every seed).
import {
  CRONOLINE_IL_80_220,
  MAGNA3_32_120,
  VEROLINE_IP_E_50_150,
  type ReferenceCurve,
} from '#features/calculations/engine/reference-curves.ts';
import type { CurvePoint, MotorData } from '#features/catalogue/pump-data.ts';
import type { CatalogueItemInput } from '#features/catalogue/catalogue.schema.ts';
import { pumpTitle, type DemoPumpCode } from './titles.demo.ts';

export const DEMO_MANUFACTURER = 'Demo Pumps (demo data)';

const IEC_KW = [
  0.12, 0.18, 0.25, 0.37, 0.55, 0.75, 1.1, 1.5, 2.2, 3, 4, 5.5, 7.5, 11, 15, 18.5, 22, 30, 37, 45,
  55, 75, 90, 110, 132, 160, 200, 250,
];

/** Typical IE3 4-pole efficiency and power factor by rated power (rounded catalogue values). */
function motorFor(p2maxKw: number): MotorData | null {
  const p2 = IEC_KW.find((k) => k >= p2maxKw * 1.02);
  if (!p2) return null;
  const eta =
    p2 < 0.75
      ? 0.7 + 0.1 * (p2 / 0.75)
      : Math.min(0.965, 0.81 + (0.035 * Math.log(p2 / 0.75)) / Math.log(2.2));
  const cos = Math.min(0.89, 0.72 + 0.04 * Math.log2(1 + p2));
  const inA = (p2 * 1000) / (Math.sqrt(3) * 400 * cos * eta);
  const iaIn = p2 < 1.5 ? 5.5 : p2 < 11 ? 6.8 : 7.5;
  return {
    p2_kw: p2,
    in_a: round(inA, 2),
    ia_in: iaIn,
    cos_phi: round(cos, 2),
    eta: round(eta, 3),
    voltage_v: 400,
  };
}

const round = (x: number, d: number) => Math.round(x * 10 ** d) / 10 ** d;
const DN = [25, 32, 40, 50, 65, 80, 100, 125, 150, 200, 250, 300];

interface Variant {
  family: string;
  code: DemoPumpCode;
  type: 'inline' | 'circulator' | 'multistage';
  base: ReferenceCurve;
  size: number;
  speed: number;
  stages: number;
  /** Impeller diameter of this model relative to the full one (trim law: Q·x², H·x², P·x⁴). */
  impeller_ratio: number;
  /** Further trimming offered down to this ratio, or null. */
  trim: number | null;
  tMax: number;
  pn: number;
  casing: string;
  impeller: string;
}

function scaled(v: Variant): CurvePoint[] {
  const r = v.speed / v.base.speed_rpm;
  const x2 = v.impeller_ratio ** 2;
  const q = v.size ** 3 * r * x2;
  const h = v.size ** 2 * r * r * v.stages * x2;
  const p = v.size ** 5 * r ** 3 * v.stages * x2 * x2;
  const pts = v.base.points.filter(
    (pt) => v.base.q_min_m3h === undefined || pt.q_m3h >= v.base.q_min_m3h,
  );
  const bep = pts.reduce(
    (a, pt) => ((pt.q_m3h * pt.h_m) / pt.p2_kw! > (a.q_m3h * a.h_m) / a.p2_kw! ? pt : a),
    pts[0]!,
  );
  const qBep = (bep.q_m3h * q) / 3600;
  const npshBep = Math.max(0.8, ((v.speed * Math.sqrt(qBep)) / 200) ** (4 / 3));
  return pts.map((pt) => ({
    q_m3h: round(pt.q_m3h * q, 3),
    h_m: round(pt.h_m * h, 3),
    p2_kw: round(pt.p2_kw! * p, 4),
    npshr_m: round(Math.max(0.5, npshBep * (0.45 + 0.55 * (pt.q_m3h / bep.q_m3h) ** 2)), 2),
  }));
}

function priceKop(p2: number, v: Variant): number {
  const rub =
    18_000 +
    14_000 * p2 ** 0.85 +
    (v.type === 'multistage' ? 6_000 * v.stages : 0) +
    (v.impeller === 'stainless steel' ? 9_000 : 0);
  return Math.round(rub / 100) * 100 * 100;
}

function item(v: Variant, n: number): CatalogueItemInput | null {
  const curve = scaled(v);
  const p2max = Math.max(...curve.map((c) => c.p2_kw!));
  const motor = motorFor(p2max);
  if (!motor) return null;
  const qMax = curve[curve.length - 1]!.q_m3h;
  const dn = DN.find((d) => (4 * (qMax / 3600)) / (Math.PI * (d / 1000) ** 2) <= 4) ?? 300;
  const poles = v.speed > 2000 ? 2 : 4;
  const model = `${v.code} ${dn}/${Math.round(curve[0]!.h_m)}${v.stages > 1 ? `-${v.stages}` : ''}-${motor.p2_kw}/${poles}`;
  return {
    sku: `DEMO-${v.code}-${String(n).padStart(4, '0')}`,
    kind: 'pump',
    title: pumpTitle(v.code, model),
    manufacturer: DEMO_MANUFACTURER,
    model,
    price_kop: priceKop(motor.p2_kw, v),
    lead_days: 5 + ((n * 7) % 40),
    picture: null,
    documents: [],
    demo: true,
    speed_rpm: v.speed,
    curve,
    q_min_m3h: v.base.q_min_m3h !== undefined ? curve[0]!.q_m3h : undefined,
    trim_min_ratio: v.trim ?? undefined,
    motor,
    dn,
    pn_bar: v.pn,
    t_max_c: v.tMax,
    specs: {
      type: v.type,
      family: v.family,
      stages: v.stages,
      size_ratio: round(v.size, 3),
      impeller_ratio: v.impeller_ratio,
      ...(v.base.impeller_d_mm && v.stages === 1
        ? { impeller_d_mm: Math.round(v.base.impeller_d_mm * v.size * v.impeller_ratio) }
        : {}),
      materials: {
        casing: v.casing,
        impeller: v.impeller,
        shaft: 'stainless steel 1.4021',
        seal: 'mechanical seal, carbon/SiC/EPDM',
      },
      base_curve: v.base.name,
      curve_source: v.base.source,
    },
  };
}

/** At least 300 demo pump models across inline, circulator and multistage families. */
export function demoPumps(): CatalogueItemInput[] {
  const out: CatalogueItemInput[] = [];
  let n = 0;
  // One model, one item: neighbouring sizes and impeller trims can round to the same designation
  // (DN, head, motor); a later one gets a letter, as suppliers mark variants (`DIL 40/4-0.18/4 A`).
  const seen = new Map<string, number>();
  const push = (v: Variant) => {
    const it = item(v, ++n);
    if (!it) return;
    const times = seen.get(it.model!) ?? 0;
    seen.set(it.model!, times + 1);
    if (times > 0) {
      it.model = `${it.model} ${String.fromCharCode(64 + times)}`;
      it.title = pumpTitle(v.code, it.model);
    }
    out.push(it);
  };
  const sizes = (from: number, to: number, count: number) =>
    Array.from({ length: count }, (_, i) => from * (to / from) ** (i / (count - 1)));
  // Inline pumps, three impeller diameters per casing; the full impeller can be trimmed to order.
  for (const size of sizes(0.5, 1.7, 16))
    for (const speed of [1450, 2900])
      for (const [ratio, impeller] of [
        [1, 'cast iron EN-GJL-200'],
        [0.93, 'cast iron EN-GJL-200'],
        [0.86, 'bronze CuSn10'],
      ] as const)
        push({
          family: 'Demo inline DIL',
          code: 'DIL',
          type: 'inline',
          base: CRONOLINE_IL_80_220,
          size,
          speed,
          stages: 1,
          impeller_ratio: ratio,
          trim: ratio === 1 ? 0.8 : null,
          tMax: 120,
          pn: 16,
          casing: 'cast iron EN-GJL-250',
          impeller,
        });
  for (const size of sizes(0.6, 1.6, 14))
    for (const speed of [1450, 2900])
      for (const ratio of [1, 0.92, 0.85])
        push({
          family: 'Demo inline DIP',
          code: 'DIP',
          type: 'inline',
          base: VEROLINE_IP_E_50_150,
          size,
          speed,
          stages: 1,
          impeller_ratio: ratio,
          trim: ratio === 1 ? 0.82 : null,
          tMax: ratio === 0.85 ? 140 : 110,
          pn: ratio === 0.85 ? 25 : 16,
          casing: 'cast iron EN-GJL-250',
          impeller: ratio === 0.85 ? 'stainless steel' : 'cast iron EN-GJL-200',
        });
  for (const size of sizes(0.7, 1.9, 14))
    for (const speed of [1200, 1450, 1750, 2100])
      push({
        family: 'Demo circulator DCR',
        code: 'DCR',
        type: 'circulator',
        base: MAGNA3_32_120,
        size,
        speed,
        stages: 1,
        impeller_ratio: 1,
        trim: null,
        tMax: 110,
        pn: 10,
        casing: 'cast iron EN-GJL-200',
        impeller: 'composite PES',
      });
  for (const size of sizes(0.45, 0.9, 8))
    for (const stages of [2, 3, 4, 5, 6, 7, 8, 10, 12, 14])
      push({
        family: 'Demo multistage DMV',
        code: 'DMV',
        type: 'multistage',
        base: VEROLINE_IP_E_50_150,
        size,
        speed: 2900,
        stages,
        impeller_ratio: 1,
        trim: null,
        tMax: 120,
        pn: stages > 6 ? 25 : 16,
        casing: 'stainless steel 1.4301',
        impeller: 'stainless steel',
      });
  return out;
}
