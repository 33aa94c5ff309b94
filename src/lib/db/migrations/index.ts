// The ordered list of migrations. Imported statically so the same list works in the Astro bundle,
// in the server entry and in `npm run migrate`.
import type { Migration } from 'kysely';
import * as m0001 from './0001_users_sessions.ts';

export const migrations: Record<string, Migration> = {
  '0001_users_sessions': m0001,
};
