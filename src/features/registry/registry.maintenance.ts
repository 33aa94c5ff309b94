// The maintenance plan's arithmetic and status (pure: the page, the API and the reminder check share it).
import type { PlanKind } from './registry.schema.ts';

/** scheduled (more than SOON_DAYS away), soon (due within them), overdue (the due day has passed), none. */
export type PlanState = 'scheduled' | 'soon' | 'overdue' | 'none';
export const SOON_DAYS = 30;

export interface PlanRow {
  kind: PlanKind;
  interval_months: number | null;
  next_due: string | null;
  last_done: string | null;
}

export interface PlanItem extends PlanRow {
  status: PlanState;
}

/** The day `months` after `day` (YYYY-MM-DD); the 31st lands on a shorter month's last day. */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const total = m - 1 + months;
  const year = y + Math.floor(total / 12);
  const month = total % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(d, last))).toISOString().slice(0, 10);
}

/** The day `days` after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The status of a next due day on the supplier's calendar day `today`; the due day itself is not late. */
export function planState(nextDue: string | null, today: string): PlanState {
  if (!nextDue) return 'none';
  if (nextDue < today) return 'overdue';
  return nextDue <= addDays(today, SOON_DAYS) ? 'soon' : 'scheduled';
}

/** The next due day: the explicit one, else the base day (last done) plus the interval, else none. */
export function nextDue(
  explicit: string | null,
  base: string | null,
  interval: number | null,
): string | null {
  if (explicit) return explicit;
  return base && interval ? addMonths(base, interval) : null;
}
