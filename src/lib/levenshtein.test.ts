import { describe, expect, it } from 'vitest';
import { levenshtein } from './levenshtein.ts';

describe('levenshtein', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(levenshtein('', '')).toBe(0);
    expect(levenshtein('abc', '')).toBe(3);
    expect(levenshtein('', 'ab')).toBe(2);
    expect(levenshtein('kitten', 'sitting')).toBe(3);
    expect(levenshtein('компл', 'комп')).toBe(1);
    expect(levenshtein('flaw', 'lawn')).toBe(2);
  });

  it('stops above max and answers max + 1', () => {
    expect(levenshtein('kitten', 'sitting', 3)).toBe(3);
    expect(levenshtein('kitten', 'sitting', 2)).toBe(3);
    expect(levenshtein('a', 'abcdef', 1)).toBe(2);
    expect(levenshtein('наименование', 'наимнование', 1)).toBe(1);
  });
});
