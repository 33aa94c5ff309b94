// The alarm list (an object's alarms tab, or every granted object): ISA-18.2 state per row, the
// acknowledge button with an optional comment, active or all. Refreshed live: on every alarm event of
// the feed (the menu badge's script passes each frame on as the window event ALARM_DOM_EVENT), and,
// should the feed be down, every REFRESH_MS while the page is visible.
import { useEffect, useRef, useState } from 'react';
import { apiPaths } from '#lib/api-paths.ts';
import { ApiError, getJson, postJson } from '#lib/client/api.ts';
import { makeT, type Messages } from '#lib/i18n/translate.ts';
import { alarmState, type AlarmItem } from './alarms.schema.ts';
import { formatTime, formatValue } from './useLive.ts';

const REFRESH_MS = 10_000;
/** The window event alarms.client.ts dispatches per alarm frame (detail: the frame). */
const ALARM_DOM_EVENT = 'scada:alarm';

interface Props {
  /** One object's alarms, or null for every granted object. */
  objectId: number | null;
  /** Links to each object (the list across objects), by id. */
  objectHref?: string;
  initial: AlarmItem[];
  total: number;
  state: 'active' | 'all';
  locale: string;
  timeZone: string;
  strings: Messages;
}

export default function ScadaAlarms(p: Props) {
  const t = makeT(p.strings);
  const [rows, setRows] = useState(p.initial);
  const [total, setTotal] = useState(p.total);
  const [state, setState] = useState(p.state);
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  /** Bumped to refresh at once (after an acknowledgement). */
  const [tick, setTick] = useState(0);
  const mounted = useRef(false);
  const url = apiPaths.scada.alarms(p.objectId);

  useEffect(() => {
    let gone = false;
    const refresh = async () => {
      try {
        const r = await getJson<{ data: AlarmItem[]; meta: { pagination: { total: number } } }>(
          url,
          { params: { state, limit: 100 } },
        );
        if (gone) return;
        setRows(r.data);
        setTotal(r.meta.pagination.total);
      } catch {
        // A failed refresh keeps the list shown; the next one tries again.
      }
    };
    // The first rows came with the page; later runs (state, acknowledgement) refresh at once.
    if (mounted.current) void refresh();
    mounted.current = true;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void refresh();
    }, REFRESH_MS);
    const onAlarm = (e: Event) => {
      const frame = (e as CustomEvent<{ alarm?: { object_id?: number } }>).detail;
      if (p.objectId === null || frame?.alarm?.object_id === p.objectId) void refresh();
    };
    window.addEventListener(ALARM_DOM_EVENT, onAlarm);
    return () => {
      gone = true;
      clearInterval(timer);
      window.removeEventListener(ALARM_DOM_EVENT, onAlarm);
    };
  }, [url, state, tick, p.objectId]);

  async function ack(a: AlarmItem, comment: string) {
    setBusy(a.id);
    setMessage(null);
    try {
      await postJson(apiPaths.scada.ack(a.id), { comment }, { fallback: t('scada.alarms.failed') });
      setMessage({
        text: `${t('scada.alarms.columns.acknowledged')}: ${t(`scada.alarms.kinds.${a.kind}`)}`,
        ok: true,
      });
    } catch (err) {
      setMessage({
        text: err instanceof ApiError && err.message ? err.message : t('scada.alarms.failed'),
        ok: false,
      });
    }
    setTick((x) => x + 1);
    setBusy(null);
  }

  const show = (s: 'active' | 'all') => setState(s);

  const time = (x: string | null) => (x ? formatTime(p.locale, p.timeZone, x) : '\u2014');
  return (
    <div className="scada-alarms">
      <p className="scada-alarms-bar">
        <span role="status">
          {t('scada.alarms.count', {
            count:
              state === 'active' ? total : rows.filter((r) => alarmState(r) !== 'normal').length,
          })}
        </span>{' '}
        <button
          type="button"
          className="secondary"
          aria-pressed={state === 'active'}
          onClick={() => show('active')}
        >
          {t('scada.alarms.showActive')}
        </button>{' '}
        <button
          type="button"
          className="secondary"
          aria-pressed={state === 'all'}
          onClick={() => show('all')}
        >
          {t('scada.alarms.showAll')}
        </button>
      </p>
      {message && (
        <p role="alert" className={message.ok ? 'scada-ok' : 'error-text'}>
          {message.text}
        </p>
      )}
      {rows.length === 0 ? (
        <p>{t(state === 'active' ? 'scada.alarms.empty' : 'scada.alarms.emptyAll')}</p>
      ) : (
        <div className="scada-table">
          <table className="striped">
            <caption className="sr-only">{t('scada.alarms.title')}</caption>
            <thead>
              <tr>
                {p.objectId === null && <th scope="col">{t('scada.alarms.columns.object')}</th>}
                <th scope="col">{t('scada.alarms.columns.tag')}</th>
                <th scope="col">{t('scada.alarms.columns.kind')}</th>
                <th scope="col">{t('scada.alarms.columns.value')}</th>
                <th scope="col">{t('scada.alarms.columns.raised')}</th>
                <th scope="col">{t('scada.alarms.columns.cleared')}</th>
                <th scope="col">{t('scada.alarms.columns.state')}</th>
                <th scope="col">{t('scada.alarms.columns.acknowledged')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((a) => {
                const st = alarmState(a);
                return (
                  <tr key={a.id} data-alarm={a.id} data-state={st}>
                    {p.objectId === null && (
                      <td data-label={t('scada.alarms.columns.object')}>
                        <a href={`${p.objectHref ?? ''}/${a.object_id}?tab=alarms`}>
                          {a.object_title}
                        </a>
                      </td>
                    )}
                    <td data-label={t('scada.alarms.columns.tag')}>{a.tag_title ?? '\u2014'}</td>
                    <td data-label={t('scada.alarms.columns.kind')}>
                      {t(`scada.alarms.kinds.${a.kind}`)}
                    </td>
                    <td data-label={t('scada.alarms.columns.value')}>
                      {a.value === null
                        ? '\u2014'
                        : `${formatValue(p.locale, a.value, a.digits)} / ${formatValue(p.locale, a.limit, a.digits)}`}
                    </td>
                    <td data-label={t('scada.alarms.columns.raised')}>{time(a.raised_at)}</td>
                    <td data-label={t('scada.alarms.columns.cleared')}>{time(a.cleared_at)}</td>
                    <td data-label={t('scada.alarms.columns.state')}>
                      <span
                        className={`scada-badge ${st === 'normal' ? 'ok' : st === 'ack' ? 'warn' : 'bad'}`}
                      >
                        {t(`scada.alarms.states.${st}`)}
                      </span>
                    </td>
                    <td data-label={t('scada.alarms.columns.acknowledged')}>
                      {a.acknowledged_at ? (
                        <>
                          {time(a.acknowledged_at)} · {a.acknowledged_by}
                          {a.comment ? ` · ${a.comment}` : ''}
                        </>
                      ) : (
                        <AckForm
                          label={t('scada.alarms.ackOne', {
                            kind: t(`scada.alarms.kinds.${a.kind}`),
                            tag: a.tag_title ?? a.object_title ?? '',
                          })}
                          button={t('scada.alarms.ack')}
                          comment={t('scada.alarms.columns.comment')}
                          busy={busy === a.id}
                          onAck={(c) => void ack(a, c)}
                        />
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function AckForm(p: {
  label: string;
  button: string;
  comment: string;
  busy: boolean;
  onAck: (comment: string) => void;
}) {
  const [comment, setComment] = useState('');
  return (
    <form
      className="scada-ack"
      aria-label={p.label}
      onSubmit={(e) => {
        e.preventDefault();
        p.onAck(comment);
      }}
    >
      <input
        type="text"
        maxLength={500}
        value={comment}
        aria-label={p.comment}
        placeholder={p.comment}
        onChange={(e) => setComment(e.target.value)}
      />
      <button type="submit" disabled={p.busy} aria-busy={p.busy}>
        {p.button}
      </button>
    </form>
  );
}
