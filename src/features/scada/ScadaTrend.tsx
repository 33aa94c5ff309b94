// The trends tab: choose up to four variables on up to two units (one axis each, left and right)
// and a range: a preset, a from/to pair in the site's time zone (validated, at most 31 days), or a
// zoom (drag across the chart, or the buttons) that asks the server again. The server answers
// min/max/avg per bucket (about one per pixel) and the gaps; the chart is drawn here as SVG: the
// average as a line with the min-max band, a break and a shaded stretch where data is missing, a
// point for a lone sample, the time axis bounded to exactly the requested period and the value
// axes with headroom. The shown range exports as CSV.
import { ApiError, getJson, isAbort } from '#lib/client/api.ts';
import { dateTimeFormat, numberFormat } from '#lib/format.ts';
import { makeT, type Messages } from '#lib/i18n/translate.ts';
import { apiPaths } from '#lib/api-paths.ts';
import { withQuery } from '#lib/paths.ts';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { TagView } from './ScadaVariables.tsx';
import { precisionOf } from './scada.schema.ts';
import {
  MAX_RANGE_MS,
  MAX_SERIES,
  MAX_UNITS,
  MIN_RANGE_MS,
  RANGES,
  type RangeKey,
} from './trends.ts';

export { RANGES };
type Point = { t: number; min: number; max: number; avg: number };
type Series = { tag_id: number; points: Point[]; gaps: Array<[number, number]> };
type View = { from: number; to: number; preset: RangeKey | null };
const COLORS = ['#1e88e5', '#e53935', '#2e7d32', '#ef6c00'];
const HEIGHT = 380;
const M = { top: 14, bottom: 58, side: 70 };

interface Props {
  id: number;
  tags: TagView[];
  locale: string;
  timeZone: string;
  strings: Messages;
  /** A bearer token when the page was opened with ?token= (a wall screen without the cookie). */
  token?: string;
  /** The time the page was rendered (epoch ms): the end of the first view. */
  now: number;
}

/** Milliseconds to add to UTC to get the wall time in the zone at that instant. */
function zoneOffset(ms: number, timeZone: string): number {
  const parts = dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(ms));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(
    n('year'),
    n('month') - 1,
    n('day'),
    n('hour') % 24,
    n('minute'),
    n('second'),
  );
  return wall - Math.floor(ms / 1000) * 1000;
}
/** An instant as the value of a datetime-local input in the zone. */
function toInput(ms: number, timeZone: string): string {
  return new Date(ms + zoneOffset(ms, timeZone)).toISOString().slice(0, 16);
}
/** A datetime-local value read as wall time in the zone; null when it is not one. */
function fromInput(value: string, timeZone: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const guess = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!);
  if (!Number.isFinite(guess)) return null;
  const first = guess - zoneOffset(guess, timeZone);
  return guess - zoneOffset(first, timeZone);
}

const STEPS = [
  60_000, 120_000, 300_000, 600_000, 900_000, 1_800_000, 3_600_000, 7_200_000, 10_800_000,
  21_600_000, 43_200_000, 86_400_000, 172_800_000, 604_800_000,
];
/** Time ticks on round wall-clock times of the zone, at most `max` of them. */
function timeTicks(from: number, to: number, max: number, timeZone: string): number[] {
  const step = STEPS.find((s) => (to - from) / s <= max) ?? STEPS.at(-1)!;
  const off = zoneOffset(from, timeZone);
  const out: number[] = [];
  for (let x = Math.ceil((from + off) / step) * step - off; x <= to && out.length < 50; x += step)
    if (x >= from) out.push(x);
  return out;
}
/** A round step giving about five value ticks. */
function niceStep(span: number): number {
  const raw = span / 5;
  const p = 10 ** Math.floor(Math.log10(raw));
  return ([1, 2, 2.5, 5, 10].find((k) => k * p >= raw) ?? 10) * p;
}
const decimalsOf = (step: number) => Math.max(0, Math.min(6, -Math.floor(Math.log10(step) + 1e-9)));

