// The one "does not exist" answer: for a missing file, record or page the user may not see. It is
// thrown, so the middleware answers in the one error style: the error page (404) for a browser
// navigation, JSON { message } for the API and for clients asking for JSON.
import { HttpError } from './api.ts';

/** message: a dictionary key, or a text already translated (e.g. errors.notFound with a name). */
export function notFound(message = 'http.notFound'): never {
  throw new HttpError(404, message);
}
