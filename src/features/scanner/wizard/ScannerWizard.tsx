/**
 * ScannerWizard: the document scanner's five steps (spec: Start, Document upload, Page selection,
 * Product selection, Completion) over the scan.* calls. The URL carries ?scan=<uniqid>&step=N
 * (history.replaceState), so a reload resumes the scan at its step; the start choice is kept in
 * sessionStorage for the same reason. Each call kind has its own loading flag; a failed call shows
 * the server's text (in the user's language) with a retry.
 *
 * Props: strings  pick(dictionaries[locale], 'scanner.wizard', 'pickers', 'organisations.form', 'organisations.errors', 'objects.form', 'objects.errors', 'objects.map', 'objects.precision')
 *        locale, suggest, tiles (for the pickers' create dialogs), orders (the user's newest, for step 0)
 */
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { apiPaths } from '#lib/api-paths.ts';
import { useHydrated } from '#components/use-hydrated.ts';
import { makeT, type Messages } from '#lib/i18n/translate.ts';
import type { MapTiles } from '#features/objects/map/MapCanvas.tsx';
import { ApiError } from '#lib/client/api.ts';
import { detailsOf, isAbort, scanGet, scanPost, uploadWithProgress } from './api.ts';
import * as m from './model.ts';
import type { ScanEntity } from '#features/scanner/scanner.schema.ts';
import { StepStart } from './StepStart.tsx';
import { WarningDialog } from './WarningDialog.tsx';
import './scanner-wizard.css';

export interface ScannerWizardProps {
  strings: Messages;
  locale: string;
  suggest: boolean;
  tiles: MapTiles;
  orders: m.OrderOption[];
}

type Busy = Partial<Record<m.CallKind, boolean>>;
interface Failure {
  kind: m.CallKind;
  text: string;
  details?: string[];
  retry?: () => void;
}

// Steps after the start load when they open: the page's first visit carries only step 0 (budget).
const StepUpload = lazy(() => import('./StepUpload.tsx').then((x) => ({ default: x.StepUpload })));
const StepPages = lazy(() => import('./StepPages.tsx').then((x) => ({ default: x.StepPages })));
const StepPositions = lazy(() =>
  import('./StepPositions.tsx').then((x) => ({ default: x.StepPositions })),
);
const StepDone = lazy(() => import('./StepDone.tsx').then((x) => ({ default: x.StepDone })));
const MatchDialog = lazy(() =>
  import('./MatchDialog.tsx').then((x) => ({ default: x.MatchDialog })),
);

const POLL_MS = 1000;
const store = (uniqid: string) => `scanner:${uniqid}`;
/** The positions step's ticks, choices and typed quantities of a scan (kept until Back or the save). */
const kept = (uniqid: string) => `scanner:${uniqid}:positions`;
function forget(key: string) {
  try {
    sessionStorage.removeItem(key);
  } catch {
    /* nothing kept (private mode) */
  }
}

