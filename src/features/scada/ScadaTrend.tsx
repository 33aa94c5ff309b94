// The trends tab: choose variables and a range (1 hour to 30 days); the server answers min/max/avg
// per bucket (at most 2,000 points per series, about one per pixel); the chart draws the average
// with the min-max band. chart.js is imported only when this tab is shown.
import { getJson } from '#lib/client/api.ts';
import { dateTimeFormat } from '#lib/format.ts';
import { useEffect, useRef, useState } from 'react';
import type { Chart } from 'chart.js';
import { makeT, type Messages } from '#lib/i18n/translate.ts';
import type { TagView } from './ScadaVariables.tsx';

export const RANGES = {
  '1h': 3_600_000,
  '6h': 21_600_000,
  '24h': 86_400_000,
  '7d': 604_800_000,
  '30d': 2_592_000_000,
} as const;
type Range = keyof typeof RANGES;
type Series = {
  tag_id: number;
  points: Array<{ t: number; min: number; max: number; avg: number }>;
};
const COLORS = ['#1e88e5', '#e53935', '#43a047', '#fb8c00'];

interface Props {
  id: number;
  tags: TagView[];
  locale: string;
  timeZone: string;
  strings: Messages;
  /** A bearer token when the page was opened with ?token= (a wall screen without the cookie). */
  token?: string;
}

export default function ScadaTrend({ id, tags, locale, timeZone, strings, token }: Props) {
  const t = makeT(strings);
  const numeric = tags.filter((x) => x.type !== 'bool');
  const [chosen, setChosen] = useState<number[]>(numeric.slice(0, 2).map((x) => x.id));
  const [range, setRange] = useState<Range>('1h');
  const [state, setState] = useState<'loading' | 'ready' | 'empty' | 'error'>('loading');
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart | null>(null);

  const chosenKey = chosen.join(',');
  // Redrawn when the variables or the range change; the other inputs are fixed for the page.
  useEffect(() => {
    let cancelled = false;
    (async () => {
      setState('loading');
      try {
        const to = Date.now();
        const points = Math.min(
          2000,
          Math.max(100, Math.round(canvas.current?.clientWidth ?? 800)),
        );
        const params = {
          tags: chosenKey,
          from: new Date(to - RANGES[range]).toISOString(),
          to: new Date(to).toISOString(),
          points,
        };
        const headers = token ? { Authorization: `Bearer ${token}` } : undefined;
        const [answer, lib] = await Promise.all([
          getJson<{ data: Series[] }>(`/api/v1/scada/${id}/history`, { params, headers }),
          import('chart.js'),
        ]);
        const data = answer.data;
        if (cancelled || !canvas.current) return;
        lib.Chart.register(
          lib.LineController,
          lib.LineElement,
          lib.PointElement,
          lib.LinearScale,
          lib.Filler,
          lib.Tooltip,
          lib.Legend,
        );
        const fmt = dateTimeFormat(locale, {
          timeZone,
          ...(RANGES[range] > 86_400_000 ? { day: '2-digit', month: '2-digit' } : {}),
          hour: '2-digit',
          minute: '2-digit',
        });
        const datasets = data.flatMap((s, i) => {
          const tag = tags.find((x) => x.id === s.tag_id)!;
          const color = COLORS[i % COLORS.length]!;
          return [
            {
              label: `${tag.title}, ${t('scada.trends.max')}`,
              data: s.points.map((p) => ({ x: p.t, y: p.max })),
              borderColor: 'transparent',
              pointRadius: 0,
              fill: false,
            },
            {
              label: `${tag.title}, ${t('scada.trends.min')}`,
              data: s.points.map((p) => ({ x: p.t, y: p.min })),
              borderColor: 'transparent',
              backgroundColor: `${color}33`,
              pointRadius: 0,
              fill: '-1',
            },
            {
              label: `${tag.title}, ${t('scada.trends.avg')}${tag.unit ? ` (${tag.unit})` : ''}`,
              data: s.points.map((p) => ({ x: p.t, y: p.avg })),
              borderColor: color,
              borderWidth: 2,
              pointRadius: 0,
              fill: false,
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
              x: {
                type: 'linear',
                ticks: { callback: (v) => fmt.format(new Date(Number(v))), maxTicksLimit: 8 },
              },
            },
            plugins: {
              legend: { labels: { filter: (item) => (item.datasetIndex ?? 0) % 3 === 2 } },
            },
          },
        });
        setState(data.some((s) => s.points.length) ? 'ready' : 'empty');
      } catch {
        if (!cancelled) setState('error');
      }
    })();
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, chosenKey, range]);

  useEffect(() => () => chart.current?.destroy(), []);

  return (
    <div className="scada-trend">
      <fieldset className="scada-trend-vars">
        <legend>{t('scada.trends.vars')}</legend>
        {numeric.map((x) => (
          <label key={x.id}>
            <input
              type="checkbox"
              checked={chosen.includes(x.id)}
              onChange={(e) =>
                setChosen(
                  e.currentTarget.checked
                    ? [...chosen, x.id].slice(-4)
                    : chosen.filter((c) => c !== x.id),
                )
              }
            />
            {x.title}
          </label>
        ))}
      </fieldset>
      <label>
        {t('scada.trends.range')}
        <select value={range} onChange={(e) => setRange(e.currentTarget.value as Range)}>
          {Object.keys(RANGES).map((r) => (
            <option key={r} value={r}>
              {t(`scada.trends.ranges.${r}`)}
            </option>
          ))}
        </select>
      </label>
      <p role="status" className="scada-trend-state">
        {state === 'loading'
          ? t('scada.trends.loading')
          : state === 'empty'
            ? t('scada.trends.empty')
            : state === 'error'
              ? t('scada.errors.history')
              : ''}
      </p>
      <div className="scada-trend-canvas">
        <canvas ref={canvas} role="img" aria-label={t('scada.trends.label')} />
      </div>
    </div>
  );
}
