// The support island: the request list and the chat of the selected request, for a customer
// (/support/reports) or for employees (/support/desk). Server-rendered with real links and forms;
// once hydrated it loads requests in place, sends over fetch and follows live events from /ws.
import {
  useEffect,
  useEffectEvent,
  useRef,
  useState,
  type FormEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { apiPaths } from '#lib/api-paths.ts';
import { paths, withQuery } from '#lib/paths.ts';
import { useTypedBeforeHydration } from '#lib/hydration-safe.ts';
import { makeT, type Messages, type T } from '#lib/i18n/translate.ts';
import { ChatView, type ComposerState } from './ChatView.tsx';
import { DeskInfo } from './DeskInfo.tsx';
import { useLive, type LiveEvent } from './live.ts';
import { useOwnList } from './own-list.ts';
import { RequestList } from './RequestList.tsx';
import { ApiError, formOf, getJson, postForm } from '#lib/client/api.ts';
import {
  CHANGED_EVENT,
  DESK_TOPIC,
  EV_DESK,
  EV_MESSAGE,
  EV_STATUS,
  EV_UNREAD,
  requestTopic,
  type DeskItem,
  type SupportListItem,
  type SupportMessage,
  type SupportRequestInfo,
} from './support.types.ts';

type Item = SupportListItem | DeskItem;
export interface Selected {
  request: SupportRequestInfo;
  messages: SupportMessage[];
  /** Messages older than the first one shown exist (loaded on demand). */
  older: boolean;
}
type ChatAnswer = {
  data: SupportMessage[];
  request: SupportRequestInfo;
  meta?: { older?: boolean };
};

export interface SupportChatProps {
  mode: 'customer' | 'desk';
  userId: number;
  timeZone: string;
  /** Dictionary slice with the support and files sub-trees. */
  dict: Messages;
  list: Item[];
  /** Key of the next page of the customer's list (null: no more). */
  next?: number | null;
  /** The customer's search text (3+ characters filter the list). */
  search?: string;
  selected: Selected | null;
  /** The page path with its filters (desk), without id: links add id to it. */
  basePath: string;
  fileLimit: number;
  accept: string;
  /** After a form post without JavaScript: what was typed and what was wrong. */
  composer?: { text: string; errors: Record<string, string> };
  flash?: string;
  /** The new request form is shown (passed in children); decided by the page, so server and client agree. */
  hasForm?: boolean;
  children?: ReactNode;
}

const mb = (bytes: number) => String(Math.round((bytes / 1048576) * 10) / 10);

export default function SupportChat(props: SupportChatProps) {
  const { mode, basePath } = props;
  const tt = makeT(props.dict);
  const t: T = (k, p) => tt(k.startsWith('files.') ? k : `support.${k}`, p);
  const [flash, setFlash] = useState(props.flash ?? '');
  const offline = t('errors.network');
  // The server's own text when it gave one, else the generic network message.
  const failureText = (err: unknown) =>
    err instanceof ApiError && err.message ? err.message : offline;
  const own = useOwnList(props.list, props.next ?? null, props.search ?? '', offline, setFlash);
  const { list, setList } = own;
  const [olderBusy, setOlderBusy] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const [selected, setSelected] = useState<Selected | null>(props.selected);
  const [composer, setComposer] = useState<ComposerState>({
    text: props.composer?.text ?? '',
    sending: false,
    errors: props.composer?.errors ?? {},
  });
  const [fileKey, setFileKey] = useState(0);
  const [statusBusy, setStatusBusy] = useState(false);
  const [showChildren, setShowChildren] = useState(true);
  const file = useRef<File | null>(null);
  const selectedId = selected?.request.id ?? null;
  // The request the user asked for last (answers for an earlier click are dropped).
  const current = useRef<number | null>(selectedId);
  const pending = useRef(false);
  const timers = useRef<Record<string, ReturnType<typeof setTimeout>>>({});

  const hrefFor = (id: number) => `${basePath}${basePath.includes('?') ? '&' : '?'}id=${id}`;
  // Text typed into the message box or the search field before the island took over stays.
  useTypedBeforeHydration(root, (typed) => {
    if (typeof typed.message === 'string')
      setComposer((c) => ({ ...c, text: typed.message as string }));
    if (typeof typed.searchText === 'string') own.setSearch(typed.searchText);
  });

  const setUnread = (id: number, unread: number) =>
    setList((items) => items.map((i) => (i.id === id ? { ...i, unread_messages: unread } : i)));
  const setStatus = (id: number, status: number) => {
    setList((items) => items.map((i) => (i.id === id ? { ...i, status } : i)));
    setSelected((s) =>
      s && s.request.id === id ? { ...s, request: { ...s.request, status } } : s,
    );
  };

  // Loads the latest page of a request's chat. `keep`: a live refresh of the open chat, which keeps
  // the older messages already loaded in front of the new latest page.
  const load = async (id: number, keep = false) => {
    let r: ChatAnswer;
    try {
      r = await getJson<ChatAnswer>(apiPaths.support.one(id), { fallback: offline });
    } catch (err) {
      if (current.current !== null && current.current !== id) return;
      return setFlash(failureText(err));
    }
    if (current.current !== null && current.current !== id) return;
    const latest = r.data;
    const older = !!r.meta?.older;
    setSelected((s) => {
      const earlier =
        keep && s && s.request.id === id
          ? s.messages.filter((m) => m.id < (latest[0]?.id ?? Infinity))
          : [];
      return {
        request: r.request,
        messages: [...earlier, ...latest],
        older: earlier.length ? s!.older : older,
      };
    });
    setUnread(id, 0);
  };

  const loadOlder = async () => {
    const first = selected?.messages[0];
    if (!selected || !first || olderBusy) return;
    const id = selected.request.id;
    setOlderBusy(true);
    let r: ChatAnswer;
    try {
      r = await getJson<ChatAnswer>(apiPaths.support.one(id), {
        params: { before: first.id },
        fallback: offline,
      });
    } catch (err) {
      setOlderBusy(false);
      if (current.current === id) setFlash(failureText(err));
      return;
    }
    setOlderBusy(false);
    if (current.current !== id) return;
    setSelected((s) =>
      s && s.request.id === id
        ? {
            ...s,
            messages: [
              ...r.data.filter((m) => m.id < (s.messages[0]?.id ?? Infinity)),
              ...s.messages,
            ],
            older: !!r.meta?.older,
          }
        : s,
    );
  };

  const reloadList = async () => {
    const query = basePath.includes('?') ? basePath.slice(basePath.indexOf('?')) : '';
    if (mode === 'desk') {
      // A live refresh: a failed one keeps the list shown (the next event tries again).
      await getJson<{ data: { items: DeskItem[] } }>(`${apiPaths.support.desk()}${query}`).then(
        (r) => setList(r.data.items),
        () => undefined,
      );
    } else await own.reload();
  };

  const later = (key: string, fn: () => void) => {
    clearTimeout(timers.current[key]);
    timers.current[key] = setTimeout(fn, 120);
  };
  const refreshChat = () => {
    if (current.current === null) return;
    if (document.visibilityState === 'hidden') pending.current = true;
    else later('chat', () => current.current !== null && load(current.current, true));
  };

  const onEvent = (e: LiveEvent) => {
    const d = e.data ?? {};
    const id = Number(d.support_id);
    if (e.type === EV_MESSAGE && id === current.current) refreshChat();
    else if (e.type === EV_UNREAD && mode === 'customer') {
      if (id === current.current) refreshChat();
      else if (list.some((i) => i.id === id)) setUnread(id, Number(d.unread) || 0);
      else later('list', reloadList);
    } else if (e.type === EV_STATUS) setStatus(id, Number(d.status));
    else if (e.type === EV_DESK && mode === 'desk') later('list', reloadList);
  };
  const topics = [
    ...(selectedId ? [requestTopic(selectedId)] : []),
    ...(mode === 'desk' ? [DESK_TOPIC] : []),
  ];
  const live = useLive(topics, onEvent);

  // Browser events reach the current render's functions (effect events), registered once.
  const onPop = useEffectEvent(() => {
    const id = Number(new URLSearchParams(location.search).get('id'));
    current.current = id || null;
    if (id) load(id);
    else setSelected(null);
  });
  const onVisible = useEffectEvent(() => {
    if (document.visibilityState === 'visible' && pending.current) {
      pending.current = false;
      refreshChat();
    }
  });
  const onChanged = useEffectEvent(() => reloadList());
  useEffect(() => {
    window.addEventListener('popstate', onPop);
    window.addEventListener(CHANGED_EVENT, onChanged);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('popstate', onPop);
      window.removeEventListener(CHANGED_EVENT, onChanged);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  const select = (id: number) => {
    setShowChildren(false);
    setFlash('');
    setComposer({ text: '', sending: false, errors: {} });
    file.current = null;
    setFileKey((k) => k + 1);
    history.pushState(null, '', hrefFor(id));
    current.current = id;
    load(id);
  };

  // The send button is disabled while sending, which drops keyboard focus to the page's top: give it
  // back to the message box (or the field in error) once the answer is in and the view re-rendered.
  const focusComposer = (id: 'sp-message' | 'sp-media') =>
    requestAnimationFrame(() => document.getElementById(id)?.focus());

  const send = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!selected || composer.sending) return;
    const text = composer.text.trim();
    // A file chosen before hydration is in the field but never reached onFile.
    const media =
      file.current ??
      (e.currentTarget.elements.namedItem('media') as HTMLInputElement | null)?.files?.[0] ??
      null;
    // Empty or whitespace-only messages are not sent.
    if (!text && !media) return setComposer((c) => ({ ...c, text: '', errors: {} }));
    if (media && media.size > props.fileLimit)
      return setComposer((c) => ({
        ...c,
        errors: { media: t('files.errors.tooLarge', { size: mb(props.fileLimit) }) },
      }));
    setComposer((c) => ({ ...c, sending: true, errors: {} }));
    const id = selected.request.id;
    try {
      await (media
        ? postForm(apiPaths.support.media(), formOf({ support_id: id, message: text, media }), {
            fallback: offline,
          })
        : postForm(apiPaths.support.message(), formOf({ support_id: id, message: text }), {
            fallback: offline,
          }));
    } catch (err) {
      const errors = { ...(err instanceof ApiError ? err.errors : undefined) };
      if (!errors.message && !errors.media) errors[''] = failureText(err);
      setComposer((c) => ({ ...c, sending: false, errors }));
      return focusComposer(errors.media && !errors.message ? 'sp-media' : 'sp-message');
    }
    file.current = null;
    setFileKey((k) => k + 1);
    setComposer({ text: '', sending: false, errors: {} });
    await load(id);
    focusComposer('sp-message');
  };

  const changeStatus = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!selected) return;
    const next = selected.request.status === 1 ? 0 : 1;
    setStatusBusy(true);
    try {
      await postForm(
        apiPaths.support.status(),
        formOf({ support_id: selected.request.id, status: next }),
        {
          fallback: offline,
        },
      );
      setStatus(selected.request.id, next);
    } catch (err) {
      setFlash(failureText(err));
    } finally {
      setStatusBusy(false);
    }
  };

  // 'Create request' opens the bug report dialog under its own title (spec: 'Create request'); the
  // subheader's opener keeps 'Found an error?'.
  const create = (e: MouseEvent<HTMLAnchorElement>) => {
    const opener = document.querySelector<HTMLElement>('[data-bug-report-open]');
    const dialog = document.getElementById('bug-report');
    const heading = document.getElementById('bug-report-heading');
    if (!opener || !dialog) return;
    e.preventDefault();
    if (heading) {
      const original = heading.textContent;
      heading.textContent = t('create');
      dialog.addEventListener('close', () => (heading.textContent = original), { once: true });
    }
    opener.click();
  };

  return (
    <div className="sp-layout" data-live={live ? 'on' : 'off'} ref={root}>
      <section className="sp-list-panel" aria-labelledby="sp-list-title">
        <div className="sp-list-head">
          <h2 id="sp-list-title">{t(mode === 'desk' ? 'desk.requests' : 'list.heading')}</h2>
          {mode === 'customer' && (
            <a
              role="button"
              href={withQuery(paths.support.reports(), { new: 1 })}
              onClick={create}
              className="sp-create"
            >
              {t('create')}
            </a>
          )}
        </div>
        {mode === 'customer' && (
          <form
            method="get"
            action={basePath}
            role="search"
            className="sp-search"
            onSubmit={own.find}
          >
            <label htmlFor="sp-search">{t('list.search')}</label>
            <div className="sp-search-row">
              <input
                id="sp-search"
                type="search"
                name="searchText"
                value={own.search}
                maxLength={200}
                onChange={(e) => own.setSearch(e.target.value)}
                aria-describedby="sp-search-hint"
              />
              <button type="submit" className="secondary">
                {t('list.find')}
              </button>
            </div>
            <small id="sp-search-hint">{t('list.searchHint')}</small>
          </form>
        )}
        <div className="sp-list-scroll">
          <RequestList
            items={list}
            selectedId={selectedId}
            hrefFor={hrefFor}
            onSelect={select}
            t={t}
            timeZone={props.timeZone}
          />
          {own.next !== null && (
            <a
              className="sp-more"
              href={own.moreHref(basePath)}
              onClick={(e) => {
                e.preventDefault();
                void own.loadMore();
              }}
            >
              {t('list.more')}
            </a>
          )}
        </div>
      </section>
      <div className="sp-chat-panel">
        {flash && (
          <p role="status" className="sp-flash">
            {flash}
          </p>
        )}
        {showChildren && props.hasForm && props.children}
        {selected ? (
          <ChatView
            request={selected.request}
            messages={selected.messages}
            older={selected.older}
            olderHref={`${hrefFor(selected.request.id)}&older=${selected.messages[0]?.id ?? 0}`}
            onOlder={loadOlder}
            olderBusy={olderBusy}
            userId={props.userId}
            t={t}
            timeZone={props.timeZone}
            action={hrefFor(selected.request.id)}
            accept={props.accept}
            composer={composer}
            fileKey={fileKey}
            fileLimitMb={mb(props.fileLimit)}
            onText={(text) => setComposer((c) => ({ ...c, text }))}
            onFile={(f) => (file.current = f)}
            onSend={send}
            onStatus={mode === 'desk' ? changeStatus : undefined}
            statusBusy={statusBusy}
            deskInfo={mode === 'desk' ? <DeskInfo request={selected.request} t={t} /> : undefined}
          />
        ) : (
          !(showChildren && props.hasForm) && <p className="sp-empty">{t('chat.choose')}</p>
        )}
      </div>
    </div>
  );
}
