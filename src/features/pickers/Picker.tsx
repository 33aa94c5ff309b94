// The shared body of OrganisationPicker and ObjectPicker (and of later pickers): a select of the
// user's newest items (the first page of the bounded "all" call, loaded when the picker appears), a
// search on the server when the user has more than that page, an add button opening a modal dialog
// with the create form, and the chosen id in a hidden input named `name`. After creation the new item is selected and a 'change' event is sent
// from the hidden input, so host forms can react. Before hydration (no JavaScript) the select
// itself carries the name and shows the items the server passed. The dialog is portalled to <body>.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useHydrated } from '#components/use-hydrated.ts';
import { useTypedBeforeHydration } from '#lib/hydration-safe.ts';
import { getJson } from '#lib/client/api.ts';
import { Combobox } from './Combobox.tsx';
import { ALL_DEFAULT_LIMIT } from './pickers.schema.ts';
import './pickers.css';

export interface PickerItem {
  id: number;
}

export interface PickerProps<T extends PickerItem> {
  name: string;
  id: string;
  label: string;
  placeholder: string;
  addLabel: string;
  dialogTitle: string;
  /** Shown when loading the list fails (the spec's catalogue message). */
  loadError: string;
  loadingText: string;
  /** The bounded "all" call: GET answering { data: { totalCount, entities } }, taking search and limit. */
  url: string;
  /** Label of the server search shown when the user has more items than the select holds. */
  searchLabel: string;
  /** Its hint (e.g. 'showing the newest 50: type 3+ characters to find others'). */
  searchHint: string;
  countText(n: number): string;
  optionText(item: T): string;
  value?: number | null;
  required?: boolean;
  items?: T[];
  describedBy?: string;
  renderForm(done: (item: T) => void, cancel: () => void): ReactNode;
}

export function Picker<T extends PickerItem>(p: PickerProps<T>) {
  const hydrated = useHydrated();
  const [items, setItems] = useState<T[] | null>(p.items ?? null);
  const [more, setMore] = useState(false);
  const [query, setQuery] = useState('');
  const root = useRef<HTMLDivElement>(null);
  const [value, setValue] = useState(p.value ? String(p.value) : '');
  // An option chosen before the island took over stays chosen.
  useTypedBeforeHydration(root, (typed) => {
    if (typeof typed[p.name] === 'string') setValue(typed[p.name] as string);
  });
  const [error, setError] = useState('');
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const hidden = useRef<HTMLInputElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  // The newest items of the bounded "all" call; the chosen item stays an option even when it is not among them.
  function take(r: { data: { totalCount: number; entities: T[] } }) {
    setItems((old) => [
      ...r.data.entities,
      ...(old ?? []).filter(
        (o) => String(o.id) === value && !r.data.entities.some((e) => e.id === o.id),
      ),
    ]);
    setMore(r.data.totalCount > r.data.entities.length);
    setError('');
  }
  const firstPage = () =>
    getJson<{ data: { totalCount: number; entities: T[] } }>(`${p.url}?limit=${ALL_DEFAULT_LIMIT}`);

  async function load(): Promise<T[] | null> {
    try {
      const r = await firstPage();
      take(r);
      return r.data.entities;
    } catch {
      setError(p.loadError);
      return null;
    }
  }

  useEffect(() => {
    let current = true;
    firstPage().then(
      (r) => current && take(r),
      () => current && setError(p.loadError),
    );
    return () => {
      current = false;
    };
    // Loaded once when the picker appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const search = async (text: string, signal: AbortSignal) =>
    (
      await getJson<{ data: { entities: T[] } }>(p.url, {
        params: { search: text, limit: 20 },
        signal,
      })
    ).data.entities;

  function found(item: T) {
    setQuery('');
    setItems((list) => (list?.some((x) => x.id === item.id) ? list : [item, ...(list ?? [])]));
    choose(String(item.id));
  }

  function choose(id: string) {
    setValue(id);
    // Let host forms hear about the change even though React sets the value.
    queueMicrotask(() => hidden.current?.dispatchEvent(new Event('change', { bubbles: true })));
  }

  function openDialog() {
    dialog.current?.showModal();
    setOpen(true);
  }

  function closeDialog() {
    dialog.current?.close();
    setOpen(false);
    addButton.current?.focus();
  }

  async function created(item: T) {
    closeDialog();
    const list = await load();
    if (list && !list.some((x) => x.id === item.id)) setItems([item, ...list]);
    choose(String(item.id));
  }

  const titleId = `${p.id}-dialog-title`;
  return (
    <div className="picker" ref={root}>
      <label htmlFor={p.id}>{p.label}</label>
      <div className="picker-row" role="group" aria-label={p.label}>
        <select
          id={p.id}
          name={hydrated ? undefined : p.name}
          value={value}
          required={p.required}
          aria-describedby={p.describedBy}
          aria-busy={items === null || undefined}
          onChange={(e) => choose(e.target.value)}
        >
          <option value="">{items === null && hydrated ? p.loadingText : p.placeholder}</option>
          {(items ?? []).map((item) => (
            <option key={item.id} value={item.id}>
              {p.optionText(item)}
            </option>
          ))}
        </select>
        {hydrated && (
          <button
            ref={addButton}
            type="button"
            className="outline picker-add"
            onClick={openDialog}
            aria-label={p.addLabel}
            title={p.addLabel}
          >
            <span aria-hidden="true">+</span>
          </button>
        )}
      </div>
      {hydrated && <input ref={hidden} type="hidden" name={p.name} value={value} />}
      {hydrated && more && (
        <div className="picker-search">
          <Combobox<T>
            id={`${p.id}-search`}
            label={p.searchLabel}
            value={query}
            onInput={setQuery}
            onPick={found}
            load={search}
            text={p.optionText}
            minChars={3}
            limit={20}
            countText={p.countText}
            onError={() => setError(p.loadError)}
            describedBy={`${p.id}-search-hint`}
            inputMode="search"
          />
          <small id={`${p.id}-search-hint`}>{p.searchHint}</small>
        </div>
      )}
      {error && (
        <p className="picker-error" role="alert">
          {error}
        </p>
      )}
      {/* In a portal: the create form must not sit inside the host form. */}
      {hydrated &&
        createPortal(
          <dialog
            ref={dialog}
            aria-labelledby={titleId}
            onClose={() => setOpen(false)}
            className="picker-dialog"
          >
            <article>
              <header>
                <h2 id={titleId}>{p.dialogTitle}</h2>
              </header>
              {open && <DialogForm render={p.renderForm} done={created} cancel={closeDialog} />}
            </article>
          </dialog>,
          document.body,
        )}
    </div>
  );
}

/** The create form inside the dialog (a component of its own, so the callbacks are props, not calls during render). */
function DialogForm<T>({
  render,
  done,
  cancel,
}: {
  render: PickerProps<PickerItem & T>['renderForm'];
  done: (item: PickerItem & T) => void;
  cancel: () => void;
}) {
  return <>{render(done, cancel)}</>;
}
