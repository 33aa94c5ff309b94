// Chart data for the pump page's island: curve samples of the top results (at most 8, so the page
// stays small) at their duty speed with the system curve, and the figures the comparison shows.
import { dutyCurves, systemCurve } from '#features/calculations/engine/index.ts';
import { preparedPumps } from '#features/calculations/pumps.server.ts';
import { db } from '#lib/db/index.ts';
import { formatMoney, numberFormat } from '#lib/format.ts';
import type { T } from '#lib/i18n/index.ts';
import type { ChartItem } from './PumpCharts.tsx';
import type { PumpEntityView } from '../select.server.ts';
import { head } from '../kit/units.ts';

const MAX_CHARTED = 8;

export async function chartItems(
  body: { entities: unknown[]; duty?: unknown },
  t: T,
  locale: string,
): Promise<ChartItem[]> {
  const duty = body.duty as
    | {
        q_m3h: number;
        h_m: number;
        h_static_m: number;
        rho_kg_m3: number;
        medium?: { nu_mm2s: number } | null;
      }
    | null
    | undefined;
  if (!duty) return [];
  const bySku = new Map((await preparedPumps(db())).map((p) => [p.model.sku, p]));
  const sys = systemCurve(duty.q_m3h, duty.h_m, duty.h_static_m);
  const nf = (x: number | null, d = 2) =>
    x === null ? '—' : numberFormat(locale, { maximumFractionDigits: d }).format(x);
  return (body.entities as PumpEntityView[]).slice(0, MAX_CHARTED).flatMap((e) => {
    const p = bySku.get(e.sku);
    if (!p) return [];
    // The curve the pump runs: trimmed to D/D₀ or at its speed, in the liquid (HI 9.6.7 for glycol), through the operating point.
    const s = dutyCurves(p, e.duty, sys, duty.rho_kg_m3, 25, duty.medium?.nu_mm2s ?? null);
    const round = (xs: Array<number | null>) =>
      xs.map((x) => (x === null ? null : Math.round(x * 1000) / 1000));
    return [
      {
        sku: e.sku,
        title: e.title,
        curve:
          e.duty.trim_ratio !== null
            ? t('calcPumps.chart.trimmed', { x: nf(e.duty.trim_ratio, 3) })
            : t('calcPumps.chart.atSpeed'),
        duty: { q_m3h: e.duty.q_m3h, h_m: e.duty.h_m },
        s: {
          q_m3h: round(s.q_m3h) as number[],
          h_m: round(s.h_m) as number[],
          h_nominal_m: round(s.h_nominal_m),
          eta: round(s.eta) as number[],
          p2_kw: round(s.p2_kw) as number[],
          npshr_m: round(s.npshr_m),
          system_h_m: round(s.system_h_m) as number[],
        },
        figures: [
          [head('Q', 'm3/h', t), nf(e.duty.q_m3h, 1)],
          [head('H', 'm', t), nf(e.duty.h_m, 1)],
          [head('η', '%', t), nf(e.duty.eta * 100, 1)],
          [head('P₁', 'kW', t), nf(e.duty.p1_kw)],
          [head('NPSHr', 'm', t), nf(e.duty.npshr_m, 1)],
          ['n/n₀', nf(e.duty.speed_ratio, 3)],
          ['D/D₀', nf(e.duty.trim_ratio ?? 1, 3)],
          [head(t('calcPumps.page.annualKwh'), 'kWh', t), nf(e.annual_kwh, 0)],
          [head(t('calcPumps.page.lcc'), 'kop', t), formatMoney(e.lcc_kop)],
          [head(t('calcPumps.page.priceItem'), 'kop', t), formatMoney(e.price_kop)],
        ],
      },
    ];
  });
}
