// The suggestion calls the pickers make (party, address, reverse geocoding), over the one browser
// client (#lib/client/api.ts). Pure browser code.
import { getJson } from '#lib/client/api.ts';
import { apiPaths } from '#lib/api-paths.ts';
import type { AddressSuggestion, PartySuggestion, SuggestAnswer } from '#lib/suggest/types.ts';

export const suggestParties = async (query: string, signal: AbortSignal) =>
  (
    await getJson<SuggestAnswer<PartySuggestion>>(apiPaths.suggest.party(), {
      params: { query, count: 20 },
      signal,
    })
  ).suggestions;

export const suggestAddresses = async (query: string, signal: AbortSignal) =>
  (
    await getJson<SuggestAnswer<AddressSuggestion>>(apiPaths.suggest.address(), {
      params: { query, count: 5 },
      signal,
    })
  ).suggestions;

export const reverseGeocode = async (lat: number, lon: number) =>
  (
    await getJson<SuggestAnswer<AddressSuggestion>>(apiPaths.suggest.geolocate(), {
      params: { lat, lon },
    })
  ).suggestions[0] ?? null;
