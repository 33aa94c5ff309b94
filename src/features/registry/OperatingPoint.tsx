// The product page's operating point (decision 0048): the pump's calculated Q-H curve with the
// design point and the live point in one SVG chart, the figures against the design, the drift
// warnings, the yearly energy cost of the drift and the formulas used. Polls the JSON endpoint
// every few seconds; without live values it says so and draws the design only.
import { useEffect, useState } from 'react';
import { apiPaths } from '#lib/api-paths.ts';
import { paths } from '#lib/paths.ts';
import { ApiError, getJson } from '#lib/client/api.ts';
import { dateTimeFormat, numberFormat } from '#lib/format.ts';
import { makeT, type Messages } from '#lib/i18n/translate.ts';
import { DRIFT_ETA_POINTS, DRIFT_PCT, type ProductOperatingPoint } from './oppoint.ts';

interface Props {
  id: number;
  initial: ProductOperatingPoint;
  locale: string;
  /** The supplier's time zone: server and browser render the values' time alike. */
  timeZone: string;
  strings: Messages;
  /** Poll period, ms. */
  every?: number;
}

const W = 480;
const H = 280;
const PAD = { l: 48, r: 16, t: 28, b: 40 };

/** Round axis maximum at or above x whose quarters are round too (1.2, 2, 4, 6, 8 × 10ⁿ ...). */
function niceMax(x: number): number {
  if (!(x > 0)) return 1;
  const p = 10 ** Math.floor(Math.log10(x));
  return ([1, 1.2, 1.6, 2, 2.4, 3, 4, 6, 8, 10].find((m) => m * p >= x) ?? 10) * p;
}

