// GET -> data { email }: whether the user gets alarm e-mails; POST (JSON or form) { email: true|false }
// sets it (the bell always rings).
import type { APIRoute } from 'astro';
import { alarmMail, setAlarmMail } from '#features/scada/alarms.query.server.ts';
import { HttpError, json, readForm } from '#lib/http/api.ts';
import { respond } from '#lib/http/respond.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = async ({ locals }) => {
  const user = requireUser(locals);
  return respond(locals.t, 'scada.alarms.errors.settings', async () =>
    json({ data: { email: await alarmMail(user.id) } }),
  );
};

export const POST: APIRoute = async ({ locals, request }) => {
  const user = requireUser(locals);
  const t = locals.t;
  return respond(t, 'scada.alarms.errors.settings', async () => {
    const raw = (await readForm(request)).email;
    const on = raw === 'true' || raw === '1' || raw === 'on';
    if (!on && raw !== 'false' && raw !== '0') {
      const message = t('scada.alarms.emailBad');
      throw new HttpError(400, message, { errors: { email: message } });
    }
    await setAlarmMail(user.id, on);
    return json({ data: { email: on } });
  });
};
