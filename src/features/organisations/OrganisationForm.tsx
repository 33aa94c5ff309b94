// The 'Create organisation' form: the organisation is chosen from suggestions (by INN or name, 3 of
// the 20 requested are shown) or its INN is typed (checksum-validated), plus the user's post. Without
// a suggestion service (or without JavaScript) the INN and an optional name are typed. With
// JavaScript the form posts to /api/v1/organisations and shows the result. Used on
// /user-info/my-organisations/new and inside OrganisationPicker's dialog.
import { useEffect, useMemo, useState } from 'react';
import { makeT, type Messages } from '#lib/i18n/translate.ts';
import { cleanInn } from '#lib/inn.ts';
import type { PartySuggestion } from '#lib/suggest/types.ts';
import { parseWith } from '#lib/validation.ts';
import { ApiError, postJson, suggestParties } from '#features/pickers/api.ts';
import { Combobox } from '#features/pickers/Combobox.tsx';
import { OrganisationCreateSchema, type OrganisationItem } from './organisations.schema.ts';

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
  const [hydrated, setHydrated] = useState(false);
  const [query, setQuery] = useState(props.initial?.name || props.initial?.inn || '');
  const [inn, setInn] = useState(props.initial?.inn ?? '');
  const [name, setName] = useState(props.initial?.name ?? '');
  const [picked, setPicked] = useState<PartySuggestion | null>(null);
  const [post, setPost] = useState(props.initial?.post ?? '');
  const [touched, setTouched] = useState<Record<string, boolean>>(props.errors ? { inn: true, post: true } : {});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>(props.errors ?? {});
  const [message, setMessage] = useState(props.errors && Object.keys(props.errors).length ? t('organisations.errors.save') : '');
  const [saving, setSaving] = useState(false);
  const [created, setCreated] = useState<OrganisationItem | null>(null);
  useEffect(() => setHydrated(true), []);

  const check = parseWith(OrganisationCreateSchema, { inn, post, name });
  const clientErrors = check.ok ? {} : check.errors;
  const errorOf = (f: string) => serverErrors[f] ?? (touched[f] && clientErrors[f] ? t(clientErrors[f]!) : undefined);
  const forget = (f: string) => setServerErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== f)));

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

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setTouched({ inn: true, post: true });
    if (!check.ok || saving) return;
    setSaving(true);
    setMessage('');
    try {
      const r = await postJson<{ data: OrganisationItem }>('/api/v1/organisations', { inn, post, name });
      setCreated(r.data);
    } catch (err) {
      setServerErrors(err instanceof ApiError ? err.errors : {});
      setMessage(err instanceof ApiError ? err.message : t('organisations.errors.save'));
    } finally {
      setSaving(false);
    }
  }

  function close() {
    if (props.onCreated && created) props.onCreated(created);
    else if (props.closeHref) location.assign(props.closeHref);
  }

  if (created) {
    return (
      <div className="form-result" role="status">
        <h3>{t('organisations.form.createdTitle')}</h3>
        <p>{t('organisations.form.createdText', { name: created.name, inn: created.inn })}</p>
        <button type="button" onClick={close} autoFocus>
          {t('pickers.close')}
        </button>
      </div>
    );
  }

  const err = { inn: errorOf('inn'), post: errorOf('post') };
  const innDescribedBy = err.inn ? id('inn-error') : id('inn-hint');
  return (
    <form method="post" action={props.action} onSubmit={submit} noValidate className="organisation-form">
      {message && <p className="form-message" role="alert">{message}</p>}
      {props.suggest && hydrated ? (
        <>
          <Combobox<PartySuggestion>
            id={id('query')} label={t('organisations.form.organisation')} value={query} onInput={typeQuery} onPick={pick}
            load={suggestParties} text={(p) => p.value} detail={(p) => [t('organisations.form.innShort', { inn: p.inn }), p.address].filter(Boolean).join(', ')}
            minChars={3} limit={3} countText={(n) => t('pickers.found', { count: n })} onError={() => setMessage(t('pickers.suggestError'))}
            invalid={!!err.inn} describedBy={innDescribedBy} required placeholder={t('organisations.form.queryPlaceholder')}
          />
          <input type="hidden" name="inn" value={inn} />
          <input type="hidden" name="name" value={name} />
          {picked && (
            <p className="picked" aria-live="polite">
              <strong>{picked.name}</strong>
              <br />
              {[t('organisations.form.innShort', { inn: picked.inn }), picked.kpp && t('organisations.form.kppShort', { kpp: picked.kpp }), picked.address].filter(Boolean).join(', ')}
            </p>
          )}
        </>
      ) : (
        <>
          <label htmlFor={id('inn')}>{t('organisations.form.inn')}</label>
          <input id={id('inn')} name="inn" inputMode="numeric" autoComplete="off" maxLength={14} value={inn} required aria-invalid={err.inn ? true : undefined}
            aria-describedby={innDescribedBy} onChange={(e) => { setInn(e.target.value); forget('inn'); }} onBlur={() => setTouched((x) => ({ ...x, inn: true }))} />
        </>
      )}
      {err.inn ? <small id={id('inn-error')} className="field-error">{err.inn}</small> : <small id={id('inn-hint')}>{t(props.suggest ? 'organisations.form.queryHint' : 'organisations.form.manualHint')}</small>}
      {!(props.suggest && hydrated) && (
        <>
          <label htmlFor={id('name')}>{t('organisations.form.name')}</label>
          <input id={id('name')} name="name" maxLength={500} value={name} onChange={(e) => setName(e.target.value)} />
        </>
      )}

      <label htmlFor={id('post')}>{t('organisations.form.post')}</label>
      <input id={id('post')} name="post" maxLength={200} value={post} required aria-invalid={err.post ? true : undefined} aria-describedby={err.post ? id('post-error') : undefined}
        autoComplete="organization-title" onChange={(e) => { setPost(e.target.value); forget('post'); }} onBlur={() => setTouched((x) => ({ ...x, post: true }))} />
      {err.post && <small id={id('post-error')} className="field-error">{err.post}</small>}

      <div className="form-actions">
        <button type="submit" disabled={saving} aria-busy={saving || undefined}>
          {t(saving ? 'pickers.saving' : 'organisations.form.submit')}
        </button>
        {props.onCancel ? (
          <button type="button" className="secondary" onClick={props.onCancel}>{t('pickers.cancel')}</button>
        ) : props.closeHref ? (
          <a role="button" className="secondary" href={props.closeHref}>{t('pickers.cancel')}</a>
        ) : null}
      </div>
    </form>
  );
}