export default function OperatingPoint({
  id,
  initial,
  locale,
  timeZone,
  strings,
  every = 5000,
}: Props) {
  const t = makeT(strings);
  const [data, setData] = useState(initial);
  const [failed, setFailed] = useState(false);
  // 404: the link was removed or the access withdrawn; the figures are no longer shown.
  const [gone, setGone] = useState(false);

  useEffect(() => {
    if (gone) return;
    const timer = setInterval(() => {
      getJson<{ data: ProductOperatingPoint }>(apiPaths.productions.operatingPoint(id), {
        timeout: every,
      })
        .then((r) => {
          setData(r.data);
          setFailed(false);
        })
        .catch((err: unknown) => {
          if (err instanceof ApiError && err.status === 404) setGone(true);
          else setFailed(true);
        });
    }, every);
    return () => clearInterval(timer);
  }, [id, every, gone]);

  if (gone)
    return (
      <section className="oppoint" aria-labelledby="oppoint-heading" data-oppoint-state="gone">
        <h2 id="oppoint-heading">{t('registry.op.title')}</h2>
        <p role="status">{t('registry.op.gone')}</p>
      </section>
    );
  const nf = (x: number, digits = 1) =>
    numberFormat(locale, { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(
      x,
    );
  const u = (key: string) => t(`registry.op.units.${key}`);
  const p = data.point;
  const d = p.design;
  const live = p.state === 'live' ? p : null;

  // Chart scales: from zero to a round maximum above the curve and both points.
  const qs = [
    ...p.curve.q_m3h,
    ...(live?.curve_at_speed?.q_m3h ?? []),
    d.q_m3h,
    live?.live.q_m3h ?? 0,
  ];
  const hs = [...p.curve.h_m, ...(live?.curve_at_speed?.h_m ?? []), d.h_m, live?.live.h_m ?? 0];
  const qMax = niceMax(Math.max(...qs) * 1.05);
  const hMax = niceMax(Math.max(...hs) * 1.05);
  // Values outside the axes (a reverse flow, a device's nonsense) are drawn at the chart's edge.
  const clamp = (v: number, max: number) => Math.max(0, Math.min(v, max));
  const x = (q: number) => PAD.l + ((W - PAD.l - PAD.r) * clamp(q, qMax)) / qMax;
  const y = (h: number) => H - PAD.b - ((H - PAD.t - PAD.b) * clamp(h, hMax)) / hMax;
  const points = (c: { q_m3h: number[]; h_m: number[] }) =>
    c.q_m3h.map((q, i) => `${x(q).toFixed(1)},${y(c.h_m[i]!).toFixed(1)}`).join(' ');
  const atSpeed = live?.curve_at_speed ?? null;
  const ticks = [0, 0.25, 0.5, 0.75, 1];
  /** A tick's label: whole numbers as such, small ones with the decimals they need. */
  const tick = (v: number) => {
    const r = Math.round(v * 100) / 100;
    return nf(r, Number.isInteger(r) ? 0 : Number.isInteger(r * 10) ? 1 : 2);
  };

  const signed = (v: number, digits = 1) => (v > 0 ? '+' : '') + nf(v, digits);
  const rows: Array<[string, string, string, string]> = live
    ? [
        [
          t('registry.op.flow'),
          nf(d.q_m3h),
          nf(live.live.q_m3h),
          `${signed(live.deviation.q_pct)} ${u('pct')}`,
        ],
        [
          t('registry.op.head'),
          nf(d.h_m),
          nf(live.live.h_m),
          `${signed(live.deviation.h_pct)} ${u('pct')}`,
        ],
        [
          t('registry.op.eta'),
          nf(d.eta * 100),
          nf(live.live.eta * 100),
          `${signed(live.deviation.eta_points)} ${u('pp')}`,
        ],
        [
          t('registry.op.power'),
          nf(d.p1_kw, 2),
          nf(live.live.p1_kw, 2),
          `${signed(live.energy.extra_kw, 2)} ${u('kW')}`,
        ],
      ]
    : [];

  return (
    <section className="oppoint" aria-labelledby="oppoint-heading" data-oppoint-state={p.state}>
      <h2 id="oppoint-heading">{t('registry.op.title')}</h2>
      <p>
        {t('registry.op.objectLabel')}{' '}
        <a href={paths.tools.scada.one(data.object.id)}>{data.object.title}</a>
        {p.at && (
          <small>
            {' '}
            ·{' '}
            {t('registry.op.at', {
              time: dateTimeFormat(locale, {
                timeZone,
                dateStyle: 'short',
                timeStyle: 'medium',
              }).format(new Date(p.at)),
            })}
          </small>
        )}
      </p>
      {failed && <p role="status">{t('registry.op.failed')}</p>}
      {p.state === 'no-data' && (
        <p role="status" className="oppoint-nodata" data-oppoint-nodata={p.reason}>
          {t(`registry.op.noData.${p.reason}`)}
        </p>
      )}
      {live && live.warnings.length > 0 && (
        <ul role="alert" className="oppoint-warnings" data-oppoint-warnings>
          {live.warnings.map((w) => (
            <li key={w}>
              {w === 'flow'
                ? t('registry.op.warn.flow', {
                    x: nf(Math.abs(live.deviation.q_pct)),
                    limit: DRIFT_PCT,
                  })
                : w === 'head'
                  ? t('registry.op.warn.head', {
                      x: nf(Math.abs(live.deviation.h_pct)),
                      limit: DRIFT_PCT,
                    })
                  : t('registry.op.warn.eta', {
                      x: nf(Math.abs(live.deviation.eta_points)),
                      limit: DRIFT_ETA_POINTS,
                    })}
            </li>
          ))}
        </ul>
      )}
      {live && live.warnings.length === 0 && (
        <p className="oppoint-ok" data-oppoint-ok>
          {t('registry.op.ok', { q: DRIFT_PCT, eta: DRIFT_ETA_POINTS })}
        </p>
      )}
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={t('registry.op.chart')}
        className="oppoint-chart"
      >
        {ticks.map((f) => (
          <g key={f} className="oppoint-grid">
            <line x1={x(f * qMax)} y1={y(0)} x2={x(f * qMax)} y2={y(hMax)} />
            <line x1={x(0)} y1={y(f * hMax)} x2={x(qMax)} y2={y(f * hMax)} />
            <text x={x(f * qMax)} y={H - PAD.b + 14} textAnchor="middle">
              {tick(f * qMax)}
            </text>
            <text x={PAD.l - 6} y={y(f * hMax) + 4} textAnchor="end">
              {tick(f * hMax)}
            </text>
          </g>
        ))}
        <text x={(W + PAD.l) / 2} y={H - 6} textAnchor="middle">
          {`Q, ${u('m3h')}`}
        </text>
        <text x={PAD.l} y={12} textAnchor="middle">
          {`H, ${u('m')}`}
        </text>
        <polyline points={points(p.curve)} className="oppoint-curve" fill="none" />
        {atSpeed && (
          <polyline points={points(atSpeed)} className="oppoint-curve oppoint-speed" fill="none">
            <title>{t('registry.op.curveAtSpeed')}</title>
          </polyline>
        )}
        <circle cx={x(d.q_m3h)} cy={y(d.h_m)} r={6} className="oppoint-design">
          <title>{t('registry.op.designPoint')}</title>
        </circle>
        {live && (
          <rect
            x={x(live.live.q_m3h) - 6}
            y={y(live.live.h_m) - 6}
            width={12}
            height={12}
            className={live.warnings.length ? 'oppoint-live oppoint-drift' : 'oppoint-live'}
          >
            <title>{t('registry.op.livePoint')}</title>
          </rect>
        )}
      </svg>
      <p className="oppoint-legend">
        <span className="oppoint-key oppoint-key-curve" /> {t('registry.op.curve')}{' '}
        <span className="oppoint-key oppoint-key-design" /> {t('registry.op.designPoint')}{' '}
        <span className="oppoint-key oppoint-key-live" /> {t('registry.op.livePoint')}
      </p>
      {live && (
        <>
          <table className="oppoint-figures">
            <thead>
              <tr>
                <th scope="col">{t('registry.op.quantity')}</th>
                <th scope="col">{t('registry.op.design')}</th>
                <th scope="col">{t('registry.op.now')}</th>
                <th scope="col">{t('registry.op.deviation')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map(([name, a, b, c]) => (
                <tr key={name}>
                  <th scope="row">{name}</th>
                  <td>{a}</td>
                  <td>{b}</td>
                  <td>{c}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {live.onCurve && (
            <p>
              {t('registry.op.onCurve', {
                h: nf(live.onCurve.h_m),
                eta: nf(live.onCurve.eta * 100),
              })}
            </p>
          )}
          <p data-oppoint-energy>
            {t(live.energy.extra_kw >= 0 ? 'registry.op.energyMore' : 'registry.op.energyLess', {
              kwh: nf(Math.abs(live.energy.kwh_year), 0),
              cost: nf(Math.abs(live.energy.cost_rub_year), 0),
              tariff: nf(live.energy.tariff_rub_kwh, 2),
            })}{' '}
            <small>
              {t(
                live.power_basis === 'measured'
                  ? 'registry.op.basis.measured'
                  : 'registry.op.basis.hydraulic',
              )}
            </small>
          </p>
          <details className="oppoint-explain">
            <summary>{t('registry.op.explain')}</summary>
            <ul>
              {live.explanation.formulas.map((f) => (
                <li key={f.id}>
                  {t(`registry.op.formula.${f.id}`)}: <code>{f.text}</code>
                </li>
              ))}
            </ul>
            <table>
              <tbody>
                {live.explanation.steps.map((s) => (
                  <tr key={s.id}>
                    <th scope="row">{t(`registry.op.step.${s.id}`)}</th>
                    <td>
                      {nf(s.value, 3)} {s.unit ? u(s.unit) : ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </section>
  );
}
