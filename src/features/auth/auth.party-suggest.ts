// Organisation suggestions for the registration wizard, from an endpoint shaped like
// /api/v1/suggest/party ({ enabled, suggestions }). With no endpoint given it stays empty and the
// tax number is typed in (checked by its checksum). Three suggestions are shown, twenty requested.
import { useEffect, useState } from 'react';
import { getJson } from '#lib/client/api.ts';
import type { PartySuggestion } from '#lib/suggest/types.ts';

const SHOWN = 3;
const MIN_QUERY = 3;

export function usePartySuggestions(url: string | undefined, query: string): PartySuggestion[] {
  const [list, setList] = useState<PartySuggestion[]>([]);
  const q = query.trim();
  useEffect(() => {
    if (!url || q.length < MIN_QUERY) {
      setList([]);
      return;
    }
    const abort = new AbortController();
    const timer = setTimeout(() => {
      // Any failure (rate limit, offline) just shows no suggestions: the number can be typed in.
      getJson<{ suggestions?: PartySuggestion[] }>(url, {
        params: { query: q, count: 20 },
        signal: abort.signal,
      })
        .then((answer) =>
          setList((answer.suggestions ?? []).filter((s) => s.inn !== q).slice(0, SHOWN)),
        )
        .catch(() => setList([]));
    }, 300);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [url, q]);
  return list;
}
