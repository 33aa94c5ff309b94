// The 'Create object' form: name, address with suggestions (3+ characters, 5 shown), a map with a
// draggable marker (click or drag re-geocodes the address) and latitude/longitude fields as the
// keyboard alternative to dragging (WCAG 2.5.7). Typing in the address keeps the marker and its
// coordinates (a person who clicked the map and then writes the address must not lose the point);
// picking a suggested address moves the marker there. What was typed before hydration is kept.
// Without JavaScript the same fields post to the page; with it the form posts to /api/v1/objects and
// shows the result. Used on /user-info/my-objects/new and inside ObjectPicker's dialog.
import { useMemo, useRef, useState } from 'react';
import { apiPaths } from '#lib/api-paths.ts';
import { useHydrated } from '#components/use-hydrated.ts';
import { useTypedBeforeHydration } from '#lib/hydration-safe.ts';
import { makeT, type Messages } from '#lib/i18n/translate.ts';
import { parseWith } from '#lib/validation.ts';
import type { AddressSuggestion } from '#lib/suggest/types.ts';
import {
  closeCreated,
  CreatedResult,
  CreateFormFrame,
  useCreate,
} from '#components/CreateForm.tsx';
import { reverseGeocode, suggestAddresses } from '#features/pickers/api.ts';
import { Combobox } from '#features/pickers/Combobox.tsx';
import { MapCanvas, type MapTiles } from './map/MapCanvas.tsx';
import {
  MAP_CENTER,
  MAP_ZOOM,
  ObjectCreateSchema,
  parseCoords,
  type ObjectItem,
  type Point,
} from './objects.schema.ts';
import { fieldAria } from '#components/form/field-aria.ts';

export interface ObjectFormProps {
  /** pick(dictionary, 'objects.form', 'objects.errors', 'objects.map', 'objects.precision', 'pickers'). */
  strings: Messages;
  /** Address suggestions and reverse geocoding are configured. */
  suggest: boolean;
  tiles: MapTiles;
  /** Where the form posts without JavaScript. */
  action: string;
  /** Page mode: Close after the result goes here. */
  closeHref?: string;
  initial?: { name?: string; address?: string; lat?: string; lon?: string };
  /** Translated errors of a failed post (no-JS round trip). */
  errors?: Record<string, string>;
  /** Dialog mode: called with the new object when the result is closed. */
  onCreated?(item: ObjectItem): void;
  onCancel?(): void;
  idPrefix?: string;
}

const show = (n: number) => String(Math.round(n * 1e6) / 1e6);

