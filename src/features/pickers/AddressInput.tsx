// An address field with suggestions (3+ characters, 5 shown), for forms rendered by a page (the
// profile's place). Hydrated only when suggestions are configured; the server renders the same
// input, so the field posts with or without JavaScript.
import { useMemo, useState } from 'react';
import { makeT, type Messages } from '#lib/i18n/translate.ts';
import type { AddressSuggestion } from '#lib/suggest/types.ts';
import { suggestAddresses } from './api.ts';
import { Combobox } from './Combobox.tsx';

export interface AddressInputProps {
  id: string;
  name: string;
  label: string;
  value?: string;
  /** pick(dictionary, 'pickers'). */
  strings: Messages;
  describedBy?: string;
  invalid?: boolean;
  autoComplete?: string;
}

export default function AddressInput(props: AddressInputProps) {
  const t = useMemo(() => makeT(props.strings), [props.strings]);
  const [value, setValue] = useState(props.value ?? '');
  const [error, setError] = useState('');
  return (
    <>
      <Combobox<AddressSuggestion>
        id={props.id}
        name={props.name}
        label={props.label}
        value={value}
        onInput={setValue}
        onPick={(s) => setValue(s.value)}
        load={suggestAddresses}
        text={(s) => s.value}
        minChars={3}
        limit={5}
        countText={(n) => t('pickers.found', { count: n })}
        onError={() => setError(t('pickers.suggestError'))}
        describedBy={props.describedBy}
        invalid={props.invalid}
        autoComplete={props.autoComplete}
      />
      {error && <small role="alert">{error}</small>}
    </>
  );
}
