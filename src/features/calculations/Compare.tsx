// Side-by-side comparison of calculation results, one for every calculator: ticks choose up to
// MAX_COMPARE results, a table shows their figures in columns. The pump page's curves island uses
// the hook and both parts (its ticks also choose the curves drawn); heat exchanger and booster-set
// pages mount the default export. A tick past the maximum is refused and said (role="status"),
// never taken by silently unticking an earlier one. Figures come from the server, already
// formatted in the user's language and units.
import { useState } from 'react';
import { makeT, type Messages } from '#lib/i18n/translate.ts';
import './compare.css';

export const MAX_COMPARE = 4;

export interface CompareItem {
  id: string;
  title: string;
  figures: Array<[label: string, value: string]>;
}

/** The chosen ids and the tick handler; `refused` names the item whose tick was refused (full). */
export function useCompare(initial: string[], max = MAX_COMPARE) {
  const [chosen, setChosen] = useState<string[]>(initial.slice(0, max));
  const [refused, setRefused] = useState<string | null>(null);
  const toggle = (id: string, on: boolean) => {
    if (on && !chosen.includes(id) && chosen.length >= max) {
      setRefused(id);
      return;
    }
    setRefused(null);
    setChosen(on ? [...chosen, id] : chosen.filter((c) => c !== id));
  };
  return { chosen, toggle, refused, max };
}

interface TicksProps {
  items: ReadonlyArray<{ id: string; label: string }>;
  legend: string;
  /** The refusal text of a tick past the maximum ({max} filled in by the caller). */
  full: string;
  state: ReturnType<typeof useCompare>;
}

export function CompareTicks({ items, legend, full, state }: TicksProps) {
  return (
    <fieldset className="calc-compare-ticks">
      <legend>{legend}</legend>
      {items.map((it) => (
        <label key={it.id}>
          <input
            type="checkbox"
            name="compare"
            value={it.id}
            checked={state.chosen.includes(it.id)}
            onChange={(e) => state.toggle(it.id, e.currentTarget.checked)}
          />
          {it.label}
        </label>
      ))}
      <p role="status" className="calc-compare-full">
        {state.refused ? full : ''}
      </p>
    </fieldset>
  );
}

export function CompareTable({
  shown,
  caption,
}: {
  shown: readonly CompareItem[];
  caption: string;
}) {
  if (shown.length < 2) return null;
  return (
    <div className="overflow-auto" tabIndex={0} role="region" aria-label={caption}>
      <table className="calc-compare">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <td />
            {shown.map((it) => (
              <th scope="col" key={it.id}>
                {it.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown[0]!.figures.map(([label], row) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              {shown.map((it) => (
                <td key={it.id}>{it.figures[row]?.[1] ?? '—'}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface Props {
  /** Which results: the dictionary's calcCompare.<what> texts (hx, station). */
  what: 'hx' | 'station';
  items: CompareItem[];
  /** pick(dictionary, 'calcCompare') */
  strings: Messages;
}

/** The comparison island of the heat exchanger and booster-set results. */
export default function Compare({ what, items, strings }: Props) {
  const t = makeT(strings);
  const state = useCompare([]);
  const shown = items.filter((i) => state.chosen.includes(i.id));
  return (
    <section className="calc-compare-box" aria-labelledby={`compare-h-${what}`}>
      <h2 id={`compare-h-${what}`}>{t('calcCompare.title')}</h2>
      <CompareTicks
        items={items.map((i) => ({ id: i.id, label: i.title }))}
        legend={t(`calcCompare.${what}.legend`, { max: state.max })}
        full={t('calcCompare.full', { max: state.max })}
        state={state}
      />
      {shown.length < 2 ? (
        <p className="calc-compare-hint">{t('calcCompare.hint')}</p>
      ) : (
        <CompareTable shown={shown} caption={t(`calcCompare.${what}.table`)} />
      )}
    </section>
  );
}