export default function ScannerWizard(props: ScannerWizardProps) {
  const t = useMemo(() => makeT(props.strings), [props.strings]);
  const hydrated = useHydrated();
  const [warning, setWarning] = useState(true);
  const [step, setStep] = useState<m.Step>(0);
  const [start, setStart] = useState<m.StartChoice>(m.NEW_START);
  const [uniqid, setUniqid] = useState<string | null>(null);
  const [status, setStatus] = useState<m.ScanStatus | null>(null);
  const [upload, setUpload] = useState<number | null>(null);
  const [pages, setPages] = useState<number[]>([]);
  const [mapping, setMapping] = useState<m.ColumnMapping>(m.DEFAULT_MAPPING);
  const [entities, setEntities] = useState<m.Entity[]>([]);
  /** scan.do's note that the document holds more positions than one save takes ('' when not). */
  const [truncated, setTruncated] = useState('');
  const [ticked, setTicked] = useState<Set<number>>(new Set());
  const [confirmed, setConfirmed] = useState<Record<number, number>>({});
  const [matching, setMatching] = useState<number | null>(null);
  const [result, setResult] = useState<m.SaveResult | null>(null);
  const [busy, setBusy] = useState<Busy>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const poller = useRef<{ timer?: ReturnType<typeof setTimeout>; ctrl?: AbortController }>({});
  const moved = useRef(false);
  /** The pages and columns the positions on screen were built with (kept with the work done on them). */
  const built = useRef<m.KeptBasis>({ mapping: m.DEFAULT_MAPPING, pages: [] });

  /** Moves to a step: the URL follows (a reload resumes there) and focus goes to the step's heading. */
  function go(next: m.Step, id: string | null = uniqid) {
    setStep(next);
    moved.current = true;
    history.replaceState(history.state, '', `${location.pathname}${m.stepSearch(id, next)}`);
  }
  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [step]);

  async function run<R>(
    kind: m.CallKind,
    call: () => Promise<R>,
    retry?: () => void,
  ): Promise<R | null> {
    setBusy((b) => ({ ...b, [kind]: true }));
    setFailure(null);
    try {
      return await call();
    } catch (err) {
      // A retry helps after a lost connection or a server fault, not when the server refused the input.
      const transient =
        !(err instanceof ApiError) ||
        err.status === 0 ||
        err.status >= 500 ||
        err.status === 408 ||
        err.status === 429;
      if (!isAbort(err))
        setFailure({
          kind,
          text:
            err instanceof Error && err.message ? err.message : t(`scanner.wizard.errors.${kind}`),
          details: detailsOf(err),
          retry: transient ? retry : undefined,
        });
      return null;
    } finally {
      setBusy((b) => ({ ...b, [kind]: false }));
    }
  }

  function stopPolling() {
    clearTimeout(poller.current.timer);
    poller.current.ctrl?.abort();
  }
  useEffect(() => stopPolling, []);

  /** Polls scan.status until recognition is over; then the pages step (or `then`, when resuming further). */
  function poll(id: string, then?: (s: m.ScanStatus) => void) {
    stopPolling();
    const ctrl = new AbortController();
    poller.current.ctrl = ctrl;
    const tick = async () => {
      const s = await run(
        'getScanFile',
        () =>
          scanGet<m.ScanStatus>(
            apiPaths.app('scan.status'),
            { uniqid: id },
            t('scanner.wizard.errors.getScanFile'),
            ctrl.signal,
          ),
        () => poll(id, then),
      );
      if (!s || ctrl.signal.aborted) return;
      setStatus(s);
      // The scan knows the order it was started for (a reload without the kept start choice).
      if (s.order > 0)
        setStart((st) =>
          st.order === s.order
            ? st
            : {
                ...st,
                order: s.order,
                orderText: st.orderText || t('scanner.wizard.start.orderId', { id: s.order }),
              },
        );
      if (s.status === 'failed') {
        setFailure({ kind: 'getScanFile', text: s.error || t('scanner.wizard.errors.failed') });
      } else if (s.status === 'ready') {
        setPages(m.initialPages(s));
        setMapping(m.initialMapping(s));
        if (then) then(s);
        else go(2, id);
      } else poller.current.timer = setTimeout(tick, POLL_MS);
    };
    void tick();
  }

  // A reload with ?scan= resumes: recognition still running (step 1), the pages (2), or the
  // positions again from the mapping and pages the server kept (3).
  useEffect(() => {
    const resume = m.resumeFrom(location.search);
    if (!resume) return;
    // The URL is outside React: take it over after hydration, as an answer from it would be.
    queueMicrotask(() => {
      setWarning(false);
      setUniqid(resume.uniqid);
      try {
        const saved = JSON.parse(
          sessionStorage.getItem(store(resume.uniqid)) ?? 'null',
        ) as m.StartChoice | null;
        if (saved) setStart(saved);
      } catch {
        /* nothing kept: the scan's own order choice comes with its status */
      }
      setStep(1);
      poll(
        resume.uniqid,
        resume.step === 3
          ? (s) => void recognise(resume.uniqid, m.initialPages(s), m.initialMapping(s), true)
          : undefined,
      );
    });
    // Once, on the first render in the browser.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function send(file: File) {
    // The next steps' code arrives while the file uploads and the document is recognised.
    void import('./StepPages.tsx');
    void import('./StepPositions.tsx');
    void import('./MatchDialog.tsx');
    const form = new FormData();
    form.append('file', file);
    for (const k of ['docType', 'section', 'oid', 'object'] as const) form.append(k, start[k]);
    form.append('order', String(start.order));
    setUpload(0);
    setStatus(null);
    const r = await run(
      'scan',
      () =>
        uploadWithProgress<{ uniqid: string }>(
          apiPaths.app('scan.file'),
          form,
          setUpload,
          t('scanner.wizard.errors.scan'),
        ),
      () => void send(file),
    );
    setUpload(null);
    if (!r) return;
    setUniqid(r.uniqid);
    try {
      sessionStorage.setItem(store(r.uniqid), JSON.stringify(start));
    } catch {
      /* private mode: a reload then saves into a new order */
    }
    history.replaceState(history.state, '', `${location.pathname}${m.stepSearch(r.uniqid, 1)}`);
    poll(r.uniqid);
  }

  /** scan.do with the chosen pages and columns; on a reload at the positions step (`resumed`) what was done there comes back. */
  async function recognise(id: string, chosen: number[], map: m.ColumnMapping, resumed = false) {
    const fields: Array<[string, string]> = [
      ['uniqid', id],
      ['pages', chosen.join(',')],
      ...m.MAPPING_FIELDS.map((f): [string, string] => [f, String(map[f])]),
    ];
    const r = await run(
      'checkedScan',
      () =>
        scanPost<{ entities: ScanEntity[]; warning?: string }>(
          apiPaths.app('scan.do'),
          fields,
          t('scanner.wizard.errors.checkedScan'),
        ),
      () => void recognise(id, chosen, map, resumed),
    );
    if (!r) return;
    let state = {
      entities: m.fromScan(r.entities),
      ticked: new Set(r.entities.map((e) => e.index)),
      confirmed: {} as Record<number, number>,
    };
    built.current = { mapping: { ...map }, pages: [...chosen] };
    if (resumed) {
      try {
        // Kept work comes back only onto a list built with the same pages and columns, row by row.
        const saved = JSON.parse(
          sessionStorage.getItem(kept(id)) ?? 'null',
        ) as m.PositionsKept | null;
        if (saved) state = m.restorePositions(state.entities, saved, built.current);
      } catch {
        /* nothing kept: the list as recognised */
      }
    } else forget(kept(id));
    setEntities(state.entities);
    setTruncated(r.warning ?? '');
    setTicked(state.ticked);
    setConfirmed(state.confirmed);
    go(3, id);
  }

  // Every tick, choice and typed quantity at the positions step is kept for a reload.
  useEffect(() => {
    if (step !== 3 || !uniqid) return;
    try {
      sessionStorage.setItem(
        kept(uniqid),
        JSON.stringify(m.keepPositions(entities, ticked, confirmed, built.current)),
      );
    } catch {
      /* private mode or full: a reload then starts the list afresh */
    }
  }, [step, uniqid, entities, ticked, confirmed]);

  async function choose(index: number, cid: number) {
    const e = entities.find((x) => x.index === index);
    if (!e || !uniqid) return;
    if (cid === 0) {
      setEntities((list) => m.withChoice(list, index, null));
      setConfirmed((c) => ({ ...c, [index]: 0 }));
      setMatching(null);
      return;
    }
    const r = await run('getProduct', () =>
      scanPost<{ catalog: m.CatalogItem }>(
        apiPaths.app('scan.catalog'),
        [
          ['uniqid', uniqid],
          ['cid', String(cid)],
          ['pos', e.pos],
          ['index', String(index)],
        ],
        t('scanner.wizard.errors.getProduct'),
      ),
    );
    if (!r) return;
    setEntities((list) => m.withChoice(list, index, r.catalog));
    setConfirmed((c) => ({ ...c, [index]: r.catalog.cid }));
    setMatching(null);
  }

  async function save() {
    if (!uniqid) return;
    const fields = m.saveFields({
      uniqid,
      order: start.order,
      mapping,
      entities,
      ticked,
      confirmed,
    });
    const r = await run(
      'sendProduct',
      () =>
        scanPost<m.SaveResult>(
          apiPaths.app('scan.save'),
          fields,
          t('scanner.wizard.errors.sendProduct'),
        ),
      () => void save(),
    );
    if (!r) return;
    setResult({ ...r, shownKop: m.orderTotal(entities, ticked).kop });
    forget(store(uniqid));
    forget(kept(uniqid));
    go(4, uniqid);
  }

  function again() {
    stopPolling();
    setUniqid(null);
    setStatus(null);
    setEntities([]);
    setTicked(new Set());
    setResult(null);
    setFailure(null);
    setStart(m.NEW_START);
    go(0, null);
  }

  const titles = m.STEPS.map((s) => t(`scanner.wizard.steps.${s}`));
  const current = matching !== null ? entities.find((e) => e.index === matching) : undefined;
  return (
    <div className="scan-wizard">
      {hydrated && warning && <WarningDialog t={t} onClose={() => setWarning(false)} />}
      <ol className="scan-steps">
        {titles.map((title, i) => (
          <li
            key={i}
            aria-current={i === step ? 'step' : undefined}
            className={i < step ? 'scan-step-done' : undefined}
          >
            <span className="scan-step-n" aria-hidden="true">
              {i + 1}
            </span>{' '}
            {title}
          </li>
        ))}
      </ol>
      <h2 ref={heading} tabIndex={-1}>
        {t('scanner.wizard.stepOf', { n: step + 1, m: titles.length })}: {titles[step]}
      </h2>
      {start.order > 0 && step > 0 && step < 4 && (
        <p className="scan-muted">
          {t('scanner.wizard.start.appendTo', { order: start.orderText })}
        </p>
      )}
      {failure && (
        <div className="scan-failure" role="alert">
          <p>{failure.text}</p>
          {failure.details && failure.details.length > 0 && (
            <ul>
              {failure.details.map((d, i) => (
                <li key={i}>{d}</li>
              ))}
            </ul>
          )}
          {failure.retry && (
            <button type="button" className="outline" onClick={failure.retry}>
              {t('scanner.wizard.retry')}
            </button>
          )}
        </div>
      )}
      {step === 0 && (
        <StepStart
          t={t}
          strings={props.strings}
          suggest={props.suggest}
          tiles={props.tiles}
          orders={props.orders}
          start={start}
          hydrated={hydrated}
          onNext={(s) => {
            setStart(s);
            go(1);
          }}
        />
      )}
      <Suspense fallback={<p aria-busy="true">{t('scanner.wizard.loading')}</p>}>
        {step === 1 && (
          <StepUpload
            t={t}
            upload={upload}
            status={status}
            busy={!!busy.scan}
            onUpload={(f) => void send(f)}
            onBack={() => {
              stopPolling();
              go(0, null);
            }}
          />
        )}
        {step === 2 && status && (
          <StepPages
            t={t}
            status={status}
            pages={pages}
            mapping={mapping}
            busy={!!busy.checkedScan}
            onPages={setPages}
            onMapping={setMapping}
            onNext={() => void recognise(status.uniqid, pages, mapping)}
            onBack={() => {
              setStatus(null);
              go(1, null);
            }}
          />
        )}
        {step === 3 && (
          <StepPositions
            t={t}
            locale={props.locale}
            uniqid={uniqid ?? ''}
            pages={status?.pages ?? []}
            entities={entities}
            truncated={truncated}
            ticked={ticked}
            busy={!!busy.sendProduct}
            appended={start.order > 0}
            onTick={(indexes, on) =>
              setTicked((old) => {
                const next = new Set(old);
                for (const i of indexes)
                  if (on) next.add(i);
                  else next.delete(i);
                return next;
              })
            }
            onMatch={setMatching}
            onCount={(index, count) => setEntities((list) => m.withCount(list, index, count))}
            onEdit={(index, field, value) =>
              setEntities((list) => m.withEdit(list, index, field, value))
            }
            onRevert={(index) => setEntities((list) => m.withoutEdits(list, index))}
            onSave={() => void save()}
            onBack={() => {
              setTicked(new Set());
              if (uniqid) forget(kept(uniqid));
              go(2);
            }}
          />
        )}
        {step === 4 && result && (
          <StepDone t={t} result={result} appended={start.order > 0} onAgain={again} />
        )}
      </Suspense>
      <Suspense fallback={null}>
        {current && uniqid && (
          <MatchDialog
            t={t}
            uniqid={uniqid}
            entity={current}
            choosing={!!busy.getProduct}
            error={failure?.kind === 'getProduct' ? failure.text : ''}
            onChoose={(cid) => void choose(current.index, cid)}
            onClose={() => {
              const index = current.index;
              setMatching(null);
              queueMicrotask(() => document.getElementById(`scan-match-${index}`)?.focus());
            }}
          />
        )}
      </Suspense>
      {uniqid && (
        <form
          id="scan-pdf-form"
          method="post"
          action={apiPaths.app('scan.pdf')}
          target="_blank"
          hidden
        >
          <input type="hidden" name="uniqid" value={uniqid} />
        </form>
      )}
    </div>
  );
}
