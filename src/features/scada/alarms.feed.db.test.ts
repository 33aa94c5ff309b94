// The alarm feed, the alarm e-mail form and the rounding of alarm and journal rows on both engines:
// the feed follows the objects a user may see (grant and module), tells each alarm event with the
// user's active count, forgets an object whose grant is withdrawn and closes with the last one or
// with the session; the page form sets the e-mail switch; rows carry values at the variable's
// precision with its decimals.
import { EventEmitter } from 'node:events';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { migratedDatabase } from '../../../tests/helpers/db.ts';
import { insertScadaObject } from '../../../tests/helpers/scada-db.ts';
import { insertUser } from '../../../tests/helpers/users-db.ts';
import { bus } from '#lib/realtime/bus.ts';
import { ACCESS_CHANGED, SESSION_ENDED, userTopic } from '#lib/realtime/topics.ts';
import { handleAlarmMailPost } from './alarms.api.server.ts';
import { alarmFrame, serveAlarmFeed } from './alarms.feed.server.ts';
import { alarmMail, listAlarms, listEvents } from './alarms.query.server.ts';
import { ALARM_EVENT } from './alarms.server.ts';
import { LIVE_TOPIC } from './live.ts';
import { grantedObjects } from './scada.server.ts';

const database = migratedDatabase();
const users: Record<'ann' | 'bob' | 'cid', number> = { ann: 0, bob: 0, cid: 0 };
const objects: number[] = [];
let tagId: number;
let alarmId: number;

