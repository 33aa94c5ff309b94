// The registration wizard (steps Name / Data / Password). Server-rendered with all three steps in one
// form, so it works without JavaScript; once hydrated it shows one step at a time, validates with the
// shared schemas, keeps 'Next' disabled until the step is valid and sends everything at the end.
import {
  Fragment,
  useEffect,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type ReactNode,
} from 'react';
import { paths } from '#lib/paths.ts';
import { useTypedBeforeHydration } from '#lib/hydration-safe.ts';
import { lookup, makeT, type Messages } from '#lib/i18n/translate.ts';
import { validateStep, type FieldErrors } from './auth.schema.ts';
import { usePartySuggestions } from './auth.party-suggest.ts';
import { fieldAria } from '#components/form/field-aria.ts';

interface Props {
  strings: Messages;
  values: Record<string, string | boolean>;
  /** Translated errors from the server, by field. */
  errors: FieldErrors;
  step: number;
  /** Organisation suggestions endpoint ({ enabled, suggestions }); without it the INN is typed in. */
  partySuggestUrl?: string | undefined;
}

type Values = Record<string, string | boolean>;
const STEPS = ['name', 'data', 'password'] as const;

export default function RegistrationWizard({
  strings,
  values: initial,
  errors: serverErrors,
  step: initialStep,
  partySuggestUrl,
}: Props) {
  const t = makeT(strings);
  const form = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [enhanced, setEnhanced] = useState(false);
  const [step, setStep] = useState(initialStep);
  const [values, setValues] = useState<Values>({
    password: '',
    password_confirmation: '',
    ...initial,
  });
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [server, setServer] = useState<FieldErrors>(serverErrors);
  const [busy, setBusy] = useState(false);
  const suggestions = usePartySuggestions(partySuggestUrl, String(values.organisation ?? ''));

  // Anything typed, chosen or ticked before hydration is taken over from the form itself, before the
  // first render of the island could write the (older) state back into the fields.
  useTypedBeforeHydration(form, (typed) =>
    setValues((v) => ({
      ...v,
      ...Object.fromEntries(
        Object.entries(typed).filter((e): e is [string, string | boolean] => !Array.isArray(e[1])),
      ),
    })),
  );
  useEffect(() => setEnhanced(true), []);

  const stepErrors = (n: number): FieldErrors => validateStep(n, values);
  const current = stepErrors(step);
  const corporate = values.account_type === 'corporate';

  const errorOf = (name: string): string | undefined =>
    server[name] ?? (touched[name] && current[name] ? t(current[name]!) : undefined);
  const change = (e: ChangeEvent<HTMLInputElement>) => {
    const { name, type, checked, value } = e.target;
    setValues((v) => ({ ...v, [name]: type === 'checkbox' ? checked : value }));
    setServer(({ [name]: _gone, ...rest }) => rest);
  };
  const blur = (e: { target: { name: string } }) =>
    setTouched((x) => ({ ...x, [e.target.name]: true }));
  const go = (n: number) => {
    setStep(n);
    requestAnimationFrame(() => heading.current?.focus());
  };
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    if (!enhanced) return;
    if (busy || step < STEPS.length - 1 || Object.keys(current).length) {
      e.preventDefault();
      if (step < STEPS.length - 1 && !Object.keys(current).length) go(step + 1);
      else setTouched(Object.fromEntries(Object.keys(current).map((k) => [k, true])));
      return;
    }
    setBusy(true);
  };

  const field = (
    name: string,
    type: string,
    autoComplete: string,
    extra: Record<string, unknown> = {},
  ) => {
    const error = errorOf(name);
    const hint = lookup(strings, `auth.registration.hints.${name}`);
    return (
      <Fragment key={name}>
        <label htmlFor={name}>{t(`auth.registration.fields.${name}`)}</label>
        <input
          id={name}
          name={name}
          type={type}
          autoComplete={autoComplete}
          required
          value={String(values[name] ?? '')}
          onChange={change}
          onBlur={blur}
          {...fieldAria(name, error, hint)}
          {...extra}
        />
        {error ? (
          <small id={`${name}-error`} className="field-error">
            {error}
          </small>
        ) : (
          hint && <small id={`${name}-hint`}>{hint}</small>
        )}
      </Fragment>
    );
  };

  const fieldset = (n: number, children: ReactNode) => (
    <fieldset hidden={enhanced && step !== n} key={n}>
      <legend>
        <h2 ref={step === n ? heading : undefined} tabIndex={-1}>
          {t(`auth.registration.steps.${STEPS[n]}`)}:{' '}
          {t(`auth.registration.steps.${STEPS[n]}Description`)}
        </h2>
      </legend>
      {children}
    </fieldset>
  );

  const summary = Object.keys(server);
  return (
    <form
      method="post"
      action={paths.auth.registration()}
      className="auth-wizard"
      ref={form}
      onSubmit={onSubmit}
      noValidate={enhanced}
    >
      {summary.length > 0 && (
        <div className="auth-alert danger error-summary" role="alert">
          <p>
            <strong>{t('auth.errorSummary')}</strong>
          </p>
          <ul>
            {summary.map((k) => (
              <li key={k}>
                <a href={`#${k}`}>
                  {t(`auth.registration.fields.${k}`)}: {server[k]}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <ol className="auth-steps">
        {STEPS.map((s, n) => (
          <li key={s} aria-current={enhanced && n === step ? 'step' : undefined}>
            <strong>{t(`auth.registration.steps.${s}`)}</strong>
            {t(`auth.registration.steps.${s}Description`)}
          </li>
        ))}
      </ol>
      {fieldset(0, [
        field('surname', 'text', 'family-name'),
        field('name', 'text', 'given-name'),
        field('patronymic', 'text', 'additional-name'),
      ])}
      {fieldset(1, [
        field('email', 'email', 'email'),
        field('phone', 'tel', 'tel'),
        <fieldset key="account_type">
          <legend>{t('auth.registration.fields.account_type')}</legend>
          {(['personal', 'corporate'] as const).map((kind) => (
            <label key={kind}>
              <input
                type="radio"
                name="account_type"
                value={kind}
                checked={values.account_type === kind}
                onChange={change}
              />
              {t(`auth.registration.accountTypes.${kind}`)}
            </label>
          ))}
        </fieldset>,
        (corporate || !enhanced) && (
          <div key="corporate">
            {!enhanced && (
              <p>
                <small>{t('auth.registration.corporateOnly')}</small>
              </p>
            )}
            {field('post', 'text', 'organization-title', { required: corporate })}
            {field('organisation', 'text', 'off', { inputMode: 'numeric', required: corporate })}
            {!partySuggestUrl &&
              field('organisation_name', 'text', 'organization', { required: false })}
            {suggestions.length > 0 && (
              <ul className="auth-suggestions" aria-label={t('auth.registration.suggestions')}>
                {suggestions.map((s) => (
                  <li key={s.inn}>
                    <button
                      type="button"
                      className="outline secondary"
                      onClick={() => setValues((v) => ({ ...v, organisation: s.inn }))}
                    >
                      {s.value} ({s.inn})
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        ),
      ])}
      {fieldset(2, [
        field('password', 'password', 'new-password'),
        field('password_confirmation', 'password', 'new-password'),
        <Fragment key="agree">
          <label htmlFor="agree">
            <input
              type="checkbox"
              id="agree"
              name="agree"
              value="1"
              checked={values.agree === true}
              onChange={change}
              onBlur={blur}
              {...fieldAria('agree', errorOf('agree'))}
            />
            {t('auth.registration.fields.agree')}
          </label>
          {errorOf('agree') && (
            <small id="agree-error" className="field-error">
              {errorOf('agree')}
            </small>
          )}
        </Fragment>,
      ])}
      <div className="auth-actions">
        {enhanced && step > 0 && (
          <button type="button" className="secondary" onClick={() => go(step - 1)}>
            {t('auth.registration.back')}
          </button>
        )}
        {enhanced && step < STEPS.length - 1 ? (
          <button
            type="button"
            disabled={Object.keys(current).length > 0}
            aria-describedby="next-hint"
            onClick={() => go(step + 1)}
          >
            {t('auth.registration.next')}
          </button>
        ) : (
          <button type="submit" aria-busy={busy || undefined}>
            {t('auth.registration.submit')}
          </button>
        )}
      </div>
      {enhanced && step < STEPS.length - 1 && (
        <p>
          <small id="next-hint">{t('auth.registration.nextHint')}</small>
        </p>
      )}
    </form>
  );
}
