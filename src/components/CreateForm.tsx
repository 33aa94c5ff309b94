// The frame every "create" form island shares (organisation, object; later registry, calculation
// and dispatching items): a real <form method="post"> that works without JavaScript, the form's
// message, the submit and cancel actions, posting as JSON to the area's API once hydrated, and the
// result shown in place after creation. The area's form supplies only its fields and rules.
import { useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { ApiError, postJson } from '#lib/client/api.ts';

export interface CreateState<T> {
  saving: boolean;
  message: string;
  setMessage(message: string): void;
  /** Translated errors per field from the server (a failed post, with or without JavaScript). */
  serverErrors: Record<string, string>;
  /** Drops the server's error of a field once it is edited. */
  forget(field: string): void;
  created: T | null;
  /** Posts the values; on failure keeps the server's message and field errors. */
  save(values: Record<string, unknown>): Promise<void>;
}

/** State of a create form posting to `url` ({ data: T } with 201 on success). */
export function useCreate<T>(
  url: string,
  failed: string,
  initialErrors: Record<string, string> = {},
): CreateState<T> {
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState(Object.keys(initialErrors).length ? failed : '');
  const [serverErrors, setServerErrors] = useState<Record<string, string>>(initialErrors);
  const [created, setCreated] = useState<T | null>(null);
  async function save(values: Record<string, unknown>) {
    if (saving) return;
    setSaving(true);
    setMessage('');
    try {
      setCreated((await postJson<{ data: T }>(url, values)).data);
    } catch (err) {
      setServerErrors(err instanceof ApiError ? (err.errors ?? {}) : {});
      setMessage(err instanceof ApiError && err.message ? err.message : failed);
    } finally {
      setSaving(false);
    }
  }
  const forget = (field: string) =>
    setServerErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== field)));
  return { saving, message, setMessage, serverErrors, forget, created, save };
}

interface FrameProps {
  ref: RefObject<HTMLFormElement | null>;
  /** Where the form posts without JavaScript. */
  action: string;
  className: string;
  message: string;
  onSubmit(e: FormEvent<HTMLFormElement>): void;
  saving: boolean;
  submitLabel: string;
  savingLabel: string;
  cancelLabel: string;
  /** Dialog mode: Cancel is a button calling this. */
  onCancel?(): void;
  /** Page mode: Cancel is a link back to the list. */
  cancelHref?: string;
  children: ReactNode;
}

export function CreateFormFrame({ ref, ...p }: FrameProps) {
  return (
    <form
      ref={ref}
      method="post"
      action={p.action}
      onSubmit={p.onSubmit}
      noValidate
      className={p.className}
    >
      {p.message && (
        <p className="form-message" role="alert">
          {p.message}
        </p>
      )}
      {p.children}
      <div className="form-actions">
        {/* Never disabled for invalid input: a press shows what is missing instead. */}
        <button type="submit" disabled={p.saving} aria-busy={p.saving || undefined}>
          {p.saving ? p.savingLabel : p.submitLabel}
        </button>
        {p.onCancel ? (
          <button type="button" className="secondary" onClick={p.onCancel}>
            {p.cancelLabel}
          </button>
        ) : p.cancelHref ? (
          <a role="button" className="secondary" href={p.cancelHref}>
            {p.cancelLabel}
          </a>
        ) : null}
      </div>
    </form>
  );
}

/** The result in place of the form: a heading, what was created, and Close. */
export function CreatedResult({
  title,
  text,
  closeLabel,
  onClose,
}: {
  title: string;
  text: string;
  closeLabel: string;
  onClose(): void;
}) {
  return (
    <div className="form-result" role="status">
      <h3>{title}</h3>
      <p>{text}</p>
      <button type="button" onClick={onClose} autoFocus>
        {closeLabel}
      </button>
    </div>
  );
}

/** After Close: hand the item to a picker's dialog, or go back to the list page. */
export function closeCreated<T>(
  created: T | null,
  onCreated?: (item: T) => void,
  closeHref?: string,
) {
  if (onCreated && created) onCreated(created);
  else if (closeHref) location.assign(closeHref);
}
