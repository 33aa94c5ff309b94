// POST: marks notifications read: ids (JSON array or comma-separated) or all=1 -> type, updated, unread.
import type { APIRoute } from 'astro';
import { markRead, unreadCount } from '#features/notifications/notifications.server.ts';
import { formBool, HttpError, json, readForm } from '#lib/http/api.ts';
import { respond } from '#lib/http/respond.ts';
import { requireUser } from '#lib/http/user.ts';
import { isId } from '#lib/validation.ts';

function parseIds(raw: unknown): number[] | null {
  if (typeof raw !== 'string') return null;
  const text = raw.trim();
  const list: unknown = text.startsWith('[')
    ? JSON.parse(text)
    : text.split(',').map((s) => s.trim());
  if (!Array.isArray(list) || list.length === 0 || list.length > 500) return null;
  const ids = list.map(Number);
  return ids.every(isId) ? ids : null;
}

export const POST: APIRoute = async ({ locals, request }) => {
  const user = requireUser(locals);
  return respond(locals.t, 'notifications.errors.read', async () => {
    const form = await readForm(request);
    let ids: number[] | null = null;
    if (!formBool(form.all)) {
      try {
        ids = parseIds(form.ids);
      } catch {
        ids = null;
      }
      if (!ids)
        throw new HttpError(422, locals.t('notifications.errors.read'), {
          errors: { ids: locals.t('notifications.errors.ids') },
        });
    }
    const updated = await markRead(user.id, ids);
    return json({ type: 'success', updated, unread: await unreadCount(user.id) });
  });
};
