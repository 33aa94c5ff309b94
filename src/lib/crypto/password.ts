// Password hashing with Node's built-in argon2id (Node >= 24.7), OWASP parameters m=19 MiB, t=2, p=1.
// Stored as a PHC string so parameters can be raised later without breaking old hashes.
import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';

const PARAMS = { memory: 19456, passes: 2, parallelism: 1, tagLength: 32 };

function derive(password: string, salt: Buffer, p: typeof PARAMS): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    argon2('argon2id', { message: password, nonce: salt, ...p }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  const b64 = (b: Buffer) => b.toString('base64').replace(/=+$/, '');
  return `$argon2id$v=19$m=${PARAMS.memory},t=${PARAMS.passes},p=${PARAMS.parallelism}$${b64(salt)}$${b64(key)}`;
}

// Used when no account matches, so an unknown login costs the same time as a wrong password.
const DUMMY =
  '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$0Z3G2Yy1m3cQx7Jx8yXq3g0aB2c4d5e6f7g8h9i0j1k';

export async function verifyPassword(
  password: string,
  phc: string | null | undefined,
): Promise<boolean> {
  const parts = (phc ?? DUMMY).split('$');
  const m = /^m=(\d+),t=(\d+),p=(\d+)$/.exec(parts[3] ?? '');
  if (parts[1] !== 'argon2id' || !m || !parts[4] || !parts[5]) return false;
  const expected = Buffer.from(parts[5], 'base64');
  const key = await derive(password, Buffer.from(parts[4], 'base64'), {
    memory: Number(m[1]),
    passes: Number(m[2]),
    parallelism: Number(m[3]),
    tagLength: expected.length,
  });
  return phc != null && key.length === expected.length && timingSafeEqual(key, expected);
}
