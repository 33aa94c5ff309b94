// Makes a new back-office API key: prints the secret (give it to the back office, once) and the
// INTEGRATION_KEYS entry holding only its SHA-256 (put it in the cabinet's environment).
//   node scripts/integration-key.ts <name> <scope+scope...>     e.g. erp orders+promotions+news
// Scopes: orders, promotions, news, notifications. See docs/integration-api.md.
import { createHash, randomBytes } from 'node:crypto';
import { INTEGRATION_SCOPES } from '../src/lib/config.ts';

const [name, scopes = ''] = process.argv.slice(2);
const wanted = scopes.split('+').filter(Boolean);
if (
  !name ||
  !/^[A-Za-z0-9_.-]{1,64}$/.test(name) ||
  wanted.length === 0 ||
  wanted.some((s) => !(INTEGRATION_SCOPES as readonly string[]).includes(s))
) {
  console.error(
    `usage: node scripts/integration-key.ts <name> <scope+scope...>  (scopes: ${INTEGRATION_SCOPES.join(', ')})`,
  );
  process.exit(1);
}
const secret = randomBytes(32).toString('base64url');
const hash = createHash('sha256').update(secret, 'utf8').digest('hex');
console.log(`key (give to the back office; it is not stored anywhere): ${secret}`);
console.log(`INTEGRATION_KEYS entry (comma-separate several): ${name}:${hash}:${wanted.join('+')}`);
