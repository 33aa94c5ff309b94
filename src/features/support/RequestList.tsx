// The left column: 'your requests' for a customer, or all customers' requests on the desk. Plain links
// (?id=) so it works before hydration; the island turns clicks into in-page loads.
import type { MouseEvent } from 'react';
import { cutText, formatDate } from '#lib/format.ts';
import type { T } from '#lib/i18n/translate.ts';
import { OPEN, TITLE_CUT, type DeskItem, type SupportListItem } from './support.types.ts';

interface Props {
  items: Array<SupportListItem | DeskItem>;
  selectedId: number | null;
  hrefFor: (id: number) => string;
  onSelect?: (id: number) => void;
  t: T;
  timeZone: string;
  loading?: boolean;
}

const isDesk = (item: SupportListItem | DeskItem): item is DeskItem => 'customer' in item;

export function RequestList({ items, selectedId, hrefFor, onSelect, t, timeZone, loading }: Props) {
  const click = (id: number) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (!onSelect || e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    onSelect(id);
  };
  if (loading && items.length === 0) return <p className="sp-empty">{t('list.loading')}</p>;
  if (items.length === 0) return <p className="sp-empty">{t('list.empty')}</p>;
  return (
    <ul className="sp-list">
      {items.map((item) => {
        const open = item.status === OPEN;
        return (
          <li key={item.id}>
            <a
              href={hrefFor(item.id)}
              onClick={click(item.id)}
              aria-current={item.id === selectedId ? 'page' : undefined}
              data-request={item.id}
            >
              <span className="sp-list-title" title={item.title}>
                {cutText(item.title, TITLE_CUT)}
              </span>
              <span className="sp-list-meta">
                <span className={open ? 'sp-tag sp-open' : 'sp-tag sp-closed'}>
                  {t(open ? 'status.open' : 'status.closed')}
                </span>
                {isDesk(item) ? (
                  <span>
                    {item.customer.full_name} · {t(`types.${item.type}`)} ·{' '}
                    {formatDate(item.updated_at, timeZone)}
                  </span>
                ) : (
                  <span>{formatDate(item.created_at, timeZone)}</span>
                )}
                {item.unread_messages > 0 && (
                  <span className="sp-unread" data-unread={item.unread_messages}>
                    <span aria-hidden="true">{item.unread_messages}</span>
                    <span className="sr-only">
                      {t('list.unread', { count: item.unread_messages })}
                    </span>
                  </span>
                )}
              </span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
