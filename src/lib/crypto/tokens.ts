// Random tokens and their stored digests. Only SHA-256 digests of tokens ever reach the database.
import { createHash, randomBytes } from 'node:crypto';

/** A 160-bit random token, URL-safe. */
export const newToken = (): string => randomBytes(20).toString('base64url');

export const digest = (token: string): string => createHash('sha256').update(token).digest('hex');
