// Uploads through the file-store adapter as users see them: two instances on one database serve each
// other's uploads (no file on either instance's disk), S3-compatible storage behind a real S3-protocol
// server, and the one 404 of a missing stored file on every file route.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Store, parseS3Url } from '../../src/lib/storage/s3.ts';
import { apiClient } from '../helpers/api-client.ts';
import { onPostgres } from '../helpers/db.ts';
import { startS3, type TestS3 } from '../helpers/s3.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';

const OLGA = 'olga.demidova@demo.example';
const otherDataDir = mkdtempSync(join(tmpdir(), 'cabinet-second-'));
let a: TestServer;
let b: TestServer;
let s3: TestS3;
let c: TestServer;

const filesOnDisk = (dataDir: string): string[] => {
  try {
    return readdirSync(join(dataDir, 'files'), { recursive: true }).map(String);
  } catch {
    return [];
  }
};

async function uploadAvatar(server: TestServer, token: string): Promise<string> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c62828' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('avatar', new Blob([new Uint8Array(png)]), 'me.png');
  const r = await apiClient(server)('/api/v1/profile/avatar', { token, body: form });
  expect(r.status, JSON.stringify(r.data)).toBe(200);
  return r.data.data.avatar as string;
}

const download = (server: TestServer, url: string, token: string) =>
  fetch(new URL(url, server.url), { headers: { Authorization: `Bearer ${token}` } });

beforeAll(async () => {
  // Two instances on the same database, each with its own DATA_DIR. On PostgreSQL the database store
  // is the default; on SQLite (one file both processes open) it is asked for explicitly.
  const store: Record<string, string> = onPostgres() ? {} : { FILE_STORE: 'database' };
  a = await startServer(store);
  const sqliteFile = `file://${join(a.database.dataDir, 'cabinet.sqlite')}`;
  b = await startServer(
    { DATA_DIR: otherDataDir, DATABASE_URL: a.database.url ?? sqliteFile, ...store },
    a.database,
  );
  s3 = await startS3();
}, 90_000);
afterAll(async () => {
  await b?.stop();
  await c?.stop();
  await a?.stop();
  await s3?.stop();
  rmSync(otherDataDir, { recursive: true, force: true });
});

describe('two instances on one database', () => {
  it('a file uploaded through one instance downloads through the other', async () => {
    const { token } = await sessionFor(a, OLGA);
    const url = await uploadAvatar(a, token);
    const [fromA, fromB] = await Promise.all([download(a, url, token), download(b, url, token)]);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/webp');
    expect(fromA.status).toBe(200);
    expect(
      Buffer.compare(
        Buffer.from(await fromA.arrayBuffer()),
        Buffer.from(await fromB.arrayBuffer()),
      ),
    ).toBe(0);
    // Nothing on either instance's disk: a third instance would find it too.
    expect(filesOnDisk(a.database.dataDir)).toEqual([]);
    expect(filesOnDisk(otherDataDir)).toEqual([]);
    // Replacing the avatar through B removes the old file for A as well.
    await uploadAvatar(b, token);
    expect((await download(a, url, token)).status).toBe(404);
  });

  it.runIf(onPostgres())('uses the shared database store by default on PostgreSQL', async () => {
    const { token } = await sessionFor(b, OLGA);
    const url = await uploadAvatar(b, token);
    expect((await download(a, url, token)).status).toBe(200);
    expect(filesOnDisk(a.database.dataDir)).toEqual([]);
    expect(filesOnDisk(otherDataDir)).toEqual([]);
  });
});

describe('S3-compatible object storage', () => {
  it('keeps uploads in the bucket and serves them back', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cabinet-s3-instance-'));
    c = await startServer(
      {
        DATA_DIR: dataDir,
        DATABASE_URL: a.database.url ?? `file://${join(a.database.dataDir, 'cabinet.sqlite')}`,
        FILE_STORE: s3.url(),
      },
      a.database,
    );
    const { token, userId } = await sessionFor(c, OLGA);
    const url = await uploadAvatar(c, token);
    const id = url.split('/').pop()!;
    const object = await createS3Store(parseS3Url(s3.url())).info(id);
    expect(object).toMatchObject({
      id,
      owner: userId,
      kind: 'avatar',
      type: 'image/webp',
      name: 'avatar.webp',
    });
    const r = await download(c, url, token);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toMatch(/^inline; filename="avatar\.webp"/);
    expect(Number(r.headers.get('content-length'))).toBe(object!.size);
    expect(filesOnDisk(dataDir)).toEqual([]);
    rmSync(dataDir, { recursive: true, force: true });
  });
});

describe('stored-file answers', () => {
  it('answers a missing file the same way on every file route: the error page, or JSON for the API', async () => {
    const { token, cookie } = await sessionFor(a, OLGA);
    const missing = 'AAAAAAAAAAAAAAAAAAAAA';
    const pages = [
      `/files/${missing}`,
      `/media/${missing}`,
      `/support/files/${missing}`,
      '/files/not-an-id',
    ];
    const html = await Promise.all(
      pages.map((p) => fetch(new URL(p, a.url), { headers: { cookie, accept: 'text/html' } })),
    );
    for (const [i, r] of html.entries()) {
      expect(r.status, pages[i]).toBe(404);
      expect(r.headers.get('content-type'), pages[i]).toMatch(/^text\/html/);
      expect(await r.text(), pages[i]).toMatch(/<html/i);
    }
    const json = await Promise.all(
      pages.map((p) =>
        fetch(new URL(p, a.url), {
          headers: { Authorization: `Bearer ${token}`, accept: 'application/json' },
        }),
      ),
    );
    const bodies = await Promise.all(json.map((r) => r.json() as Promise<{ message: string }>));
    for (const [i, r] of json.entries()) {
      expect(r.status, pages[i]).toBe(404);
      expect(bodies[i]!.message, pages[i]).toMatch(/not found/i);
    }
  });
});
