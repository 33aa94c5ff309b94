// The matching popup of one recognised position: a search box prefilled with the row's text
// (debounced, 3+ characters) listing the catalogue candidates of scan.candidates with their score
// and the reasons; choosing one (or 'keep as free text') reports it to the wizard, which asks
// scan.catalog and replaces the item. A modal <dialog>: focus stays inside, Escape closes.
import { useEffect, useRef, useState } from 'react';
import { apiPaths } from '#lib/api-paths.ts';
import { formatMoney } from '#lib/format.ts';
import type { T } from '#lib/i18n/translate.ts';
import { isAbort, scanGet } from './api.ts';
import { markNumbers, rowQuery, scorePercent, type Candidate, type Entity } from './model.ts';

export interface MatchDialogProps {
  t: T;
  uniqid: string;
  entity: Entity;
  /** True while the wizard asks scan.catalog for the chosen item. */
  choosing: boolean;
  error: string;
  onChoose(cid: number): void;
  onClose(): void;
}

const DEBOUNCE_MS = 300;

/** A text with the numbers that tell the candidate apart highlighted (the words below say it too). */
function Marked({ text, differs }: { text: string; differs: string[] | undefined }) {
  return (
    <>
      {markNumbers(text, differs).map((piece, i) =>
        piece.mark ? <mark key={i}>{piece.text}</mark> : piece.text,
      )}
    </>
  );
}
const MIN_CHARS = 3;

export function MatchDialog(p: MatchDialogProps) {
  const { t, entity } = p;
  const dialog = useRef<HTMLDialogElement>(null);
  const [query, setQuery] = useState(rowQuery(entity));
  const [list, setList] = useState<Candidate[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);

  useEffect(() => {
    const q = query.trim();
    if (q.length > 0 && q.length < MIN_CHARS) return;
    const ctrl = new AbortController();
    const timer = setTimeout(async () => {
      setLoading(true);
      try {
        const params: Record<string, string | number> = { uniqid: p.uniqid, index: entity.index };
        if (q) params.q = q;
        const r = await scanGet<{ candidates: Candidate[] }>(
          apiPaths.app('scan.candidates'),
          params,
          t('scanner.wizard.errors.getProduct'),
          ctrl.signal,
        );
        setList(r.candidates);
        setError('');
      } catch (err) {
        if (!isAbort(err))
          setError(err instanceof Error ? err.message : t('scanner.wizard.errors.getProduct'));
      } finally {
        if (!ctrl.signal.aborted) setLoading(false);
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [query, attempt, p.uniqid, entity.index, t]);

  const short = query.trim().length > 0 && query.trim().length < MIN_CHARS;
  return (
    <dialog
      ref={dialog}
      className="scan-match"
      aria-labelledby="scan-match-title"
      onClose={p.onClose}
    >
      <article>
        <header>
          <h2 id="scan-match-title">
            {t('scanner.wizard.match.title', { title: entity.title || entity.marka || entity.pos })}
          </h2>
          <p>
            {[
              entity.pos && t('scanner.wizard.positions.posShort', { pos: entity.pos }),
              entity.marka,
              entity.man,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </header>
        <label htmlFor="scan-match-q">{t('scanner.wizard.match.search')}</label>
        <input
          id="scan-match-q"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          aria-describedby="scan-match-hint"
          autoComplete="off"
        />
        <small id="scan-match-hint">
          {short
            ? t('scanner.wizard.match.minChars', { n: MIN_CHARS })
            : t('scanner.wizard.match.hint')}
        </small>
        <div aria-live="polite" aria-busy={loading || undefined}>
          {loading && <p>{t('scanner.wizard.loading')}</p>}
          {!loading && list && (
            <p className="sr-only">{t('scanner.wizard.match.found', { count: list.length })}</p>
          )}
        </div>
        {(error || p.error) && (
          <div className="scan-error" role="alert">
            <p>{error || p.error}</p>
            {error && (
              <button type="button" className="outline" onClick={() => setAttempt((a) => a + 1)}>
                {t('scanner.wizard.retry')}
              </button>
            )}
          </div>
        )}
        {list && list.length === 0 && !loading && <p>{t('scanner.wizard.match.nothing')}</p>}
        {list && list.length > 0 && (
          <ol className="scan-candidates">
            {list.map((c) => (
              <li key={c.cid} aria-current={c.cid === entity.cid ? 'true' : undefined}>
                <div>
                  <strong>
                    <Marked text={c.title} differs={c.differs} />
                  </strong>
                  <small>
                    {c.article && (
                      <>
                        {t('scanner.wizard.match.articleLabel')}{' '}
                        <Marked text={c.article} differs={c.differs} />
                      </>
                    )}
                    {c.article && (c.man || c.unit) ? ' · ' : ''}
                    {[c.man, c.unit].filter(Boolean).join(' · ')}
                  </small>
                  {/* Highlighting alone is not read out: the differing numbers are said in words. */}
                  {c.differs && c.differs.length > 0 && (
                    <small className="scan-differs">
                      {t('scanner.wizard.match.differs', { numbers: c.differs.join(', ') })}
                    </small>
                  )}
                  {/* Prices are integer kopecks, as everywhere in the catalogue. */}
                  {c.price_kop > 0 && (
                    <small>
                      {t('scanner.wizard.match.price', { price: formatMoney(c.price_kop) })}
                    </small>
                  )}
                  <small>
                    {t('scanner.wizard.match.score', { score: scorePercent(c.score) })}
                    {c.why.length > 0 && `: ${c.why.join('; ')}`}
                  </small>
                </div>
                <button
                  type="button"
                  disabled={p.choosing}
                  onClick={() => p.onChoose(c.cid)}
                  aria-label={t('scanner.wizard.match.chooseItem', { title: c.title })}
                >
                  {t('scanner.wizard.match.choose')}
                </button>
              </li>
            ))}
          </ol>
        )}
        <footer>
          <button
            type="button"
            className="secondary outline"
            disabled={p.choosing}
            onClick={() => p.onChoose(0)}
          >
            {t('scanner.wizard.match.free')}
          </button>
          <button type="button" className="secondary" onClick={() => dialog.current?.close()}>
            {t('scanner.wizard.match.close')}
          </button>
        </footer>
      </article>
    </dialog>
  );
}
