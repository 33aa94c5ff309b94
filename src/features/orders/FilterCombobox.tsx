/**
 * FilterCombobox: an island for a list filter on one of the user's things (an object, an
 * organisation) that searches on the server instead of listing every one: typing 3 or more
 * characters asks `url` (a /api/v1 list answering { data: { entities } }) for the first matches.
 *
 * Two fields carry the choice: `name` (hidden) the picked id, `textName` the text. Before JavaScript
 * (and without it) only the text field exists, so the filter still works: the server matches the
 * typed text against the names. Picking a suggestion sets the id and fires a bubbling 'change' on
 * the hidden field (the filter form submits on change); typing clears the id.
 *
 * Props:
 *   id, name, textName, label    the text input's id, the two field names, the visible label
 *   url                          list API searched with searchText and pageSize
 *   value, text                  the id and text chosen at start ('' for none)
 *   countText                    announcement of the number of suggestions, with {n}
 *   errorText                    shown when the search fails
 */
import { useRef, useState } from 'react';
import { useTypedBeforeHydration } from '#lib/hydration-safe.ts';
import { Combobox } from '#features/pickers/Combobox.tsx';
import { getJson } from '#lib/client/api.ts';

interface Item {
  id: number;
  name: string;
  address?: string | null;
  inn?: string | null;
}

export interface FilterComboboxProps {
  id: string;
  name: string;
  textName: string;
  label: string;
  url: string;
  value: string;
  text: string;
  countText: string;
  errorText: string;
}

const LIMIT = 10;

export default function FilterCombobox(p: FilterComboboxProps) {
  const [text, setText] = useState(p.text);
  const [value, setValue] = useState(p.value);
  const [error, setError] = useState('');
  const hidden = useRef<HTMLInputElement>(null);

  // Text typed before the island took over stays (the server rendered the same input).
  const root = useRef<HTMLDivElement>(null);
  useTypedBeforeHydration(root, (typed) => {
    const t = typed[p.textName];
    if (typeof t === 'string') {
      setText(t);
      setValue('');
    }
  });

  function changed() {
    queueMicrotask(() => hidden.current?.dispatchEvent(new Event('change', { bubbles: true })));
  }

  return (
    <div className="filter-combobox" ref={root}>
      <Combobox<Item>
        id={p.id}
        name={p.textName}
        label={p.label}
        value={text}
        onInput={(s) => {
          setText(s);
          setError('');
          if (value) setValue('');
        }}
        onPick={(item) => {
          setText(item.name);
          setValue(String(item.id));
          changed();
        }}
        load={async (query, signal) => {
          const params = new URLSearchParams({ searchText: query, pageSize: String(LIMIT) });
          return (await getJson<{ data: { entities: Item[] } }>(`${p.url}?${params}`, { signal }))
            .data.entities;
        }}
        text={(item) => item.name}
        detail={(item) => item.address ?? item.inn ?? null}
        minChars={3}
        limit={LIMIT}
        countText={(n) => p.countText.replace('{n}', String(n))}
        onError={() => setError(p.errorText)}
        describedBy={error ? `${p.id}-error` : undefined}
      />
      <input type="hidden" name={p.name} value={value} ref={hidden} disabled={!value} />
      {error && (
        <small id={`${p.id}-error`} className="error-text">
          {error}
        </small>
      )}
    </div>
  );
}
