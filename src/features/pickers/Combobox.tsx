// A text field with a list of suggestions (ARIA 1.2 combobox with a listbox popup). The list is
// fetched after the user types at least `minChars` characters (debounced; the previous request is
// cancelled); arrows move through it, Enter picks, Escape closes. Used by the organisation, object
// and address fields. Not an island by itself: islands render it.
import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import './pickers.css';

export interface ComboboxProps<T> {
  id: string;
  label: ReactNode;
  /** Form field name of the text itself (omit when a hidden field carries the value). */
  name?: string;
  value: string;
  onInput(value: string): void;
  onPick(item: T): void;
  /** Loads suggestions; throws on failure. */
  load(query: string, signal: AbortSignal): Promise<T[]>;
  /** Text of an option. */
  text(item: T): string;
  /** Extra line under an option (e.g. INN and address). */
  detail?(item: T): string | null;
  minChars: number;
  /** How many suggestions are shown. */
  limit: number;
  /** Screen-reader announcement of the number of suggestions. */
  countText(n: number): string;
  onError?(err: unknown): void;
  describedBy?: string;
  invalid?: boolean;
  required?: boolean;
  autoComplete?: string;
  placeholder?: string;
  inputMode?: 'text' | 'search' | 'numeric';
}

const DEBOUNCE_MS = 250;

export function Combobox<T>(p: ComboboxProps<T>) {
  const listId = useId();
  const [items, setItems] = useState<T[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [announce, setAnnounce] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      pending.current?.abort();
    },
    [],
  );

  // Server-rendered and typed into before hydration (a slow link): take the text over and ask for
  // suggestions, as if it had been typed now. React keeps the typed value in the DOM while it
  // hydrates and sets defaultValue to the server's; a freshly mounted field has both equal.
  const input = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    const el = input.current;
    if (el && el.value !== el.defaultValue) {
      p.onInput(el.value);
      request(el.value);
    }
    // Only the moment of hydration matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function request(query: string) {
    clearTimeout(timer.current);
    pending.current?.abort();
    if (query.trim().length < p.minChars) {
      setItems([]);
      setOpen(false);
      return;
    }
    timer.current = setTimeout(async () => {
      const ctrl = new AbortController();
      pending.current = ctrl;
      try {
        const found = (await p.load(query.trim(), ctrl.signal)).slice(0, p.limit);
        if (ctrl.signal.aborted) return;
        setItems(found);
        setActive(-1);
        setOpen(found.length > 0);
        setAnnounce(p.countText(found.length));
      } catch (err) {
        if (!ctrl.signal.aborted) p.onError?.(err);
      }
    }, DEBOUNCE_MS);
  }

  function pick(item: T) {
    setOpen(false);
    setItems([]);
    setActive(-1);
    p.onPick(item);
  }

  function onKeyDown(e: React.KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' && items.length) {
      e.preventDefault();
      setOpen(true);
      setActive((a) => (a + 1) % items.length);
    } else if (e.key === 'ArrowUp' && items.length) {
      e.preventDefault();
      setOpen(true);
      setActive((a) => (a <= 0 ? items.length - 1 : a - 1));
    } else if (e.key === 'Enter' && open && active >= 0) {
      e.preventDefault();
      pick(items[active]!);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
    }
  }

  const optionId = (i: number) => `${listId}-o${i}`;
  return (
    <div className="combobox">
      <label htmlFor={p.id}>{p.label}</label>
      <input
        ref={input}
        id={p.id}
        name={p.name}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        aria-describedby={p.describedBy}
        aria-invalid={p.invalid || undefined}
        required={p.required}
        autoComplete={p.autoComplete ?? 'off'}
        placeholder={p.placeholder}
        inputMode={p.inputMode}
        value={p.value}
        onChange={(e) => {
          p.onInput(e.target.value);
          request(e.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
      />
      <ul id={listId} role="listbox" className="combobox-list" hidden={!open}>
        {items.map((item, i) => (
          <li
            key={i}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(item)}
          >
            {p.text(item)}
            {p.detail?.(item) ? <small>{p.detail(item)}</small> : null}
          </li>
        ))}
      </ul>
      <span className="sr-only" role="status">
        {announce}
      </span>
    </div>
  );
}
