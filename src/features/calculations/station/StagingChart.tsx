// The staging chart of a booster set (an island under the station result): total P1 against the
// system flow for each number of running pumps, so the switching points show. chart.js is imported
// when the chart becomes visible; the same figures are in the staging table next to it.
import { useEffect, useRef, useState } from 'react';
import type { Chart } from 'chart.js';
import { makeT, type Messages } from '#lib/i18n/translate.ts';

interface Row {
  q_m3h: number;
  p1_kw_by_k: Array<number | null>;
}
interface Props {
  rows: Row[];
  strings: Messages;
}
const COLORS = ['#1e88e5', '#e53935', '#43a047', '#fb8c00', '#8e24aa', '#00897b'];

export default function StagingChart({ rows, strings }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  useEffect(() => {
    const t = makeT(strings);
    let chart: Chart | null = null;
    let cancelled = false;
    (async () => {
      try {
        const lib = await import('chart.js');
        if (cancelled || !canvas.current) return;
        lib.Chart.register(
          lib.LineController,
          lib.LineElement,
          lib.PointElement,
          lib.LinearScale,
          lib.Tooltip,
          lib.Legend,
        );
        const n = rows[0]?.p1_kw_by_k.length ?? 0;
        const datasets = Array.from({ length: n }, (_, k) => ({
          label: t('calcPumps.chart.running', { k: k + 1 }),
          data: rows.flatMap((r) =>
            r.p1_kw_by_k[k] === null ? [] : [{ x: r.q_m3h, y: r.p1_kw_by_k[k] as number }],
          ),
          borderColor: COLORS[k % COLORS.length],
          pointRadius: 2,
        }));
        chart = new lib.Chart(canvas.current, {
          type: 'line',
          data: { datasets },
          options: {
            animation: false,
            maintainAspectRatio: false,
            parsing: false,
            scales: {
              x: { type: 'linear', title: { display: true, text: t('calcPumps.chart.axis.flow') } },
              y: { title: { display: true, text: t('calcPumps.chart.axis.p1') } },
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
      chart?.destroy();
    };
  }, [rows, strings]);
  return (
    <div className="calc-chart-canvas">
      <canvas
        ref={canvas}
        role="img"
        aria-label={makeT(strings)('calcPumps.chart.stagingLabel')}
        data-state={state}
      />
    </div>
  );
}
