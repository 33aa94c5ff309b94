// The scanner's API on the demo catalogue for the two cases of issue 22 the popup has to explain:
// a marking that does not settle a number (DFC-5 5: DFC-55 or DFC-5.5?) is not ticked, scan.do says
// why and scan.candidates lists both items with the numbers that differ; a marking misread by OCR
// (a Cyrillic O for the D of DPT-16) is not ticked either, and its item is among the candidates with
// the reason.
import { describe } from 'vitest';
import { expect, gostSheet, GOST_MAPPING, test as it } from '../helpers/scanner.ts';

describe('scan.do and scan.candidates explain what was not ticked', () => {
  it(
    'an unsettled number and an OCR-misread marking: not ticked, said why, candidates with the differing numbers',
    { timeout: 120_000 },
    async ({ api, customers, scan }) => {
      const call = (path: string, fields: Record<string, string>, get = false) =>
        get
          ? api(`${path}?${new URLSearchParams(fields)}`, {
              token: customers.olga.token,
              tokenInQuery: true,
              lang: 'en',
            })
          : api(path, {
              token: customers.olga.token,
              tokenInQuery: true,
              body: new URLSearchParams(fields),
              lang: 'en',
            });
      const sheet = await gostSheet([
        ['1', 'Преобразователь частоты', 'DFC-5 5', '', '', 'шт.', 1],
        ['2', 'Датчик', 'ОРТ-16', '', '', 'шт.', 2],
      ]);
      const up = await scan(sheet, 'twins.xlsx');
      expect(up.status.status).toBe('ready');
      const done = await call('/api/app/scan.do', {
        uniqid: up.uniqid,
        ...GOST_MAPPING,
        pages: '1',
      });
      expect(done.status).toBe(200);
      const [twin, misread] = done.data.entities;
      expect([twin.cid, misread.cid]).toEqual([0, 0]);
      expect(twin.match.hold).toMatch(
        /^Not ticked automatically: similar items differ only in a number \(DFC-5\.5 \/ DFC-55|^Not ticked automatically: similar items differ only in a number \(DFC-55 \/ DFC-5\.5/,
      );

      const c1 = await call(
        '/api/app/scan.candidates',
        { uniqid: up.uniqid, index: String(twin.index) },
        true,
      );
      expect(c1.status).toBe(200);
      const byArticle = new Map<string, { differs?: string[] }>(
        c1.data.candidates.map((c: { article: string; differs?: string[] }) => [c.article, c]),
      );
      expect(byArticle.get('DFC-55')?.differs).toContain('55');
      expect(byArticle.get('DFC-5.5')?.differs).toContain('5.5');

      const c2 = await call(
        '/api/app/scan.candidates',
        { uniqid: up.uniqid, index: String(misread.index) },
        true,
      );
      const dpt = c2.data.candidates.find((c: { article: string }) => c.article === 'DPT-16');
      expect(dpt).toBeDefined();
      expect(dpt.why.join(' ')).toContain(
        'Article matches allowing for scan recognition errors: DPT-16',
      );
    },
  );
});
