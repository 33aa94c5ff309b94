// The maintenance plan of a product over HTTP (issue 25): the back office sets it through the
// integration API (scope production; refusals name the field; an unknown or out-of-range product is
// 404; hostile bodies never 500), a service event moves the next due day, and the owner's product page
// shows each kind with its next due day (DD.MM.YYYY) and status in the user's language; another
// customer's product page is 404.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffice, ERP_KEY, NEWS_KEY } from '../helpers/backoffice.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

let server: TestServer;
let call: ReturnType<typeof backoffice>;
let olga: { token: string; userId: number; cookie: string };
let dmitry: { token: string; userId: number; cookie: string };
let orderId: number;

beforeAll(async () => {
  server = await startServer({
    INTEGRATION_KEYS: `erp:${sha(ERP_KEY)}:orders+production,newsroom:${sha(NEWS_KEY)}:news`,
  });
  call = backoffice(server);
  [olga, dmitry] = await Promise.all([
    sessionFor(server, 'olga.demidova@demo.example'),
    sessionFor(server, 'dmitry.volkov@demo.example'),
  ]);
  const orders = await call('/api/integration/orders?limit=100');
  orderId = orders.data.data.find((o: any) => o.customer_id === olga.userId).id;
});
afterAll(async () => {
  await server?.stop();
});

async function create(serial: string): Promise<number> {
  const r = await call('/api/integration/productions', {
    json: { order_id: orderId, products: [{ serial, title: `Pump ${serial}` }] },
  });
  expect(r.status).toBe(201);
  return r.data.ids[0];
}

const plan = (id: number | string, json: unknown, key?: string) =>
  call(`/api/integration/productions/${id}/maintenance`, { method: 'PUT', json, key });

/** YYYY-MM-DD of today shifted by whole days (UTC is close enough a day away from midnight). */
const dayFromNow = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const dotted = (d: string) => d.split('-').reverse().join('.');

const page = async (id: number, cookie: string) => {
  const r = await fetch(new URL(`/productions/${id}`, server.url), {
    headers: { Cookie: cookie, Accept: 'text/html' },
  });
  return { status: r.status, html: await r.text() };
};

/** A page contains the text (or matches), without printing the whole page when it does not. */
function expectIn(html: string, what: string | RegExp) {
  expect(typeof what === 'string' ? html.includes(what) : what.test(html), String(what)).toBe(true);
}

