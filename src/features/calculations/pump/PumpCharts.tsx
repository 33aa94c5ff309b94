// Curves and comparison for the pump results (an island on the pump page): choose the pump and the
// curve (H-Q with the nominal, duty-speed and system curves and the duty point; efficiency; power;
// NPSHr), overlay up to 4 pumps and compare their figures side by side. The samples come from the
// server (engine sampleCurves, inside the allowed range only); chart.js is imported on first draw.
import { useEffect, useRef, useState } from 'react';
import type { Chart } from 'chart.js';
import { makeT, type Messages } from '#lib/i18n/translate.ts';
import { CompareTable, CompareTicks, useCompare } from '../Compare.tsx';

export interface ChartItem {
  sku: string;
  title: string;
  /** The name of the curve the pump runs (at its speed, or with the trimmed impeller). */
  curve: string;
  figures: Array<[label: string, value: string]>;
  duty: { q_m3h: number; h_m: number };
  s: {
    q_m3h: number[];
    h_m: number[];
    h_nominal_m: Array<number | null>;
    eta: number[];
    p2_kw: number[];
    npshr_m: Array<number | null>;
    system_h_m: number[];
  };
}

const METRICS = ['head', 'efficiency', 'power', 'npsh'] as const;
type Metric = (typeof METRICS)[number];
const COLORS = ['#1e88e5', '#e53935', '#43a047', '#fb8c00'];

interface Props {
  items: ChartItem[];
  strings: Messages;
}

export default function PumpCharts({ items, strings }: Props) {
  const t = makeT(strings);
  // The shared comparison (../Compare.tsx): its ticks also choose the curves drawn.
  const compare = useCompare(items.slice(0, 1).map((i) => i.sku));
  const { chosen } = compare;
  const [metric, setMetric] = useState<Metric>('head');
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart | null>(null);
  const shown = items.filter((i) => chosen.includes(i.sku));

  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        const lib = await import('chart.js');
        if (cancelled || !canvas.current) return;
        lib.Chart.register(
          lib.LineController,
          lib.ScatterController,
          lib.LineElement,
          lib.PointElement,
          lib.LinearScale,
          lib.Tooltip,
          lib.Legend,
        );
        const pts = (xs: number[], ys: Array<number | null>) =>
          xs.flatMap((x, k) =>
            ys[k] === null || ys[k] === undefined ? [] : [{ x, y: ys[k] as number }],
          );
        const datasets = shown.flatMap((it, n) => {
          const color = COLORS[n % COLORS.length]!;
          const name = shown.length > 1 ? `${it.sku}: ` : '';
          if (metric === 'head')
            return [
              {
                label: `${name}${it.curve}`,
                data: pts(it.s.q_m3h, it.s.h_m),
                borderColor: color,
                pointRadius: 0,
              },
              {
                label: `${name}${t('calcPumps.chart.nominal')}`,
                data: pts(it.s.q_m3h, it.s.h_nominal_m),
                borderColor: color,
                borderDash: [6, 4],
                pointRadius: 0,
              },
              {
                label: `${name}${t('calcPumps.chart.system')}`,
                data: pts(it.s.q_m3h, it.s.system_h_m),
                borderColor: '#757575',
                borderDash: [2, 3],
                pointRadius: 0,
              },
              {
                type: 'scatter' as const,
                label: `${name}${t('calcPumps.chart.duty')}`,
                data: [{ x: it.duty.q_m3h, y: it.duty.h_m }],
                borderColor: color,
                backgroundColor: color,
                pointRadius: 5,
              },
            ];
          const ys =
            metric === 'efficiency'
              ? it.s.eta.map((e) => e * 100)
              : metric === 'power'
                ? it.s.p2_kw
                : it.s.npshr_m;
          return [
            {
              label: `${name}${t(`calcPumps.chart.${metric}`)}`,
              data: pts(it.s.q_m3h, ys),
              borderColor: color,
              pointRadius: 0,
            },
          ];
        });
        chart.current?.destroy();
        chart.current = new lib.Chart(canvas.current, {
          type: 'line',
          data: { datasets },
          options: {
            animation: false,
            maintainAspectRatio: false,
            parsing: false,
            scales: {
              x: { type: 'linear', title: { display: true, text: t('calcPumps.chart.axis.flow') } },
              y: { title: { display: true, text: t(`calcPumps.chart.axis.${metric}`) } },
            },
          },
        });
        setState('ready');
      } catch {
        if (!cancelled) setState('error');
      }
    })();
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chosen.join(','), metric]);

  useEffect(() => () => chart.current?.destroy(), []);

  return (
    <section className="calc-charts" aria-labelledby="charts-h">
      <h2 id="charts-h">{t('calcPumps.chart.title')}</h2>
      <CompareTicks
        items={items.map((it) => ({ id: it.sku, label: `${it.title} (${it.sku})` }))}
        legend={t('calcPumps.chart.compare')}
        full={t('calcCompare.full', { max: compare.max })}
        state={compare}
      />
      <label>
        {t('calcPumps.chart.metric')}
        <select value={metric} onChange={(e) => setMetric(e.currentTarget.value as Metric)}>
          {METRICS.map((m) => (
            <option key={m} value={m}>
              {t(`calcPumps.chart.${m}`)}
            </option>
          ))}
        </select>
      </label>
      <p role="status" className="calc-chart-state">
        {state === 'loading'
          ? t('calcPumps.chart.loading')
          : state === 'error'
            ? t('calcPumps.chart.error')
            : ''}
      </p>
      <div className="calc-chart-canvas">
        <canvas
          ref={canvas}
          role="img"
          aria-label={t('calcPumps.chart.label')}
          data-state={state}
        />
      </div>
      <CompareTable
        shown={shown.map((it) => ({ id: it.sku, title: it.sku, figures: it.figures }))}
        caption={t('calcPumps.chart.compareTable')}
      />
    </section>
  );
}
