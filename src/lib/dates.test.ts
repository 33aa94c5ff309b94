import { describe, expect, it } from 'vitest';
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
