// An uploaded scheme of the project tab: the server-sanitised SVG (scheme.server.ts) in the 16:9
// frame, its bound elements updated live: value text (at the variable's precision, with its unit),
// state colour (on green, off grey, no link grey), alarm blink (a steady red outline when the user
// prefers reduced motion). Stale values are marked, never shown as current.
import { useEffect, useRef } from 'react';
import { numberFormat } from '#lib/format.ts';
import { makeT, type Messages } from '#lib/i18n/translate.ts';
import type { TagView } from './ScadaVariables.tsx';
import { precisionOf } from './scada.schema.ts';
import { formatTime, useLive, type LiveState } from './useLive.ts';

export interface SchemeBinding {
  element: string;
  /** Index of the variable in the live arrays. */
  idx: number;
  kind: 'value' | 'state' | 'alarm';
}

interface Props {
  id: number;
  svg: string;
  bindings: SchemeBinding[];
  tags: TagView[];
  initial: LiveState;
  locale: string;
  timeZone: string;
  strings: Messages;
  token?: string;
}

export default function ScadaScheme(props: Props) {
  const { id, svg, bindings, tags, initial, locale, timeZone, strings, token } = props;
  const t = makeT(strings);
  const live = useLive(id, initial, token);
  const box = useRef<HTMLDivElement>(null);
  const stale = live.s !== 1;

  useEffect(() => {
    const root = box.current;
    if (!root) return;
    for (const b of bindings) {
      const el = root.querySelector(`[id="${CSS.escape(b.element)}"]`);
      const tag = tags.find((x) => x.idx === b.idx);
      if (!el || !tag) continue;
      const v = live.v[b.idx];
      const good = !stale && (live.q[b.idx] ?? 's') === 'g' && v !== null && v !== undefined;
      el.setAttribute('data-bound', b.kind);
      el.setAttribute('data-quality', good ? 'g' : 's');
      if (b.kind === 'value')
        el.textContent = good
          ? `${numberFormat(locale, {
              minimumFractionDigits: precisionOf(tag),
              maximumFractionDigits: precisionOf(tag),
            }).format(v)}${tag.unit ? ` ${tag.unit}` : ''}`
          : t('scada.vars.stale');
      else if (b.kind === 'state')
        el.setAttribute('fill', good ? (v ? '#43a047' : '#b0bec5') : '#90a4ae');
      else el.classList.toggle('scada-blink', good && v !== 0);
    }
  }, [live, bindings, tags, stale, locale, t]);

  return (
    <figure className="scada-mimic scada-scheme">
      <div
        ref={box}
        className="scada-scheme-drawing"
        role="img"
        aria-label={t('scada.project.label')}
        // Sanitised on upload by the server (allow-listed elements and attributes, no scripts).
        dangerouslySetInnerHTML={{ __html: svg }}
      />
      <figcaption>
        {t(stale ? 'scada.status.0' : 'scada.status.1')}
        {live.t
          ? ` \u00b7 ${t('scada.lastUpdate', { time: formatTime(locale, timeZone, live.t) })}`
          : ''}
      </figcaption>
    </figure>
  );
}
