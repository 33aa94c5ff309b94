/**
 * OrganisationPicker: an island for forms that need one of the user's organisations (promotions,
 * calculations, scanner). It loads the newest organisations when it appears (and searches the server for others), shows them in a select with
 * the placeholder pickers.organisation.placeholder ('Choose an organisation'), and its add button
 * opens the 'Create organisation' dialog; after creation the new organisation is selected.
 *
 * Props:
 *   name      form field name; a hidden input with this name holds the chosen organisation id ('' if none)
 *   strings   pick(dictionaries[locale], 'pickers', 'organisations.form', 'organisations.errors')
 *   suggest   whether organisation suggestions are configured: suggestEnabled() from #lib/suggest/index.ts
 *   value?    id chosen at start
 *   label?    visible label (default: the dictionary's pickers.organisation.label)
 *   id?       id of the select (default `${name}-picker`)
 *   required? the form needs a choice
 *   items?    organisations rendered by the server, so the select works before JavaScript runs
 *
 * Example (Astro):
 *   <OrganisationPicker client:load name="oid" suggest={suggestEnabled()}
 *     strings={pick(dictionaries[locale], 'pickers', 'organisations.form', 'organisations.errors')} />
 * The hidden input fires a bubbling 'change' event whenever the choice changes.
 */
import { useMemo } from 'react';
import { apiPaths } from '#lib/api-paths.ts';
import { paths } from '#lib/paths.ts';
import { makeT, type Messages } from '#lib/i18n/translate.ts';
import { Picker } from '#features/pickers/Picker.tsx';
import { ALL_DEFAULT_LIMIT } from '#features/pickers/pickers.schema.ts';
import OrganisationForm from './OrganisationForm.tsx';
import type { OrganisationItem } from './organisations.schema.ts';

export interface OrganisationPickerProps {
  name: string;
  strings: Messages;
  suggest: boolean;
  value?: number | null;
  label?: string;
  id?: string;
  required?: boolean;
  items?: OrganisationItem[];
}

export default function OrganisationPicker(props: OrganisationPickerProps) {
  const t = useMemo(() => makeT(props.strings), [props.strings]);
  const id = props.id ?? `${props.name}-picker`;
  return (
    <Picker<OrganisationItem>
      name={props.name}
      id={id}
      label={props.label ?? t('pickers.organisation.label')}
      placeholder={t('pickers.organisation.placeholder')}
      addLabel={t('pickers.organisation.add')}
      dialogTitle={t('organisations.form.title')}
      loadError={t('organisations.errors.all')}
      loadingText={t('pickers.loading')}
      url={apiPaths.organisations.all()}
      searchLabel={t('pickers.searchLabel')}
      searchHint={t('pickers.searchHint', { count: ALL_DEFAULT_LIMIT })}
      countText={(n) => t('pickers.found', { count: n })}
      optionText={(o) => `${o.name} (${t('organisations.form.innShort', { inn: o.inn })})`}
      value={props.value}
      required={props.required}
      items={props.items}
      renderForm={(done, cancel) => (
        <OrganisationForm
          strings={props.strings}
          suggest={props.suggest}
          action={paths.organisations.new()}
          onCreated={done}
          onCancel={cancel}
          idPrefix={`${id}-new`}
        />
      )}
    />
  );
}
