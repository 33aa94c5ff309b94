// SQLite on a full disk: the error people see is the disk's, not "cannot rollback - no transaction
// is active" (SQLite rolls the transaction back by itself on SQLITE_FULL, and the rollback that
// followed used to fail and take the error's place). A save answers 503 "no room", and a start
// that runs out of room names DATA_DIR. The disk is made full by capping the server's database
// at a page count (tests/helpers/sqlite-max-pages.ts): SQLite then fails writes with SQLITE_FULL.
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../../src/lib/db/index.ts';
import { ERP_KEY, integrationEnv } from '../helpers/backoffice.ts';
import { freshDatabase, onPostgres, type TestDatabase } from '../helpers/db.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sqliteMaxPages } from '../helpers/sqlite-max-pages.ts';

const file = (db: TestDatabase) => join(db.dataDir, 'cabinet.sqlite');
const pages = (path: string) => {
  const raw = new DatabaseSync(path);
  try {
    return Number((raw.prepare('pragma page_count').get() as { page_count: number }).page_count);
  } finally {
    raw.close();
  }
};

describe.skipIf(onPostgres())('SQLite out of room', () => {
  let database: TestDatabase;
  let server: TestServer | undefined;
  let seeded: number;
  beforeAll(async () => {
    database = await freshDatabase();
    const first = await startServer({}, database);
    await first.stop();
    // No free pages left inside the file: the next row that needs room needs a new page.
    const raw = new DatabaseSync(file(database));
    raw.exec('vacuum');
    raw.close();
    seeded = pages(file(database));
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it('a save answers 503 with the disk message, not the rollback text', async () => {
    server = await startServer({ ...sqliteMaxPages(1), ...integrationEnv }, database);
    // The back office records an order status with its comment: a single-row insert, which SQLite
    // answers on SQLITE_FULL by rolling the whole transaction back itself.
    const raw = new DatabaseSync(file(database));
    const order = raw
      .prepare("select id from orders where status <> 'in_production' limit 1")
      .get() as { id: number };
    raw.close();
    const res = await fetch(`${server.url}/api/integration/orders/${order.id}/status`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${ERP_KEY}`,
        'content-type': 'application/json',
        'accept-language': 'en',
      },
      body: JSON.stringify({ status: 'in_production', comment: 'Комментарий '.repeat(330) }),
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('30');
    expect(await res.json()).toEqual({
      message: 'There is no room to save this right now. Please try again later.',
    });
    expect(server.output()).toMatch(
      /WARN {2}api call: service unavailable .*database or disk is full/,
    );
    expect(server.output()).not.toMatch(/cannot rollback/);
  });

  it(
    'a start that runs out of room while creating the schema or the demo data names DATA_DIR and the full disk',
    { timeout: 90_000 },
    async () => {
      // The size with the schema alone; the caps fall between it and the seeded size, so the demo
      // data (written partly in transactions) runs out of room at different points.
      const schemaOnly = await freshDatabase();
      const handle = openDatabase({ kind: 'sqlite', file: file(schemaOnly) });
      await migrateToLatest(handle.db);
      await handle.close();
      const migrated = pages(file(schemaOnly));
      await schemaOnly.drop();
      expect(seeded).toBeGreaterThan(migrated + 40);
      for (const cap of [0.25, 0.5, 0.75].map((f) =>
        Math.round(migrated + f * (seeded - migrated)),
      )) {
        const fresh = await freshDatabase();
        const failed = await startServer(sqliteMaxPages(cap), fresh).then(
          async (s) => (await s.stop(), 'started'),
          (err: unknown) => String(err),
        );
        await fresh.drop();
        expect(failed, `cap ${cap}`).toMatch(
          /ERROR start failed: DATA_DIR: cannot use the SQLite database .* \(ERR_SQLITE_ERROR database or disk is full\) setting="DATA_DIR"/,
        );
        expect(failed, `cap ${cap}`).not.toMatch(/cannot rollback/);
      }
    },
  );
});
