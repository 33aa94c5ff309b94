// Step 3, Product selection: the recognised positions under their section headings, each with a
// tick box (all ticked), pos, name, marking, unit, quantity and the catalogue item it is matched to
// (or 'not matched') with its catalogue price, and a button opening the matching popup. The review:
// "Correct" turns a row's name, type/mark, unit and quantity into fields (the recognised values stay
// visible), and the row's source (a crop of its band of the page, or the cells as read for office
// files) sits under it. The total of the ticked matched positions is the order's total at catalogue
// prices. A table on wide screens, cards on a phone (CSS only). Needs at least one ticked position,
// each valid, to save.
import { useState } from 'react';
import { formatMoney, numberFormat } from '#lib/format.ts';
import type { T } from '#lib/i18n/translate.ts';
import { cropGeometry } from '#features/scanner/crop.ts';
import { RetryingImage } from './RetryingImage.tsx';
import {
  bySection,
  cropUrl,
  isCorrected,
  lineKop,
  MAX_COUNT,
  orderTotal,
  positionProblems,
  priceKop,
  PRODUCT_LIMITS,
  scorePercent,
  type EditField,
  type Entity,
  type ScanPage,
} from './model.ts';

export interface StepPositionsProps {
  t: T;
  locale: string;
  uniqid: string;
  /** Page sizes (for the source crops' width and height before they load). */
  pages: ScanPage[];
  entities: Entity[];
  /** scan.do's note that only the first positions are listed ('' when all are). */
  truncated: string;
  ticked: ReadonlySet<number>;
  busy: boolean;
  onTick(indexes: number[], on: boolean): void;
  onMatch(index: number): void;
  /** A quantity typed for a row (its count cell was empty or unreadable, or it is being corrected). */
  onCount(index: number, count: number | null): void;
  /** A corrected name, type/mark or unit. */
  onEdit(index: number, field: EditField, value: string): void;
  /** The row's recognised values back. */
  onRevert(index: number): void;
  onSave(): void;
  onBack(): void;
  /** The positions go into an existing order: the total is the added positions', not the order's. */
  appended?: boolean;
}

function count(e: Entity, locale: string): string {
  if (e.count === null || !Number.isFinite(e.count)) return e.countText ?? '';
  return numberFormat(locale, { maximumFractionDigits: 3 }).format(e.count);
}

const fieldId = (index: number, field: string) => `scan-${field}-${index}`;

