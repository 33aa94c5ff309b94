// The project tab: an SVG mimic diagram of the object in a 16:9 frame, drawn from its variables:
// a pipeline with the pumps on it (running green, stopped grey), value plates for pressures,
// temperatures and flows, setpoints, and the fault lamp. Values come live; stale ones are dimmed
// and marked, never shown as current.
import { makeT, type Messages } from '#lib/i18n/translate.ts';
import type { TagView } from './ScadaVariables.tsx';
import { formatTime, formatValue, useLive, type LiveState } from './useLive.ts';

interface Props {
  id: number;
  tags: TagView[];
  initial: LiveState;
  locale: string;
  timeZone: string;
  strings: Messages;
  /** A bearer token when the page was opened with ?token= (a wall screen without the cookie). */
  token?: string;
}

const W = 1600;
const H = 900;

export default function ScadaMimic({ id, tags, initial, locale, timeZone, strings, token }: Props) {
  const t = makeT(strings);
  const live = useLive(id, initial, token);
  const stale = live.s !== 1;
  const pumps = tags.filter((x) => x.type === 'bool' && x.field_type !== 'ErrorReset');
  const faults = tags.filter((x) => x.field_type === 'ErrorReset');
  const plates = tags.filter((x) => x.type !== 'bool');
  const value = (x: TagView) => live.v[x.idx];
  const pipeY = 470;
  const step = (W - 300) / Math.max(1, pumps.length + 1);
  const cols = Math.min(4, Math.max(1, plates.length));
  return (
    <figure className="scada-mimic">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-labelledby={`mimic-title-${id}`}
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={`mimic-title-${id}`}>{t('scada.project.label')}</title>
        <rect x="0" y="0" width={W} height={H} fill="#f7f9fb" />
        <line
          x1="80"
          y1={pipeY}
          x2={W - 80}
          y2={pipeY}
          stroke={stale ? '#9aa5b1' : '#1e88e5'}
          strokeWidth="22"
          strokeLinecap="round"
        />
        <polygon
          points={`${W - 120},${pipeY - 30} ${W - 60},${pipeY} ${W - 120},${pipeY + 30}`}
          fill={stale ? '#9aa5b1' : '#1e88e5'}
        />
        {pumps.map((p, i) => {
          const cx = 150 + step * (i + 1);
          const on = !stale && value(p) === 1;
          return (
            <g key={p.id} data-tag={p.id}>
              <circle
                cx={cx}
                cy={pipeY}
                r="60"
                fill={on ? '#43a047' : '#b0bec5'}
                stroke="#37474f"
                strokeWidth="6"
              />
              <polygon
                points={`${cx - 22},${pipeY - 32} ${cx + 34},${pipeY} ${cx - 22},${pipeY + 32}`}
                fill="#fff"
              />
              <text x={cx} y={pipeY + 110} textAnchor="middle" fontSize="30" fill="#263238">
                {p.title}
              </text>
              <text x={cx} y={pipeY + 148} textAnchor="middle" fontSize="28" fill="#37474f">
                {stale ? t('scada.vars.stale') : t(on ? 'scada.project.on' : 'scada.project.off')}
              </text>
            </g>
          );
        })}
        {plates.map((p, i) => {
          const x = 80 + (i % cols) * ((W - 160) / cols);
          const y = i < cols ? 60 : 680 + Math.floor((i - cols) / cols) * 110;
          const q = stale ? 's' : (live.q[p.idx] ?? 's');
          return (
            <g key={p.id} data-tag={p.id} opacity={q === 'g' ? 1 : 0.55}>
              <rect
                x={x}
                y={y}
                width={(W - 160) / cols - 30}
                height="150"
                rx="14"
                fill="#fff"
                stroke="#607d8b"
                strokeWidth="3"
              />
              <text x={x + 24} y={y + 48} fontSize="28" fill="#455a64">
                {p.title}
              </text>
              <text x={x + 24} y={y + 118} fontSize="52" fontWeight="bold" fill="#102a43">
                {formatValue(locale, value(p))} {p.unit}
              </text>
              {q !== 'g' && (
                <text x={x + 24} y={y + 142} fontSize="22" fill="#b71c1c">
                  {t(q === 'n' ? 'scada.vars.na' : 'scada.vars.stale')}
                </text>
              )}
            </g>
          );
        })}
        {faults.map((f, i) => {
          const active = value(f) === 1;
          return (
            <g key={f.id} data-tag={f.id}>
              <circle
                cx={W - 120}
                cy={330 - i * 70}
                r="28"
                fill={stale ? '#b0bec5' : active ? '#e53935' : '#66bb6a'}
                stroke="#37474f"
                strokeWidth="4"
              />
              <text x={W - 165} y={340 - i * 70} textAnchor="end" fontSize="30" fill="#263238">
                {f.title}:{' '}
                {stale
                  ? t('scada.vars.stale')
                  : t(active ? 'scada.project.alarm' : 'scada.project.normal')}
              </text>
            </g>
          );
        })}
        <text x="80" y={H - 30} fontSize="26" fill="#455a64">
          {t(stale ? 'scada.status.0' : 'scada.status.1')}
          {live.t
            ? ` \u00b7 ${t('scada.lastUpdate', { time: formatTime(locale, timeZone, live.t) })}`
            : ''}
        </text>
      </svg>
    </figure>
  );
}
