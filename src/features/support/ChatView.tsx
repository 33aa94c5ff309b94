// The right column: the selected request's header, its messages (author, avatar or initial, text,
// file, time) and the message box with a file. Real forms, so it also works without JavaScript.
import {
  useEffect,
  useLayoutEffect,
  useRef,
  type FormEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { avatarColour, avatarLetter } from '#features/chrome/avatar.ts';
import { formatDateTime } from '#lib/format.ts';
import type { T } from '#lib/i18n/translate.ts';
import { OPEN, type SupportMessage, type SupportRequestInfo } from './support.types.ts';
import { fieldAria } from '#components/form/field-aria.ts';

export interface ComposerState {
  text: string;
  sending: boolean;
  errors: Record<string, string>;
}

interface Props {
  request: SupportRequestInfo;
  messages: SupportMessage[];
  /** Older messages exist: a link (page without JavaScript) that loads them in place. */
  older?: boolean;
  olderHref?: string;
  onOlder?: () => void;
  olderBusy?: boolean;
  userId: number;
  t: T;
  timeZone: string;
  action: string;
  accept: string;
  composer: ComposerState;
  onText: (text: string) => void;
  onFile: (file: File | null) => void;
  onSend: (e: FormEvent<HTMLFormElement>) => void;
  /** Changes after a send to clear the file input. */
  fileKey: number;
  fileLimitMb: string;
  onStatus?: (e: FormEvent<HTMLFormElement>) => void;
  /** Desk extras: who asked, from where, and the close/reopen form. */
  deskInfo?: ReactNode;
  statusBusy?: boolean;
}

function Avatar({ m }: { m: SupportMessage }) {
  if (m.avatar)
    return (
      <img
        className="avatar sp-avatar"
        src={m.avatar}
        alt=""
        width={36}
        height={36}
        loading="lazy"
      />
    );
  return (
    <span className={`avatar sp-avatar av${avatarColour(m.full_name)}`} aria-hidden="true">
      {avatarLetter(m.full_name)}
    </span>
  );
}

export function ChatView(p: Props) {
  const { request, messages, t } = p;
  const log = useRef<HTMLDivElement>(null);
  const last = messages.at(-1)?.id;
  const first = messages[0]?.id;
  useEffect(() => {
    if (log.current) log.current.scrollTop = log.current.scrollHeight;
  }, [last, request.id]);
  // Older messages put in front keep the reader where they were (same distance from the bottom).
  const fromBottom = useRef(0);
  useLayoutEffect(() => {
    const el = log.current;
    if (el && fromBottom.current) el.scrollTop = el.scrollHeight - fromBottom.current;
    fromBottom.current = 0;
  }, [first]);
  const older = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!p.onOlder) return;
    e.preventDefault();
    if (log.current) fromBottom.current = log.current.scrollHeight - log.current.scrollTop;
    p.onOlder();
  };
  const open = request.status === OPEN;
  const err = p.composer.errors;
  return (
    <section className="sp-chat" aria-labelledby="sp-chat-title" data-request={request.id}>
      <header className="sp-chat-head">
        <h2 id="sp-chat-title">{request.title}</h2>
        <span className={open ? 'sp-tag sp-open' : 'sp-tag sp-closed'} data-status={request.status}>
          {t(open ? 'status.open' : 'status.closed')}
        </span>
        {p.deskInfo}
        {p.onStatus !== undefined && (
          <form method="post" action={p.action} onSubmit={p.onStatus} className="sp-status-form">
            <input type="hidden" name="_action" value="status" />
            <input type="hidden" name="support_id" value={request.id} />
            <input type="hidden" name="status" value={open ? 0 : 1} />
            <button
              type="submit"
              className="secondary outline"
              aria-busy={p.statusBusy || undefined}
              disabled={p.statusBusy}
            >
              {t(open ? 'desk.close' : 'desk.reopen')}
            </button>
          </form>
        )}
      </header>
      <div
        className="sp-messages"
        ref={log}
        role="log"
        aria-live="polite"
        aria-label={t('chat.heading')}
        tabIndex={0}
      >
        {messages.length === 0 && <p className="sp-empty">{t('chat.empty')}</p>}
        {p.older && p.olderHref && (
          <p className="sp-older">
            <a href={p.olderHref} onClick={older} aria-busy={p.olderBusy || undefined}>
              {t(p.olderBusy ? 'list.loading' : 'chat.older')}
            </a>
          </p>
        )}
        <ol className="sp-msg-list">
          {messages.map((m) => (
            <li
              key={m.id}
              className={
                m.uid === p.userId ? 'sp-msg sp-own' : m.from_staff ? 'sp-msg sp-staff' : 'sp-msg'
              }
              data-message={m.id}
            >
              <Avatar m={m} />
              <div className="sp-bubble">
                <p className="sp-author">
                  <strong>{m.full_name}</strong>
                  {m.from_staff && <span className="sp-tag">{t('chat.staff')}</span>}
                  <time dateTime={m.created_at}>{formatDateTime(m.created_at, p.timeZone)}</time>
                </p>
                {m.message && <p className="sp-text">{m.message}</p>}
                {m.file && (
                  <p className="sp-file">
                    <a href={m.file.url} download={m.file.name}>
                      {t('chat.file', { name: m.file.name })}
                    </a>
                  </p>
                )}
              </div>
            </li>
          ))}
        </ol>
      </div>
      {open ? (
        <form
          className="sp-composer"
          method="post"
          action={p.action}
          encType="multipart/form-data"
          onSubmit={p.onSend}
          noValidate
        >
          <input type="hidden" name="_action" value="message" />
          <input type="hidden" name="support_id" value={request.id} />
          <label htmlFor="sp-message">{t('composer.label')}</label>
          <textarea
            id="sp-message"
            name="message"
            rows={3}
            maxLength={5000}
            value={p.composer.text}
            onChange={(e) => p.onText(e.target.value)}
            {...fieldAria('sp-message', err.message)}
          />
          {err.message && (
            <small id="sp-message-error" role="alert">
              {err.message}
            </small>
          )}
          <div className="sp-composer-row">
            <label htmlFor="sp-media" className="sp-attach">
              {t('composer.attach')}
            </label>
            <input
              key={p.fileKey}
              id="sp-media"
              type="file"
              name="media"
              accept={p.accept}
              onChange={(e) => p.onFile(e.target.files?.[0] ?? null)}
              {...fieldAria('sp-media', err.media)}
              aria-describedby={err.media ? 'sp-media-error sp-media-hint' : 'sp-media-hint'}
            />
            <button
              type="submit"
              aria-busy={p.composer.sending || undefined}
              disabled={p.composer.sending}
            >
              {t(p.composer.sending ? 'composer.sending' : 'composer.send')}
            </button>
          </div>
          <small id="sp-media-hint">{t('composer.fileHint', { size: p.fileLimitMb })}</small>
          {err.media && (
            <small id="sp-media-error" role="alert">
              {err.media}
            </small>
          )}
          {err[''] && <p role="alert">{err['']}</p>}
        </form>
      ) : (
        <p className="sp-closed-note">{t('composer.closed')}</p>
      )}
    </section>
  );
}
