// The office readers and the row builder over our generated GOST 21.110 corpus: every document in
// xlsx and docx (no LibreOffice), plus one .doc round trip (two LibreOffice runs, the most this
// suite allows itself), each must reach F1 ≥ 0.95 against the ground truth in tests/fixtures/scanner.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPECS, generateCorpus, readTruth, truthOf } from '../../../../scripts/scanner-corpus.ts';
import { score } from '../../../../scripts/scanner-accuracy.ts';
import { extractDocx, extractXlsx } from './office.ts';
import { buildRows } from './rows.ts';
import { convertOffice } from './libreoffice.ts';
import { DEFAULT_MAPPING } from './types.ts';
import type { ExtractedDocument } from './types.ts';

let dir = '';
let files: Awaited<ReturnType<typeof generateCorpus>> = {};

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'scanner-corpus-test-'));
  files = await generateCorpus({ outDir: dir, variants: ['xlsx', 'docx'], writeTruth: false });
  const doc = await generateCorpus({
    outDir: dir,
    variants: ['doc'],
    docs: ['itp'],
    writeTruth: false,
  });
  files.itp!.doc = doc.itp!.doc;
}, 90_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function rowsOf(doc: Omit<ExtractedDocument, 'pdf'>) {
  return buildRows(
    doc,
    doc.suggestedMapping ?? DEFAULT_MAPPING,
    doc.pages.map((p) => p.page),
  );
}

describe('corpus ground truth', () => {
  it('matches the committed truth files', () => {
    for (const spec of SPECS) expect(readTruth(spec.name)).toEqual(truthOf(spec));
  });
});

describe.each(SPECS.map((s) => s.name))('document %s', (name) => {
  const spec = SPECS.find((s) => s.name === name)!;
  const columns = spec.layout?.fields.length ?? 9;
  // The wide sheet's mapping (quantity in column 11) is suggested from its headings.
  const expected = spec.mapping
    ? {
        pos: spec.mapping.pos,
        title: spec.mapping.title,
        unit: spec.mapping.unit,
        count: spec.mapping.count,
      }
    : DEFAULT_MAPPING;
  // Positions, names and the section each belongs to: a heading is never glued onto a name.
  const outline = (rows: { pos: string; title: string; section: string }[]) =>
    rows.map((r) => [r.pos, r.title, r.section]);

  it('xlsx reaches F1 ≥ 0.95 with the suggested mapping, headings as sections', async () => {
    const doc = await extractXlsx(readFileSync(files[name]!.xlsx!));
    expect(doc.suggestedMapping).toMatchObject(expected);
    expect(doc.pages.length).toBe(spec.pages.length);
    expect(doc.pages.every((p) => p.hasTable)).toBe(true);
    expect(doc.columnCount).toBe(columns);
    const rows = rowsOf(doc);
    const s = score(readTruth(name), rows);
    expect(s.f1).toBeGreaterThanOrEqual(0.95);
    expect(outline(rows)).toEqual(outline(readTruth(name)));
  });

  it('docx reaches F1 ≥ 0.95 with the suggested mapping, headings as sections', async () => {
    const doc = await extractDocx(readFileSync(files[name]!.docx!));
    expect(doc.suggestedMapping).toMatchObject(expected);
    expect(doc.pages.length).toBe(spec.pages.length);
    const rows = rowsOf(doc);
    const s = score(readTruth(name), rows);
    expect(s.f1).toBeGreaterThanOrEqual(0.95);
    expect(outline(rows)).toEqual(outline(readTruth(name)));
  });
});

describe('legacy .doc through LibreOffice', () => {
  it('reads back with F1 ≥ 0.95', async () => {
    const docx = await convertOffice(readFileSync(files.itp!.doc!), 'doc', 'docx');
    const doc = await extractDocx(docx, 'doc');
    expect(doc.format).toBe('doc');
    const s = score(readTruth('itp'), rowsOf(doc));
    expect(s.f1).toBeGreaterThanOrEqual(0.95);
  }, 60_000);
});

describe('recognised details', () => {
  it('keeps sections, joins continuation lines, resolves «То же» and free-text quantities', async () => {
    const rows = rowsOf(await extractXlsx(readFileSync(files.itp!.xlsx!)));
    const byPos = new Map(rows.map((r) => [r.pos, r]));
    expect(byPos.get('1')).toMatchObject({
      section: 'Теплообменное оборудование',
      title: 'Теплообменник пластинчатый разборный для системы отопления, Q=450 кВт, 95/70 °С',
      count: 1,
    });
    expect(byPos.get('3')!.title).toBe(byPos.get('2')!.title);
    expect(byPos.get('4')).toMatchObject({ count: 2, countText: '2 (1 раб.+1 рез.)' });
    expect(byPos.get('5')!.marka).toBe('CR 3-8 A-A-A-E-HQQE');
    expect(byPos.get('9')).toMatchObject({ count: 32, countText: '29+3 (10%)=32' });
    expect(byPos.get('19')).toMatchObject({
      unit: 'м',
      count: 12.5,
      page: 2,
      section: 'Трубопроводы и материалы',
    });
    expect(byPos.get('20')).toMatchObject({ unit: 'м', count: 36 });
    expect(byPos.get('22')).toMatchObject({ unit: 'кг', count: 0.75 });
    expect(rows.some((r) => /Изм|Лист/.test(r.title))).toBe(false);
  });

  it('reads docx merges: vMerge-continued cells and gridSpan section rows', async () => {
    const doc = await extractDocx(readFileSync(files.itp!.docx!));
    const section = doc.lines.find((l) => l.cells[1] === 'Насосное оборудование')!;
    expect(section.cells.filter(Boolean)).toEqual(['Насосное оборудование']);
    expect(section.emphasised).toBe(true);
    const rows = rowsOf(doc);
    expect(rows.find((r) => r.pos === '7')).toMatchObject({
      title: 'Клапан регулирующий седельный с электроприводом AME 435 QM, Kvs=16 м3/ч, Ду 32',
      unit: 'компл.',
      count: 1,
    });
  });
});
