// The request list's state for the support island: the items shown, the key of the next (older)
// page and the customer's search. Pages are fetched from /api/v1/support by key; a search replaces
// the list and is kept in the address (replaceState) so a reload shows the same.
import { useRef, useState, type FormEvent } from 'react';
import { apiPaths } from '#lib/api-paths.ts';
import { ApiError, getJson } from '#lib/client/api.ts';
import type { DeskItem, SupportListItem } from './support.types.ts';

type Item = SupportListItem | DeskItem;
type Page = { data: SupportListItem[]; meta?: { next?: number | null } };

export function useOwnList(
  initial: Item[],
  initialNext: number | null,
  initialSearch: string,
  offline: string,
  onFail: (message: string) => void,
) {
  const [list, setList] = useState<Item[]>(initial);
  const [next, setNext] = useState<number | null>(initialNext);
  const [search, setSearch] = useState(initialSearch);
  // The search the list shows (live reloads keep it; typing alone does not change it).
  const applied = useRef(initialSearch);

  const url = (before: number | null, text: string) => {
    const p = new URLSearchParams();
    if (text.trim()) p.set('searchText', text.trim());
    if (before) p.set('before', String(before));
    return `${apiPaths.support.list()}${p.size ? `?${p}` : ''}`;
  };

  // One page, or null after telling the island why not (the server's text, else the network one).
  async function page(address: string): Promise<Page | null> {
    try {
      return await getJson<Page>(address, { fallback: offline });
    } catch (err) {
      onFail(err instanceof ApiError && err.message ? err.message : offline);
      return null;
    }
  }

  async function loadMore() {
    const r = await page(url(next, applied.current));
    if (!r) return;
    setList((items) => [...items, ...r.data.filter((n) => !items.some((i) => i.id === n.id))]);
    setNext(r.meta?.next ?? null);
  }

  async function reload(text = applied.current) {
    const r = await page(url(null, text));
    if (!r) return;
    applied.current = text;
    setList(r.data);
    setNext(r.meta?.next ?? null);
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
  const moreHref = (basePath: string) =>
    `${basePath}?${new URLSearchParams({ ...(applied.current.trim() ? { searchText: applied.current.trim() } : {}), before: String(next) })}`;

  return { list, setList, next, search, setSearch, loadMore, reload, find, moreHref };
}
