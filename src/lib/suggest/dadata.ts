// A small client for a DaData-compatible suggestions API: party and address suggestions, reverse
// geocoding and lookup of a party by INN. Every call is a POST with a JSON body and an
// `Authorization: Token …` header; a non-OK status raises SuggestError carrying that status.
import type { AddressSuggestion, GeoPrecision, PartySuggestion } from './types.ts';

export interface SuggestClientOptions {
  /** Base URL up to `/rs`, without a trailing slash. */
  url: string;
  token: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export class SuggestError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'SuggestError';
    this.status = status;
  }
}

/** Udmurtia: address suggestions from the supplier's region come first. */
export const REGION_BOOST = '18';

// The provider's JSON, as far as we read it; every leaf is checked by str()/num() before use.
type Named = {
  full_with_opf?: unknown;
  short_with_opf?: unknown;
  value?: unknown;
  unrestricted_value?: unknown;
};
type RawData = {
  inn?: unknown;
  kpp?: unknown;
  ogrn?: unknown;
  name?: Named | null;
  address?: Named | null;
  geo_lat?: unknown;
  geo_lon?: unknown;
  qc_geo?: unknown;
};
type Raw = { value?: unknown; unrestricted_value?: unknown; data?: RawData | null };

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const num = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};

// qc_geo: 0 exact, 1 nearest house, 2 street, 3 settlement, 4 city, 5 unknown.
function precision(qc: unknown): GeoPrecision | null {
  const n = num(qc);
  if (n === null) return null;
  return n === 0 ? 'exact' : n === 1 ? 'near' : n === 2 ? 'street' : 'other';
}

export function toParty(raw: Raw): PartySuggestion | null {
  const d = raw.data ?? {};
  const inn = str(d.inn);
  if (!inn) return null;
  const value = str(raw.value) ?? inn;
  return {
    value,
    name: str(d.name?.full_with_opf) ?? str(d.name?.short_with_opf) ?? value,
    inn,
    kpp: str(d.kpp),
    ogrn: str(d.ogrn),
    address: str(d.address?.unrestricted_value) ?? str(d.address?.value),
  };
}

export function toAddress(raw: Raw): AddressSuggestion | null {
  const value = str(raw.unrestricted_value) ?? str(raw.value);
  if (!value) return null;
  const d = raw.data ?? {};
  const lat = num(d.geo_lat);
  const lon = num(d.geo_lon);
  return {
    value,
    lat: lon === null ? null : lat,
    lon: lat === null ? null : lon,
    precision: lat === null ? null : precision(d.qc_geo),
  };
}

export function createSuggestClient(opts: SuggestClientOptions) {
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 3000;

  async function call(path: string, body: Record<string, unknown>): Promise<Raw[]> {
    let res: Response;
    try {
      res = await doFetch(`${opts.url}/${path}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          Authorization: `Token ${opts.token}`,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new SuggestError(0, `suggestions service unreachable: ${(err as Error).message}`);
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new SuggestError(res.status, `suggestions service answered ${res.status}`);
    }
    const data = (await res.json().catch(() => null)) as { suggestions?: unknown } | null;
    return Array.isArray(data?.suggestions) ? (data.suggestions as Raw[]) : [];
  }

  const keep = <T>(items: (T | null)[]): T[] => items.filter((x): x is T => x !== null);

  return {
    /** Organisations by INN, OGRN or name. */
    async party(query: string, count = 20): Promise<PartySuggestion[]> {
      return keep((await call('suggest/party', { query, count })).map(toParty));
    },
    /** The organisation registered under this INN, or null. */
    async partyByInn(inn: string): Promise<PartySuggestion | null> {
      return keep((await call('findById/party', { query: inn, count: 1 })).map(toParty))[0] ?? null;
    },
    /** Addresses as typed, the supplier's region first. */
    async address(query: string, count = 5): Promise<AddressSuggestion[]> {
      return keep(
        (
          await call('suggest/address', {
            query,
            count,
            locations_boost: [{ kladr_id: REGION_BOOST }],
          })
        ).map(toAddress),
      );
    },
    /** Reverse geocoding: the nearest addresses to a point. */
    async geolocate(lat: number, lon: number, count = 1): Promise<AddressSuggestion[]> {
      return keep(
        (await call('geolocate/address', { lat, lon, count, radius_meters: 100 })).map(toAddress),
      );
    },
  };
}

export type SuggestClient = ReturnType<typeof createSuggestClient>;
