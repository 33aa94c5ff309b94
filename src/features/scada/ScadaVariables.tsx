// The variables tab: the table of variables with live values (at each variable's precision, booleans
// in words, a variable in alarm in the alarm colour, stale and not-available marked), the commands of writable variables (reset with confirmation; input with its range and
// unit, an empty value refused, then old -> new confirmed), the command result, and the audit.
import { useState } from 'react';
import { makeT, type Messages } from '#lib/i18n/translate.ts';
import { apiPaths } from '#lib/api-paths.ts';
import { ApiError, getJson, postForm } from '#lib/client/api.ts';
import { commandValue, precisionOf, type ScadaTag } from './scada.schema.ts';
import { formatTime, formatValue, useLive, type LiveState } from './useLive.ts';

export type TagView = ScadaTag;
export interface AuditView {
  id: number;
  created_at: string;
  user: string;
  tag: string;
  old_value: number | null;
  requested: string;
  result: string;
  reason: string | null;
}

interface Props {
  id: number;
  tags: TagView[];
  initial: LiveState;
  audit: AuditView[];
  control: boolean;
  locale: string;
  timeZone: string;
  strings: Messages;
}

export default function ScadaVariables({
  id,
  tags,
  initial,
  audit: firstAudit,
  control,
  locale,
  timeZone,
  strings,
}: Props) {
  const t = makeT(strings);
  const live = useLive(id, initial);
  const [audit, setAudit] = useState(firstAudit);
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  /** A value as the table shows it: a boolean's state in words, a number at its precision. */
  const shown = (tag: TagView, v: number | null | undefined) =>
    tag.type === 'bool' && v !== null && v !== undefined
      ? t(`scada.vars.bool.${v ? 1 : 0}`)
      : formatValue(locale, v, precisionOf(tag));

  async function send(tag: TagView, value: string) {
    setBusy(tag.id);
    setMessage(null);
    try {
      // 200 confirmed, 202 sent but not confirmed (its message says so, not a success).
      const body = await postForm<{ message?: string; data?: { result?: string } }>(
        apiPaths.scada.action(),
        { tag_id: tag.id, value },
        { fallback: t('scada.errors.action') },
      );
      setMessage({
        text: body?.message ?? t('scada.errors.action'),
        ok: body?.data?.result === 'confirmed',
      });
    } catch (err) {
      setMessage({
        text: err instanceof ApiError && err.message ? err.message : t('scada.errors.action'),
        ok: false,
      });
    }
    // The command is in the audit whatever its outcome; a failed refresh keeps the list shown.
    await getJson<{ data: AuditView[] }>(apiPaths.scada.audit(id)).then(
      (a) => setAudit(a.data),
      () => undefined,
    );
    setBusy(null);
  }

  function command(tag: TagView) {
    if (tag.field_type === 'ErrorReset') {
      if (window.confirm(t('scada.vars.confirmReset'))) void send(tag, 'true');
      return;
    }
    const digits = precisionOf(tag);
    const range = [tag.min, tag.max].every((x) => x !== null)
      ? `${formatValue(locale, tag.min, digits)} … ${formatValue(locale, tag.max, digits)} ${tag.unit}`.trim()
      : tag.unit;
    const raw = window.prompt(t('scada.vars.prompt', { title: tag.title, range }), '');
    if (raw === null) return;
    const parsed = commandValue(tag, raw);
    if (!parsed.ok) {
      setMessage({
        text: t(
          parsed.error === 'scada.action.range' ? 'scada.action.refused.range' : parsed.error,
          { min: tag.min ?? '', max: tag.max ?? '', step: tag.step ?? '' },
        ),
        ok: false,
      });
      return;
    }
    const old = shown(tag, live.v[tag.idx]);
    if (
      window.confirm(
        t('scada.vars.confirmChange', {
          title: tag.title,
          old,
          value: shown(tag, parsed.value),
          unit: tag.unit,
        }),
      )
    )
      void send(tag, String(parsed.value));
  }

  const stale = live.s !== 1;
  return (
    <div className="scada-vars">
      <p className="scada-state" role="status">
        <span className={`scada-badge ${stale ? 'bad' : 'ok'}`}>
          {t(stale ? 'scada.status.0' : 'scada.status.1')}
        </span>{' '}
        {live.t
          ? t('scada.lastUpdate', { time: formatTime(locale, timeZone, live.t) })
          : t('scada.never')}
      </p>
      {message && (
        <p role="alert" className={message.ok ? 'scada-ok' : 'error-text'}>
          {message.text}
        </p>
      )}
      <div className="scada-table">
        <table className="striped">
          <caption className="sr-only">{t('scada.vars.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('scada.vars.title')}</th>
              <th scope="col">{t('scada.vars.value')}</th>
              <th scope="col">{t('scada.vars.unit')}</th>
              <th scope="col">{t('scada.vars.command')}</th>
            </tr>
          </thead>
          <tbody>
            {tags.map((tag) => {
              const q = stale ? 's' : (live.q[tag.idx] ?? 's');
              // A variable flagged as an alarm reads 1 while the fault is on (stale values too).
              const alarm = tag.alarm === 1 && live.v[tag.idx] === 1;
              return (
                <tr key={tag.id} data-tag={tag.id} className={alarm ? 'scada-alarm' : undefined}>
                  <td data-label={t('scada.vars.title')}>{tag.title}</td>
                  <td data-label={t('scada.vars.value')} className={`scada-value q-${q}`}>
                    <span data-value>{shown(tag, live.v[tag.idx])}</span>
                    {alarm && (
                      <strong className="scada-alarm-badge"> {t('scada.vars.alarm')}</strong>
                    )}
                    {q === 's' && <small> ({t('scada.vars.stale')})</small>}
                    {q === 'n' && <small> ({t('scada.vars.na')})</small>}
                  </td>
                  <td data-label={t('scada.vars.unit')}>{tag.unit}</td>
                  <td data-label={t('scada.vars.command')}>
                    {control && tag.actions === 'ReadWrite' && tag.field_type && (
                      <button
                        type="button"
                        className="secondary"
                        disabled={busy !== null || stale}
                        aria-busy={busy === tag.id}
                        onClick={() => command(tag)}
                      >
                        {t(
                          tag.field_type === 'ErrorReset'
                            ? 'scada.vars.reset'
                            : 'scada.vars.change',
                        )}
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <h2>{t('scada.audit.title')}</h2>
      {audit.length === 0 ? (
        <p>{t('scada.audit.empty')}</p>
      ) : (
        <div className="scada-table">
          <table className="striped scada-audit">
            <caption className="sr-only">{t('scada.audit.title')}</caption>
            <thead>
              <tr>
                {['time', 'user', 'tag', 'old', 'requested', 'result'].map((k) => (
                  <th scope="col" key={k}>
                    {t(`scada.audit.${k}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {audit.map((a) => (
                <tr key={a.id}>
                  <td data-label={t('scada.audit.time')}>
                    {formatTime(locale, timeZone, a.created_at)}
                  </td>
                  <td data-label={t('scada.audit.user')}>{a.user}</td>
                  <td data-label={t('scada.audit.tag')}>{a.tag}</td>
                  <td data-label={t('scada.audit.old')}>{formatValue(locale, a.old_value)}</td>
                  <td data-label={t('scada.audit.requested')}>{a.requested}</td>
                  <td data-label={t('scada.audit.result')}>
                    {t(`scada.audit.results.${a.result}`)}
                    {a.reason && ` (${t(`scada.audit.reasons.${a.reason}`)})`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