export default function ScadaTrend({ id, tags, locale, timeZone, strings, token, now }: Props) {
  const t = makeT(strings);
  const numeric = tags.filter((x) => x.type !== 'bool');
  const firstUnits = [...new Set(numeric.map((x) => x.unit))].slice(0, MAX_UNITS);
  const [chosen, setChosen] = useState<number[]>(
    numeric
      .filter((x) => firstUnits.includes(x.unit))
      .slice(0, 2)
      .map((x) => x.id),
  );
  // The server's clock for the first view, so the server-rendered chart and the hydrated one agree.
  const [view, setView] = useState<View>(() => {
    const to = now;
    return { from: to - RANGES['1h'], to, preset: '1h' };
  });
  // The last answer and the query it answered: anything else shown is loading.
  const [answer, setAnswer] = useState<{
    key: string;
    status: 'ready' | 'empty' | 'error';
    data: Series[];
    fail: string;
  }>({ key: '', status: 'empty', data: [], fail: '' });
  const [form, setForm] = useState(() => ({
    from: toInput(view.from, timeZone),
    to: toInput(view.to, timeZone),
  }));
  const [formErrors, setFormErrors] = useState<{ from?: string; to?: string }>({});
  const [width, setWidth] = useState(800);
  const [drag, setDrag] = useState<{ x0: number; x1: number } | null>(null);
  const box = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setWidth(Math.max(280, Math.round(el.clientWidth)));
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const chosenKey = chosen.join(',');
  const plotW = Math.max(100, width - 2 * M.side);
  // Asked again whenever the variables or the range change (not on every pixel of a resize).
  const pointsWanted = Math.min(2000, Math.max(100, Math.round(plotW / 2) * 2));
  const queryKey = `${chosenKey}|${view.from}|${view.to}`;
  const state = answer.key === queryKey ? answer.status : 'loading';
  const data = answer.data;
  const fail = answer.fail;
  useEffect(() => {
    const abort = new AbortController();
    const params = {
      tags: chosenKey,
      from: new Date(view.from).toISOString(),
      to: new Date(view.to).toISOString(),
      points: pointsWanted,
    };
    const headers = token ? { Authorization: `Bearer ${token}` } : undefined;
    getJson<{ data: Series[] }>(apiPaths.scada.history(id), {
      params,
      headers,
      signal: abort.signal,
      fallback: t('scada.errors.history'),
    }).then(
      (a) =>
        setAnswer({
          key: queryKey,
          status: a.data.some((s) => s.points.length) ? 'ready' : 'empty',
          data: a.data,
          fail: '',
        }),
      (err: unknown) => {
        if (isAbort(err)) return;
        setAnswer({
          key: queryKey,
          status: 'error',
          data: [],
          fail:
            err instanceof ApiError && err.errors
              ? Object.values(err.errors).join(' ')
              : t('scada.errors.history'),
        });
      },
    );
    return () => abort.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, chosenKey, view.from, view.to]);

  function show(from: number, to: number, preset: RangeKey | null = null) {
    const now = Date.now();
    let span = Math.min(MAX_RANGE_MS, Math.max(MIN_RANGE_MS, to - from));
    if (preset) span = RANGES[preset];
    const end = Math.min(Math.max(to, from + span), preset ? now : Math.max(now, to));
    const next = { from: Math.round(end - span), to: Math.round(end), preset };
    setView(next);
    setForm({ from: toInput(next.from, timeZone), to: toInput(next.to, timeZone) });
    setFormErrors({});
  }
  const span = view.to - view.from;
  const centre = view.from + span / 2;
  // Zooming a live view (a preset ending now) keeps its end at now; any other keeps its centre.
  const zoom = (k: number) => {
    const next = Math.min(MAX_RANGE_MS, Math.max(MIN_RANGE_MS, span * k));
    if (view.preset) show(view.to - next, view.to);
    else show(centre - next / 2, centre + next / 2);
  };
  const pan = (k: number) => {
    const shift = Math.min(span * k, Date.now() - view.to);
    show(view.from + shift, view.to + shift);
  };

  function applyForm(e: React.FormEvent) {
    e.preventDefault();
    const from = fromInput(form.from, timeZone);
    const to = fromInput(form.to, timeZone);
    const errors: { from?: string; to?: string } = {};
    if (from === null) errors.from = t('scada.trends.errors.date');
    if (to === null) errors.to = t('scada.trends.errors.date');
    if (from !== null && to !== null) {
      if (from >= to) errors.from = t('scada.trends.errors.order');
      else if (to - from > MAX_RANGE_MS)
        errors.to = t('scada.trends.errors.span', { days: MAX_RANGE_MS / 86_400_000 });
    }
    setFormErrors(errors);
    if (from === null || to === null || errors.from || errors.to) return;
    setView({ from, to, preset: null });
  }

  // Units: the first chosen variable's unit goes left, the second unit right.
  const shown = chosen
    .map((tid) => tags.find((x) => x.id === tid))
    .filter((x): x is TagView => !!x);
  const units = [...new Set(shown.map((x) => x.unit))];
  const canAdd = (x: TagView) =>
    chosen.length < MAX_SERIES && (units.includes(x.unit) || units.length < MAX_UNITS);
  const colorOf = (tid: number) => COLORS[chosen.indexOf(tid) % COLORS.length]!;

  // Geometry: x bounded to exactly [from, to]; each unit's y range over its series, with headroom.
  const right = units.length > 1 ? M.side : 16;
  const pw = Math.max(100, width - M.side - right);
  const ph = HEIGHT - M.top - M.bottom;
  const xOf = (ms: number) => M.side + ((ms - view.from) / span) * pw;
  const tOf = (px: number) => view.from + ((px - M.side) / pw) * span;
  const axes = units.map((unit) => {
    let lo = Infinity;
    let hi = -Infinity;
    for (const s of data) {
      const tag = tags.find((x) => x.id === s.tag_id);
      if (!tag || tag.unit !== unit || !chosen.includes(s.tag_id)) continue;
      for (const p of s.points) {
        lo = Math.min(lo, p.min);
        hi = Math.max(hi, p.max);
      }
    }
    if (!Number.isFinite(lo)) {
      lo = 0;
      hi = 1;
    }
    const pad = hi > lo ? (hi - lo) * 0.08 : Math.max(Math.abs(hi) * 0.1, 1);
    const step = niceStep(hi - lo + 2 * pad);
    const min = Math.floor((lo - pad) / step) * step;
    const max = Math.ceil((hi + pad) / step) * step;
    const ticks: number[] = [];
    for (let v = min; v <= max + step / 1e6; v += step) ticks.push(Math.round(v / step) * step);
    return {
      unit,
      min,
      max,
      ticks,
      fmt: numberFormat(locale, { maximumFractionDigits: decimalsOf(step) }),
    };
  });
  const yOf = (unit: string, v: number) => {
    const a = axes.find((x) => x.unit === unit) ?? axes[0];
    if (!a) return M.top + ph / 2;
    return M.top + ph - ((v - a.min) / (a.max - a.min)) * ph;
  };

  const tickFmt = dateTimeFormat(locale, {
    timeZone,
    ...(span > 86_400_000 ? { day: '2-digit', month: '2-digit' } : {}),
    ...(span <= 7 * 86_400_000 ? { hour: '2-digit', minute: '2-digit' } : {}),
  });
  const endFmt = dateTimeFormat(locale, {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  const ticks = timeTicks(view.from, view.to, Math.max(2, Math.floor(pw / 110)), timeZone);

  // Each series cut into segments at its gaps: a gap [a, b] breaks the line between the points around a.
  const drawn = data
    .filter((s) => chosen.includes(s.tag_id))
    .map((s) => {
      const tag = tags.find((x) => x.id === s.tag_id)!;
      const segments: Point[][] = [];
      let cur: Point[] = [];
      s.points.forEach((p, i) => {
        const prev = s.points[i - 1];
        const broken = prev && s.gaps.some(([a]) => a < p.t && (i - 1 === 0 ? true : a >= prev.t));
        if (broken && cur.length) {
          segments.push(cur);
          cur = [];
        }
        cur.push(p);
      });
      if (cur.length) segments.push(cur);
      return { s, tag, segments };
    });
  const clip = (ms: number) => Math.min(view.to, Math.max(view.from, ms));

  const xIn = (e: React.PointerEvent<SVGRectElement>) =>
    e.clientX - (e.currentTarget.ownerSVGElement?.getBoundingClientRect().left ?? 0);
  function onDown(e: React.PointerEvent<SVGRectElement>) {
    const x = xIn(e);
    e.currentTarget.setPointerCapture(e.pointerId);
    setDrag({ x0: x, x1: x });
  }
  function onMove(e: React.PointerEvent<SVGRectElement>) {
    if (drag) setDrag({ ...drag, x1: xIn(e) });
  }
  function onUp() {
    if (!drag) return;
    const a = Math.max(M.side, Math.min(drag.x0, drag.x1));
    const b = Math.min(M.side + pw, Math.max(drag.x0, drag.x1));
    setDrag(null);
    if (b - a >= 8) show(tOf(a), tOf(b));
  }

  const csv = withQuery(apiPaths.scada.historyCsv(id), {
    tags: chosenKey,
    from: new Date(view.from).toISOString(),
    to: new Date(view.to).toISOString(),
  });
  const fieldId = (k: string) => `trend-${id}-${k}`;

  return (
    <div className="scada-trend">
      <fieldset className="scada-trend-vars">
        <legend>{t('scada.trends.vars')}</legend>
        {numeric.map((x) => {
          const on = chosen.includes(x.id);
          return (
            <label key={x.id}>
              <input
                type="checkbox"
                checked={on}
                disabled={!on && !canAdd(x)}
                onChange={(e) =>
                  setChosen(
                    e.currentTarget.checked ? [...chosen, x.id] : chosen.filter((c) => c !== x.id),
                  )
                }
              />
              {x.title}
              {x.unit ? `, ${x.unit}` : ''}
            </label>
          );
        })}
        <small>{t('scada.trends.unitsLimit')}</small>
      </fieldset>
      <div className="scada-trend-bar">
        <label>
          {t('scada.trends.range')}
          <select
            value={view.preset ?? 'custom'}
            onChange={(e) => {
              const k = e.currentTarget.value;
              if (k in RANGES) show(Date.now() - RANGES[k as RangeKey], Date.now(), k as RangeKey);
            }}
          >
            {Object.keys(RANGES).map((r) => (
              <option key={r} value={r}>
                {t(`scada.trends.ranges.${r}`)}
              </option>
            ))}
            <option value="custom" disabled>
              {t('scada.trends.custom')}
            </option>
          </select>
        </label>
        <form className="scada-trend-range" onSubmit={applyForm} noValidate>
          {(['from', 'to'] as const).map((k) => (
            <label key={k} htmlFor={fieldId(k)}>
              {t(`scada.trends.${k}`)}
              <input
                id={fieldId(k)}
                name={k}
                type="datetime-local"
                value={form[k]}
                aria-invalid={formErrors[k] ? true : undefined}
                aria-describedby={formErrors[k] ? fieldId(`${k}-error`) : undefined}
                onChange={(e) => setForm({ ...form, [k]: e.currentTarget.value })}
              />
              {formErrors[k] && (
                <small id={fieldId(`${k}-error`)} className="error-text">
                  {formErrors[k]}
                </small>
              )}
            </label>
          ))}
          <button type="submit">{t('scada.trends.apply')}</button>
        </form>
        <div className="scada-trend-zoom" role="group" aria-label={t('scada.trends.range')}>
          <button type="button" className="secondary" onClick={() => pan(-0.5)}>
            {t('scada.trends.earlier')}
          </button>
          <button type="button" className="secondary" onClick={() => zoom(0.5)}>
            {t('scada.trends.zoomIn')}
          </button>
          <button type="button" className="secondary" onClick={() => zoom(2)}>
            {t('scada.trends.zoomOut')}
          </button>
          <button
            type="button"
            className="secondary"
            onClick={() => pan(0.5)}
            disabled={view.preset !== null}
          >
            {t('scada.trends.later')}
          </button>
          <a role="button" className="secondary" href={csv} download>
            {t('scada.trends.export')}
          </a>
        </div>
      </div>
      <p role="status" className="scada-trend-state">
        {state === 'loading'
          ? t('scada.trends.loading')
          : state === 'empty'
            ? t('scada.trends.empty')
            : state === 'error'
              ? fail || t('scada.errors.history')
              : ''}
      </p>
      <ul className="scada-trend-legend">
        {shown.map((x) => (
          <li key={x.id}>
            <span className="swatch" style={{ background: colorOf(x.id) }} aria-hidden="true" />
            {x.title}
            {x.unit ? `, ${x.unit}` : ''}
          </li>
        ))}
      </ul>
      <div className="scada-trend-canvas" ref={box}>
        <svg
          width={width}
          height={HEIGHT}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          role="img"
          aria-label={`${t('scada.trends.label')}. ${t('scada.trends.shown', {
            from: endFmt.format(new Date(view.from)),
            to: endFmt.format(new Date(view.to)),
          })}`}
          data-from={new Date(view.from).toISOString()}
          data-to={new Date(view.to).toISOString()}
          data-state={state}
        >
          <defs>
            <clipPath id={`trend-clip-${id}`}>
              <rect x={M.side} y={M.top - 2} width={pw} height={ph + 4} />
            </clipPath>
            <pattern
              id={`trend-hatch-${id}`}
              width="8"
              height="8"
              patternUnits="userSpaceOnUse"
              patternTransform="rotate(45)"
            >
              <rect width="8" height="8" fill="#eceff1" />
              <line x1="0" y1="0" x2="0" y2="8" stroke="#b0bec5" strokeWidth="3" />
            </pattern>
          </defs>
          <rect x={M.side} y={M.top} width={pw} height={ph} fill="#fff" stroke="#cfd8dc" />
          {axes.map((a, i) => (
            <g key={a.unit} className="scada-trend-yaxis" data-unit={a.unit}>
              {a.ticks.map((v) => {
                const y = yOf(a.unit, v);
                return (
                  <g key={v}>
                    {i === 0 && (
                      <line x1={M.side} x2={M.side + pw} y1={y} y2={y} stroke="#eceff1" />
                    )}
                    <text
                      x={i === 0 ? M.side - 6 : M.side + pw + 6}
                      y={y + 4}
                      textAnchor={i === 0 ? 'end' : 'start'}
                      fontSize="12"
                      fill="#37474f"
                    >
                      {a.fmt.format(v)}
                    </text>
                  </g>
                );
              })}
              <text
                x={i === 0 ? 4 : width - 4}
                y={M.top + 10}
                textAnchor={i === 0 ? 'start' : 'end'}
                fontSize="12"
                fontWeight="bold"
                fill="#37474f"
              >
                {a.unit}
              </text>
            </g>
          ))}
          <g className="scada-trend-xaxis">
            {ticks.map((x) => (
              <g key={x}>
                <line x1={xOf(x)} x2={xOf(x)} y1={M.top} y2={M.top + ph} stroke="#f1f3f4" />
                <text
                  x={xOf(x)}
                  y={M.top + ph + 16}
                  textAnchor="middle"
                  fontSize="12"
                  fill="#37474f"
                >
                  {tickFmt.format(new Date(x))}
                </text>
              </g>
            ))}
            <text
              data-axis="from"
              x={M.side}
              y={HEIGHT - 10}
              textAnchor="start"
              fontSize="12"
              fill="#102a43"
            >
              {endFmt.format(new Date(view.from))}
            </text>
            <text
              data-axis="to"
              x={M.side + pw}
              y={HEIGHT - 10}
              textAnchor="end"
              fontSize="12"
              fill="#102a43"
            >
              {endFmt.format(new Date(view.to))}
            </text>
          </g>
          <g clipPath={`url(#trend-clip-${id})`}>
            {drawn.flatMap(({ s }) =>
              s.gaps.map(([a, b]) => (
                <rect
                  key={`${s.tag_id}-${a}`}
                  data-gap={`${new Date(a).toISOString()}/${new Date(b).toISOString()}`}
                  x={xOf(clip(a))}
                  y={M.top}
                  width={Math.max(1, xOf(clip(b)) - xOf(clip(a)))}
                  height={ph}
                  fill={`url(#trend-hatch-${id})`}
                  opacity="0.6"
                >
                  <title>{t('scada.trends.gap')}</title>
                </rect>
              )),
            )}
            {drawn.map(({ s, tag, segments }) => {
              const color = colorOf(s.tag_id);
              const digits = precisionOf(tag);
              return (
                <g key={s.tag_id} data-series={s.tag_id} data-unit={tag.unit}>
                  {segments.map((seg) => {
                    const k = seg[0]!.t;
                    if (seg.length === 1) {
                      const p = seg[0]!;
                      return (
                        <circle
                          key={k}
                          data-segment="point"
                          cx={xOf(p.t)}
                          cy={yOf(tag.unit, p.avg)}
                          r="4"
                          fill={color}
                        >
                          <title>
                            {`${tag.title}: ${numberFormat(locale, { maximumFractionDigits: digits }).format(p.avg)} ${tag.unit}`}
                          </title>
                        </circle>
                      );
                    }
                    const line = seg
                      .map(
                        (p, i) =>
                          `${i ? 'L' : 'M'}${xOf(p.t).toFixed(1)},${yOf(tag.unit, p.avg).toFixed(1)}`,
                      )
                      .join('');
                    const band =
                      seg
                        .map(
                          (p, i) =>
                            `${i ? 'L' : 'M'}${xOf(p.t).toFixed(1)},${yOf(tag.unit, p.max).toFixed(1)}`,
                        )
                        .join('') +
                      [...seg]
                        .reverse()
                        .map((p) => `L${xOf(p.t).toFixed(1)},${yOf(tag.unit, p.min).toFixed(1)}`)
                        .join('') +
                      'Z';
                    return (
                      <g key={k} data-segment="line">
                        <path d={band} fill={color} opacity="0.18" />
                        <path d={line} fill="none" stroke={color} strokeWidth="2" />
                      </g>
                    );
                  })}
                </g>
              );
            })}
          </g>
          {drag && (
            <rect
              x={Math.min(drag.x0, drag.x1)}
              y={M.top}
              width={Math.abs(drag.x1 - drag.x0)}
              height={ph}
              fill="#1e88e5"
              opacity="0.15"
            />
          )}
          <rect
            className="scada-trend-hit"
            x={M.side}
            y={M.top}
            width={pw}
            height={ph}
            fill="transparent"
            onPointerDown={onDown}
            onPointerMove={onMove}
            onPointerUp={onUp}
            onPointerCancel={() => setDrag(null)}
          >
            <title>{t('scada.trends.dragHint')}</title>
          </rect>
        </svg>
      </div>
    </div>
  );
}
