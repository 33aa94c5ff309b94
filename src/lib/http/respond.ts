// Runs an API call and turns its failure into the spec's catalogue message for that call: a bad
// list query answers 400, an HttpError keeps its own status and (translated) message, a lost
// database or full disk answers 503 with Retry-After, anything else is logged and answers 500.
// The message is the dictionary key of the call's error (e.g. "Can't find promotions!").
import { ListQueryError } from '#lib/list.ts';
import { log } from '#lib/log.ts';
import { parseId } from '#lib/validation.ts';
import { errorResponse, HttpError, json } from './api.ts';
import { failureOf } from './failure.ts';

export async function respond(t: (key: string) => string, errorKey: string, work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof HttpError) return errorResponse(err, t);
    if (err instanceof ListQueryError) return json({ message: t(errorKey), errors: { query: err.message } }, 400);
    const failure = failureOf(err, t);
    if (failure.status === 503) {
      log.warn('api call: service unavailable', { call: errorKey, err });
      return json({ message: failure.message }, 503, { 'Retry-After': String(failure.retryAfter) });
    }
    log.error('api call failed', { call: errorKey, err });
    return json({ message: t(errorKey) }, 500);
  }
}

/** A record id from a route parameter (1..2147483647, see parseId), or null: the page answers 404. */
export const routeId = (s: string | undefined): number | null => parseId(s);
