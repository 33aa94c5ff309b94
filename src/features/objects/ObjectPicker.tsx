/**
 * ObjectPicker: an island for forms that need one of the user's objects (promotions, calculations,
 * scanner). It loads the newest objects when it appears (and searches the server for others), shows them in a select with the placeholder
 * pickers.object.placeholder ('Choose an object'), and its add button opens the 'Create object'
 * dialog (with the map, whose library loads only then); after creation the new object is selected.
 *
 * Props:
 *   name      form field name; a hidden input with this name holds the chosen object id ('' if none)
 *   strings   pick(dictionaries[locale], 'pickers', 'objects.form', 'objects.errors', 'objects.map', 'objects.precision')
 *   suggest   whether address suggestions are configured: suggestEnabled() from #lib/suggest/index.ts
 *   tiles     map tiles: { url, attribution } from config().map (tileUrl, attribution)
 *   value?    id chosen at start
 *   label?    visible label (default: the dictionary's pickers.object.label)
 *   id?       id of the select (default `${name}-picker`)
 *   required? the form needs a choice
 *   items?    objects rendered by the server, so the select works before JavaScript runs
 *
 * The hidden input fires a bubbling 'change' event whenever the choice changes.
 */
import { useMemo } from 'react';
import { apiPaths } from '#lib/api-paths.ts';
import { paths } from '#lib/paths.ts';
import { makeT, type Messages } from '#lib/i18n/translate.ts';
import { Picker } from '#features/pickers/Picker.tsx';
import { ALL_DEFAULT_LIMIT } from '#features/pickers/pickers.schema.ts';
import type { MapTiles } from './map/MapCanvas.tsx';
import ObjectForm from './ObjectForm.tsx';
import type { ObjectItem } from './objects.schema.ts';

export interface ObjectPickerProps {
  name: string;
  strings: Messages;
  suggest: boolean;
  tiles: MapTiles;
  value?: number | null;
  label?: string;
  id?: string;
  required?: boolean;
  items?: ObjectItem[];
}

export default function ObjectPicker(props: ObjectPickerProps) {
  const t = useMemo(() => makeT(props.strings), [props.strings]);
  const id = props.id ?? `${props.name}-picker`;
  return (
    <Picker<ObjectItem>
      name={props.name}
      id={id}
      label={props.label ?? t('pickers.object.label')}
      placeholder={t('pickers.object.placeholder')}
      addLabel={t('pickers.object.add')}
      dialogTitle={t('objects.form.title')}
      loadError={t('objects.errors.all')}
      loadingText={t('pickers.loading')}
      url={apiPaths.objects.all()}
      searchLabel={t('pickers.searchLabel')}
      searchHint={t('pickers.searchHint', { count: ALL_DEFAULT_LIMIT })}
      countText={(n) => t('pickers.found', { count: n })}
      optionText={(o) => `${o.name}, ${o.address}`}
      value={props.value}
      required={props.required}
      items={props.items}
      renderForm={(done, cancel) => (
        <ObjectForm
          strings={props.strings}
          suggest={props.suggest}
          tiles={props.tiles}
          action={paths.objects.new()}
          onCreated={done}
          onCancel={cancel}
          idPrefix={`${id}-new`}
        />
      )}
    />
  );
}
