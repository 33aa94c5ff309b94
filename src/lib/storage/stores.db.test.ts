// The same contract for every FileStore backend: local disk, the database (SQLite or, with
// TEST_DATABASE_URL, PostgreSQL) and S3 (a real S3-protocol server that checks signatures).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../../../tests/helpers/db.ts';
import { startS3, type TestS3 } from '../../../tests/helpers/s3.ts';
import { migrateToLatest, openDatabase, type Database } from '../db/index.ts';
import { createDatabaseStore } from './database.ts';
import { createLocalStore } from './local.ts';
import { createS3Store, parseS3Url, S3Error } from './s3.ts';
import { safeName, type FileStore } from './types.ts';

let testDb: TestDatabase;
let database: Database;
let s3: TestS3;
let dir: string;
const stores: Record<string, FileStore> = {};

beforeAll(async () => {
  testDb = await freshDatabase();
  database = openDatabase(
    testDb.url
      ? { kind: 'postgres', url: testDb.url }
      : { kind: 'sqlite', file: join(testDb.dataDir, 'cabinet.sqlite') },
  );
  await migrateToLatest(database.db);
  s3 = await startS3();
  dir = mkdtempSync(join(tmpdir(), 'files-'));
  stores.local = createLocalStore(dir);
  stores.database = createDatabaseStore(() => database.db);
  stores.s3 = createS3Store(parseS3Url(s3.url()));
});
afterAll(async () => {
  await database?.close();
  await testDb?.drop();
  await s3?.stop();
  rmSync(dir, { recursive: true, force: true });
});

// Every byte value, so no backend may treat the content as text.
const bytes = new Uint8Array(Array.from({ length: 70_000 }, (_, i) => (i * 7) % 256));

describe.each(['local', 'database', 's3'])('%s store', (kind) => {
  it('keeps the bytes and the description, and gives both back', async () => {
    const store = stores[kind]!;
    expect(store.kind).toBe(kind);
    const put = await store.put(bytes, {
      owner: 42,
      kind: 'support',
      name: 'Смета №1 (итог).xlsx',
      type: 'application/pdf',
    });
    expect(put).toMatchObject({
      owner: 42,
      kind: 'support',
      name: safeName('Смета №1 (итог).xlsx'),
      type: 'application/pdf',
      size: bytes.byteLength,
    });
    expect(put.id).toMatch(/^[A-Za-z0-9_-]{21}$/);
    expect(await store.info(put.id)).toEqual(put);
    expect(Buffer.compare(Buffer.from(bytes), (await store.read(put.id))!)).toBe(0);
    const got = await store.get(put.id);
    expect(got!.info).toEqual(put);
    expect(Buffer.compare(Buffer.from(bytes), got!.data)).toBe(0);
  });

  it('answers null for unknown and malformed ids, and forgets removed files', async () => {
    const store = stores[kind]!;
    const put = await store.put(new Uint8Array([1, 2, 3]), {
      owner: 1,
      kind: 'avatar',
      name: 'a.webp',
      type: 'image/webp',
    });
    for (const id of ['A'.repeat(21), '../../etc/passwd', '']) {
      expect(await store.info(id)).toBeNull();
      expect(await store.read(id)).toBeNull();
      expect(await store.get(id)).toBeNull();
    }
    await store.remove(put.id);
    expect(await store.info(put.id)).toBeNull();
    expect(await store.get(put.id)).toBeNull();
    await store.remove(put.id); // removing twice is not an error
  });
});

describe('S3 store', () => {
  it('signs every request: a wrong secret is refused by the server', async () => {
    const wrong = createS3Store(parseS3Url(s3.url('cabinet', 'not-the-secret')));
    const err = await wrong
      .put(new Uint8Array([1]), { owner: 1, kind: 'avatar', name: 'a', type: 'image/webp' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(S3Error);
    expect((err as S3Error).status).toBe(403);
    expect((err as S3Error).message).toMatch(/SignatureDoesNotMatch/);
  });

  it('reports a missing bucket', async () => {
    const store = createS3Store(parseS3Url(s3.url('no-such-bucket')));
    await expect(
      store.put(new Uint8Array([1]), { owner: 1, kind: 'avatar', name: 'a', type: 'image/webp' }),
    ).rejects.toThrow(/404 NoSuchBucket/);
  });

  it('reads its URL: credentials, bucket, prefix, region, scheme', () => {
    const loc = parseS3Url(
      's3://AK%2B1:se%2Fcret@storage.example:9000/bucket/some/prefix?region=ru-central1',
    );
    expect(loc).toMatchObject({
      bucket: 'bucket',
      prefix: 'some/prefix/',
      virtual: false,
      key: { accessKeyId: 'AK+1', secretAccessKey: 'se/cret', region: 'ru-central1' },
    });
    expect(loc.endpoint.href).toBe('https://storage.example:9000/');
    expect(parseS3Url('s3+http://a:b@h/b').endpoint.protocol).toBe('http:');
    expect(() => parseS3Url('s3://h/bucket')).toThrow(/access key/);
    expect(() => parseS3Url('s3://a:b@h/')).toThrow(/bucket/);
  });
});
