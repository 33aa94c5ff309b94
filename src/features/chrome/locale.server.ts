// Remembering the interface language on the account, so e-mails and other devices can use it.
import { db, now } from '#lib/db/index.ts';
import type { Locale } from '#lib/i18n/locales.ts';

export async function saveLocale(userId: number, locale: Locale): Promise<void> {
  await db()
    .updateTable('users')
    .set({ locale, updated_at: now() })
    .where('id', '=', userId)
    .execute();
}
