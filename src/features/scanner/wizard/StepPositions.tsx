// Step 3, Product selection: the recognised positions under their section headings, each with a
// tick box (all ticked), pos, name, marking, unit, quantity and the catalogue item it is matched to
// (or 'not matched'), and a button opening the matching popup. A table on wide screens, cards on
// a phone (CSS only). Needs at least one ticked position to save.
import { useState } from 'react';
import type { T } from '#lib/i18n/translate.ts';
import { bySection, scorePercent, type Entity } from './model.ts';

export interface StepPositionsProps {
  t: T;
  locale: string;
  entities: Entity[];
  /** scan.do's note that only the first positions are listed ('' when all are). */
  truncated: string;
  ticked: ReadonlySet<number>;
  busy: boolean;
  onTick(indexes: number[], on: boolean): void;
  onMatch(index: number): void;
  /** A quantity typed for a row whose count cell was empty or unreadable. */
  onCount(index: number, count: number | null): void;
  onSave(): void;
  onBack(): void;
}

function count(e: Entity, locale: string): string {
  if (e.count === null || !Number.isFinite(e.count)) return e.countText ?? '';
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(e.count);
}

export function StepPositions(p: StepPositionsProps) {
  const { t } = p;
  const [message, setMessage] = useState('');
  const groups = bySection(p.entities);
  const allOn = p.entities.length > 0 && p.entities.every((e) => p.ticked.has(e.index));

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (p.ticked.size === 0) {
      setMessage(t('scanner.wizard.positions.needPosition'));
      return;
    }
    if (p.entities.some((x) => p.ticked.has(x.index) && !(x.count !== null && x.count > 0))) {
      setMessage(t('scanner.wizard.positions.needCount'));
      return;
    }
    p.onSave();
  }

  function matched(e: Entity) {
    if (e.cid > 0 && e.catalog)
      return (
        <span>
          {[e.catalog.title, e.catalog.article].filter(Boolean).join(', ')}
          {e.auto && e.match && <small>{t('scanner.wizard.positions.auto', { score: scorePercent(e.match.score) })}</small>}
        </span>
      );
    if (e.cid > 0 && e.match)
      return (
        <span>
          {t('scanner.wizard.positions.auto', { score: scorePercent(e.match.score) })}
          {e.match.why.length > 0 && <small> {e.match.why.join('; ')}</small>}
        </span>
      );
    if (e.cid > 0) return <span>{t('scanner.wizard.positions.item', { cid: e.cid })}</span>;
    // A near match left unticked says why (two items differ only in a number the row does not settle).
    if (e.match?.hold)
      return (
        <span className="scan-muted">
          {t('scanner.wizard.positions.notMatched')} <small>{e.match.hold}</small>
        </span>
      );
    return <span className="scan-muted">{t('scanner.wizard.positions.notMatched')}</span>;
  }

  return (
    <form onSubmit={submit} className="scan-positions" noValidate>
      <p className="scan-counter" aria-live="polite">
        {t('scanner.wizard.positions.selected', { n: p.ticked.size, m: p.entities.length })}
      </p>
      {p.truncated && (
        <p className="scan-note" role="note">
          {p.truncated}
        </p>
      )}
      {p.entities.length === 0 ? (
        <p>{t('scanner.wizard.positions.none')}</p>
      ) : (
        <div className="scan-table-wrap">
          <label className="scan-all">
            <input type="checkbox" checked={allOn} onChange={(e) => p.onTick(p.entities.map((x) => x.index), e.target.checked)} />
            {t('scanner.wizard.positions.all')}
          </label>
          <table className="scan-rows">
            <caption className="sr-only">{t('scanner.wizard.positions.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <span className="sr-only">{t('scanner.wizard.positions.tickColumn')}</span>
                </th>
                <th scope="col">{t('scanner.wizard.fields.pos')}</th>
                <th scope="col">{t('scanner.wizard.fields.title')}</th>
                <th scope="col">{t('scanner.wizard.fields.marka')}</th>
                <th scope="col">{t('scanner.wizard.fields.unit')}</th>
                <th scope="col">{t('scanner.wizard.fields.count')}</th>
                <th scope="col">{t('scanner.wizard.positions.catalogue')}</th>
                <th scope="col">
                  <span className="sr-only">{t('scanner.wizard.positions.actions')}</span>
                </th>
              </tr>
            </thead>
            {groups.map((g, gi) => (
              <tbody key={gi}>
                {g.section && (
                  <tr className="scan-section">
                    <th colSpan={8} scope="colgroup">
                      {g.section}
                    </th>
                  </tr>
                )}
                {g.rows.map((e) => (
                  <tr key={e.index} className={p.ticked.has(e.index) ? undefined : 'scan-off'}>
                    <td>
                      <input type="checkbox" name="positions" value={e.index} checked={p.ticked.has(e.index)} onChange={(ev) => {
                        setMessage('');
                        p.onTick([e.index], ev.target.checked);
                      }} aria-label={t('scanner.wizard.positions.tick', { title: [e.pos, e.title].filter(Boolean).join(' ') })} />
                    </td>
                    <td data-label={t('scanner.wizard.fields.pos')}>{e.pos}</td>
                    <td data-label={t('scanner.wizard.fields.title')}>{e.title}</td>
                    <td data-label={t('scanner.wizard.fields.marka')}>{[e.marka, e.sku].filter(Boolean).join(' / ')}</td>
                    <td data-label={t('scanner.wizard.fields.unit')}>{e.unit}</td>
                    <td data-label={t('scanner.wizard.fields.count')} className="num">
                      {e.edited || e.count === null || !(e.count > 0) ? (
                        <input type="number" min="0" step="any" inputMode="decimal" className="scan-count" value={e.count ?? ''} aria-label={t('scanner.wizard.positions.count', { title: e.title || e.pos })}
                          aria-describedby={e.countText ? `scan-count-${e.index}` : undefined}
                          onChange={(ev) => p.onCount(e.index, ev.target.value === '' || !Number.isFinite(ev.target.valueAsNumber) ? null : ev.target.valueAsNumber)} />
                      ) : (
                        count(e, p.locale)
                      )}
                      {e.countText && (e.edited || e.count === null) && <small id={`scan-count-${e.index}`}>{e.countText}</small>}
                    </td>
                    <td data-label={t('scanner.wizard.positions.catalogue')}>{matched(e)}</td>
                    <td>
                      <button type="button" id={`scan-match-${e.index}`} className="outline" onClick={() => p.onMatch(e.index)}
                        aria-label={t('scanner.wizard.positions.matchFor', { title: e.title || e.marka || e.pos })}>
                        {t('scanner.wizard.positions.match')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            ))}
          </table>
        </div>
      )}
      {message && (
        <p className="scan-error" role="alert">
          {message}
        </p>
      )}
      <div className="scan-actions">
        <button type="button" className="secondary" onClick={p.onBack} disabled={p.busy}>
          {t('scanner.wizard.back')}
        </button>
        <button type="submit" disabled={p.busy} aria-busy={p.busy || undefined}>
          {t('scanner.wizard.positions.submit')}
        </button>
      </div>
    </form>
  );
}
