// Live support events across app instances: on PostgreSQL, a message posted through instance A
// reaches the customer's and the desk's WebSocket clients on instance B (LISTEN/NOTIFY bus).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templateDatabase, onPostgres, type TestDatabase } from '../helpers/db.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';
import { api, connect } from '../helpers/support.ts';

type ListItem = { id: number; status: number };

describe.runIf(onPostgres())('two instances on one PostgreSQL database', () => {
  let db: TestDatabase;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    db = await templateDatabase();
    a = await startServer({}, db);
    b = await startServer({}, db);
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await db?.drop();
  });

  it('a message posted through instance A reaches the WebSocket clients on instance B', async () => {
    const customer = await sessionFor(b, 'olga.demidova@demo.example');
    const employee = await sessionFor(a, 'sergey.ivanov@demo.example');
    const id = (
      (await (await api(b, customer.cookie).get('/api/v1/support')).json()) as { data: ListItem[] }
    ).data.find((i) => i.status === 1)!.id;
    const onB = connect(b, customer.cookie);
    expect(await onB.subscribe(`support:${id}`)).toBe('subscribed');
    const deskOnB = connect(b, (await sessionFor(b, 'marina.kotova@demo.example')).cookie);
    expect(await deskOnB.subscribe('support-desk:all')).toBe('subscribed');
    const res = await api(a, employee.cookie).post('/api/v1/support/message', {
      support_id: String(id),
      message: 'Ответ с другого экземпляра',
    });
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: { id: number } };
    expect((await onB.next((m) => m.type === 'support.message')).data).toEqual({
      support_id: id,
      id: data.id,
      from_staff: 1,
    });
    expect((await onB.next((m) => m.type === 'support.unread')).data).toEqual({
      support_id: id,
      unread: 3,
    });
    expect((await deskOnB.next((m) => m.type === 'support.desk')).data).toEqual({ support_id: id });
    const shown = (await (await api(b, customer.cookie).get(`/api/v1/support/${id}`)).json()) as {
      data: Array<{ message: string }>;
    };
    expect(shown.data.at(-1)!.message).toBe('Ответ с другого экземпляра');
    onB.ws.close();
    deskOnB.ws.close();
  });
});
