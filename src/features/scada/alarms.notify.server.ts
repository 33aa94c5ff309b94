// Telling people about a new alarm: every user granted the object (and allowed dispatching) gets
// one notification in the bell, linking to the object's alarms, in their own language; those who
// asked for alarm e-mails (scada_alarm_settings) get one e-mail too. Called once per occurrence by
// the engine that opened the row, so there is no storm and no duplicate.
import type { Kysely } from 'kysely';
import { notify } from '#features/notifications/notifications.server.ts';
import type { DB } from '#lib/db/schema.ts';
import { DEFAULT_LOCALE, isLocale, translator } from '#lib/i18n/index.ts';
import { log } from '#lib/log.ts';
import { mailChannel, sendMail } from '#lib/mail/mailer.ts';
import { paths, withQuery } from '#lib/paths.ts';
import { roundAt } from './scada.schema.ts';
import { scadaEnabled } from './scada.server.ts';

/** Recipients beyond this are not told (an object is granted to a handful of people). */
const MAX_RECIPIENTS = 500;

export async function announceAlarm(db: Kysely<DB>, alarmId: number): Promise<number> {
  const a = await db
    .selectFrom('scada_alarms as a')
    .innerJoin('scada_objects as o', 'o.id', 'a.object_id')
    .leftJoin('scada_tags as t', 't.id', 'a.tag_id')
    .select([
      'a.id',
      'a.object_id',
      'a.kind',
      'a.value',
      'a.limit_value',
      'a.raised_at',
      'o.title',
      't.title as tag',
      't.unit',
      't.type',
      't.step',
    ])
    .where('a.id', '=', alarmId)
    .executeTakeFirst();
  if (!a) return 0;
  const users = await db
    .selectFrom('scada_grants as g')
    .innerJoin('users as u', 'u.id', 'g.user_id')
    .leftJoin('scada_alarm_settings as s', 's.user_id', 'u.id')
    .select([
      'u.id',
      'u.email',
      'u.locale',
      'u.is_admin',
      'u.is_employee',
      'u.module_scada',
      's.email as wants_mail',
    ])
    .where('g.object_id', '=', a.object_id)
    .orderBy('u.id')
    .limit(MAX_RECIPIENTS)
    .execute();
  // Numbers at the variable's precision (the dictionary writes them with the language's decimal mark).
  const tag = { type: a.type ?? 'float', step: a.step };
  const value = a.value === null ? '' : roundAt(tag, Number(a.value));
  const limit = a.limit_value === null ? '' : roundAt(tag, Number(a.limit_value));
  const url = withQuery(paths.tools.scada.one(a.object_id), { tab: 'alarms' });
  let told = 0;
  for (const u of users) {
    if (!scadaEnabled(u)) continue;
    const t = translator(isLocale(u.locale) ? u.locale : DEFAULT_LOCALE);
    const params = {
      object: a.title,
      tag: a.tag ?? '',
      kind: t(`scada.alarms.kinds.${a.kind}`),
      value,
      limit,
      unit: a.unit ?? '',
    };
    const title = t(
      a.kind === 'link' ? 'scada.alarms.notify.link' : 'scada.alarms.notify.title',
      params,
    );
    const text =
      a.kind === 'link'
        ? ''
        : t(
            a.limit_value === null ? 'scada.alarms.notify.fault' : 'scada.alarms.notify.text',
            params,
          );
    // One recipient's failure never keeps the others from hearing of the alarm.
    try {
      await notify(u.id, { module: 'scada', title, text, url, icon: 'info', pid: a.id });
      told++;
    } catch (err) {
      log.warn('scada: alarm notification failed', { alarm: a.id, user: u.id, err });
      continue;
    }
    // The e-mail is not awaited: a slow mail server must not hold the object's alarm checks.
    if (u.wants_mail && mailChannel())
      void sendMail({
        to: u.email,
        subject: title,
        text: `${title}\n${text}\n${a.raised_at}`,
        meta: { alarm: String(a.id), object: String(a.object_id) },
      }).catch((err) => log.warn('scada: alarm e-mail failed', { alarm: a.id, err }));
  }
  return told;
}
