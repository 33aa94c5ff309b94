// The numeric helpers every calculator shares: the finite guard (one rule: a figure that is not a
// finite number is an error naming where it was found, never a silent 0 on a page), the fallback
// arithmetic the pump engine's solvers rely on, and display rounding. Pure.

/** A figure that is NaN or ±Infinity where a finite one is needed: names the step (or result path) it was found at. */
export class NonFiniteError extends Error {
  /** The explanation step key (e.g. 'operating_point.q') or the result path (e.g. 'result.duty.q.value'). */
  readonly key: string;
  readonly value: number;
  constructor(key: string, value: number) {
    super(`non-finite number at ${key}: ${value}`);
    this.name = 'NonFiniteError';
    this.key = key;
    this.value = value;
  }
}

/** The one finite guard: the value when finite, else NonFiniteError naming the key. */
export function checked(key: string, x: number): number {
  if (!Number.isFinite(x)) throw new NonFiniteError(key, x);
  return x;
}

/**
 * Throws NonFiniteError (naming the path) if any number anywhere in the value is NaN or ±Infinity.
 * Public engine functions pass their answer through this, so a numeric accident is loud.
 */
export function assertFinite<T>(value: T, path = 'result'): T {
  const walk = (v: unknown, p: string): void => {
    if (typeof v === 'number') checked(p, v);
    else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${p}[${i}]`));
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) walk(x, `${p}.${k}`);
  };
  walk(value, path);
  return value;
}

/** True when a value (deeply) holds only finite numbers; tests use it on every output. */
export function allFinite(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(allFinite);
  if (value && typeof value === 'object') return Object.values(value).every(allFinite);
  return true;
}

/**
 * Arithmetic with a stated fallback (a solver's bracket, a zero flow): the fallback is part of the
 * computation, not an explanation's figure; what the explanation prints goes through `checked`.
 */
export function finite(x: number, fallback = 0): number {
  return Number.isFinite(x) ? x : fallback;
}
export function div(a: number, b: number, fallback = 0): number {
  if (b === 0 || !Number.isFinite(a) || !Number.isFinite(b)) return fallback;
  return finite(a / b, fallback);
}
export function sqrt(x: number): number {
  return x > 0 && Number.isFinite(x) ? Math.sqrt(x) : 0;
}
/** Rounds for display in explanations (results keep full precision). */
export function round(x: number, digits = 4): number {
  const f = 10 ** digits;
  return finite(Math.round(x * f) / f);
}
