// `npm run seed:large`: one large customer account for measuring the cabinet at size (issue 10):
// big@demo.example (password of the demo accounts) with 100,000 orders (one line each), 100,000
// notifications, 100,000 objects, 100,000 support requests and 100,000 messages in one support chat;
// and of the newer areas (issue 26) 100,000 products of the registry (owned, so each has its
// product_access row), 100,000 dispatching objects granted to the account (without tags: the lists
// are measured, not the poller), 100,000 saved calculations, 100,000 BTP projects and 100,000 scans.
// More lists (dispatching alarms and events) plug in through NEWER_LISTS below.
// Uses the configured database (DATA_DIR's SQLite file, or DATABASE_URL for PostgreSQL): migrates,
// adds the demo data when missing, then the large account unless it exists. Rows are written in
// bulk (multi-row inserts of CHUNK rows in one transaction per table). N=1000 makes a smaller one.
import { sql, type Kysely } from 'kysely';
import { configOrExit, setConfig } from '#lib/config.ts';
import { hashPassword } from '#lib/crypto/password.ts';
import { closeDatabase, database, migrateToLatest } from '#lib/db/index.ts';
import type { DB } from '#lib/db/schema.ts';
import { DEMO_PASSWORD, seedDemo } from '#lib/db/seed.ts';
import {
  NOTIFICATION_MODULES,
  notificationSearch,
} from '#features/notifications/notifications.schema.ts';
import { ORDER_STATUSES } from '#features/orders/orders.schema.ts';
import { REPORT_TYPES } from '#features/support/support.types.ts';

/** The newer areas type their tables apart from DB (CalcDB, BtpDB, ScanDB): rows by table name. */
type AnyTables = Record<string, Record<string, unknown>>;

const BIG_EMAIL = 'big@demo.example';
const N = Number(process.env.N ?? 100_000);
// Under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters for the widest table (15 columns).
const CHUNK = 1000;
const DAY = 86_400_000;

/** Inserts `count` rows made by `row(i)` in chunks, inside one transaction. */
async function bulk(
  db: Kysely<DB>,
  // The newer areas type their tables apart from DB (CalcDB, BtpDB, ScanDB): any table by name.
  table: string,
  count: number,
  row: (i: number) => Record<string, unknown>,
): Promise<void> {
  await (db as unknown as Kysely<AnyTables>).transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += CHUNK) {
      const rows = Array.from({ length: Math.min(CHUNK, count - start) }, (_, k) => row(start + k));
      // The row makers above are typed by hand per table; Kysely cannot check a table chosen at run time.
      await trx.insertInto(table).values(rows).execute();
    }
  });
}

