// Our own suggestion endpoints (/api/v1/suggest/*) in front of the provider: the browser never sees
// the token. Without a provider they answer { enabled: false, suggestions: [] }; a provider failure
// answers 502 with the provider's status (an extra of the one error shape, decision 0034).
import { HttpError, json } from '#lib/http/api.ts';
import type { T } from '#lib/i18n/translate.ts';
import { log } from '#lib/log.ts';
import { SuggestError, suggestProvider } from './index.ts';
import type { SuggestClient } from './dadata.ts';

const clampCount = (raw: string | null, fallback: number, max: number) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? Math.min(n, max) : fallback;
};

async function answer(run: (p: SuggestClient) => Promise<unknown[]>, t: T): Promise<Response> {
  const provider = suggestProvider();
  if (!provider) return json({ enabled: false, suggestions: [] });
  try {
    return json({ enabled: true, suggestions: await run(provider) }, 200, {
      'Cache-Control': 'private, max-age=60',
    });
  } catch (err) {
    const status = err instanceof SuggestError ? err.status : 0;
    log.warn('suggestions failed', { status, err });
    throw new HttpError(502, t('pickers.suggestError'), { status });
  }
}

const query = (params: URLSearchParams) => (params.get('query') ?? '').trim().slice(0, 300);

export function partyResponse(params: URLSearchParams, t: T): Promise<Response> {
  const q = query(params);
  if (!q) return Promise.resolve(json({ enabled: !!suggestProvider(), suggestions: [] }));
  return answer((p) => p.party(q, clampCount(params.get('count'), 20, 20)), t);
}

export function addressResponse(params: URLSearchParams, t: T): Promise<Response> {
  const q = query(params);
  if (!q) return Promise.resolve(json({ enabled: !!suggestProvider(), suggestions: [] }));
  return answer((p) => p.address(q, clampCount(params.get('count'), 5, 10)), t);
}

export function geolocateResponse(params: URLSearchParams, t: T): Promise<Response> {
  const lat = Number(params.get('lat'));
  const lon = Number(params.get('lon'));
  if (
    !params.get('lat') ||
    !params.get('lon') ||
    !(Math.abs(lat) <= 90) ||
    !(Math.abs(lon) <= 180)
  ) {
    // A malformed query parameter: 400 naming it (decision 0034).
    const field = !params.get('lat') || !(Math.abs(lat) <= 90) ? 'lat' : 'lon';
    return Promise.reject(
      new HttpError(400, t('http.badQuery'), { errors: { [field]: t('pickers.coords') } }),
    );
  }
  return answer((p) => p.geolocate(lat, lon, clampCount(params.get('count'), 1, 5)), t);
}
