// The wizard's "download sample" specification against the demo catalogue (issue 22): read as the
// scanner reads an xlsx (cells, suggested mapping, rows), every one of its six positions is matched
// to the demo item its marking names and ticked by itself, in every language of the sample.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { migratedDatabase } from '../../../../tests/helpers/db.ts';
import { translator } from '#lib/i18n/index.ts';
import { seedDemoCatalogue } from '#features/catalogue-demo/seed.server.ts';
import { extractXlsx } from '../recognition/office.ts';
import { buildRows } from '../recognition/rows.ts';
import { matchRows } from '../match.server.ts';
import type { ScanDB } from '../scanner.tables.ts';
import { DEFAULT_MAPPING } from './model.ts';
import { sampleSpecification } from './sample.server.ts';

const database = migratedDatabase();
const owner = { userId: 1, organisationId: null };
const db = () => database.db as unknown as Kysely<ScanDB>;

beforeAll(async () => {
  expect(await seedDemoCatalogue(database.db)).toBeGreaterThan(600);
});

describe('the sample specification matches the demo catalogue', () => {
  it.each(['ru', 'en'] as const)(
    '6 of 6 positions ticked, each the item its marking names (%s)',
    async (lang) => {
      const doc = await extractXlsx(
        new Uint8Array(await sampleSpecification(translator(lang))),
        'xlsx',
      );
      // Russian headings are recognised and suggest the mapping; the English sample is read with the
      // Form 1 layout the wizard preselects (its headings are not in the recogniser's vocabulary).
      const mapping = lang === 'ru' ? doc.suggestedMapping : DEFAULT_MAPPING;
      expect(mapping).not.toBeNull();
      const rows = buildRows(doc, mapping!, [1]);
      expect(rows.map((r) => r.marka)).toEqual([
        'DIL 100/34-7,5/2',
        'DMV 25/42-8-0,75/2',
        'DSHU-2x7,5-F',
        'DFC-7,5',
        'DPT-16',
        'DRL-3F',
      ]);
      const got = await matchRows(
        db(),
        database.engine,
        owner,
        rows.map((r) => ({ title: r.title, marka: r.marka, sku: r.sku, man: r.man })),
      );
      const models = got.map((g) => (g?.confident ? g.item.model : null));
      expect(models).toEqual([
        'DIL 100/34-7.5/2',
        'DMV 25/42-8-0.75/2',
        'DSHU-2x7.5-F',
        'DFC-7.5',
        'DPT-16',
        'DRL-3F',
      ]);
    },
  );

  it('the demo titles are Russian, name the model once, and one model is one item', async () => {
    const items = await database.db
      .selectFrom('catalogue_items')
      .select(['model', 'title'])
      .execute();
    expect(new Set(items.map((i) => i.model)).size).toBe(items.length);
    for (const i of items) {
      expect(i.title).not.toMatch(/Demo|demo/);
      expect(i.title).toMatch(/[А-Яа-я]/);
      expect(i.title.split(i.model).length - 1).toBe(1);
    }
    expect(items.find((i) => i.model === 'DFC-7.5')?.title).toBe(
      'Преобразователь частоты 7,5 кВт DFC-7.5',
    );
  });
});
