// Who may listen to support topics over /ws: `support:<id>` for the request's customer and employees,
// `support-desk:all` for employees. Imported by src/server.ts, the process that serves /ws.
import { db } from '#lib/db/index.ts';
import { registerTopic } from '#lib/realtime/topics.ts';

registerTopic('support', async (user, id) => {
  if (!/^\d{1,9}$/.test(id)) return false;
  if (user.is_employee === 1) return true;
  const row = await db()
    .selectFrom('support_requests')
    .select('id')
    .where('id', '=', Number(id))
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  return !!row;
});

registerTopic('support-desk', (user, id) => user.is_employee === 1 && id === 'all');
