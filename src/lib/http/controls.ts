// Control characters never mean anything in our text fields, and PostgreSQL refuses U+0000 in text
// outright (SQLite stores it), so the same input would answer 201 on one engine and 500 on the
// other. They are removed where input enters: form and JSON bodies (readForm), query strings (the
// server entry) and the shared valibot text helper. Tab, line feed and carriage return stay:
// multi-line fields (messages, addresses) need them.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const CONTROLS = new RegExp(CONTROL.source, 'g');

export const stripControls = (s: string): string => (CONTROL.test(s) ? s.replace(CONTROLS, '') : s);

/** The same for every string (keys too) inside parsed JSON. */
export function stripControlsDeep(value: unknown): unknown {
  if (typeof value === 'string') return stripControls(value);
  if (Array.isArray(value)) return value.map(stripControlsDeep);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [stripControls(k), stripControlsDeep(v)]),
    );
  return value;
}

// Percent-encoded controls in a query string: %00-%08, %0B, %0C, %0E-%1F and %7F.
const ENCODED = /%(0[0-8bBcCeEfF]|1[0-9a-fA-F]|7[fF])/g;

/** A request target with encoded control characters removed from its query part. */
export function stripEncodedControls(target: string): string {
  const q = target.indexOf('?');
  if (q === -1) return target;
  const query = target.slice(q);
  return query.includes('%') ? target.slice(0, q) + query.replace(ENCODED, '') : target;
}
