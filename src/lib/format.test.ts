import { describe, expect, it, vi } from 'vitest';
import {
  cutText,
  dateTimeFormat,
  ELLIPSIS,
  formatDate,
  formatDateTime,
  formatMoney,
  numberFormat,
  relativeTime,
} from './format.ts';

const SAMARA = 'Europe/Samara'; // UTC+4, no daylight saving

describe('formatDate', () => {
  it('shows an instant as DD.MM.YYYY in the given time zone', () => {
    expect(formatDate('2026-03-08T10:00:00.000Z', SAMARA)).toBe('08.03.2026');
    // 21:30 UTC on 31 December is already New Year in Samara.
    expect(formatDate('2025-12-31T21:30:00.000Z', SAMARA)).toBe('01.01.2026');
    expect(formatDate('2025-12-31T21:30:00.000Z', 'UTC')).toBe('31.12.2025');
    expect(formatDate(new Date(Date.UTC(2024, 1, 29, 12)), SAMARA)).toBe('29.02.2024');
  });
  it('keeps a calendar date as it is, whatever the zone', () => {
    expect(formatDate('1985-07-04', 'Pacific/Honolulu')).toBe('04.07.1985');
  });
  it('gives an empty string for missing or broken input', () => {
    expect(formatDate(null, SAMARA)).toBe('');
    expect(formatDate('', SAMARA)).toBe('');
    expect(formatDate('not a date', SAMARA)).toBe('');
  });
});

describe('formatDateTime', () => {
  it('shows DD.MM.YYYY hh:mm on a 24-hour clock in the zone', () => {
    expect(formatDateTime('2026-03-08T10:05:00.000Z', SAMARA)).toBe('08.03.2026 14:05');
    expect(formatDateTime('2026-03-08T20:00:00.000Z', SAMARA)).toBe('09.03.2026 00:00');
    expect(formatDateTime('2026-07-01T09:07:00.000Z', 'Europe/Moscow')).toBe('01.07.2026 12:07');
  });
  it('gives an empty string for missing input', () => {
    expect(formatDateTime(undefined, SAMARA)).toBe('');
  });
});

describe('formatMoney', () => {
  it('formats integer kopecks with spaces and a decimal comma', () => {
    expect(formatMoney(123456789)).toBe('1 234 567,89');
    expect(formatMoney(0)).toBe('0,00');
    expect(formatMoney(5)).toBe('0,05');
    expect(formatMoney(100000)).toBe('1 000,00');
    expect(formatMoney(99999)).toBe('999,99');
    expect(formatMoney(-150050)).toBe('-1 500,50');
  });
  it('handles amounts beyond the safe integer range as bigint', () => {
    expect(formatMoney(12345678901234567890n)).toBe('123 456 789 012 345 678,90');
  });
});

describe('relativeTime', () => {
  const now = '2026-03-08T12:00:00.000Z';
  it('speaks the interface language', () => {
    expect(relativeTime('2026-03-08T11:55:00.000Z', now, 'en')).toBe('5 minutes ago');
    expect(relativeTime('2026-03-08T11:55:00.000Z', now, 'ru')).toBe('5 минут назад');
    expect(relativeTime('2026-03-08T09:00:00.000Z', now, 'de')).toBe('vor 3 Stunden');
    expect(relativeTime('2026-03-07T12:00:00.000Z', now, 'en')).toBe('yesterday');
    expect(relativeTime('2026-03-10T12:00:00.000Z', now, 'fr')).toBe('après-demain');
    expect(relativeTime('2026-03-08T11:59:58.000Z', now, 'en')).toBe('2 seconds ago');
    expect(relativeTime(now, now, 'en')).toBe('now');
  });
  it('picks weeks, months and years for older items', () => {
    expect(relativeTime('2026-02-22T12:00:00.000Z', now, 'en')).toBe('2 weeks ago');
    expect(relativeTime('2025-12-01T12:00:00.000Z', now, 'en')).toBe('3 months ago');
    expect(relativeTime('2024-01-01T12:00:00.000Z', now, 'es')).toBe('hace 2 años');
  });
});

describe('cutText', () => {
  it('cuts at 45 characters and adds an ellipsis when the text has 45 or more', () => {
    const t44 = 'a'.repeat(44);
    expect(cutText(t44)).toBe(t44);
    expect(cutText('a'.repeat(45))).toBe('a'.repeat(45) + ELLIPSIS);
    expect(cutText('b'.repeat(80))).toBe('b'.repeat(45) + ELLIPSIS);
  });
  it('takes another limit (support titles use 30)', () => {
    expect(cutText('x'.repeat(31), 30)).toBe('x'.repeat(30) + ELLIPSIS);
    expect(cutText('short', 30)).toBe('short');
  });
  it('counts characters, not UTF-16 units', () => {
    expect(cutText('\u{1F600}'.repeat(46))).toBe('\u{1F600}'.repeat(45) + ELLIPSIS);
  });
  it('gives an empty string for nothing', () => {
    expect(cutText(null)).toBe('');
  });
});

describe('shared formatters', () => {
  it('builds one Intl formatter per locale and options, whatever the number of calls', () => {
    expect(numberFormat('de', { maximumFractionDigits: 3 })).toBe(
      numberFormat('de', { maximumFractionDigits: 3 }),
    );
    expect(numberFormat('de', { maximumFractionDigits: 3 })).not.toBe(
      numberFormat('fr', { maximumFractionDigits: 3 }),
    );
    expect(dateTimeFormat('en', { timeZone: 'UTC' })).not.toBe(
      dateTimeFormat('en', { timeZone: SAMARA }),
    );
    formatDateTime(0, 'Asia/Tokyo');
    relativeTime(0, 1, 'ja');
    const dtf = vi.spyOn(Intl, 'DateTimeFormat');
    const rtf = vi.spyOn(Intl, 'RelativeTimeFormat');
    try {
      for (let i = 0; i < 50; i++) {
        formatDateTime(Date.UTC(2026, 0, 1, 0, i), 'Asia/Tokyo');
        relativeTime(Date.UTC(2026, 0, 1, 0, i), Date.UTC(2026, 0, 2), 'ja');
      }
      expect(dtf).not.toHaveBeenCalled();
      expect(rtf).not.toHaveBeenCalled();
    } finally {
      dtf.mockRestore();
      rtf.mockRestore();
    }
  });
});
