// The configured suggestion/geocoding provider, or null when no token is set (forms then fall back
// to manual entry and map clicks). Server-only: the token never reaches the browser.
import { config } from '#lib/config.ts';
import { createSuggestClient, type SuggestClient } from './dadata.ts';

let cached: { key: string; client: SuggestClient } | undefined;

export function suggestProvider(): SuggestClient | null {
  const { url, token } = config().suggest;
  if (!token) return null;
  const key = `${url} ${token}`;
  if (cached?.key !== key) cached = { key, client: createSuggestClient({ url, token }) };
  return cached.client;
}

export const suggestEnabled = (): boolean => !!config().suggest.token;

export { SuggestError } from './dadata.ts';
export type { AddressSuggestion, PartySuggestion, SuggestAnswer } from './types.ts';
