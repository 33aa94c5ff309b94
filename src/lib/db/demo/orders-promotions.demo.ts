// Demo orders (with history, documents and conversations), promotions, news and notifications from
// orders-promotions.demo.json, dated relative to today so the screens stay meaningful. Pictures are the
// SVG files in images/, re-encoded like uploads. Called by seedDemo(); each part is skipped when it
// already has data (a user with orders, existing promotions, existing news).
import { readFile } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import { insertOrder } from '#features/orders/orders.server.ts';
import { type DocumentKind, type OrderStatus } from '#features/orders/orders.schema.ts';
import {
  notificationSearch,
  type NotificationModule,
} from '#features/notifications/notifications.schema.ts';
import { files } from '#lib/files.server.ts';
import { storeMedia, type MediaKind } from '#lib/media.server.ts';
import { localDay } from '#lib/dates.ts';
import { config } from '#lib/config.ts';
import type { DB } from '#lib/db/schema.ts';
import demo from './orders-promotions.demo.json' with { type: 'json' };
import { paths } from '#lib/paths.ts';

type Line = {
  title: string;
  sku?: string;
  unit: string;
  quantity: number;
  price: number;
  discount_price?: number;
};
type DemoOrder = {
  title: string;
  organisation_inn?: string;
  object?: string;
  days_ago: number;
  comment?: string;
  archived?: boolean;
  history: Array<{ status: string; days_ago: number; comment?: string }>;
  items: Line[];
  documents?: Array<{ kind: string; title: string; number: string; days_ago: number }>;
  messages?: Array<{ author: string; manager?: string; text: string; days_ago: number }>;
};
type DemoNotification = {
  module: string;
  icon: string;
  order?: number;
  url?: string;
  title: string;
  text: string;
  days_ago: number;
  read: boolean;
};

const DAY = 86400_000;

/** A one-page PDF with a few ASCII lines, so demo documents open in any viewer. */
export function demoPdf(lines: string[]): Uint8Array {
  const text = lines
    .map(
      (l, i) =>
        `BT /F1 14 Tf 60 ${760 - i * 24} Td (${l.replace(/[^\x20-\x7e]/g, '?').replace(/[()\\]/g, '\\$&')}) Tj ET`,
    )
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const at = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}

async function image(name: string, kind: MediaKind): Promise<string | null> {
  return storeMedia(await readFile(new URL(`./images/${name}`, import.meta.url)), kind, 0, true);
}

async function seedOrders(
  db: Kysely<DB>,
  userId: number,
  list: DemoOrder[],
  at: number,
): Promise<number[]> {
  const when = (days: number) => new Date(at - days * DAY).toISOString();
  const ids: number[] = [];
  for (const o of list) {
    const org = o.organisation_inn
      ? await db
          .selectFrom('organisations')
          .innerJoin('user_organisations', 'user_organisations.organisation_id', 'organisations.id')
          .select('organisations.id')
          .where('user_organisations.user_id', '=', userId)
          .where('organisations.inn', '=', o.organisation_inn)
          .executeTakeFirst()
      : undefined;
    const object = o.object
      ? await db
          .selectFrom('objects')
          .select('id')
          .where('user_id', '=', userId)
          .where('name', '=', o.object)
          .executeTakeFirst()
      : undefined;
    const id = await insertOrder(
      db,
      userId,
      {
        title: o.title,
        comment: o.comment ?? null,
        organisation_id: org?.id ?? null,
        object_id: object?.id ?? null,
        source: 'cabinet',
        lines: o.items,
      },
      when(o.days_ago),
    );
    ids.push(id);
    const later = o.history.filter((h) => h.status !== 'new');
    for (const h of later)
      await db
        .insertInto('order_status_history')
        .values({
          order_id: id,
          status: h.status as OrderStatus,
          comment: h.comment ?? null,
          created_at: when(h.days_ago),
        })
        .execute();
    const last = o.history.at(-1)!;
    await db
      .updateTable('orders')
      .set({
        status: last.status as OrderStatus,
        updated_at: when(last.days_ago),
        archived: o.archived ? 1 : 0,
        archived_at: o.archived ? when(last.days_ago - 1) : null,
      })
      .where('id', '=', id)
      .execute();
    for (const d of o.documents ?? []) {
      const name = `${d.kind}-${d.number}.pdf`;
      const stored = await files().put(
        demoPdf(['Customer cabinet - demo document', `${d.kind} ${d.number}`]),
        { owner: userId, kind: 'order-document', name, type: 'application/pdf' },
      );
      await db
        .insertInto('order_documents')
        .values({
          order_id: id,
          kind: d.kind as DocumentKind,
          title: d.title,
          number: d.number,
          date: localDay(new Date(at - d.days_ago * DAY), config().timeZone),
          file_id: stored.id,
          file_name: stored.name,
          created_at: when(d.days_ago),
        })
        .execute();
    }
    for (const m of o.messages ?? []) {
      const author = m.author === 'manager' ? 'manager' : 'customer';
      await db
        .insertInto('order_messages')
        .values({
          order_id: id,
          author,
          manager_name: m.manager ?? null,
          text: m.text,
          file_id: null,
          file_name: null,
          created_at: when(m.days_ago),
        })
        .execute();
    }
  }
  return ids;
}

