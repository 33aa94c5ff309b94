// The warranty's arithmetic and status (pure: the list, the product page and the API share it).
import { isCalendarDate } from '#lib/dates.ts';

export type WarrantyState = 'active' | 'expired' | 'none';

/**
 * The last day a warranty of `months` from `start` covers: the day before the same day `months` later
 * (a start on the 31st ends on the day before the month's last day when that month is shorter).
 */
export function warrantyUntil(start: string | null, months: number | null): string | null {
  if (!start || !months || !isCalendarDate(start)) return null;
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  const total = m - 1 + months;
  const year = y + Math.floor(total / 12);
  const month = total % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const end = new Date(Date.UTC(year, month, Math.min(d, last)));
  end.setUTCDate(end.getUTCDate() - 1);
  return end.toISOString().slice(0, 10);
}

/** active through `until` (inclusive, the supplier's calendar day `today`), expired after, none unset. */
export function warrantyState(until: string | null, today: string): WarrantyState {
  if (!until) return 'none';
  return today <= until ? 'active' : 'expired';
}
