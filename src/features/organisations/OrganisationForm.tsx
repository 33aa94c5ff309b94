// The 'Create organisation' form: the organisation is chosen from suggestions (by INN or name, 3 of
// the 20 requested are shown) or its INN is typed (checksum-validated), plus the user's post. Without
// a suggestion service (or without JavaScript) the INN and the name are typed; the name is required
// whenever no suggestion filled it in (OrganisationNamedSchema), also for an INN typed into the
// suggestion field without picking. What was typed before hydration is kept. With
// JavaScript the form posts to /api/v1/organisations and shows the result. Used on
// /user-info/my-organisations/new and inside OrganisationPicker's dialog.
import { useMemo, useRef, useState } from 'react';
import { apiPaths } from '#lib/api-paths.ts';
import { useHydrated } from '#components/use-hydrated.ts';
import { useTypedBeforeHydration } from '#lib/hydration-safe.ts';
import { makeT, type Messages } from '#lib/i18n/translate.ts';
import { cleanInn } from '#lib/inn.ts';
import type { PartySuggestion } from '#lib/suggest/types.ts';
import { parseWith } from '#lib/validation.ts';
import {
  closeCreated,
  CreatedResult,
  CreateFormFrame,
  useCreate,
} from '#components/CreateForm.tsx';
import { suggestParties } from '#features/pickers/api.ts';
import { Combobox } from '#features/pickers/Combobox.tsx';
import {
  OrganisationCreateSchema,
  OrganisationNamedSchema,
  type OrganisationItem,
} from './organisations.schema.ts';
import { fieldAria } from '#components/form/field-aria.ts';

export interface OrganisationFormProps {
  /** pick(dictionary, 'organisations.form', 'organisations.errors', 'pickers'). */
  strings: Messages;
  /** Organisation suggestions are configured. */
  suggest: boolean;
  /** Where the form posts without JavaScript. */
  action: string;
  /** Page mode: Close after the result goes here. */
  closeHref?: string;
  initial?: { inn?: string; post?: string; name?: string };
  /** Translated errors of a failed post (no-JS round trip). */
  errors?: Record<string, string>;
  /** Dialog mode: called with the new organisation when the result is closed. */
  onCreated?(item: OrganisationItem): void;
  onCancel?(): void;
  idPrefix?: string;
}

const isInnLike = (s: string) => /^(\d{10}|\d{12})$/.test(cleanInn(s));