export async function seedOrdersPromotions(db: Kysely<DB>, at = Date.now()): Promise<void> {
  const users = new Map(
    (await db.selectFrom('users').select(['id', 'email']).execute()).map((u) => [u.email, u.id]),
  );
  for (const [email, list] of Object.entries(demo.orders as Record<string, DemoOrder[]>)) {
    const userId = users.get(email);
    if (
      !userId ||
      (await db.selectFrom('orders').select('id').where('user_id', '=', userId).executeTakeFirst())
    )
      continue;
    const ids = await seedOrders(db, userId, list, at);
    const numbers = new Map(
      (await db.selectFrom('orders').select(['id', 'number']).where('id', 'in', ids).execute()).map(
        (r) => [r.id, r.number],
      ),
    );
    // Oldest first, so that ids follow dates as they do for real notifications.
    const notes = [
      ...((demo.notifications as Record<string, DemoNotification[]>)[email] ?? []),
    ].sort((a, b) => b.days_ago - a.days_ago);
    for (const n of notes) {
      const orderId = n.order ? ids[n.order - 1] : undefined;
      const date = new Date(at - n.days_ago * DAY).toISOString();
      await db
        .insertInto('notifications')
        .values({
          user_id: userId,
          module: n.module as NotificationModule,
          status: n.read ? 0 : 1,
          title: n.title.replace('{number}', orderId ? `\u2116 ${numbers.get(orderId)}` : ''),
          text: n.text,
          url: orderId ? paths.orders.one(orderId) : (n.url ?? null),
          icon: n.icon,
          pid: orderId ?? null,
          date,
          read_date: n.read ? date : null,
          search: notificationSearch(
            n.title.replace('{number}', orderId ? `\u2116 ${numbers.get(orderId)}` : ''),
            n.text,
          ),
        })
        .execute();
    }
  }

  const day = (offset: number) => localDay(new Date(at + offset * DAY), config().timeZone);
  if (!(await db.selectFrom('promotions').select('id').executeTakeFirst())) {
    for (const p of demo.promotions) {
      const t = new Date(at).toISOString();
      const { id } = await db
        .insertInto('promotions')
        .values({
          title: p.title,
          description: p.description,
          full: p.full,
          image_id: await image(p.image, 'promotion'),
          date_start: day(p.starts_days),
          date_end: day(p.ends_days),
          published: 1,
          created_at: t,
          updated_at: t,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [i, r] of p.products.entries()) {
        const { image: file, ...row } = r;
        await db
          .insertInto('promotion_products')
          .values({
            ...row,
            promotion_id: id,
            position: i + 1,
            image_id: await image(file, 'promotion'),
          })
          .execute();
      }
    }
  }
  if (!(await db.selectFrom('news').select('id').executeTakeFirst())) {
    for (const n of demo.news) {
      const { image: file, days_ago, ...row } = n;
      await db
        .insertInto('news')
        .values({
          ...row,
          image_id: await image(file, 'news'),
          published_at: new Date(at - days_ago * DAY).toISOString(),
        })
        .execute();
    }
  }
}
