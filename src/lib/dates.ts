// Calendar days in the supplier's time zone as UTC instants, for "orders of this day" filters and
// "is the promotion valid today" checks. Pure. Formatters are shared (see format.ts): building one
// per call was an eighth of the CPU time of /home.
import { dateTimeFormat } from './format.ts';

/** YYYY-MM-DD of an instant in the time zone. */
export function localDay(instant: Date, timeZone: string): string {
  return dateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** Offset of the zone from UTC at the instant, in milliseconds (east positive). */
function offsetAt(instant: Date, timeZone: string): number {
  const parts = dateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const n = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const asUtc = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** YYYY-MM-DD naming a real day (no 30 February). */
export function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** The UTC ISO instant at which the calendar day starts in the time zone. */
export function dayStartUtc(day: string, timeZone: string): string {
  const guess = new Date(`${day}T00:00:00Z`);
  const first = guess.getTime() - offsetAt(guess, timeZone);
  // A second pass settles days on which the offset changes (daylight saving).
  return new Date(guess.getTime() - offsetAt(new Date(first), timeZone)).toISOString();
}

/** The next calendar day (YYYY-MM-DD). */
export function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
