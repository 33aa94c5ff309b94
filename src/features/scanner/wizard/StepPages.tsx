// Step 2, Page selection: thumbnails 250 px high of the document as PDF (each a real checkbox:
// click or Space toggles; all ticked after load) and the column selectors for each field (1..9, or
// every column of a wider table), 'absent' where allowed, started from the server's suggestion
// (marked, with how sure it is: by the heading, by the data, or unsure) or the spec's defaults, with
// the header text the reader found next to every column number. A field without a column shows an
// empty choice and says so, never a column it did not choose.
import { useState } from 'react';
import type { T } from '#lib/i18n/translate.ts';
import { thumbUrl } from './api.ts';
import { RetryingImage } from './RetryingImage.tsx';
import {
  MAPPING_FIELDS,
  OPTIONAL_FIELDS,
  THUMB_HEIGHT,
  columnChoices,
  mappingProblems,
  thumbWidth,
  type ColumnMapping,
  type ScanStatus,
} from './model.ts';

export interface StepPagesProps {
  t: T;
  status: ScanStatus;
  pages: number[];
  mapping: ColumnMapping;
  busy: boolean;
  onPages(pages: number[]): void;
  onMapping(mapping: ColumnMapping): void;
  onNext(): void;
  onBack(): void;
}

export function StepPages(p: StepPagesProps) {
  const { t, status } = p;
  const [message, setMessage] = useState('');
  const [showProblems, setShowProblems] = useState(false);
  const ticked = new Set(p.pages);
  const columns = columnChoices(status.columnCount);
  const problems = mappingProblems(p.mapping, status.columnCount);
  const suggested = status.suggestedMapping;
  const basis = status.suggestedBy ?? {};
  const header = (col: number) => (status.headers[col - 1] ?? '').trim();
  const all = status.pages.map((x) => x.page);

  function toggle(page: number, on: boolean) {
    setMessage('');
    p.onPages(on ? [...p.pages, page].sort((a, b) => a - b) : p.pages.filter((x) => x !== page));
  }

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (p.pages.length === 0) {
      setMessage(t('scanner.wizard.pages.needPage'));
      return;
    }
    if (Object.keys(problems).length) {
      setShowProblems(true);
      const first = MAPPING_FIELDS.find((f) => problems[f]);
      document.getElementById(`scan-col-${first}`)?.focus();
      return;
    }
    p.onNext();
  }

  return (
    <form onSubmit={submit} className="scan-pages" noValidate>
      <fieldset>
        <legend>{t('scanner.wizard.pages.legend')}</legend>
        <p className="scan-counter" aria-live="polite">
          {t('scanner.wizard.pages.selected', { n: p.pages.length, m: all.length })}
        </p>
        <div className="scan-inline-actions">
          <button type="button" className="outline secondary" onClick={() => p.onPages(all)}>
            {t('scanner.wizard.pages.all')}
          </button>
          <button type="button" className="outline secondary" onClick={() => p.onPages([])}>
            {t('scanner.wizard.pages.none')}
          </button>
        </div>
        <ul className="scan-thumbs">
          {status.pages.map((pg) => (
            <li key={pg.page}>
              <label className="scan-thumb">
                <input
                  type="checkbox"
                  name="pages"
                  value={pg.page}
                  checked={ticked.has(pg.page)}
                  onChange={(e) => toggle(pg.page, e.target.checked)}
                />
                <RetryingImage
                  loading="lazy"
                  src={thumbUrl(status.uniqid, pg.page)}
                  width={thumbWidth(pg)}
                  height={THUMB_HEIGHT}
                  alt={t('scanner.wizard.pages.page', { n: pg.page })}
                />
                <span>
                  {/* The image's alt names the page for the checkbox; the caption repeats it for the eye only. */}
                  <span aria-hidden="true">{t('scanner.wizard.pages.page', { n: pg.page })}</span>
                  {!pg.hasTable && <small> · {t('scanner.wizard.pages.noTable')}</small>}
                  {pg.source === 'ocr' && <small> · {t('scanner.wizard.pages.ocr')}</small>}
                </span>
              </label>
            </li>
          ))}
        </ul>
        {message && (
          <p className="scan-error" role="alert">
            {message}
          </p>
        )}
        <p>
          {/* The whole document as PDF (office files and images converted by the server). */}
          <button type="submit" form="scan-pdf-form" className="link-button">
            {t('scanner.wizard.pages.pdf')}
          </button>
        </p>
      </fieldset>

      <fieldset>
        <legend>{t('scanner.wizard.pages.columns')}</legend>
        <p>
          {suggested
            ? t('scanner.wizard.pages.suggestedNote')
            : t('scanner.wizard.pages.defaultNote')}
        </p>
        <div className="scan-columns">
          {MAPPING_FIELDS.map((f) => {
            // The required-field message shows at once (the select is empty); the others after a submit.
            const problem =
              showProblems || problems[f] === 'columnRequired' ? problems[f] : undefined;
            const value = p.mapping[f];
            const offered = (value === 0 && OPTIONAL_FIELDS.has(f)) || columns.includes(value);
            const how =
              suggested && suggested[f] > 0 && suggested[f] === value ? basis[f] : undefined;
            const describedBy = [
              problem ? `scan-col-${f}-problem` : '',
              how ? `scan-col-${f}-basis` : '',
            ]
              .filter(Boolean)
              .join(' ');
            return (
              <div key={f}>
                <label htmlFor={`scan-col-${f}`}>
                  {t(`scanner.wizard.fields.${f}`)}
                  {suggested && suggested[f] === value && (value > 0 || OPTIONAL_FIELDS.has(f)) && (
                    <small className="scan-suggested"> {t('scanner.wizard.pages.suggested')}</small>
                  )}
                </label>
                <select
                  id={`scan-col-${f}`}
                  name={f}
                  value={offered ? value : ''}
                  required={!OPTIONAL_FIELDS.has(f)}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={describedBy || undefined}
                  onChange={(e) => p.onMapping({ ...p.mapping, [f]: Number(e.target.value) })}
                >
                  {!offered && (
                    <option value="" disabled>
                      {t('scanner.wizard.pages.choose')}
                    </option>
                  )}
                  {OPTIONAL_FIELDS.has(f) && (
                    <option value={0}>{t('scanner.wizard.pages.absent')}</option>
                  )}
                  {columns.map((n) => (
                    <option key={n} value={n}>
                      {header(n) ? `${n} \u2014 ${header(n)}` : String(n)}
                      {suggested && suggested[f] === n
                        ? ` (${t('scanner.wizard.pages.suggested')})`
                        : ''}
                    </option>
                  ))}
                </select>
                {how && (
                  <small
                    id={`scan-col-${f}-basis`}
                    className={how.basis === 'unsure' ? 'scan-basis scan-unsure' : 'scan-basis'}
                  >
                    {how.basis === 'header'
                      ? t('scanner.wizard.pages.basis.header', { heading: how.heading })
                      : t(`scanner.wizard.pages.basis.${how.basis}`)}
                  </small>
                )}
                {problem && (
                  <small id={`scan-col-${f}-problem`} className="scan-error">
                    {t(`scanner.wizard.pages.${problem}`, { max: columns.length })}
                  </small>
                )}
              </div>
            );
          })}
        </div>
      </fieldset>

      <div className="scan-actions">
        <button type="button" className="secondary" onClick={p.onBack} disabled={p.busy}>
          {t('scanner.wizard.back')}
        </button>
        <button type="submit" disabled={p.busy} aria-busy={p.busy || undefined}>
          {t('scanner.wizard.pages.submit')}
        </button>
      </div>
    </form>
  );
}
