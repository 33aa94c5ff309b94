// The one answer function of the API routes (docs/decisions/0034-one-error-policy.md): runs the
// call and turns whatever it throws into the policy's answer through failureOf/failureResponse, the
// same path the middleware takes. A call wraps its work here only to name its catalogue message
// (the spec's "Can't find promotions!"), which an unexpected failure answers instead of the generic
// text; a route without one just throws and the middleware answers.
import { log } from '#lib/log.ts';
import { parseId } from '#lib/validation.ts';
import { failureOf, failureResponse } from './failure.ts';

export async function respond(
  t: (key: string) => string,
  callKey: string,
  work: () => Promise<Response>,
): Promise<Response> {
  try {
    return await work();
  } catch (err) {
    const failure = failureOf(err, t, callKey);
    if (failure.unexpected) log.error('api call failed', { call: callKey, err });
    else if (failure.status === 503)
      log.warn('api call: service unavailable', { call: callKey, err });
    return failureResponse(failure);
  }
}

/** A record id from a route parameter (1..2147483647, see parseId), or null: the page answers 404. */
export const routeId = (s: string | undefined): number | null => parseId(s);
