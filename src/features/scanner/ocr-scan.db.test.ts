// A real scan through the real pipeline (issue 22): a ruled Form 1 table of demo articles rendered at
// 300 DPI (slight tilt, blur), read by Tesseract (rus+eng) as an uploaded PNG would be, its rows
// matched against the seeded demo catalogue. Tesseract reads the Latin D of the demo articles inside
// Russian text as a Cyrillic O (`DPT-16` comes back `ОРТ-16`): every row still lists its item among
// the popup's candidates, and nothing is ticked wrongly. Both engines.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDatabase } from '../../../tests/helpers/db.ts';
import { seedDemoCatalogue } from '#features/catalogue-demo/seed.server.ts';
import { extractDocument } from './recognition/index.ts';
import { buildRows } from './recognition/rows.ts';
import type { RecognisedRow } from './recognition/types.ts';
import { candidatesFor, matchRows, type RowText } from './match.server.ts';
import type { ScanDB } from './scanner.tables.ts';

const HEADS = [
  'Поз.',
  'Наименование и техническая характеристика',
  'Тип, марка',
  'Код продукции',
  'Поставщик',
  'Ед. изм.',
  'Кол.',
  'Масса, кг',
  'Примечание',
];
const ROWS: Array<[string, string, string]> = [
  ['Датчик давления 0-16 бар', 'DPT-16', 'Demo Electric'],
  ['Контактор 38 А', 'DKM-38', 'Demo Electric'],
  ['Контроллер насосной станции', 'DPC-4', 'Demo Electric'],
  ['Насос многоступенчатый', 'DMV 25/42-8-0.75/2', 'Demo Pumps'],
  ['Насос циркуляционный', 'DCR 50/8-0.37/4', 'Demo Pumps'],
  ['Автомат защиты двигателя', 'DMP-0.1-0.16', 'Demo Electric'],
  ['Реле контроля фаз', 'DRL-3F', 'Demo Electric'],
  ['Преобразователь частоты', 'DFC-7.5', 'Demo Electric'],
];

/** The table as a 300 DPI greyscale scan: ruled cells, Liberation Sans, tilted 0.3 degrees, blurred. */
async function scanImage(): Promise<Buffer> {
  const widths = [70, 760, 380, 180, 300, 110, 90, 130, 200];
  const xs = widths.reduce((a, w) => [...a, a.at(-1)! + w], [60]);
  const lines = [
    HEADS,
    HEADS.map((_, i) => String(i + 1)),
    ...ROWS.map(([title, marka, man], i) => [
      String(i + 1),
      title,
      marka,
      '',
      man,
      'шт.',
      '1',
      '',
      '',
    ]),
  ];
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  let svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${xs.at(-1)! + 60}" height="${lines.length * 70 + 200}"><rect width="100%" height="100%" fill="#fff"/>`;
  lines.forEach((cells, r) =>
    cells.forEach((c, i) => {
      const y = 100 + r * 70;
      svg += `<rect x="${xs[i]}" y="${y}" width="${widths[i]}" height="70" fill="none" stroke="#000" stroke-width="3"/><text x="${xs[i]! + 10}" y="${y + 46}" font-family="Liberation Sans" font-size="${r === 0 ? 26 : 34}">${esc(c)}</text>`;
    }),
  );
  return sharp(Buffer.from(`${svg}</svg>`))
    .greyscale()
    .rotate(0.3, { background: '#fff' })
    .blur(0.7)
    .withMetadata({ density: 300 })
    .png()
    .toBuffer();
}

const database = migratedDatabase();
const owner = { userId: 1, organisationId: null };
const db = () => database.db as unknown as Kysely<ScanDB>;
const work = mkdtempSync(join(tmpdir(), 'ocr-scan-'));
let rows: RecognisedRow[] = [];

beforeAll(async () => {
  await seedDemoCatalogue(database.db);
  const doc = await extractDocument(new Uint8Array(await scanImage()), 'spec.png', {
    workDir: work,
  });
  rows = buildRows(doc, doc.suggestedMapping!, [1]);
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

const text = (r: RecognisedRow): RowText => ({
  title: r.title,
  marka: r.marka,
  sku: r.sku,
  man: r.man,
});

describe('a scanned specification of demo articles', () => {
  it('reads every row, and OCR misreads some articles into look-alikes (the case this covers)', () => {
    expect(rows).toHaveLength(ROWS.length);
    const misread = rows.filter((r, i) => r.marka !== ROWS[i]![1]).map((r) => r.marka);
    console.log(
      `scanned articles read as printed: ${ROWS.length - misread.length}/${ROWS.length}; misread: ${misread.join(', ')}`,
    );
    expect(misread.length).toBeGreaterThan(0);
  });

  it('every row lists its printed item among the popup candidates; no wrong tick', async () => {
    const want = await database.db
      .selectFrom('catalogue_items')
      .select(['id', 'model'])
      .where(
        'model',
        'in',
        ROWS.map((r) => r[1]),
      )
      .execute();
    const idOf = new Map(want.map((w) => [w.model, w.id]));
    const lost: string[] = [];
    for (const [i, r] of rows.entries()) {
      const list = await candidatesFor(db(), database.engine, owner, text(r), '');
      if (!list.some((c) => c.item.id === idOf.get(ROWS[i]![1])))
        lost.push(`${r.marka} (${ROWS[i]![1]})`);
    }
    expect(want).toHaveLength(ROWS.length);
    expect(lost).toEqual([]);
    const got = await matchRows(db(), database.engine, owner, rows.map(text));
    for (const [i, g] of got.entries())
      if (g?.confident)
        expect({ row: rows[i]!.marka, id: g.item.id }).toEqual({
          row: rows[i]!.marka,
          id: idOf.get(ROWS[i]![1]),
        });
  });
});
