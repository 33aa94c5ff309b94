import { describe, expect, it, vi } from 'vitest';
import { dayStartUtc, isCalendarDate, localDay, nextDay } from './dates.ts';

describe('calendar days in a time zone', () => {
  it('finds the UTC start of a local day', () => {
    expect(dayStartUtc('2026-11-21', 'Europe/Samara')).toBe('2026-11-20T20:00:00.000Z');
    expect(dayStartUtc('2026-03-29', 'Europe/Berlin')).toBe('2026-03-28T23:00:00.000Z');
    expect(dayStartUtc('2026-03-30', 'Europe/Berlin')).toBe('2026-03-29T22:00:00.000Z');
    expect(dayStartUtc('2026-06-01', 'UTC')).toBe('2026-06-01T00:00:00.000Z');
  });
  it('names the local day of an instant and the next day', () => {
    expect(localDay(new Date('2026-11-20T20:30:00Z'), 'Europe/Samara')).toBe('2026-11-21');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(isCalendarDate('2026-02-28')).toBe(true);
  });
});

describe('formatter reuse', () => {
  it('builds no Intl.DateTimeFormat per call', () => {
    localDay(new Date(), 'Asia/Kolkata');
    dayStartUtc('2026-01-01', 'Asia/Kolkata');
    const dtf = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      for (let i = 0; i < 20; i++) {
        localDay(new Date(Date.UTC(2026, 0, i + 1)), 'Asia/Kolkata');
        dayStartUtc(`2026-01-${String(i + 1).padStart(2, '0')}`, 'Asia/Kolkata');
      }
      expect(dtf).not.toHaveBeenCalled();
    } finally {
      dtf.mockRestore();
    }
  });
});
