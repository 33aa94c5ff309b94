import { beforeAll, describe, expect, it } from 'vitest';
import { migratedDatabase } from '../../../tests/helpers/db.ts';
import { HttpError } from '#lib/http/api.ts';
import { DEFAULT_LAYOUT } from './layout.schema.ts';
import { getLayout, saveLayout } from './layout.server.ts';

const database = migratedDatabase();
let userId: number;
beforeAll(async () => {
  const t = new Date().toISOString();
  const row = await database.db
    .insertInto('users')
    .values({
      email: 'layout@test.example',
      name: 'Layout',
      surname: 'Test',
      account_type: 'personal',
      created_at: t,
      updated_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  userId = row.id;
});

const stored = async () =>
  database.db
    .selectFrom('users')
    .select('layout')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();

describe('layout settings storage', () => {
  it('gives the defaults to a user who never saved any', async () => {
    expect(getLayout(await stored())).toEqual(DEFAULT_LAYOUT);
  });

  it('saves settings (missing keys take their defaults) and reads them back', async () => {
    const saved = await saveLayout(
      userId,
      { 'aside.self.display': false, 'footer.layout': 'extended' },
      database.db,
    );
    expect(saved).toEqual({
      ...DEFAULT_LAYOUT,
      'aside.self.display': false,
      'footer.layout': 'extended',
    });
    expect(getLayout(await stored())).toEqual(saved);
  });

  it('refuses a wrong value with a 400 and keeps what was stored', async () => {
    const before = await stored();
    const error = await saveLayout(userId, { 'content.width': 'huge' }, database.db).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(400);
    expect((error as HttpError).message).toContain('content.width');
    expect(await stored()).toEqual(before);
  });

  it('resets to the defaults with null', async () => {
    expect(await saveLayout(userId, null, database.db)).toEqual(DEFAULT_LAYOUT);
    expect((await stored()).layout).toBeNull();
  });
});
