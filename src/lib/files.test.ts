import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  canRead,
  contentDisposition,
  createFileStore,
  fileIdFromUrl,
  safeName,
} from './files.server.ts';
import { paths } from '#lib/paths.ts';

const root = mkdtempSync(join(tmpdir(), 'files-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('FileStore', () => {
  it('stores bytes under a generated id and reads them back', async () => {
    const store = createFileStore(root);
    const f = await store.put(new Uint8Array([1, 2, 3]), {
      owner: 7,
      kind: 'avatar',
      name: '../../etc/passwd',
      type: 'image/webp',
    });
    expect(f.id).toMatch(/^[A-Za-z0-9_-]{21}$/);
    expect(f.name).toBe('etc_passwd');
    expect(f.size).toBe(3);
    expect([...(await store.read(f.id))!]).toEqual([1, 2, 3]);
    expect(await store.info(f.id)).toEqual(f);
    await store.remove(f.id);
    expect(await store.read(f.id)).toBeNull();
    expect(await store.info(f.id)).toBeNull();
  });

  it('refuses ids that are not generated ones', async () => {
    const store = createFileStore(root);
    expect(await store.read('../x')).toBeNull();
    expect(await store.info('a'.repeat(22))).toBeNull();
  });

  it('maps ids to URLs and back', () => {
    const id = 'V1StGXR8_Z5jdHi6B-myT';
    expect(fileIdFromUrl(paths.files.one(id))).toBe(id);
    expect(fileIdFromUrl('/files/../secret')).toBeNull();
  });

  it('lets owners read everything and others only avatars', () => {
    const base = { id: 'x', name: 'a', type: 'image/webp', size: 1, created_at: '' };
    expect(canRead({ ...base, owner: 1, kind: 'document' }, { id: 1 })).toBe(true);
    expect(canRead({ ...base, owner: 1, kind: 'document' }, { id: 2 })).toBe(false);
    expect(canRead({ ...base, owner: 1, kind: 'avatar' }, { id: 2 })).toBe(true);
    expect(canRead({ ...base, owner: 1, kind: 'avatar' }, null)).toBe(false);
  });

  it('builds a safe Content-Disposition', () => {
    expect(safeName('Мой "файл".png')).toBe('Мой_файл_.png');
    expect(contentDisposition('attachment', 'Отчёт.pdf')).toBe(
      `attachment; filename="_____.pdf"; filename*=UTF-8''${encodeURIComponent('Отчёт.pdf')}`,
    );
  });
});
