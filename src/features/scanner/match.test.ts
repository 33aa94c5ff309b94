// Scoring of a recognised row against catalogue items: numbers that disagree (DN50 vs DN100) sink an
// otherwise equal candidate, the manufacturer lifts one, and the reasons say why.
import { describe, expect, it } from 'vitest';
import { scoreText, similarity, synonymKeys, type CatalogueHit } from './match.server.ts';

const item = (id: number, title: string, model: string, manufacturer = 'Broen'): CatalogueHit => ({
  id,
  sku: `S-${id}`,
  title,
  model,
  manufacturer,
  price_kop: 100_00,
});

describe('scanner matching scores', () => {
  it('DN50 in the row prefers the DN50 item over the DN100 one', () => {
    const row = { title: 'Кран шаровой Ду 50', marka: '', sku: '', man: '' };
    const dn50 = scoreText(row, item(1, 'Кран шаровой DN50', 'BV-50'));
    const dn100 = scoreText(row, item(2, 'Кран шаровой DN100', 'BV-100'));
    expect(dn50.score).toBeGreaterThan(dn100.score);
    expect(dn100.conflict).toBe(true);
    expect(dn100.why).toContainEqual({
      key: 'scanner.api.why.numbersDiffer',
      params: { numbers: '100' },
    });
    expect(dn50.why).toContainEqual({ key: 'scanner.api.why.numbers', params: { numbers: '50' } });
  });

  it('the manufacturer adds to the score, with its reason', () => {
    const row = { title: 'Насос для системы отопления', marka: '', sku: '', man: 'Grundfos' };
    const same = scoreText(row, item(1, 'Циркуляционный насос', 'CP', 'Grundfos'));
    const other = scoreText(row, item(2, 'Циркуляционный насос', 'CP', 'Wilo'));
    expect(other.score).toBeLessThan(0.9);
    expect(same.score - other.score).toBeCloseTo(0.1, 5);
    expect(same.why.map((w) => w.key)).toContain('scanner.api.why.manufacturer');
    expect(same.score).toBeLessThanOrEqual(1);
  });

  it('similarity is symmetric, 1 for equal texts and 0 for nothing in common', () => {
    expect(similarity('насос ups', 'насос ups')).toBe(1);
    expect(similarity('abc', 'xyz')).toBe(0);
    expect(similarity('насос циркуляционный', 'насос')).toBeCloseTo(
      similarity('насос', 'насос циркуляционный'),
      10,
    );
  });

  it('synonym keys fold look-alike letters, so a Cyrillic С and a Latin C give one key', () => {
    const cyr = synonymKeys({ title: 'Прибор', marka: 'С2000-КДЛ', sku: '', man: '' });
    const lat = synonymKeys({ title: 'Прибор', marka: 'C2000-KДЛ', sku: '', man: '' });
    expect(cyr[0]).toBe(lat[0]);
    expect(cyr[0]).toMatch(/^a:/);
  });
});