export default function OrganisationForm(props: OrganisationFormProps) {
  const t = useMemo(() => makeT(props.strings), [props.strings]);
  const id = (s: string) => `${props.idPrefix ?? 'organisation'}-${s}`;
  const hydrated = useHydrated();
  const [query, setQuery] = useState(props.initial?.name || props.initial?.inn || '');
  const [inn, setInn] = useState(props.initial?.inn ?? '');
  const [name, setName] = useState(props.initial?.name ?? '');
  const [picked, setPicked] = useState<PartySuggestion | null>(null);
  const [post, setPost] = useState(props.initial?.post ?? '');
  const [touched, setTouched] = useState<Record<string, boolean>>(
    props.errors ? { inn: true, post: true, name: true } : {},
  );
  const save = useCreate<OrganisationItem>(
    apiPaths.organisations.create(),
    t('organisations.errors.save'),
    props.errors,
  );
  const { serverErrors, forget, setMessage } = save;
  const form = useRef<HTMLFormElement>(null);
  // The server renders the plain fields (inn, name, post); keep what was typed into them.
  useTypedBeforeHydration(form, (typed) => {
    if (typeof typed.inn === 'string') {
      if (props.suggest) typeQuery(typed.inn);
      else setInn(typed.inn);
    }
    if (typeof typed.name === 'string') {
      setName(typed.name);
      if (props.suggest && typeof typed.inn !== 'string') setQuery(typed.name);
    }
    if (typeof typed.post === 'string') setPost(typed.post);
  });

  const suggesting = props.suggest && hydrated;
  // In the suggestion field an INN typed without picking needs a name of its own.
  const askName = !suggesting || (!picked && isInnLike(query));
  const check = parseWith(picked ? OrganisationCreateSchema : OrganisationNamedSchema, {
    inn,
    post,
    name,
  });
  const clientErrors = check.ok ? {} : check.errors;
  const errorOf = (f: string) =>
    serverErrors[f] ?? (touched[f] && clientErrors[f] ? t(clientErrors[f]!) : undefined);

  function typeQuery(value: string) {
    setQuery(value);
    setPicked(null);
    setName('');
    setInn(isInnLike(value) ? cleanInn(value) : '');
    forget('inn');
  }

  function pick(p: PartySuggestion) {
    setPicked(p);
    setQuery(p.value);
    setInn(p.inn);
    setName(p.name);
    setTouched((x) => ({ ...x, inn: true }));
    forget('inn');
  }

  function submit(e: React.FormEvent) {
    e.preventDefault();
    setTouched({ inn: true, post: true, name: true });
    if (check.ok) void save.save({ inn, post, name });
  }

  const created = save.created;
  if (created) {
    return (
      <CreatedResult
        title={t('organisations.form.createdTitle')}
        text={t('organisations.form.createdText', { name: created.name, inn: created.inn })}
        closeLabel={t('pickers.close')}
        onClose={() => closeCreated(created, props.onCreated, props.closeHref)}
      />
    );
  }

  const err = {
    inn: errorOf('inn'),
    post: errorOf('post'),
    name: askName ? errorOf('name') : undefined,
  };
  const innDescribedBy = err.inn ? id('inn-error') : id('inn-hint');
  return (
    <CreateFormFrame
      ref={form}
      action={props.action}
      className="organisation-form"
      message={save.message}
      onSubmit={submit}
      saving={save.saving}
      submitLabel={t('organisations.form.submit')}
      savingLabel={t('pickers.saving')}
      cancelLabel={t('pickers.cancel')}
      onCancel={props.onCancel}
      cancelHref={props.closeHref}
    >
      {suggesting ? (
        <>
          <Combobox<PartySuggestion>
            id={id('query')}
            label={t('organisations.form.organisation')}
            value={query}
            onInput={typeQuery}
            onPick={pick}
            load={suggestParties}
            text={(p) => p.value}
            detail={(p) =>
              [t('organisations.form.innShort', { inn: p.inn }), p.address]
                .filter(Boolean)
                .join(', ')
            }
            minChars={3}
            limit={3}
            countText={(n) => t('pickers.found', { count: n })}
            onError={() => setMessage(t('pickers.suggestError'))}
            invalid={!!err.inn}
            describedBy={innDescribedBy}
            required
            placeholder={t('organisations.form.queryPlaceholder')}
          />
          <input type="hidden" name="inn" value={inn} />
          <input type="hidden" name="name" value={name} />
          {picked && (
            <p className="picked" aria-live="polite">
              <strong>{picked.name}</strong>
              <br />
              {[
                t('organisations.form.innShort', { inn: picked.inn }),
                picked.kpp && t('organisations.form.kppShort', { kpp: picked.kpp }),
                picked.address,
              ]
                .filter(Boolean)
                .join(', ')}
            </p>
          )}
        </>
      ) : (
        <>
          <label htmlFor={id('inn')}>{t('organisations.form.inn')}</label>
          <input
            id={id('inn')}
            name="inn"
            inputMode="numeric"
            autoComplete="off"
            maxLength={14}
            value={inn}
            required
            {...fieldAria(id('inn'), err.inn)}
            aria-describedby={innDescribedBy}
            onChange={(e) => {
              setInn(e.target.value);
              forget('inn');
            }}
            onBlur={() => setTouched((x) => ({ ...x, inn: true }))}
          />
        </>
      )}
      {err.inn ? (
        <small id={id('inn-error')} className="field-error">
          {err.inn}
        </small>
      ) : (
        <small id={id('inn-hint')}>
          {t(props.suggest ? 'organisations.form.queryHint' : 'organisations.form.manualHint')}
        </small>
      )}
      {askName && (
        <>
          <label htmlFor={id('name')}>{t('organisations.form.name')}</label>
          <input
            id={id('name')}
            name={suggesting ? undefined : 'name'}
            maxLength={500}
            value={name}
            {...fieldAria(id('name'), err.name, true)}
            autoComplete="organization"
            onChange={(e) => {
              setName(e.target.value);
              forget('name');
            }}
            onBlur={() => setTouched((x) => ({ ...x, name: true }))}
          />
          {err.name ? (
            <small id={id('name-error')} className="field-error">
              {err.name}
            </small>
          ) : (
            <small id={id('name-hint')}>{t('organisations.form.nameHint')}</small>
          )}
        </>
      )}

      <label htmlFor={id('post')}>{t('organisations.form.post')}</label>
      <input
        id={id('post')}
        name="post"
        maxLength={200}
        value={post}
        required
        {...fieldAria(id('post'), err.post)}
        autoComplete="organization-title"
        onChange={(e) => {
          setPost(e.target.value);
          forget('post');
        }}
        onBlur={() => setTouched((x) => ({ ...x, post: true }))}
      />
      {err.post && (
        <small id={id('post-error')} className="field-error">
          {err.post}
        </small>
      )}
    </CreateFormFrame>
  );
}
