// Demo support requests (support.demo.json): a few conversations between demo customers and the demo
// employee. Called by seedDemo; a customer who already has requests is left alone.
import type { Kysely } from 'kysely';
import type { DB } from '#lib/db/schema.ts';
import demo from './support.demo.json' with { type: 'json' };

interface DemoRequest {
  customer: string;
  title: string;
  type: string;
  status: number;
  hours_ago: number;
  page_url?: string;
  messages: Array<{ author: string; after_minutes: number; text: string }>;
  /** How many of the messages each side has seen (counted from the first). */
  customer_read: number;
  staff_read: number;
}

export async function seedSupportDemo(db: Kysely<DB>, at = Date.now()): Promise<number> {
  const users = new Map(
    (await db.selectFrom('users').select(['id', 'email']).execute()).map((u) => [u.email, u.id]),
  );
  let created = 0;
  for (const r of demo as DemoRequest[]) {
    const customer = users.get(r.customer);
    if (!customer) continue;
    const has = await db
      .selectFrom('support_requests')
      .select('id')
      .where('user_id', '=', customer)
      .where('title', '=', r.title)
      .executeTakeFirst();
    if (has) continue;
    const start = at - r.hours_ago * 3600_000;
    const time = (minutes: number) => new Date(start + minutes * 60_000).toISOString();
    const last = time(Math.max(0, ...r.messages.map((m) => m.after_minutes)));
    const request = await db
      .insertInto('support_requests')
      .values({
        user_id: customer,
        title: r.title,
        search: r.title.toLowerCase(),
        type: r.type,
        status: r.status,
        page_url: r.page_url ?? null,
        user_agent: null,
        customer_read_id: 0,
        staff_read_id: 0,
        created_at: time(0),
        updated_at: last,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids: number[] = [];
    for (const m of r.messages) {
      const author = users.get(m.author) ?? customer;
      const row = await db
        .insertInto('support_messages')
        .values({
          request_id: request.id,
          user_id: author,
          from_staff: author === customer ? 0 : 1,
          message: m.text,
          file_id: null,
          file_name: null,
          created_at: time(m.after_minutes),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    const mark = (n: number) => (n > 0 ? ids[Math.min(n, ids.length) - 1]! : 0);
    await db
      .updateTable('support_requests')
      .set({ customer_read_id: mark(r.customer_read), staff_read_id: mark(r.staff_read) })
      .where('id', '=', request.id)
      .execute();
    created++;
  }
  return created;
}
