// Locale-aware formatting shared by pages and islands. Pure: the time zone and "now" are passed in,
// so the same call gives the same text on the server and in the browser.

// Building an Intl formatter costs 100-200 us (it loads locale data); formatting with a built one
// costs about 2 us. Formatters are immutable, so one per (locale, options) is kept and shared. The
// cache is bounded: keys come from the few locales and time zones we use, but never grow with data.
const MAX_FORMATTERS = 200;
const formatters = new Map<
  string,
  Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.NumberFormat
>();

function cached<T extends Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.NumberFormat>(
  kind: string,
  locale: string,
  options: object,
  make: () => T,
): T {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    if (formatters.size >= MAX_FORMATTERS) formatters.delete(formatters.keys().next().value!);
    f = make();
    formatters.set(key, f);
  }
  return f as T;
}

/** One shared Intl.DateTimeFormat per (locale, options). */
export const dateTimeFormat = (
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat =>
  cached('dt', locale, options, () => new Intl.DateTimeFormat(locale, options));

/** One shared Intl.RelativeTimeFormat per (locale, options). */
export const relativeTimeFormat = (
  locale: string,
  options: Intl.RelativeTimeFormatOptions,
): Intl.RelativeTimeFormat =>
  cached('rt', locale, options, () => new Intl.RelativeTimeFormat(locale, options));

/** One shared Intl.NumberFormat per (locale, options). */
export const numberFormat = (
  locale: string,
  options: Intl.NumberFormatOptions = {},
): Intl.NumberFormat => cached('nf', locale, options, () => new Intl.NumberFormat(locale, options));

/** Parts of an instant as seen in a time zone (digits only, zero-padded). */
function zonedParts(value: Date, timeZone: string) {
  const parts = dateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(value);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
  };
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function toDate(value: string | number | Date): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * DD.MM.YYYY. A calendar date ('2026-03-08', e.g. a birthday or a promotion's last day) is shown as
 * is; an instant is shown as the date in the given time zone.
 */
export function formatDate(
  value: string | number | Date | null | undefined,
  timeZone: string,
): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') {
    const m = DATE_ONLY.exec(value);
    if (m) return `${m[3]}.${m[2]}.${m[1]}`;
  }
  const d = toDate(value);
  if (!d) return '';
  const p = zonedParts(d, timeZone);
  return `${p.day}.${p.month}.${p.year}`;
}

/** DD.MM.YYYY hh:mm (24-hour clock) in the given time zone, as notifications show it. */
export function formatDateTime(
  value: string | number | Date | null | undefined,
  timeZone: string,
): string {
  if (value === null || value === undefined || value === '') return '';
  const d = toDate(value);
  if (!d) return '';
  const p = zonedParts(d, timeZone);
  return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}`;
}

/** Integer kopecks as roubles: space between thousands, comma before two decimals (123456789 -> "1 234 567,89"). */
export function formatMoney(kopecks: number | bigint): string {
  const total = typeof kopecks === 'bigint' ? kopecks : BigInt(Math.round(kopecks));
  const negative = total < 0n;
  const abs = negative ? -total : total;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const cents = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole},${cents}`;
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86400],
  ['month', 30 * 86400],
  ['week', 7 * 86400],
  ['day', 86400],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** "5 minutes ago", "yesterday", "in 2 days" in the interface language. */
export function relativeTime(
  value: string | number | Date,
  now: string | number | Date,
  locale: string,
): string {
  const d = toDate(value);
  const n = toDate(now);
  if (!d || !n) return '';
  const seconds = Math.round((d.getTime() - n.getTime()) / 1000);
  const rtf = relativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second')
      return rtf.format(Math.trunc(seconds / size), unit);
  }
  return '';
}

export const ELLIPSIS = '\u2026';

/**
 * Cuts a text for cards: when it has `max` characters or more, the first `max` characters plus an
 * ellipsis (45 for notification cards and promotion descriptions, 30 for support request titles).
 * Counts characters, not UTF-16 units, so an emoji is never split.
 */
export function cutText(text: string | null | undefined, max = 45): string {
  if (!text) return '';
  const chars = Array.from(text);
  return chars.length >= max ? chars.slice(0, max).join('') + ELLIPSIS : text;
}
