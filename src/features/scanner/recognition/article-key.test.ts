// The article key keeps number boundaries (issue 22): DFC-55 and DFC-5.5 are two articles, and only
// what is truly the same article folds into one key (case, look-alike letters, x between numbers,
// separators around words, comma or dot as the decimal mark).
import { describe, expect, it } from 'vitest';
import { normaliseArticle } from '#lib/normalise.ts';

describe('article key', () => {
  it.each([
    ['DFC-55', 'DFC-5.5'],
    ['DSHU-4x22-D', 'DSHU-4x2.2-D'],
    ['1.5', '15'],
    ['1-5', '15'],
    ['1-5', '1.5'],
    ['UPS 25-40', 'UPS 2540'],
    ['DN50', 'DN5.0'],
    ['TS-10', 'TS-1.0'],
    ['4x22', '42x2'],
    ['DFC-5.5', 'DFC-55.5'],
    ['С2000', 'C200'],
  ])('%s is not %s', (a, b) => {
    expect(normaliseArticle(a)).not.toBe(normaliseArticle(b));
  });

  it.each([
    ['DFС-5,5', 'DFC-5.5'], // a Cyrillic С and a decimal comma
    ['dfc 5.5', 'DFC-5.5'],
    ['DFC_5.5', 'DFC-5.5'],
    ['DFC.5.5', 'DFC-5.5'],
    ['4х22', '4x22'], // Cyrillic х between numbers
    ['4 × 22', '4x22'],
    ['4*22', '4x22'],
    ['DSHU-4х2,2-D', 'DSHU-4x2.2-D'],
    ['АВЕКМНОРСТХУ-1', 'ABEKMHOPCTXY-1'],
    ['С2000-КДЛ', 'C2000-KДЛ'],
    ['UPS 25-40', 'ups25/40'],
    ['ТS-10', 'TS 10'],
    ['Ду 50', 'DN50'],
  ])('%s is %s', (a, b) => {
    expect(normaliseArticle(a)).toBe(normaliseArticle(b));
  });

  it('the decimal mark and a number boundary are visible in the key', () => {
    expect(normaliseArticle('DFC-5,5')).toBe('dfc5.5');
    expect(normaliseArticle('DFC-55')).toBe('dfc55');
    expect(normaliseArticle('UPS 25-40')).toBe('ups25-40');
    expect(normaliseArticle('DSHU-4x2.2-D')).toBe('dshu4x2.2d');
  });

  it('OCR look-alikes are not folded: O is not 0, l is not 1, DPT is not ОРТ', () => {
    expect(normaliseArticle('DFC-5O')).not.toBe(normaliseArticle('DFC-50'));
    expect(normaliseArticle('Al-l5')).not.toBe(normaliseArticle('Al-15'));
    expect(normaliseArticle('ОРТ-10')).not.toBe(normaliseArticle('DPT-10'));
  });

  it('hostile input gives a key, never a throw', () => {
    expect(normaliseArticle('')).toBe('');
    expect(normaliseArticle('1e308')).toBe('1e308');
    expect(normaliseArticle('NaN')).toBe('nan');
    expect(normaliseArticle('-5')).toBe('5');
    expect(normaliseArticle('-'.repeat(10_000))).toBe('');
  });
});
