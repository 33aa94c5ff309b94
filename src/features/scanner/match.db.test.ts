// The scanner's matching entry point (matchRows) against a catalogue holding articles that differ
// only by a decimal point (issue 22): each text is matched to its own item, an exact key confirms
// by itself only when it names one item, and a text that does not settle the number ticks nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { migratedDatabase } from '../../../tests/helpers/db.ts';
import { importItems } from '#features/catalogue/catalogue.server.ts';
import { candidatesFor, matchRows, rememberSynonyms, type RowText } from './match.server.ts';
import type { Kysely } from 'kysely';
import type { ScanDB } from './scanner.tables.ts';

const database = migratedDatabase();
const owner = { userId: 1, organisationId: null };
const other = (
  sku: string,
  title: string,
  model: string,
  manufacturer = 'ДКС',
  price_kop = 100_00,
) => ({ sku, kind: 'other', title, model, manufacturer, price_kop });
const row = (marka: string, title = 'Шкаф', man = ''): RowText => ({ title, marka, sku: '', man });
const ids: Record<string, number> = {};

beforeAll(async () => {
  const results = await importItems(database.db, database.engine, [
    other('T-DFC-55', 'Фильтр DFC-55', 'DFC-55', 'ДКС', 550_00),
    other('T-DFC-5-5', 'Фильтр DFC-5.5', 'DFC-5.5', 'ДКС', 55_00),
    other('T-DSHU-4x22', 'Шкаф управления DSHU-4x22-D', 'DSHU-4x22-D'),
    other('T-DSHU-4x2-2', 'Шкаф управления DSHU-4x2.2-D', 'DSHU-4x2.2-D'),
    other('T-TWIN-A', 'Реле контроля RK-10', 'RK-10', 'Alpha'),
    other('T-TWIN-B', 'Реле контроля RK-10', 'RK-10', 'Beta'),
  ]);
  expect(results.every((r) => r.status === 'created')).toBe(true);
  for (const r of await database.db
    .selectFrom('catalogue_items')
    .select(['id', 'model', 'manufacturer'])
    .execute())
    ids[`${r.model}|${r.manufacturer}`] = r.id;
});

const db = () => database.db as unknown as Kysely<ScanDB>;

describe('article matching keeps number boundaries', () => {
  it('each text is matched to its own item, confirmed by the exact key', async () => {
    const cases: Array<[string, string]> = [
      ['DFC-55', 'DFC-55|ДКС'],
      ['DFC-5.5', 'DFC-5.5|ДКС'],
      ['DFC-5,5', 'DFC-5.5|ДКС'],
      ['dfc 5.5', 'DFC-5.5|ДКС'],
      ['DFС-55', 'DFC-55|ДКС'], // Cyrillic С
      ['DSHU-4x22-D', 'DSHU-4x22-D|ДКС'],
      ['DSHU-4х2,2-D', 'DSHU-4x2.2-D|ДКС'],
      ['DSHU 4x2.2 D', 'DSHU-4x2.2-D|ДКС'],
    ];
    const got = await matchRows(
      db(),
      database.engine,
      owner,
      cases.map(([m]) => row(m)),
    );
    for (const [i, [marka, want]] of cases.entries()) {
      expect({
        marka,
        id: got[i]?.item.id,
        confident: got[i]?.confident,
        score: got[i]?.score,
      }).toEqual({ marka, id: ids[want], confident: true, score: 1 });
    }
  });

  it('a text that does not settle the number is not confirmed: 0 wrong automatic matches', async () => {
    const texts = ['DFC-5 5', 'DFC', 'DFC-5', 'DFC-5O', 'DSHU-4x2-2-D', 'DSHU-4x2 2-D', 'DSHU'];
    const got = await matchRows(
      db(),
      database.engine,
      owner,
      texts.map((t) => row(t, 'Фильтр')),
    );
    for (const [i, t] of texts.entries())
      expect({ t, confident: got[i]?.confident ?? false }).toEqual({ t, confident: false });
  });

  it('the popup still shows both items of an unsettled number', async () => {
    const list = await candidatesFor(db(), database.engine, owner, row('DFC', 'Фильтр DFC'), '');
    const shown = list.map((c) => c.item.id);
    expect(shown).toContain(ids['DFC-55|ДКС']);
    expect(shown).toContain(ids['DFC-5.5|ДКС']);
    expect(list.every((c) => !c.confident)).toBe(true);
  });

  it('one key naming two catalogue items is confirmed only when the manufacturer picks one', async () => {
    const [none, alpha, beta] = await matchRows(db(), database.engine, owner, [
      row('RK-10', 'Реле'),
      row('RK-10', 'Реле', 'Alpha'),
      row('RK 10', 'Реле', 'Beta'),
    ]);
    expect(none).toMatchObject({ confident: false });
    expect(none!.score).toBeLessThan(1);
    expect(alpha).toMatchObject({ confident: true, score: 1, item: { id: ids['RK-10|Alpha'] } });
    expect(beta).toMatchObject({ confident: true, score: 1, item: { id: ids['RK-10|Beta'] } });
  });

  it('a learned article pair answers only its own article', async () => {
    const who = { userId: 77, organisationId: null };
    await rememberSynonyms(db(), who, [
      { row: row('DFC-5.5', 'Фильтр'), cid: ids['DFC-5.5|ДКС']! },
    ]);
    const [same, other55] = await matchRows(db(), database.engine, who, [
      row('DFC-5,5', 'Фильтр'),
      row('DFC-55', 'Фильтр'),
    ]);
    expect(same).toMatchObject({ item: { id: ids['DFC-5.5|ДКС'] }, confident: true });
    expect(other55).toMatchObject({ item: { id: ids['DFC-55|ДКС'] }, confident: true });
  });

  it('hostile article texts match nothing and never throw', async () => {
    const got = await matchRows(db(), database.engine, owner, [
      row('1e308', ''),
      row('NaN', ''),
      row('-5', ''),
      row('.'.repeat(5000), ''),
    ]);
    for (const g of got) expect(g?.confident ?? false).toBe(false);
  });
});
