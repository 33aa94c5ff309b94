// Step 2, Page selection: thumbnails 250 px high of the document as PDF (each a real checkbox:
// click or Space toggles; all ticked after load) and the column selectors 1..9 for each field,
// 'absent' where allowed, started from the server's suggestion (marked) or the spec's defaults,
// with the header text the reader found next to every column number.
import { useState } from 'react';
import type { T } from '#lib/i18n/translate.ts';
import { thumbUrl } from './api.ts';
import { COLUMN_NUMBERS, MAPPING_FIELDS, OPTIONAL_FIELDS, THUMB_HEIGHT, mappingProblems, thumbWidth, type ColumnMapping, type ScanStatus } from './model.ts';

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
  const problems = mappingProblems(p.mapping);
  const suggested = status.suggestedMapping;
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
                <input type="checkbox" name="pages" value={pg.page} checked={ticked.has(pg.page)} onChange={(e) => toggle(pg.page, e.target.checked)} />
                <img loading="lazy" src={thumbUrl(status.uniqid, pg.page)} width={thumbWidth(pg)} height={THUMB_HEIGHT} alt={t('scanner.wizard.pages.page', { n: pg.page })} />
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
        <p>{suggested ? t('scanner.wizard.pages.suggestedNote') : t('scanner.wizard.pages.defaultNote')}</p>
        <div className="scan-columns">
          {MAPPING_FIELDS.map((f) => {
            const problem = showProblems ? problems[f] : undefined;
            return (
              <div key={f}>
                <label htmlFor={`scan-col-${f}`}>
                  {t(`scanner.wizard.fields.${f}`)}
                  {suggested && suggested[f] === p.mapping[f] && <small className="scan-suggested"> {t('scanner.wizard.pages.suggested')}</small>}
                </label>
                <select
                  id={`scan-col-${f}`}
                  name={f}
                  value={p.mapping[f]}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? `scan-col-${f}-problem` : undefined}
                  onChange={(e) => p.onMapping({ ...p.mapping, [f]: Number(e.target.value) })}
                >
                  {OPTIONAL_FIELDS.has(f) && <option value={0}>{t('scanner.wizard.pages.absent')}</option>}
                  {COLUMN_NUMBERS.map((n) => (
                    <option key={n} value={n}>
                      {header(n) ? `${n} \u2014 ${header(n)}` : String(n)}
                      {suggested && suggested[f] === n ? ` (${t('scanner.wizard.pages.suggested')})` : ''}
                    </option>
                  ))}
                </select>
                {problem && (
                  <small id={`scan-col-${f}-problem`} className="scan-error">
                    {t(`scanner.wizard.pages.${problem}`)}
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