async function seedLarge(db: Kysely<DB>): Promise<number | null> {
  if (await db.selectFrom('users').select('id').where('email', '=', BIG_EMAIL).executeTakeFirst())
    return null;
  const at = Date.now();
  const iso = (i: number, total: number) => new Date(at - (total - i) * (DAY / 24)).toISOString();
  const t = new Date(at).toISOString();
  const { id: userId } = await db
    .insertInto('users')
    .values({
      email: BIG_EMAIL,
      phone: '+79000000999',
      name: 'Борис',
      surname: 'Большаков',
      ochestvo: null,
      sex: 1,
      birthday: null,
      place: 'Ижевск',
      post: 'Главный механик',
      avatar: null,
      account_type: 'corporate',
      password_hash: await hashPassword(DEMO_PASSWORD),
      locale: null,
      layout: null,
      created_at: t,
      updated_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const orgIds: number[] = [];
  for (let k = 1; k <= 3; k++) {
    const inn = `99${String(userId).padStart(5, '0')}${k}00`.slice(0, 10);
    const name = `ООО «Большой заказчик ${k}»`;
    const { id } = await db
      .insertInto('organisations')
      .values({
        name,
        inn,
        kpp: null,
        ogrn: null,
        address: 'Ижевск',
        search: `${name} ${inn}`.toLowerCase(),
        created_at: t,
        updated_at: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('user_organisations')
      .values({
        user_id: userId,
        organisation_id: id,
        post: 'Инженер',
        search: 'инженер',
        created_at: t,
      })
      .execute();
    orgIds.push(id);
  }

  // Objects scattered over a 10 x 30 degree box, so the map has something to cluster.
  const objectsBefore = await maxId(db, 'objects');
  await bulk(db, 'objects', N, (i) => {
    const lat = 45 + ((i * 7919) % 10_000) / 1000;
    const lon = 30 + ((i * 104_729) % 30_000) / 1000;
    const name = `Котельная № ${i + 1}`;
    const address = `г. Ижевск, ул. Промышленная, ${(i % 300) + 1}, корп. ${i + 1}`;
    return {
      user_id: userId,
      name,
      address,
      coords: `${lat}, ${lon}`,
      lat,
      lon,
      search: `${name} ${address}`.toLowerCase(),
      created_at: iso(i, N),
      updated_at: iso(i, N),
    };
  });
  const objectIds = await idsAfter(db, 'objects', objectsBefore, userId);

  const ordersBefore = await maxId(db, 'orders');
  await bulk(db, 'orders', N, (i) => {
    const number = `B${String(i + 1).padStart(6, '0')}`;
    const title = `Насос циркуляционный, партия ${i + 1}`;
    return {
      user_id: userId,
      number,
      title,
      organisation_id: orgIds[i % orgIds.length],
      object_id: objectIds[i % objectIds.length] ?? null,
      status: ORDER_STATUSES[i % ORDER_STATUSES.length],
      source: 'cabinet',
      promotion_id: null,
      comment: null,
      total: 100_00 * ((i % 500) + 1),
      archived: i % 10 === 0 ? 1 : 0,
      archived_at: i % 10 === 0 ? iso(i, N) : null,
      search: `${number} ${title}`.toLowerCase(),
      created_at: iso(i, N),
      updated_at: iso(i, N),
    };
  });
  const orderIds = await idsAfter(db, 'orders', ordersBefore, userId);
  await bulk(db, 'order_items', orderIds.length, (i) => ({
    order_id: orderIds[i],
    position: 1,
    catalogue_id: null,
    title: 'Насос циркуляционный',
    sku: `P-${i % 1000}`,
    unit: 'шт',
    quantity: 1,
    price: 100_00 * ((i % 500) + 1),
    discount_price: null,
    sum: 100_00 * ((i % 500) + 1),
    promotion_product_id: null,
  }));

  // One in twenty unread; calculations (module request) have none, the case the bell must answer at once.
  const modules = NOTIFICATION_MODULES;
  await bulk(db, 'notifications', N, (i) => {
    const module = modules[i % modules.length]!;
    const title = `Уведомление ${i + 1}`;
    const text = `Статус заказа B${String(i + 1).padStart(6, '0')} изменён`;
    const unread = i % 20 === 0 && module !== 'request' ? 1 : 0;
    return {
      user_id: userId,
      module,
      status: unread,
      title,
      text,
      url: null,
      icon: 'status',
      pid: null,
      date: iso(i, N),
      read_date: unread ? null : iso(i, N),
      search: notificationSearch(title, text),
    };
  });

  const requestsBefore = await maxId(db, 'support_requests');
  await bulk(db, 'support_requests', N, (i) => ({
    user_id: userId,
    title: `Обращение ${i + 1}`,
    search: `обращение ${i + 1}`,
    type: REPORT_TYPES[i % REPORT_TYPES.length],
    status: i % 3 === 0 ? 0 : 1,
    page_url: null,
    user_agent: null,
    customer_read_id: 0,
    staff_read_id: 0,
    created_at: iso(i, N),
    updated_at: iso(i, N),
  }));
  // The big chat is the newest request, so it opens first on the support page.
  const chat = (await idsAfter(db, 'support_requests', requestsBefore, userId)).at(-1)!;
  await bulk(db, 'support_messages', N, (i) => ({
    request_id: chat,
    user_id: userId,
    from_staff: i % 2,
    message: i % 2 ? `Ответ специалиста № ${i + 1}` : `Сообщение клиента № ${i + 1}`,
    file_id: null,
    file_name: null,
    created_at: iso(i, N),
  }));
  const context = { userId, orgIds, objectIds, orderIds, iso: (i: number) => iso(i, N) };
  for (const [name, seed] of Object.entries(NEWER_LISTS)) {
    const started = performance.now();
    await seed(db, context);
    console.log(`  ${name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  return userId;
}

/** What a seeder of one more list gets: the large account and the rows its lists refer to. */
export interface LargeContext {
  userId: number;
  orgIds: number[];
  objectIds: number[];
  orderIds: number[];
  /** The creation time of row i of N, oldest first, an hour apart. */
  iso: (i: number) => string;
}

/**
 * The newer areas' lists, N rows each, seeded after the core lists in this order. HOOK: a new list
 * (dispatching alarms and events are next) adds its seeder here and its addresses to
 * scripts/bench-large.ts; tests/integration/large-newer-lists.test.ts holds the bounds.
 */
export const NEWER_LISTS: Record<string, (db: Kysely<DB>, c: LargeContext) => Promise<void>> = {
  products: seedProducts,
  dispatching: seedDispatching,
  calculations: seedCalculations,
  btp: seedBtp,
  scans: seedScans,
};

async function seedProducts(db: Kysely<DB>, c: LargeContext): Promise<void> {
  const before = await maxId(db, 'products');
  await bulk(db, 'products', N, (i) => {
    const serial = `BG${String(c.userId).padStart(4, '0')}-${String(i + 1).padStart(6, '0')}`;
    // Titles not in serial order, so the two sorts differ.
    const title = `Насос ${['циркуляционный', 'дренажный', 'повысительный'][i % 3]} № ${(i * 7919) % N}`;
    return {
      serial,
      sku: `P-${i % 1000}`,
      title,
      description: null,
      picture_file_id: null,
      user_id: c.userId,
      organisation_id: c.orgIds[i % c.orgIds.length],
      object_id: c.objectIds[i % c.objectIds.length] ?? null,
      status: i % 4 === 0 ? 0 : 1,
      request_id: null,
      order_id: null,
      order_item_id: null,
      search: `${serial} ${title}`.toLowerCase(),
      created_at: c.iso(i),
      updated_at: c.iso(i),
    };
  });
  const ids = await idsAfter(db, 'products', before, c.userId);
  await bulk(db, 'product_access', ids.length, (i) => ({
    user_id: c.userId,
    product_id: ids[i],
    kind: 'owner',
    status: i % 4 === 0 ? 0 : 1,
    organisation_id: c.orgIds[i % c.orgIds.length],
    created_at: c.iso(i),
  }));
}

async function seedDispatching(db: Kysely<DB>, c: LargeContext): Promise<void> {
  await db.updateTable('users').set({ module_scada: 1 }).where('id', '=', c.userId).execute();
  const before = await maxId(db, 'scada_objects');
  await bulk(db, 'scada_objects', N, (i) => {
    const title = `ИТП № ${i + 1}`;
    const address = `г. Ижевск, ул. Заводская, ${(i % 300) + 1}`;
    return {
      key: `big-${c.userId}-${i + 1}`,
      title,
      organisation_id: c.orgIds[i % c.orgIds.length],
      address,
      search: `${title} ${address}`.toLowerCase(),
      driver: JSON.stringify({ type: 'simulator', poll_ms: 60_000 }),
      status: i % 5 === 0 ? 0 : 1,
      last_update_at: c.iso(i),
      live: null,
      created_at: c.iso(i),
      updated_at: c.iso(i),
    };
  });
  const ids = (
    await db
      .selectFrom('scada_objects')
      .select('id')
      .where('id', '>', before)
      .orderBy('id')
      .execute()
  ).map((r) => r.id);
  await bulk(db, 'scada_grants', ids.length, (i) => ({
    object_id: ids[i],
    user_id: c.userId,
    control: i % 2,
    created_at: c.iso(i),
  }));
  // Their poller leases are held by another (absent) instance until year 9999: a server started on
  // this database polls the demo objects, not 100,000 tagless ones (the poller's load is measured
  // by scripts/bench-scada.ts; here the lists are).
  await bulk(db, 'scada_leases', ids.length, (i) => ({
    name: `object:${ids[i]}`,
    holder: 'seed-large',
    expires_at: 253_402_300_799_000,
  }));
}

async function seedCalculations(db: Kysely<DB>, c: LargeContext): Promise<void> {
  const kinds = ['pump', 'station', 'to1', 'to2', 'flow-meter'];
  const statuses = ['saved', 'approved', 'ordered'];
  const before = await maxId(db, 'calculations');
  await bulk(db, 'calculations', N, (i) => {
    const request = `R-${String(before + i + 1).padStart(6, '0')}`;
    const title = `Подбор насоса для котельной № ${(i * 104_729) % N}`;
    return {
      user_id: c.userId,
      kind: kinds[i % kinds.length],
      request,
      title,
      inputs: '{}',
      result: '{}',
      chosen: '[]',
      total_kop: 100_00 * ((i % 700) + 1),
      organisation_id: null,
      object_id: null,
      status: statuses[i % statuses.length],
      order_id: null,
      search: `${request} ${title}`.toLowerCase(),
      created_at: c.iso(i),
      updated_at: c.iso(i),
    };
  });
}

const BTP_ROW = {
  organisation_id: null,
  object_id: null,
  status: 'draft',
  inputs: '{}',
  result: null,
  order_id: null,
};

async function seedBtp(db: Kysely<DB>, c: LargeContext): Promise<void> {
  await bulk(db, 'btp_projects', N, (i) => {
    const title = `Тепловой пункт № ${i + 1}`;
    return {
      ...BTP_ROW,
      user_id: c.userId,
      title,
      search: title.toLowerCase(),
      created_at: c.iso(i),
      updated_at: c.iso(i),
    };
  });
}

async function seedScans(db: Kysely<DB>, c: LargeContext): Promise<void> {
  const expires = new Date(Date.now() + 365 * DAY).toISOString();
  await bulk(db, 'scans', N, (i) => ({
    uniqid: `big${c.userId}x${String(i + 1).padStart(8, '0')}`,
    user_id: c.userId,
    order_id: null,
    organisation_id: null,
    object_id: null,
    doc_type: 'invoice',
    section: 'orders',
    file_name: `Счёт ${i + 1}.pdf`,
    format: 'pdf',
    size: 10_000,
    original_file: null,
    pdf_file: null,
    status: 'done',
    stage: null,
    done: 1,
    total: 1,
    error_key: null,
    error_format: null,
    summary: null,
    document: null,
    thumbs: null,
    mapping: null,
    checked_pages: null,
    saved_order_id: null,
    created_at: c.iso(i),
    updated_at: c.iso(i),
    expires_at: expires,
  }));
}

async function maxId(
  db: Kysely<DB>,
  table: 'objects' | 'orders' | 'support_requests' | 'products' | 'scada_objects' | 'calculations',
): Promise<number> {
  const r = await (db as unknown as Kysely<AnyTables>)
    .selectFrom(table)
    .select((eb) => eb.fn.max<number>('id').as('m'))
    .executeTakeFirst();
  return Number(r?.m ?? 0);
}

async function idsAfter(
  db: Kysely<DB>,
  table: 'objects' | 'orders' | 'support_requests' | 'products',
  after: number,
  userId: number,
): Promise<number[]> {
  return (
    await db
      .selectFrom(table)
      .select('id')
      .where('id', '>', after)
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute()
  ).map((r) => r.id);
}

setConfig(configOrExit());
try {
  const { db, engine } = database();
  const started = performance.now();
  await migrateToLatest(db);
  await seedDemo(db);
  const userId = await seedLarge(db);
  // Fresh statistics, so both planners see the sizes (PostgreSQL also sets the visibility map for
  // index-only counts).
  if (engine === 'postgres') await sql`vacuum analyze`.execute(db);
  else await sql`analyze`.execute(db);
  const secs = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    userId === null
      ? `${BIG_EMAIL} exists already on ${engine}`
      : `${BIG_EMAIL} (user ${userId}) seeded with ${N} rows of each kind on ${engine} in ${secs} s; password ${DEMO_PASSWORD}`,
  );
} catch (err) {
  console.error('seeding failed:', err instanceof Error ? (err.stack ?? err.message) : err);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
