// GET /api/v1/home against the real server: version and change log from the product's CHANGELOG.md,
// the counters (following the user's orders), and the news.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { parseChangelog } from '../../src/features/home/changelog.ts';
import { customersForFile } from '../helpers/api-client.ts';

const { api, olga, dmitry } = await customersForFile();

const home = async (token: string) => (await api('/api/v1/home', { token })).data.data;

it("answers the spec's fields, the version and change log coming from CHANGELOG.md", async () => {
  const r = await api('/api/v1/home', { token: olga });
  expect(r.status).toBe(200);
  const d = r.data.data;
  expect(Object.keys(d).sort()).toEqual([
    'changeLog',
    'news',
    'request_count',
    'sales_count',
    'version',
  ]);
  const log = parseChangelog(readFileSync(new URL('../../CHANGELOG.md', import.meta.url), 'utf8'));
  expect(log.version).not.toBeNull();
  expect(d.version).toEqual(log.version);
  expect(d.version.date).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
  expect(d.changeLog.length).toBeGreaterThan(0);
  expect(d.changeLog).toEqual(log.changeLog);
  expect(Object.keys(d.changeLog[0])).toEqual(
    expect.arrayContaining(['id', 'dateClear', 'typeColor', 'title', 'text']),
  );
  expect(d.news).toHaveLength(3);
  expect(Object.keys(d.news[0]).sort()).toEqual(['description', 'id', 'preview', 'title', 'url']);
  expect(d.news[0].url).toMatch(/^https:\/\//);
});

it("counts the user's calculations (none are stored yet) and orders outside the archive", async () => {
  expect(await home(olga)).toMatchObject({ request_count: 0, sales_count: 5 });
  expect(await home(dmitry)).toMatchObject({ request_count: 0, sales_count: 3 });
  const created = await api('/api/app/sales.store', {
    token: dmitry,
    body: new URLSearchParams({ items: JSON.stringify([{ title: 'Pump', quantity: 1 }]) }),
  });
  expect((await home(dmitry)).sales_count).toBe(4);
  await api('/api/app/sales.update_no_protect?archive=1', {
    token: dmitry,
    body: new URLSearchParams({ id: String(created.data.sales_id) }),
  });
  expect((await home(dmitry)).sales_count).toBe(3);
});

it('refuses anonymous calls', async () => {
  expect((await api('/api/v1/home')).status).toBe(401);
});
