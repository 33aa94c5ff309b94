import { describe, expect, it } from 'vitest';
import { cleanInn, isValidInn } from './inn.ts';

describe('INN checksum', () => {
  // Published tax numbers of well-known Russian companies (Sberbank, Gazprom, Yandex, VTB, Alfa-Bank).
  it.each(['7707083893', '7736050003', '7736207543', '7702070139', '7728168971'])(
    'accepts the organisation INN %s',
    (inn) => {
      expect(isValidInn(inn)).toBe(true);
    },
  );

  // 12 digits (individuals): the number used as the worked example in published descriptions of the
  // checksum; real personal numbers are personal data and do not belong in a repository.
  it.each(['500100732259'])('accepts the personal INN %s', (inn) => {
    expect(isValidInn(inn)).toBe(true);
  });

  it('rejects a changed digit, a wrong length and non-digits', () => {
    expect(isValidInn('7707083894')).toBe(false);
    expect(isValidInn('500100732258')).toBe(false);
    expect(isValidInn('500100732269')).toBe(false);
    expect(isValidInn('770708389')).toBe(false);
    expect(isValidInn('77070838930')).toBe(false);
    expect(isValidInn('77070838a3')).toBe(false);
    expect(isValidInn('')).toBe(false);
  });

  it('ignores spaces and dashes between groups', () => {
    expect(cleanInn('7707 083-893')).toBe('7707083893');
    expect(isValidInn(' 7707 083 893 ')).toBe(true);
  });
});