describe('maintenance plan through the integration API', () => {
  it('refuses bad rows with a message per field, unknown products with 404, hostile bodies with 400/422', async () => {
    const id = await create('MP-0001');
    const bad = await plan(id, {
      plan: [
        { kind: 'repair', interval_months: 0, next_due: '2026-02-30', last_done: 'yesterday' },
        { kind: 'part', interval_months: 1.5 },
      ],
    });
    expect(bad.status).toBe(422);
    expect(bad.data).toEqual({
      message: 'The data is not valid',
      errors: {
        'plan.0.kind': 'Kind of work: maintenance, inspection, verification or part',
        'plan.0.interval_months': 'Interval: a whole number of months from 1 to 120',
        'plan.0.next_due': 'A date as YYYY-MM-DD',
        'plan.0.last_done': 'A date as YYYY-MM-DD',
        'plan.1.interval_months': 'Interval: a whole number of months from 1 to 120',
      },
    });
    for (const interval_months of [121, '6', 1e308, -1, null === null ? 2 ** 31 : 0])
      expect((await plan(id, { plan: [{ kind: 'part', interval_months }] })).data.errors).toEqual({
        'plan.0.interval_months': 'Interval: a whole number of months from 1 to 120',
      });
    expect((await plan(id, {})).data.errors).toEqual({
      plan: 'Plan: a list of rows { kind, interval_months, next_due, last_done }',
    });
    // A body that is not a JSON object is refused before any field.
    for (const body of [[], 'plan', null, 7])
      expect((await plan(id, body)).status, JSON.stringify(body)).toBe(400);
    const kindless = 'Kind of work: maintenance, inspection, verification or part';
    for (const row of [{}, { kind: ['part'] }, { kind: 'x'.repeat(100_000) }])
      expect((await plan(id, { plan: [row] })).data.errors, JSON.stringify(row)).toEqual({
        'plan.0.kind': kindless,
      });
    for (const row of ['part', null, 7])
      expect((await plan(id, { plan: [row] })).data.errors, JSON.stringify(row)).toEqual({
        'plan.0': kindless,
      });
    expect((await plan(id, { plan: 'x'.repeat(100_000) })).data.errors).toEqual({
      plan: 'Plan: a list of rows { kind, interval_months, next_due, last_done }',
    });
    const twice = await plan(id, {
      plan: [
        { kind: 'part', next_due: '2027-01-01' },
        { kind: 'part', next_due: '2028-01-01' },
      ],
    });
    expect(twice.data.errors).toEqual({ plan: 'Each kind of work at most once in the plan' });
    const tooMany = await plan(id, {
      plan: Array.from({ length: 5000 }, () => ({ kind: 'part', next_due: '2027-01-01' })),
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.data.errors).toEqual({ plan: 'Each kind of work at most once in the plan' });
    // Never done, never commissioned: an interval alone gives no due day.
    const underived = await plan(id, {
      plan: [
        { kind: 'verification', next_due: '2027-01-01' },
        { kind: 'maintenance', interval_months: 6 },
      ],
    });
    expect(underived.status).toBe(422);
    expect(underived.data.errors).toEqual({
      'plan.1.next_due': 'Give the next due date, or the interval with the last done date',
    });
    // Nothing refused was stored.
    expect((await call(`/api/integration/productions/${id}`)).data.data.maintenance).toEqual([]);
    const malformed = await fetch(
      new URL(`/api/integration/productions/${id}/maintenance`, server.url),
      {
        method: 'PUT',
        headers: { Authorization: `Bearer ${ERP_KEY}`, 'Content-Type': 'application/json' },
        body: '{"plan": [',
      },
    );
    expect(malformed.status).toBe(400);
    for (const other of ['999999', '99999999999', '9223372036854775808', '0', '-1', '1e3', 'abc'])
      expect((await plan(other, { plan: [] })).status, other).toBe(404);
    expect((await plan(999999, { plan: [] })).data.message).toBe('Product not found');
    expect((await plan(id, { plan: [] }, NEWS_KEY)).status).toBe(403);
    expect((await plan(id, { plan: [] }, null as unknown as string)).status).toBe(401);
  });

  it('sets the plan, a service event moves its due day, the page shows each kind with its status', async () => {
    const id = await create('MP-0002');
    const done = dayFromNow(-20);
    const soon = dayFromNow(10);
    const late = dayFromNow(-3);
    const r = await plan(id, {
      plan: [
        { kind: 'maintenance', interval_months: 12, last_done: done },
        { kind: 'verification', next_due: soon },
        { kind: 'inspection', next_due: late, interval_months: 3 },
      ],
    });
    expect(r.status).toBe(200);
    const [y, m, d] = done.split('-').map(Number) as [number, number, number];
    const yearOn = new Date(Date.UTC(y + 1, m - 1, d)).toISOString().slice(0, 10);
    expect(r.data).toEqual({
      type: 'success',
      plan: [
        {
          kind: 'maintenance',
          interval_months: 12,
          next_due: yearOn,
          last_done: done,
          status: 'scheduled',
        },
        {
          kind: 'inspection',
          interval_months: 3,
          next_due: late,
          last_done: null,
          status: 'overdue',
        },
        {
          kind: 'verification',
          interval_months: null,
          next_due: soon,
          last_done: null,
          status: 'soon',
        },
      ],
    });
    const ru = await page(id, olga.cookie);
    expect(ru.status).toBe(200);
    expectIn(ru.html, 'План обслуживания');
    expectIn(ru.html, /data-plan-kind="maintenance" data-plan-status="scheduled"/);
    expectIn(ru.html, `следующий срок ${dotted(yearOn)}`);
    expectIn(ru.html, `последний раз ${dotted(done)}`);
    expectIn(ru.html, 'каждые 12 мес.');
    expectIn(ru.html, 'запланировано');
    expectIn(ru.html, 'срок в ближайшие 30 дней');
    expectIn(ru.html, 'просрочено');
    // The overdue inspection is done today: three months on, scheduled.
    const today = dayFromNow(0);
    const svc = await call(`/api/integration/productions/${id}/service`, {
      json: { kind: 'inspection', date: today, title: 'Осмотр' },
    });
    expect(svc.status).toBe(200);
    const shown = (await call(`/api/integration/productions/${id}`)).data.data;
    const inspection = shown.maintenance.find((p: any) => p.kind === 'inspection');
    expect(inspection.last_done).toBe(today);
    expect(inspection.status).toBe('scheduled');
    expect(shown.service.map((e: any) => e.kind)).toEqual(['inspection']);
    const after = await page(id, olga.cookie);
    expectIn(after.html, /data-plan-kind="inspection" data-plan-status="scheduled"/);
    expectIn(after.html, 'Технический осмотр');
    // The list marks a product with overdue work (the inspection is done now; the verification is
    // set past its day) and links to its plan.
    const list = async () =>
      (
        await fetch(new URL('/productions?searchText=MP-000', server.url), {
          headers: { Cookie: olga.cookie, Accept: 'text/html' },
        })
      ).text();
    expect((await list()).includes('data-plan-overdue')).toBe(false);
    await plan(id, { plan: [{ kind: 'verification', next_due: late }] });
    const marked = await list();
    expectIn(
      marked,
      new RegExp(
        `href="/productions/${id}#maintenance" data-plan-overdue aria-label="Просрочено обслуживание изделия MP-0[0-9]+"[^>]*>Просрочено обслуживание</a>`,
      ),
    );
    expect(marked.match(/data-plan-overdue/g)).toHaveLength(1);
    // Cleared.
    expect((await plan(id, { plan: [] })).data.plan).toEqual([]);
    expect((await page(id, olga.cookie)).html).toContain('План обслуживания не задан');
  });

  it("another customer's product page is 404 and shows nothing of the plan", async () => {
    const id = await create('MP-0003');
    await plan(id, { plan: [{ kind: 'part', next_due: dayFromNow(40) }] });
    const foreign = await page(id, dmitry.cookie);
    expect(foreign.status).toBe(404);
    expect(foreign.html.includes('MP-0003')).toBe(false);
    expect(foreign.html.includes('data-plan-kind')).toBe(false);
  });
});