export function StepPositions(p: StepPositionsProps) {
  const { t } = p;
  const [message, setMessage] = useState('');
  const [editing, setEditing] = useState<ReadonlySet<number>>(new Set());
  const groups = bySection(p.entities);
  const allOn = p.entities.length > 0 && p.entities.every((e) => p.ticked.has(e.index));
  const total = orderTotal(p.entities, p.ticked);
  const money = (kop: number) => t('scanner.wizard.money', { sum: formatMoney(kop) });
  const name = (e: Entity) => e.title || e.marka || e.pos || String(e.index + 1);

  function edit(index: number, on: boolean) {
    setEditing((old) => {
      const next = new Set(old);
      if (on) next.add(index);
      else next.delete(index);
      return next;
    });
    // Focus follows: into the name field when opening, back to the button when closing.
    setTimeout(
      () => document.getElementById(on ? fieldId(index, 'title') : `scan-edit-${index}`)?.focus(),
      0,
    );
  }

  /** Enter in a row's field ends its correction (it does not save the whole list). */
  function finishOnEnter(ev: React.KeyboardEvent<HTMLInputElement>, index: number) {
    if (ev.key !== 'Enter') return;
    ev.preventDefault();
    edit(index, false);
  }

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (p.ticked.size === 0) {
      setMessage(t('scanner.wizard.positions.needPosition'));
      return;
    }
    const wrong = p.entities.filter(
      (x) => p.ticked.has(x.index) && Object.keys(positionProblems(x)).length > 0,
    );
    if (wrong.length) {
      const onlyCount = wrong.every(
        (x) =>
          Object.keys(positionProblems(x)).join() === 'count' && !(x.count !== null && x.count > 0),
      );
      setMessage(
        t(onlyCount ? 'scanner.wizard.positions.needCount' : 'scanner.wizard.positions.needFix'),
      );
      // Wrong texts are shown in their fields.
      const texts = wrong.filter((x) => !onlyCount || editing.has(x.index)).map((x) => x.index);
      if (texts.length) setEditing((old) => new Set([...old, ...texts]));
      return;
    }
    p.onSave();
  }

  function matched(e: Entity) {
    const price = priceKop(e);
    const priced = price !== null && (
      <small className="scan-price">
        {t('scanner.wizard.positions.price', { price: money(price), sum: money(lineKop(e)) })}
      </small>
    );
    if (e.cid > 0 && e.catalog)
      return (
        <span>
          {[e.catalog.title, e.catalog.article].filter(Boolean).join(', ')}
          {e.auto && e.match && (
            <small>
              {t('scanner.wizard.positions.auto', { score: scorePercent(e.match.score) })}
            </small>
          )}
          {priced}
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
    return (
      <span className="scan-muted">
        {t('scanner.wizard.positions.notMatched')}
        {/* A near match left unticked says why (two items differ only in a number the row does not settle). */}
        {e.match?.hold && <small>{e.match.hold}</small>}
        <small>{t('scanner.wizard.positions.noPrice')}</small>
      </span>
    );
  }

  /** A text field of a row being corrected, with its problem (if any) and the value as recognised. */
  function textField(e: Entity, field: EditField, problems: Partial<Record<string, string>>) {
    const id = fieldId(e.index, field);
    const problem = problems[field];
    const was = e.orig && e.orig[field] !== e[field] ? e.orig[field] : null;
    const described = [problem ? `${id}-error` : '', was !== null ? `${id}-was` : '']
      .filter(Boolean)
      .join(' ');
    return (
      <>
        <input
          id={id}
          type="text"
          className="scan-edit"
          value={e[field]}
          maxLength={PRODUCT_LIMITS[field]}
          autoComplete="off"
          aria-label={t('scanner.wizard.positions.field', {
            field: t(`scanner.wizard.fields.${field}`),
            n: e.pos || e.index + 1,
          })}
          aria-invalid={problem ? true : undefined}
          aria-describedby={described || undefined}
          onChange={(ev) => p.onEdit(e.index, field, ev.target.value)}
          onKeyDown={(ev) => finishOnEnter(ev, e.index)}
        />
        {problem && (
          <small id={`${id}-error`} className="scan-error">
            {t(`scanner.wizard.positions.problems.${problem}`, { max: PRODUCT_LIMITS[field] })}
          </small>
        )}
        {was !== null && (
          <small id={`${id}-was`}>
            {t('scanner.wizard.positions.asRead', { text: was || '—' })}
          </small>
        )}
      </>
    );
  }

  function countCell(e: Entity, open: boolean, problems: Partial<Record<string, string>>) {
    const id = fieldId(e.index, 'count');
    const problem = open || e.edited ? problems.count : undefined;
    const was = e.orig && e.orig.count !== e.count ? e.orig.count : undefined;
    const typed = open || e.edited || e.count === null || !(e.count > 0);
    if (!typed) return count(e, p.locale);
    const described = [problem ? `${id}-error` : '', e.countText ? `scan-count-${e.index}` : '']
      .filter(Boolean)
      .join(' ');
    return (
      <>
        <input
          id={id}
          type="number"
          min="0"
          max={MAX_COUNT}
          step="any"
          inputMode="decimal"
          className="scan-count"
          value={e.count ?? ''}
          aria-label={t('scanner.wizard.positions.count', { title: e.title || e.pos })}
          aria-invalid={problem ? true : undefined}
          aria-describedby={described || undefined}
          onChange={(ev) =>
            p.onCount(
              e.index,
              ev.target.value === '' || !Number.isFinite(ev.target.valueAsNumber)
                ? null
                : ev.target.valueAsNumber,
            )
          }
          onKeyDown={open ? (ev) => finishOnEnter(ev, e.index) : undefined}
        />
        {problem && (
          <small id={`${id}-error`} className="scan-error">
            {t(`scanner.wizard.positions.problems.${problem}`, {
              max: numberFormat(p.locale).format(MAX_COUNT),
            })}
          </small>
        )}
        {e.countText && (e.edited || e.count === null) && (
          <small id={`scan-count-${e.index}`}>{e.countText}</small>
        )}
        {was !== undefined && was !== null && (
          <small>
            {t('scanner.wizard.positions.asRead', {
              text: numberFormat(p.locale, { maximumFractionDigits: 3 }).format(was),
            })}
          </small>
        )}
      </>
    );
  }

  /** The row as it stands in the document: a crop of its page, or (office files) its cells as read once corrected. */
  function source(e: Entity) {
    const size = p.pages.find((x) => x.page === e.page);
    const url = cropUrl(p.uniqid, e);
    const band =
      size && e.box && url
        ? cropGeometry(size, Math.floor(e.box.top), Math.ceil(e.box.bottom))
        : null;
    if (band && url)
      return (
        <figure className="scan-crop">
          <RetryingImage
            src={url}
            width={band.width}
            height={band.height}
            loading="lazy"
            decoding="async"
            alt={t('scanner.wizard.positions.source', { page: e.page })}
          />
        </figure>
      );
    if (!e.orig) return null;
    const cells = [
      e.orig.title,
      e.orig.marka,
      e.orig.unit,
      e.orig.count === null ? (e.countText ?? '') : count({ ...e, count: e.orig.count }, p.locale),
    ]
      .filter(Boolean)
      .join(' · ');
    return (
      <p className="scan-muted scan-cells">
        {t('scanner.wizard.positions.sourceCells', { text: cells })}
      </p>
    );
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
            <input
              type="checkbox"
              checked={allOn}
              onChange={(e) =>
                p.onTick(
                  p.entities.map((x) => x.index),
                  e.target.checked,
                )
              }
            />
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
                {g.rows.flatMap((e) => {
                  const open = editing.has(e.index);
                  const problems = positionProblems(e);
                  const fixed = isCorrected(e);
                  const src = source(e);
                  const classes = [
                    p.ticked.has(e.index) ? '' : 'scan-off',
                    src ? 'scan-has-source' : '',
                    fixed ? 'scan-fixed' : '',
                  ]
                    .filter(Boolean)
                    .join(' ');
                  const row = (
                    <tr key={e.index} className={classes || undefined}>
                      <td>
                        <input
                          type="checkbox"
                          name="positions"
                          value={e.index}
                          checked={p.ticked.has(e.index)}
                          onChange={(ev) => {
                            setMessage('');
                            p.onTick([e.index], ev.target.checked);
                          }}
                          aria-label={t('scanner.wizard.positions.tick', {
                            title: [e.pos, e.title].filter(Boolean).join(' '),
                          })}
                        />
                      </td>
                      <td data-label={t('scanner.wizard.fields.pos')}>{e.pos}</td>
                      <td data-label={t('scanner.wizard.fields.title')}>
                        {open ? textField(e, 'title', problems) : e.title}
                        {open && priceKop(e) !== null && (
                          <small>{t('scanner.wizard.positions.matchedTitle')}</small>
                        )}
                        {!open && fixed && (
                          <small className="scan-fixed-note">
                            {t('scanner.wizard.positions.corrected')}
                          </small>
                        )}
                      </td>
                      <td data-label={t('scanner.wizard.fields.marka')}>
                        {open ? textField(e, 'marka', problems) : e.marka}
                        {e.sku && <small>{e.sku}</small>}
                      </td>
                      <td data-label={t('scanner.wizard.fields.unit')}>
                        {open ? textField(e, 'unit', problems) : e.unit}
                      </td>
                      <td data-label={t('scanner.wizard.fields.count')} className="num">
                        {countCell(e, open, problems)}
                      </td>
                      <td data-label={t('scanner.wizard.positions.catalogue')}>{matched(e)}</td>
                      <td>
                        <div className="scan-row-actions">
                          <button
                            type="button"
                            id={`scan-match-${e.index}`}
                            className="outline"
                            onClick={() => p.onMatch(e.index)}
                            aria-label={t('scanner.wizard.positions.matchFor', { title: name(e) })}
                          >
                            {t('scanner.wizard.positions.match')}
                          </button>
                          <button
                            type="button"
                            id={`scan-edit-${e.index}`}
                            className="outline"
                            onClick={() => edit(e.index, !open)}
                            aria-label={t(
                              open
                                ? 'scanner.wizard.positions.finishFor'
                                : 'scanner.wizard.positions.correctFor',
                              { title: name(e) },
                            )}
                          >
                            {t(
                              open
                                ? 'scanner.wizard.positions.finish'
                                : 'scanner.wizard.positions.correct',
                            )}
                          </button>
                          {open && fixed && (
                            <button
                              type="button"
                              className="secondary outline"
                              onClick={() => p.onRevert(e.index)}
                              aria-label={t('scanner.wizard.positions.revertFor', {
                                title: name(e),
                              })}
                            >
                              {t('scanner.wizard.positions.revert')}
                            </button>
                          )}
                        </div>
                      </td>
                    </tr>
                  );
                  if (!src) return [row];
                  return [
                    row,
                    <tr
                      key={`${e.index}-source`}
                      className={`scan-source${p.ticked.has(e.index) ? '' : ' scan-off'}`}
                    >
                      <td colSpan={8}>{src}</td>
                    </tr>,
                  ];
                })}
              </tbody>
            ))}
          </table>
        </div>
      )}
      {p.entities.length > 0 && (
        <div className="scan-total" aria-live="polite">
          <p>
            <strong>
              {t(
                p.appended
                  ? 'scanner.wizard.positions.totalAdded'
                  : 'scanner.wizard.positions.total',
                { sum: money(total.kop) },
              )}
            </strong>
          </p>
          <p className={total.unmatched ? 'scan-note' : 'scan-muted'}>
            {total.unmatched
              ? t(
                  p.appended
                    ? 'scanner.wizard.positions.totalAddedUnmatched'
                    : 'scanner.wizard.positions.totalUnmatched',
                  { n: total.unmatched },
                )
              : t(
                  p.appended
                    ? 'scanner.wizard.positions.totalAddedPriced'
                    : 'scanner.wizard.positions.totalPriced',
                )}
          </p>
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
