// Fetch helpers for islands: our own JSON API only (same origin, session cookie). Pure browser code.
import type { AddressSuggestion, PartySuggestion, SuggestAnswer } from '#lib/suggest/types.ts';

export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string>;
  constructor(status: number, message: string, errors: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.errors = errors;
  }
}

export async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const res = await fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin', signal });
  const body = (await res.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string> };
  if (!res.ok) throw new ApiError(res.status, body.message ?? res.statusText, body.errors);
  return body as T;
}

export async function postJson<T>(url: string, data: Record<string, unknown>): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify(data),
  });
  const body = (await res.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string> };
  if (!res.ok) throw new ApiError(res.status, body.message ?? res.statusText, body.errors);
  return body as T;
}

const q = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

export const suggestParties = async (query: string, signal: AbortSignal) =>
  (await getJson<SuggestAnswer<PartySuggestion>>(`/api/v1/suggest/party?${q({ query, count: 20 })}`, signal)).suggestions;

export const suggestAddresses = async (query: string, signal: AbortSignal) =>
  (await getJson<SuggestAnswer<AddressSuggestion>>(`/api/v1/suggest/address?${q({ query, count: 5 })}`, signal)).suggestions;

export const reverseGeocode = async (lat: number, lon: number) =>
  (await getJson<SuggestAnswer<AddressSuggestion>>(`/api/v1/suggest/geolocate?${q({ lat, lon })}`)).suggestions[0] ?? null;
