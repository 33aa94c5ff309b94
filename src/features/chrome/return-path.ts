// Where a form may send the browser back to: a path on this site only, never another origin
// (//evil.example, /\evil.example, https://...), so a crafted link cannot turn us into a redirector.
export function safeReturnPath(value: unknown, fallback = '/'): string {
  if (
    typeof value !== 'string' ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.startsWith('/\\')
  )
    return fallback;
  // Control characters and backslashes are what browsers "repair" into other hosts.
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  try {
    const base = 'http://same.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
