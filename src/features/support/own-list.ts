// The request list's state for the support island: the items shown, the key of the next (older)
// page and the customer's search. Pages are fetched from /api/v1/support by key; a search replaces
// the list and is kept in the address (replaceState) so a reload shows the same.
import { useRef, useState, type FormEvent } from 'react';
import { call } from './support.client.ts';
import type { DeskItem, SupportListItem } from './support.types.ts';

type Item = SupportListItem | DeskItem;
type Page = { data: SupportListItem[]; meta?: { next?: number | null } };
const API = '/api/v1/support';

export function useOwnList(initial: Item[], initialNext: number | null, initialSearch: string, offline: string, onFail: (message: string) => void) {
  const [list, setList] = useState<Item[]>(initial);
  const [next, setNext] = useState<number | null>(initialNext);
  const [search, setSearch] = useState(initialSearch);
  // The search the list shows (live reloads keep it; typing alone does not change it).
  const applied = useRef(initialSearch);

  const url = (before: number | null, text: string) => {
    const p = new URLSearchParams();
    if (text.trim()) p.set('searchText', text.trim());
    if (before) p.set('before', String(before));
    return `${API}${p.size ? `?${p}` : ''}`;
  };

  async function loadMore() {
    const r = await call<Page>(url(next, applied.current), {}, offline);
    if (!r.ok) return onFail(r.message);
    setList((items) => [...items, ...r.data.data.filter((n) => !items.some((i) => i.id === n.id))]);
    setNext(r.data.meta?.next ?? null);
  }

  async function reload(text = applied.current) {
    const r = await call<Page>(url(null, text), {}, offline);
    if (!r.ok) return onFail(r.message);
    applied.current = text;
    setList(r.data.data);
    setNext(r.data.meta?.next ?? null);
  }

  async function find(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    await reload(search);
    const address = new URL(location.href);
    if (search.trim()) address.searchParams.set('searchText', search.trim());
    else address.searchParams.delete('searchText');
    address.searchParams.delete('before');
    history.replaceState(null, '', address);
  }

  /** Link to the next page without JavaScript. */
  const moreHref = (basePath: string) => `${basePath}?${new URLSearchParams({ ...(applied.current.trim() ? { searchText: applied.current.trim() } : {}), before: String(next) })}`;

  return { list, setList, next, search, setSearch, loadMore, reload, find, moreHref };
}
