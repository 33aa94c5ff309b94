// Authentication of the back-office integration API (/api/integration/**): an API key in
// `Authorization: Bearer <key>` or `X-Api-Key: <key>`, checked against the SHA-256 hashes configured
// in INTEGRATION_KEYS, then the key's scopes. Wrong or missing key: 401; key without the scope: 403.
import { createHash, timingSafeEqual } from 'node:crypto';
import { config, type IntegrationKey, type IntegrationScope } from '#lib/config.ts';
import { bearerToken, HttpError } from '#lib/http/api.ts';
import type { T } from '#lib/i18n/index.ts';

const sha256 = (s: string): Buffer => createHash('sha256').update(s, 'utf8').digest();

/** The configured key matching the presented secret, or null. Every configured hash is compared. */
export function findKey(
  secret: string | null,
  keys: IntegrationKey[] = config().integrationKeys,
): IntegrationKey | null {
  if (!secret || secret.length > 200) return null;
  const presented = sha256(secret);
  let found: IntegrationKey | null = null;
  for (const key of keys)
    if (timingSafeEqual(presented, Buffer.from(key.sha256, 'hex')) && !found) found = key;
  return found;
}

export function requireKey(request: Request, scope: IntegrationScope, t: T): IntegrationKey {
  const secret = request.headers.get('x-api-key')?.trim() || bearerToken(request);
  const key = findKey(secret);
  if (!key) throw new HttpError(401, t('integration.errors.unauthorized'));
  if (!key.scopes.includes(scope))
    throw new HttpError(403, t('integration.errors.forbidden', { scope }));
  return key;
}
