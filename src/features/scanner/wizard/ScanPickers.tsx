// The organisation and object pickers of step 0, wired like OrganisationPicker and ObjectPicker
// (same calls, labels and create dialogs), but with the create forms loaded only when a dialog
// opens: the scanner page ships every step of the wizard, and the forms (with their validation
// and the map) would otherwise push it over the 90 KB script budget.
import { lazy, Suspense, useMemo } from 'react';
import { apiPaths } from '#lib/api-paths.ts';
import { paths } from '#lib/paths.ts';
import { makeT, type Messages, type T } from '#lib/i18n/translate.ts';
import type { MapTiles } from '#features/objects/map/MapCanvas.tsx';
import type { ObjectItem } from '#features/objects/objects.schema.ts';
import type { OrganisationItem } from '#features/organisations/organisations.schema.ts';
import { Picker } from '#features/pickers/Picker.tsx';
import { ALL_DEFAULT_LIMIT } from '#features/pickers/pickers.schema.ts';

const OrganisationForm = lazy(() => import('#features/organisations/OrganisationForm.tsx'));
const ObjectForm = lazy(() => import('#features/objects/ObjectForm.tsx'));

export interface ScanPickersProps {
  strings: Messages;
  suggest: boolean;
  tiles: MapTiles;
  oid: number | null;
  object: number | null;
}

const common = (t: T) => ({
  loadingText: t('pickers.loading'),
  searchLabel: t('pickers.searchLabel'),
  searchHint: t('pickers.searchHint', { count: ALL_DEFAULT_LIMIT }),
  countText: (n: number) => t('pickers.found', { count: n }),
});

export function ScanPickers(p: ScanPickersProps) {
  const t = useMemo(() => makeT(p.strings), [p.strings]);
  const loading = <p aria-busy="true">{t('pickers.loading')}</p>;
  return (
    <>
      <Picker<OrganisationItem>
        name="oid"
        id="scan-oid"
        label={t('pickers.organisation.label')}
        placeholder={t('pickers.organisation.placeholder')}
        addLabel={t('pickers.organisation.add')}
        dialogTitle={t('organisations.form.title')}
        loadError={t('organisations.errors.all')}
        url={apiPaths.organisations.all()}
        optionText={(o) => `${o.name} (${t('organisations.form.innShort', { inn: o.inn })})`}
        value={p.oid}
        {...common(t)}
        renderForm={(done, cancel) => (
          <Suspense fallback={loading}>
            <OrganisationForm
              strings={p.strings}
              suggest={p.suggest}
              action={paths.organisations.new()}
              onCreated={done}
              onCancel={cancel}
              idPrefix="scan-oid-new"
            />
          </Suspense>
        )}
      />
      <Picker<ObjectItem>
        name="object"
        id="scan-object"
        label={t('pickers.object.label')}
        placeholder={t('pickers.object.placeholder')}
        addLabel={t('pickers.object.add')}
        dialogTitle={t('objects.form.title')}
        loadError={t('objects.errors.all')}
        url={apiPaths.objects.all()}
        optionText={(o) => `${o.name}, ${o.address}`}
        value={p.object}
        {...common(t)}
        renderForm={(done, cancel) => (
          <Suspense fallback={loading}>
            <ObjectForm
              strings={p.strings}
              suggest={p.suggest}
              tiles={p.tiles}
              action={paths.objects.new()}
              onCreated={done}
              onCancel={cancel}
              idPrefix="scan-object-new"
            />
          </Suspense>
        )}
      />
    </>
  );
}