export default function ObjectForm(props: ObjectFormProps) {
  const t = useMemo(() => makeT(props.strings), [props.strings]);
  const id = (s: string) => `${props.idPrefix ?? 'object'}-${s}`;
  const hydrated = useHydrated();
  const [name, setName] = useState(props.initial?.name ?? '');
  const [address, setAddress] = useState(props.initial?.address ?? '');
  const [lat, setLat] = useState(props.initial?.lat ?? '');
  const [lon, setLon] = useState(props.initial?.lon ?? '');
  const [touched, setTouched] = useState<Record<string, boolean>>(
    props.errors ? { name: true, address: true, coords: true } : {},
  );
  const save = useCreate<ObjectItem>(
    apiPaths.objects.create(),
    t('objects.errors.save'),
    props.errors,
  );
  const { serverErrors, forget, setMessage } = save;
  const form = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(form, (typed) => {
    const text = (k: string) => (typeof typed[k] === 'string' ? (typed[k] as string) : undefined);
    if (text('name') !== undefined) setName(text('name')!);
    if (text('address') !== undefined) setAddress(text('address')!);
    if (text('lat') !== undefined) setLat(text('lat')!);
    if (text('lon') !== undefined) setLon(text('lon')!);
  });

  const point = parseCoords(`${lat}, ${lon}`);
  const markerLabel = address || t('objects.map.newPoint');
  const markers = useMemo(
    () => (point ? [{ id: 'new', lat: point.lat, lon: point.lon, label: markerLabel }] : []),
    // Rebuilt only when the point or its label changes, not on every keystroke elsewhere.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [point?.lat, point?.lon, markerLabel],
  );
  const check = parseWith(ObjectCreateSchema, {
    name,
    address,
    coords: lat || lon ? `${lat}, ${lon}` : '',
  });
  const clientErrors = check.ok ? {} : check.errors;
  const errorOf = (f: string) =>
    serverErrors[f] ?? (touched[f] && clientErrors[f] ? t(clientErrors[f]!) : undefined);

  function setPoint(p: Point | null) {
    setLat(p ? show(p.lat) : '');
    setLon(p ? show(p.lon) : '');
    forget('coords');
  }

  function logPrecision(s: AddressSuggestion | null) {
    const key =
      !s || s.lat === null
        ? 'notFound'
        : s.precision === 'exact'
          ? 'exact'
          : s.precision === 'other'
            ? 'other'
            : 'house';
    console.info(t(`objects.precision.${key}`));
  }

  async function placeAt(p: Point) {
    setPoint(p);
    setTouched((x) => ({ ...x, coords: true }));
    if (!props.suggest) return;
    try {
      const found = await reverseGeocode(p.lat, p.lon);
      logPrecision(found);
      if (found) {
        setAddress(found.value);
        forget('address');
      }
    } catch {
      setMessage(t('pickers.suggestError'));
    }
  }

  function pickAddress(s: AddressSuggestion) {
    setAddress(s.value);
    logPrecision(s);
    setPoint(s.lat !== null && s.lon !== null ? { lat: s.lat, lon: s.lon } : null);
    setTouched((x) => ({ ...x, address: true, coords: true }));
  }

  function typeAddress(value: string) {
    setAddress(value);
    forget('address');
  }

  function submit(e: React.FormEvent) {
    e.preventDefault();
    setTouched({ name: true, address: true, coords: true });
    if (check.ok) void save.save({ name, address, coords: `${lat}, ${lon}` });
  }

  const created = save.created;
  if (created) {
    return (
      <CreatedResult
        title={t('objects.form.createdTitle')}
        text={t('objects.form.createdText', { name: created.name, address: created.address })}
        closeLabel={t('pickers.close')}
        onClose={() => closeCreated(created, props.onCreated, props.closeHref)}
      />
    );
  }

  const err = { name: errorOf('name'), address: errorOf('address'), coords: errorOf('coords') };
  return (
    <CreateFormFrame
      ref={form}
      action={props.action}
      className="object-form"
      message={save.message}
      onSubmit={submit}
      saving={save.saving}
      submitLabel={t('objects.form.submit')}
      savingLabel={t('pickers.saving')}
      cancelLabel={t('pickers.cancel')}
      onCancel={props.onCancel}
      cancelHref={props.closeHref}
    >
      <label htmlFor={id('name')}>{t('objects.form.name')}</label>
      <input
        id={id('name')}
        name="name"
        value={name}
        required
        maxLength={200}
        {...fieldAria(id('name'), err.name)}
        onChange={(e) => {
          setName(e.target.value);
          forget('name');
        }}
        onBlur={() => setTouched((x) => ({ ...x, name: true }))}
      />
      {err.name && (
        <small id={id('name-error')} className="field-error">
          {err.name}
        </small>
      )}

      {props.suggest && hydrated ? (
        <Combobox<AddressSuggestion>
          id={id('address')}
          name="address"
          label={t('objects.form.address')}
          value={address}
          onInput={typeAddress}
          onPick={pickAddress}
          load={suggestAddresses}
          text={(s) => s.value}
          minChars={3}
          limit={5}
          countText={(n) => t('pickers.found', { count: n })}
          onError={() => setMessage(t('pickers.suggestError'))}
          invalid={!!err.address}
          describedBy={err.address ? id('address-error') : id('address-hint')}
          required
        />
      ) : (
        <>
          <label htmlFor={id('address')}>{t('objects.form.address')}</label>
          <input
            id={id('address')}
            name="address"
            value={address}
            required
            maxLength={500}
            {...fieldAria(id('address'), err.address, true)}
            onChange={(e) => typeAddress(e.target.value)}
            onBlur={() => setTouched((x) => ({ ...x, address: true }))}
          />
        </>
      )}
      {err.address ? (
        <small id={id('address-error')} className="field-error">
          {err.address}
        </small>
      ) : (
        <small id={id('address-hint')}>
          {t(props.suggest ? 'objects.form.addressHint' : 'objects.form.manualHint')}
        </small>
      )}

      <fieldset
        className="coords"
        aria-describedby={err.coords ? id('coords-error') : id('coords-hint')}
      >
        <legend>{t('objects.form.coords')}</legend>
        <div className="grid">
          <div>
            <label htmlFor={id('lat')}>{t('objects.form.lat')}</label>
            <input
              id={id('lat')}
              name="lat"
              inputMode="decimal"
              value={lat}
              {...fieldAria(id('coords'), err.coords)}
              onChange={(e) => {
                setLat(e.target.value);
                forget('coords');
              }}
              onBlur={() => setTouched((x) => ({ ...x, coords: true }))}
            />
          </div>
          <div>
            <label htmlFor={id('lon')}>{t('objects.form.lon')}</label>
            <input
              id={id('lon')}
              name="lon"
              inputMode="decimal"
              value={lon}
              {...fieldAria(id('coords'), err.coords)}
              onChange={(e) => {
                setLon(e.target.value);
                forget('coords');
              }}
              onBlur={() => setTouched((x) => ({ ...x, coords: true }))}
            />
          </div>
        </div>
        {err.coords ? (
          <small id={id('coords-error')} className="field-error">
            {err.coords}
          </small>
        ) : (
          <small id={id('coords-hint')}>{t('objects.form.coordsHint')}</small>
        )}
      </fieldset>

      {hydrated && (
        <MapCanvas
          tiles={props.tiles}
          center={point ?? MAP_CENTER}
          zoom={point ? 16 : MAP_ZOOM}
          markers={markers}
          draggable
          follow
          onMapClick={placeAt}
          onMarkerMove={placeAt}
          label={t('objects.map.pickLabel')}
          loadingText={t('objects.map.loading')}
          failedText={t('objects.map.failed')}
        />
      )}
    </CreateFormFrame>
  );
}
