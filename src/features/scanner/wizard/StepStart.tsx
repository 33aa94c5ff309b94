// Step 0, Start: the order (a new one, value 0, or one of the user's orders: the newest from the
// server plus a search over all of them), document type, section, organisation and object. With
// an existing order the organisation and object come from it, so their pickers are disabled.
import { useRef, useState } from 'react';
import { apiPaths } from '#lib/api-paths.ts';
import { useTypedBeforeHydration } from '#lib/hydration-safe.ts';
import type { Messages, T } from '#lib/i18n/translate.ts';
import type { MapTiles } from '#features/objects/map/MapCanvas.tsx';
import { Combobox } from '#features/pickers/Combobox.tsx';
import { scanGet } from './api.ts';
import { ScanPickers } from './ScanPickers.tsx';
import {
  takesPositions,
  type DocType,
  type OrderOption,
  type Section,
  type StartChoice,
} from './model.ts';

export interface StepStartProps {
  t: T;
  strings: Messages;
  suggest: boolean;
  tiles: MapTiles;
  /** The user's newest orders, rendered by the server. */
  orders: OrderOption[];
  start: StartChoice;
  hydrated: boolean;
  onNext(start: StartChoice): void;
}

const SEARCH_LIMIT = 10;

export function orderText(t: T, o: OrderOption): string {
  const closed = takesPositions(o)
    ? ''
    : t('scanner.wizard.start.orderStatus', { status: t(`orders.status.${o.status}`) });
  return [
    t('scanner.wizard.start.orderNumber', { number: o.number }),
    o.title,
    o.oid_name,
    o.object_name,
    closed,
  ]
    .filter(Boolean)
    .join(' · ');
}

export function StepStart(p: StepStartProps) {
  const { t } = p;
  const form = useRef<HTMLFormElement>(null);
  const [options, setOptions] = useState<OrderOption[]>(p.orders);
  const [order, setOrder] = useState(String(p.start.order));
  const [docType, setDocType] = useState<DocType>(p.start.docType);
  const [section, setSection] = useState<Section>(p.start.section);
  const [query, setQuery] = useState('');
  const [searchError, setSearchError] = useState('');
  useTypedBeforeHydration(form, (typed) => {
    if (typeof typed.order === 'string') setOrder(typed.order);
  });
  // A resumed choice that is not among the newest orders stays an option.
  const all =
    p.start.order && !options.some((o) => o.id === p.start.order)
      ? [
          {
            id: p.start.order,
            number: String(p.start.order),
            title: p.start.orderText,
            oid_name: null,
            object_name: null,
          },
          ...options,
        ]
      : options;
  const existing = order !== '0';

  const search = async (text: string, signal: AbortSignal) => {
    const r = await scanGet<{ data: { entities: OrderOption[] } }>(
      apiPaths.app('sales.get'),
      { search: text, pageSize: SEARCH_LIMIT, pageNumber: 1, sortField: 'id', sortOrder: 'desc' },
      t('scanner.wizard.errors.list'),
      signal,
    );
    setSearchError('');
    return r.data.entities;
  };

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const id = Number(order);
    const chosen = all.find((o) => o.id === id);
    p.onNext({
      order: id,
      orderText: chosen ? orderText(t, chosen) : '',
      docType,
      section,
      oid: existing ? '' : String(data.get('oid') ?? ''),
      object: existing ? '' : String(data.get('object') ?? ''),
    });
  }

  return (
    <form ref={form} onSubmit={submit} className="scan-start" noValidate>
      <label htmlFor="scan-order">{t('scanner.wizard.start.order')}</label>
      <select
        id="scan-order"
        name="order"
        value={order}
        onChange={(e) => setOrder(e.target.value)}
        aria-describedby="scan-order-hint"
      >
        <option value="0">{t('scanner.wizard.start.newOrder')}</option>
        {all.map((o) => (
          <option key={o.id} value={o.id} disabled={!takesPositions(o)}>
            {orderText(t, o)}
          </option>
        ))}
      </select>
      <small id="scan-order-hint">
        {t('scanner.wizard.start.orderHint', { count: p.orders.length })}
      </small>
      {p.hydrated && (
        <div className="scan-order-search">
          <Combobox<OrderOption>
            id="scan-order-search"
            label={t('scanner.wizard.start.orderSearch')}
            value={query}
            onInput={setQuery}
            onPick={(o) => {
              setQuery('');
              if (!takesPositions(o)) {
                setSearchError(
                  t('scanner.api.validation.orderClosed', {
                    number: o.number,
                    status: t(`orders.status.${o.status}`),
                  }),
                );
                return;
              }
              setSearchError('');
              setOptions((list) => (list.some((x) => x.id === o.id) ? list : [o, ...list]));
              setOrder(String(o.id));
            }}
            load={search}
            text={(o) => orderText(t, o)}
            minChars={3}
            limit={SEARCH_LIMIT}
            countText={(n) => t('scanner.wizard.start.found', { count: n })}
            onError={(err) =>
              setSearchError(err instanceof Error ? err.message : t('scanner.wizard.errors.list'))
            }
            inputMode="search"
          />
          {searchError && (
            <p className="scan-error" role="alert">
              {searchError}
            </p>
          )}
        </div>
      )}

      <div className="grid">
        <div>
          <label htmlFor="scan-doctype">{t('scanner.wizard.start.docType')}</label>
          <select
            id="scan-doctype"
            name="docType"
            value={docType}
            onChange={(e) => setDocType(e.target.value as DocType)}
          >
            <option value="specification">
              {t('scanner.wizard.start.docTypes.specification')}
            </option>
            <option value="calculation" disabled>
              {t('scanner.wizard.start.docTypes.calculation')}
            </option>
          </select>
        </div>
        <div>
          <label htmlFor="scan-section">{t('scanner.wizard.start.section')}</label>
          <select
            id="scan-section"
            name="section"
            value={section}
            onChange={(e) => setSection(e.target.value as Section)}
          >
            <option value="orders">{t('scanner.wizard.start.sections.orders')}</option>
            <option value="specification" disabled>
              {t('scanner.wizard.start.sections.specification')}
            </option>
          </select>
        </div>
      </div>

      <fieldset disabled={existing} aria-describedby={existing ? 'scan-from-order' : undefined}>
        <legend>{t('scanner.wizard.start.whereTo')}</legend>
        {existing && <p id="scan-from-order">{t('scanner.wizard.start.fromOrder')}</p>}
        <ScanPickers
          strings={p.strings}
          suggest={p.suggest}
          tiles={p.tiles}
          oid={p.start.oid ? Number(p.start.oid) : null}
          object={p.start.object ? Number(p.start.object) : null}
        />
      </fieldset>

      <div className="scan-actions">
        <button type="submit" disabled={!p.hydrated}>
          {t('scanner.wizard.next')}
        </button>
      </div>
    </form>
  );
}