/** A socket as serveAlarmFeed uses it: frames sent and the close code kept. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  sent: any[] = [];
  closedWith: number | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code: number) {
    if (this.readyState !== 1) return;
    this.readyState = 3;
    this.closedWith = code;
    this.emit('close', code);
  }
  ping() {}
  terminate() {
    this.close(1006);
  }
}
const fake = () => new FakeSocket() as FakeSocket & Parameters<typeof serveAlarmFeed>[0];

beforeAll(async () => {
  const t = new Date().toISOString();
  for (const [name, module] of [
    ['ann', 1],
    ['bob', 1],
    ['cid', 0],
  ] as const) {
    users[name] = await insertUser(database.db, `${name}@feed.example`, {
      name,
      surname: 'Feed',
      module_scada: module,
    });
  }
  for (const key of ['one', 'two', 'three'])
    objects.push(
      (
        await insertScadaObject(
          database.db,
          key,
          key === 'one' ? [{ key: 'level', title: 'Level', unit: 'm', step: 0.01 }] : [],
        )
      ).id,
    );
  // Ann sees one and two, Bob three, Cid (no module) one.
  for (const [user, object] of [
    [users.ann, objects[0]!],
    [users.ann, objects[1]!],
    [users.bob, objects[2]!],
    [users.cid, objects[0]!],
  ] as const)
    await database.db
      .insertInto('scada_grants')
      .values({ object_id: object, user_id: user, control: 1, created_at: t })
      .execute();
  tagId = (
    await database.db
      .selectFrom('scada_tags')
      .select('id')
      .where('object_id', '=', objects[0]!)
      .executeTakeFirstOrThrow()
  ).id;
  alarmId = (
    await database.db
      .insertInto('scada_alarms')
      .values({
        object_id: objects[0]!,
        tag_id: tagId,
        kind: 'h',
        value: 6.329999923706055,
        limit_value: 6.2,
        raised_at: t,
        cleared_at: null,
        acknowledged_at: null,
        acknowledged_by: null,
        comment: null,
        open_key: `${objects[0]}:${tagId}:h`,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await database.db
    .insertInto('scada_events')
    .values([
      {
        object_id: objects[0]!,
        at: t,
        kind: 'alarm_raised',
        alarm_id: alarmId,
        alarm_kind: 'h',
        tag_id: tagId,
        tag_title: 'Level',
        user_id: null,
        value: 6.329999923706055,
        detail: '6.2',
      },
      {
        object_id: objects[0]!,
        at: t,
        kind: 'link_lost',
        alarm_id: null,
        alarm_kind: 'link',
        tag_id: null,
        tag_title: null,
        user_id: null,
        value: null,
        detail: null,
      },
    ])
    .execute();
});

describe('objects a user may see', () => {
  it('are the granted ones while the user has the module', async () => {
    expect(await grantedObjects(users.ann, database.db)).toEqual(objects.slice(0, 2));
    expect(await grantedObjects(users.bob, database.db)).toEqual([objects[2]]);
    expect(await grantedObjects(users.cid, database.db)).toEqual([]);
  });
});

describe('alarm and journal rows', () => {
  it('carry the value and the limit at the variable precision, with its decimals', async () => {
    const { rows } = await listAlarms(
      users.ann,
      null,
      { state: 'active', before: null, limit: 10 },
      database.db,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: alarmId, value: 6.33, limit: 6.2, digits: 2 });
    expect(rows[0]).not.toHaveProperty('type');
    const events = await listEvents(
      objects[0]!,
      { from: null, to: null, kinds: [], after: null, limit: 10 },
      database.db,
    );
    const raised = events.rows.find((e) => e.kind === 'alarm_raised')!;
    expect(raised).toMatchObject({ value: 6.33, digits: 2, detail: '6.2' });
    expect(raised).not.toHaveProperty('step');
    // A communication loss has no variable: no value, the default decimals.
    expect(events.rows.find((e) => e.kind === 'link_lost')).toMatchObject({
      value: null,
      digits: 3,
    });
  });
});

describe('the alarm feed', () => {
  it('frames an event with the user active count', async () => {
    expect(
      await alarmFrame(users.ann, objects[0]!, { id: 5, kind: 'h', state: 'raised' }, database.db),
    ).toEqual({
      type: 'alarm',
      alarm: { id: 5, object_id: objects[0], kind: 'h', state: 'raised' },
      active: 1,
    });
    expect(
      (await alarmFrame(users.bob, objects[2]!, { id: 6, state: 'acked' }, database.db)).active,
    ).toBe(0);
  });

  it('tells the events of the followed objects only, in order, and forgets a withdrawn one', async () => {
    const ws = fake();
    await serveAlarmFeed(ws, users.ann, 'session-ann', database.db);
    await bus().publish(LIVE_TOPIC(objects[0]!), ALARM_EVENT, {
      id: 1,
      kind: 'h',
      state: 'raised',
    });
    await bus().publish(LIVE_TOPIC(objects[0]!), 'scada.values', { v: [1] });
    await bus().publish(LIVE_TOPIC(objects[2]!), ALARM_EVENT, {
      id: 2,
      kind: 'h',
      state: 'raised',
    });
    await bus().publish(LIVE_TOPIC(objects[1]!), ALARM_EVENT, { id: 3, state: 'acked' });
    await vi.waitFor(() => expect(ws.sent).toHaveLength(2));
    expect(ws.sent.map((f) => [f.alarm.id, f.alarm.object_id, f.alarm.state])).toEqual([
      [1, objects[0], 'raised'],
      [3, objects[1], 'acked'],
    ]);
    expect(ws.sent[0].active).toBe(1);
    // Object two withdrawn: its events are no longer told; the feed stays for object one.
    await database.db
      .deleteFrom('scada_grants')
      .where('user_id', '=', users.ann)
      .where('object_id', '=', objects[1]!)
      .execute();
    await bus().publish(userTopic(users.ann), ACCESS_CHANGED);
    await vi.waitFor(async () => {
      await bus().publish(LIVE_TOPIC(objects[1]!), ALARM_EVENT, { id: 4, state: 'cleared' });
      await bus().publish(LIVE_TOPIC(objects[0]!), ALARM_EVENT, { id: 7, state: 'cleared' });
      expect(ws.sent.some((f) => f.alarm.id === 7)).toBe(true);
    });
    expect(ws.sent.some((f) => f.alarm.id === 4)).toBe(false);
    // The last grant withdrawn: the feed closes as the pages answer 404.
    await database.db.deleteFrom('scada_grants').where('user_id', '=', users.ann).execute();
    await bus().publish(userTopic(users.ann), ACCESS_CHANGED);
    await vi.waitFor(() => expect(ws.closedWith).toBe(4404));
    const before = ws.sent.length;
    await bus().publish(LIVE_TOPIC(objects[0]!), ALARM_EVENT, { id: 8, state: 'raised' });
    await new Promise((r) => setTimeout(r, 50));
    expect(ws.sent).toHaveLength(before);
  });

  it('closes when its session ends (not when another one does)', async () => {
    const ws = fake();
    await serveAlarmFeed(ws, users.bob, 'session-bob', database.db);
    await bus().publish(userTopic(users.bob), SESSION_ENDED, { sessions: ['other'] });
    await bus().publish(userTopic(users.bob), 'something.else');
    expect(ws.closedWith).toBeNull();
    await bus().publish(userTopic(users.bob), SESSION_ENDED, { except: 'other' });
    expect(ws.closedWith).toBe(4401);
  });

  it('closes at once for a user without objects', async () => {
    const ws = fake();
    await serveAlarmFeed(ws, users.cid, 'session-cid', database.db);
    expect(ws.closedWith).toBe(4404);
  });
});

describe('the alarm page e-mail form', () => {
  const post = (body: string, type = 'application/x-www-form-urlencoded') =>
    new Request('http://localhost/tools/scada/alarms', {
      method: 'POST',
      headers: { 'content-type': type },
      body,
    });

  it('switches the e-mails on and off and redirects to the page', async () => {
    expect(await alarmMail(users.bob, database.db)).toBe(false);
    expect(
      await handleAlarmMailPost(users.bob, post('action=alarm-mail&email=on'), database.db),
    ).toBe('/tools/scada/alarms?saved=mail');
    expect(await alarmMail(users.bob, database.db)).toBe(true);
    // Another form's post changes nothing.
    await handleAlarmMailPost(users.bob, post('action=other'), database.db);
    expect(await alarmMail(users.bob, database.db)).toBe(true);
    await handleAlarmMailPost(users.bob, post('action=alarm-mail'), database.db);
    expect(await alarmMail(users.bob, database.db)).toBe(false);
    await expect(
      handleAlarmMailPost(users.bob, post('{"email":true}', 'application/json'), database.db),
    ).rejects.toMatchObject({ status: 400 });
  });
});
