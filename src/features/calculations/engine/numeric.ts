// Small numeric kernels: least-squares polynomial fit, monotone cubic (Fritsch–Carlson / PCHIP)
// interpolation and bracketed root finding (Brent). Written here (30–80 lines each) rather than
// pulled from npm: the engine stays dependency-free and every step is testable.

/** Least-squares polynomial coefficients c[0] + c[1]·x + … (degree ≤ 3), or null if singular. */
export function polyfit(
  xs: readonly number[],
  ys: readonly number[],
  degree: number,
): number[] | null {
  const n = degree + 1;
  if (xs.length < n || xs.length !== ys.length) return null;
  // Scale x to [0, 1] so the normal equations stay well conditioned, then unscale the result.
  const s = Math.max(...xs.map(Math.abs)) || 1;
  const m: number[][] = Array.from({ length: n }, () => new Array<number>(n + 1).fill(0));
  for (let k = 0; k < xs.length; k++) {
    const x = xs[k]! / s;
    const pow: number[] = [1];
    for (let i = 1; i < 2 * n; i++) pow.push(pow[i - 1]! * x);
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) m[i]![j]! += pow[i + j]!;
      m[i]![n]! += pow[i]! * ys[k]!;
    }
  }
  const c = solve(m);
  if (!c) return null;
  return c.map((ci, i) => ci / s ** i);
}

/** Gaussian elimination with partial pivoting on an augmented matrix (modified in place). */
function solve(m: number[][]): number[] | null {
  const n = m.length;
  for (let col = 0; col < n; col++) {
    let piv = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[piv]![col]!)) piv = r;
    if (Math.abs(m[piv]![col]!) < 1e-14) return null;
    [m[col], m[piv]] = [m[piv]!, m[col]!];
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = m[r]![col]! / m[col]![col]!;
      for (let c = col; c <= n; c++) m[r]![c]! -= f * m[col]![c]!;
    }
  }
  const out = m.map((row, i) => row[n]! / row[i]!);
  return out.every(Number.isFinite) ? out : null;
}

export function polyval(c: readonly number[], x: number): number {
  let y = 0;
  for (let i = c.length - 1; i >= 0; i--) y = y * x + c[i]!;
  return y;
}

/** Derivative coefficients. */
export function polyder(c: readonly number[]): number[] {
  return c.slice(1).map((ci, i) => ci * (i + 1));
}

/**
 * Monotone piecewise cubic Hermite interpolant (Fritsch & Carlson 1980): passes through every point
 * and never overshoots, so a monotone set of points gives a monotone curve. xs strictly increasing.
 * Returns the slopes; evaluate with pchipEval.
 */
export function pchipSlopes(xs: readonly number[], ys: readonly number[]): number[] {
  const n = xs.length;
  const h: number[] = [];
  const d: number[] = [];
  for (let i = 0; i < n - 1; i++) {
    h.push(xs[i + 1]! - xs[i]!);
    d.push((ys[i + 1]! - ys[i]!) / h[i]!);
  }
  const m = new Array<number>(n).fill(0);
  if (n === 2) return [d[0]!, d[0]!];
  for (let i = 1; i < n - 1; i++) {
    const a = d[i - 1]!;
    const b = d[i]!;
    if (a * b <= 0) m[i] = 0;
    else {
      // Weighted harmonic mean (Fritsch–Butland form used by PCHIP).
      const w1 = 2 * h[i]! + h[i - 1]!;
      const w2 = h[i]! + 2 * h[i - 1]!;
      m[i] = (w1 + w2) / (w1 / a + w2 / b);
    }
  }
  m[0] = endSlope(h[0]!, h[1]!, d[0]!, d[1]!);
  m[n - 1] = endSlope(h[n - 2]!, h[n - 3]!, d[n - 2]!, d[n - 3]!);
  return m;
}

function endSlope(h0: number, h1: number, d0: number, d1: number): number {
  const s = ((2 * h0 + h1) * d0 - h0 * d1) / (h0 + h1);
  if (Math.sign(s) !== Math.sign(d0)) return 0;
  if (Math.sign(d0) !== Math.sign(d1) && Math.abs(s) > Math.abs(3 * d0)) return 3 * d0;
  return s;
}

