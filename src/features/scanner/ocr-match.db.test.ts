// Scanned rows whose article Tesseract misread (issue 22): the look-alike strings it produced on 300
// DPI renders (`ОРТ-16` for DPT-16, `ОМУ` for DMV) are found among the popup's candidates and scored
// near the top, but an article equal only after OCR folding never ticks a row by itself.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { migratedDatabase } from '../../../tests/helpers/db.ts';
import { importItems } from '#features/catalogue/catalogue.server.ts';
import { candidatesFor, matchRows, type RowText } from './match.server.ts';
import type { ScanDB } from './scanner.tables.ts';

const database = migratedDatabase();
const owner = { userId: 1, organisationId: null };
const db = () => database.db as unknown as Kysely<ScanDB>;
const ids = new Map<string, number>();

const ITEMS: Array<[string, string]> = [
  ['DPT-16', 'Датчик давления 0-16 бар 4-20 мА DPT-16'],
  ['DPT-10', 'Датчик давления 0-10 бар 4-20 мА DPT-10'],
  ['DKM-38', 'Контактор AC-3 38 А DKM-38'],
  ['DPC-4', 'Контроллер насосной станции на 4 насоса DPC-4'],
  ['DMP-0.1-0.16', 'Автомат защиты двигателя 0,1-0,16 А DMP-0.1-0.16'],
  ['DMV 32/105-10-11/2', 'Насос многоступенчатый DMV 32/105-10-11/2'],
  ['DCR 40/8-0.37/4', 'Насос циркуляционный DCR 40/8-0.37/4'],
  ['DIL 80/11-1.5/4', 'Насос циркуляционный ин-лайн DIL 80/11-1.5/4'],
  ['DFC-55', 'Преобразователь частоты 55 кВт DFC-55'],
  ['DFC-5.5', 'Преобразователь частоты 5,5 кВт DFC-5.5'],
  ['DRL-3F', 'Реле контроля фаз DRL-3F'],
];

/** Misread article → the printed one (the first six as tesseract 5 rus+eng read them, the rest classic confusions). */
const MISREAD: Array<[string, string]> = [
  ['ОРТ-16', 'DPT-16'],
  ['ОКМ-38', 'DKM-38'],
  ['ОРС-4', 'DPC-4'],
  ['ОМР-0.1-0.16', 'DMP-0.1-0.16'],
  ['ОМУ 32/105-10-11/2', 'DMV 32/105-10-11/2'],
  ['ОСВ 40/8-0.37/4', 'DCR 40/8-0.37/4'],
  ['DlL 8O/11-1.5/4', 'DIL 80/11-1.5/4'],
  ['DRL-ЗF', 'DRL-3F'],
  ['DFC-S5', 'DFC-55'],
];

beforeAll(async () => {
  const results = await importItems(
    database.db,
    database.engine,
    ITEMS.map(([model, title], i) => ({
      sku: `OCR-${i}`,
      kind: 'other',
      title,
      model,
      manufacturer: 'Demo',
      price_kop: (i + 1) * 1000_00,
    })),
  );
  expect(results.every((r) => r.status === 'created')).toBe(true);
  for (const r of await database.db.selectFrom('catalogue_items').select(['id', 'model']).execute())
    ids.set(r.model, r.id);
});

const row = (marka: string, title = 'Изделие'): RowText => ({ title, marka, sku: '', man: '' });

describe('OCR look-alikes find candidates, never a confirmation by themselves', () => {
  it('every misread article (as the marking, or inside the name) lists the printed item among the candidates', async () => {
    const missing: string[] = [];
    const low: unknown[] = [];
    for (const [scanned, printed] of MISREAD)
      for (const r of [row(scanned), row('', `Изделие ${scanned}`)]) {
        const list = await candidatesFor(db(), database.engine, owner, r, '');
        const hit = list.find((c) => c.item.id === ids.get(printed));
        if (!hit) missing.push(`${r.marka || r.title} → ${printed}`);
        else if (hit.score < 0.8)
          low.push({ row: r.marka || r.title, score: hit.score, why: hit.why.map((w) => w.key) });
      }
    expect(missing).toEqual([]);
    expect(low).toEqual([]);
  });

  it('a row that stands only on the OCR-folded article is not ticked, and says why', async () => {
    const got = await matchRows(
      db(),
      database.engine,
      owner,
      MISREAD.map(([s]) => row(s)),
    );
    expect(
      got.filter((g) => g?.why.some((w) => w.key === 'scanner.api.why.ocr')).length,
    ).toBeGreaterThanOrEqual(5);
    for (const [i, [scanned, printed]] of MISREAD.entries()) {
      const keys = got[i]?.why.map((w) => w.key) ?? [];
      // Ticked only on the text's own similarity (one letter off in a long article), and then right.
      if (got[i]?.confident)
        expect({ scanned, id: got[i]!.item.id, ocr: keys.includes('scanner.api.why.ocr') }).toEqual(
          { scanned, id: ids.get(printed), ocr: false },
        );
      else if (got[i]?.score === 0.8) expect(keys).toContain('scanner.api.why.ocr');
    }
  });

  it('with the name read right, a misread article never ticks a wrong item', async () => {
    const rows = MISREAD.map(([scanned, printed]) =>
      row(scanned, ITEMS.find(([m]) => m === printed)![1].replace(printed, '')),
    );
    const got = await matchRows(db(), database.engine, owner, rows);
    for (const [i, [scanned, printed]] of MISREAD.entries())
      if (got[i]?.confident)
        expect({ scanned, id: got[i]!.item.id }).toEqual({ scanned, id: ids.get(printed) });
  });

  it('the search box text goes through the same OCR keys', async () => {
    const list = await candidatesFor(db(), database.engine, owner, row(''), 'ОРТ-16');
    expect(list.map((c) => c.item.id)).toContain(ids.get('DPT-16'));
    expect(list.every((c) => !c.confident)).toBe(true);
  });
});
