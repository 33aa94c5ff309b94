// The code form of /auth/code. Server-rendered as a plain form that works without JavaScript; once
// hydrated it keeps the field to digits (paste allowed), counts down before another code may be
// asked for, and marks the form busy so a slow connection does not send it twice.
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { paths } from '#lib/paths.ts';
import { makeT, type Messages } from '#lib/i18n/translate.ts';
import { fieldAria } from '#components/form/field-aria.ts';

interface Props {
  strings: Messages;
  type: 'email' | 'call';
  /** Where the code went, partly hidden. */
  to: string;
  digits: number;
  error: string | null;
  notice: string | null;
  resendIn: number;
}

export default function CodeForm({ strings, type, to, digits, error, notice, resendIn }: Props) {
  const t = makeT(strings);
  const [left, setLeft] = useState(resendIn);
  const [hydrated, setHydrated] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setHydrated(true);
    if (resendIn <= 0) return;
    const started = Date.now();
    const timer = setInterval(() => {
      const rest = Math.max(0, resendIn - Math.floor((Date.now() - started) / 1000));
      setLeft(rest);
      if (rest === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [resendIn]);

  // Left uncontrolled so nothing typed before hydration is lost; only the digits are kept.
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const digitsOnly = e.target.value.replace(/\D/g, '').slice(0, digits);
    if (digitsOnly !== e.target.value) e.target.value = digitsOnly;
  };
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    if (busy) return e.preventDefault();
    setBusy(true);
  };
  // Without JavaScript there is no countdown, so the resend button is never held back.
  const waiting = hydrated && left > 0;

  return (
    <form method="post" action={paths.auth.code()} onSubmit={onSubmit}>
      {error && (
        <div id="code-error" className="auth-alert danger" role="alert">
          {error}
        </div>
      )}
      {notice && (
        <p className="auth-alert success" role="status">
          {notice}
        </p>
      )}
      <p className="auth-alert info">
        {type === 'call'
          ? t('auth.code.callInfo', { to })
          : t('auth.code.sentEmail', { to, minutes: 10 })}
      </p>
      <label htmlFor="code">{t('auth.code.label')}</label>
      <input
        id="code"
        name="code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        autoFocus
        onChange={onChange}
        {...fieldAria('code', error, true)}
      />
      <small id="code-hint">{t('auth.code.hint', { digits })}</small>
      <div className="auth-actions">
        <button type="submit" name="action" value="check" aria-busy={busy || undefined}>
          {t('auth.code.submit')}
        </button>
        <button type="submit" name="action" value="back" className="secondary" formNoValidate>
          {t('auth.code.back')}
        </button>
      </div>
      <div className="auth-actions auth-resend">
        <button
          type="submit"
          name="action"
          value="resend"
          className="outline"
          formNoValidate
          disabled={waiting}
        >
          {t('auth.code.resend')}
        </button>
        <small>{waiting ? t('auth.code.resendIn', { seconds: left }) : ''}</small>
      </div>
    </form>
  );
}
