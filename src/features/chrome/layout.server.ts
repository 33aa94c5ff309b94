// Reading and saving the user's layout settings (users.layout, a JSON text column).
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { db, now } from '#lib/db/index.ts';
import type { DB, User } from '#lib/db/schema.ts';
import { HttpError } from '#lib/http/api.ts';
import { DEFAULT_LAYOUT, LayoutSchema, parseStoredLayout, type Layout } from './layout.schema.ts';

/** The layout for a signed-in user (defaults for anyone else). No query: the user row is already loaded. */
export function getLayout(user: Pick<User, 'layout'> | null | undefined): Layout {
  return user ? parseStoredLayout(user.layout) : { ...DEFAULT_LAYOUT };
}

/**
 * Validates and stores the settings of a user; missing keys take their defaults. Pass `null` to
 * reset to the defaults. A wrong value is a 400 HttpError naming the key. Returns what was stored.
 */
export async function saveLayout(
  userId: number,
  settings: unknown,
  database: Kysely<DB> = db(),
): Promise<Layout> {
  let layout: Layout | null = null;
  if (settings !== null) {
    const result = v.safeParse(LayoutSchema, settings);
    if (!result.success) {
      const issue = result.issues[0]!;
      throw new HttpError(400, `${v.getDotPath(issue) ?? 'layout'}: ${issue.message}`);
    }
    layout = result.output;
  }
  await database
    .updateTable('users')
    .set({ layout: layout ? JSON.stringify(layout) : null, updated_at: now() })
    .where('id', '=', userId)
    .execute();
  return layout ?? { ...DEFAULT_LAYOUT };
}
