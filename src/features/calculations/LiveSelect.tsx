// Live recalculation for the pump and station forms: the island reads the server-rendered form
// (it owns none of its fields, so whatever was typed before hydration stays and is used at once),
// and while the user types it asks the same selection API (debounced) and says how many fit and
// which is best, or which field is wrong. The full list with explanations still comes from the post.
import { numberFormat } from '#lib/format.ts';
import { apiPaths } from '#lib/api-paths.ts';
import { useEffect, useState } from 'react';
import { makeT, type Messages } from '#lib/i18n/translate.ts';
import { ApiError, postJson } from '#lib/client/api.ts';

// The part of the selection answer the summary reads.
type Selection = {
  type: string;
  warning?: string | null;
  entities: Array<{
    title: string;
    sku: string;
    duty?: { eta?: number | null; p1_kw?: number | null };
    station?: { duty_p1_kw?: number | null };
  }>;
};

type Live =
  | { state: 'idle' }
  | { state: 'busy' }
  | { state: 'ok'; count: number; best: string; eta: number | null; p1: number | null }
  | { state: 'empty'; why: string }
  | { state: 'invalid'; errors: string[] }
  | { state: 'error' };

interface Props {
  kind: 'pump' | 'station';
  formId: string;
  strings: Messages;
  locale: string;
  /** The page already shows the full list for the posted values: say nothing until the form changes. */
  hasResults?: boolean;
}

export default function LiveSelect({ kind, formId, strings, locale, hasResults = false }: Props) {
  const t = makeT(strings);
  const [live, setLive] = useState<Live>({ state: 'idle' });

  useEffect(() => {
    const form = document.getElementById(formId) as HTMLFormElement | null;
    if (!form) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let seq = 0;
    const run = async () => {
      const values = Object.fromEntries(
        [...new FormData(form).entries()].filter(([, v]) => typeof v === 'string'),
      );
      if (!String(values.q ?? '').trim() || !String(values.h ?? '').trim())
        return setLive({ state: 'idle' });
      const mine = ++seq;
      setLive({ state: 'busy' });
      try {
        const body = await postJson<Selection>(apiPaths.calculations.select(kind), {
          ...values,
          limit: 50,
        });
        if (mine !== seq) return; // a newer request is on its way
        if (body.type !== 'success') return setLive({ state: 'empty', why: body.warning ?? '' });
        const e = body.entities[0]!;
        setLive({
          state: 'ok',
          count: body.entities.length,
          best: `${e.title} (${e.sku})`,
          eta: e.duty?.eta ?? null,
          p1: e.duty?.p1_kw ?? e.station?.duty_p1_kw ?? null,
        });
      } catch (err) {
        if (mine !== seq) return;
        // Refused input (its field messages), else any other failure.
        if (err instanceof ApiError && (err.status === 400 || err.status === 422))
          return setLive({ state: 'invalid', errors: Object.values(err.errors ?? {}) });
        setLive({ state: 'error' });
      }
    };
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(run, 400);
    };
    form.addEventListener('input', schedule);
    form.addEventListener('change', schedule);
    // Values typed before hydration count at once; after a post the full list below is the answer.
    if (!hasResults) run();
    return () => {
      clearTimeout(timer);
      form.removeEventListener('input', schedule);
      form.removeEventListener('change', schedule);
    };
  }, [kind, formId, hasResults]);

  const nf = (x: number, d: number) => numberFormat(locale, { maximumFractionDigits: d }).format(x);
  return (
    <div className="calc-live" role="status" aria-live="polite" data-state={live.state}>
      {live.state === 'busy' && <p>{t('calcPumps.live.busy')}</p>}
      {live.state === 'ok' && (
        <p>
          {t(live.count >= 50 ? 'calcPumps.live.many' : 'calcPumps.live.fits', { n: live.count })}{' '}
          {t('calcPumps.live.best', { best: live.best })}
          {live.eta !== null && ` η ${nf(live.eta * 100, 1)} %`}
          {live.p1 !== null && ` · ${t('calcPumps.live.p1', { p: nf(live.p1, 2) })}`}.{' '}
          {t('calcPumps.live.hint')}
        </p>
      )}
      {live.state === 'empty' && <p>{live.why}</p>}
      {live.state === 'invalid' && (
        <ul>
          {live.errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
      {live.state === 'error' && <p>{t('calcPumps.live.error')}</p>}
    </div>
  );
}
