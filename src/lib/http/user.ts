// The signed-in user of a request. The middleware already answers 401 on private paths, so this only
// narrows the type (and guards against a route that was made public by mistake).
import type { User } from '#lib/db/schema.ts';
import { HttpError } from './api.ts';

export function requireUser(locals: App.Locals): User {
  if (!locals.user) throw new HttpError(401, locals.t('errors.unauthorized'));
  return locals.user;
}