export function pchipEval(
  xs: readonly number[],
  ys: readonly number[],
  m: readonly number[],
  x: number,
): number {
  let lo = 0;
  let hi = xs.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (xs[mid]! <= x) lo = mid;
    else hi = mid;
  }
  const h = xs[hi]! - xs[lo]!;
  const t = (x - xs[lo]!) / h;
  const t2 = t * t;
  const t3 = t2 * t;
  return (
    (2 * t3 - 3 * t2 + 1) * ys[lo]! +
    (t3 - 2 * t2 + t) * h * m[lo]! +
    (-2 * t3 + 3 * t2) * ys[hi]! +
    (t3 - t2) * h * m[hi]!
  );
}

/**
 * Brent's method on [a, b]; requires f(a) and f(b) of opposite sign (or one of them zero).
 * Returns null when the interval does not bracket a root or f is not finite there.
 */
export function brent(
  f: (x: number) => number,
  a: number,
  b: number,
  tol = 1e-10,
  maxIter = 100,
): number | null {
  let fa = f(a);
  let fb = f(b);
  if (!Number.isFinite(fa) || !Number.isFinite(fb)) return null;
  if (fa === 0) return a;
  if (fb === 0) return b;
  if (fa * fb > 0) return null;
  let c = a;
  let fc = fa;
  let d = b - a;
  let e = d;
  for (let i = 0; i < maxIter; i++) {
    if (fb * fc > 0) {
      c = a;
      fc = fa;
      d = e = b - a;
    }
    if (Math.abs(fc) < Math.abs(fb)) {
      [a, b, c] = [b, c, b];
      [fa, fb, fc] = [fb, fc, fb];
    }
    const tol1 = 2 * Number.EPSILON * Math.abs(b) + tol / 2;
    const xm = (c - b) / 2;
    if (Math.abs(xm) <= tol1 || fb === 0) return b;
    if (Math.abs(e) >= tol1 && Math.abs(fa) > Math.abs(fb)) {
      const s = fb / fa;
      let p: number;
      let q: number;
      if (a === c) {
        p = 2 * xm * s;
        q = 1 - s;
      } else {
        const qq = fa / fc;
        const r = fb / fc;
        p = s * (2 * xm * qq * (qq - r) - (b - a) * (r - 1));
        q = (qq - 1) * (r - 1) * (s - 1);
      }
      if (p > 0) q = -q;
      else p = -p;
      if (2 * p < Math.min(3 * xm * q - Math.abs(tol1 * q), Math.abs(e * q))) {
        e = d;
        d = p / q;
      } else {
        d = xm;
        e = d;
      }
    } else {
      d = xm;
      e = d;
    }
    a = b;
    fa = fb;
    b += Math.abs(d) > tol1 ? d : xm > 0 ? tol1 : -tol1;
    fb = f(b);
    if (!Number.isFinite(fb)) return null;
  }
  return b;
}

/** Maximum of f on [a, b] by sampling then golden-section refinement around the best sample. */
export function maxOn(
  f: (x: number) => number,
  a: number,
  b: number,
  samples = 24,
): { x: number; y: number } {
  let bx = a;
  let by = f(a);
  for (let i = 1; i <= samples; i++) {
    const x = a + ((b - a) * i) / samples;
    const y = f(x);
    if (y > by) [bx, by] = [x, y];
  }
  let lo = Math.max(a, bx - (b - a) / samples);
  let hi = Math.min(b, bx + (b - a) / samples);
  const g = (Math.sqrt(5) - 1) / 2;
  for (let i = 0; i < 40 && hi - lo > 1e-9 * (1 + Math.abs(hi)); i++) {
    const x1 = hi - g * (hi - lo);
    const x2 = lo + g * (hi - lo);
    if (f(x1) >= f(x2)) hi = x2;
    else lo = x1;
  }
  const x = (lo + hi) / 2;
  const y = f(x);
  return y > by ? { x, y } : { x: bx, y: by };
}
