// Plate channel heat transfer and friction correlations (calculations.md §2.4), written from the
// published formulas; the §3.3 oracles (CalebBell/ht and fluids docstrings) test them. Friction
// factors are Darcy. Angles in degrees.
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Martin (1999) Darcy friction factor (Fanning constants ×4). */
export function frictionMartin1999(Re: number, chevron: number): number {
  const p = rad(chevron);
  const [f0, f1] =
    Re < 2000
      ? [16 / Re, 149 / Re + 0.9625]
      : [(1.56 * Math.log(Re) - 3) ** -2, 9.75 * Re ** -0.289];
  const rhs =
    Math.cos(p) / Math.sqrt(0.045 * Math.tan(p) + 0.09 * Math.sin(p) + f0 / Math.cos(p)) +
    (1 - Math.cos(p)) / Math.sqrt(3.8 * f1);
  return 4 * rhs ** -2;
}

/** Martin, VDI Heat Atlas form, Darcy friction factor. */
export function frictionMartinVDI(Re: number, chevron: number): number {
  const p = rad(chevron);
  const [f0, f1] =
    Re < 2000
      ? [64 / Re, 597 / Re + 3.85]
      : [(1.8 * Math.log10(Re) - 1.5) ** -2, 39 * Re ** -0.289];
  const rhs =
    Math.cos(p) / Math.sqrt(0.18 * Math.tan(p) + 0.36 * Math.sin(p) + f0 / Math.cos(p)) +
    (1 - Math.cos(p)) / Math.sqrt(3.8 * f1);
  return rhs ** -2;
}

/** Martin Nusselt number; `variant` picks the friction form; viscosity ratio μ/μ_w. */
export function nuMartin(
  Re: number,
  Pr: number,
  chevron: number,
  variant: '1999' | 'VDI' = '1999',
  muRatio = 1,
): number {
  const f = variant === '1999' ? frictionMartin1999(Re, chevron) : frictionMartinVDI(Re, chevron);
  return (
    0.122 * Pr ** (1 / 3) * muRatio ** (1 / 6) * (f * Re * Re * Math.sin(2 * rad(chevron))) ** 0.374
  );
}

/** Muley–Manglik (1999), Re > 1000, 30–60°; Φ = enlargement factor. */
export function nuMuleyManglik(Re: number, Pr: number, chevron: number, phi: number): number {
  const b = chevron;
  const t1 = 0.2668 - 0.006967 * b + 7.244e-5 * b * b;
  const t2 = 20.7803 - 50.9372 * phi + 41.1585 * phi ** 2 - 10.1507 * phi ** 3;
  return t1 * t2 * Re ** (0.728 + 0.0543 * Math.sin((2 * Math.PI * b) / 90 + 3.7)) * Pr ** (1 / 3);
}

export function frictionMuleyManglik(Re: number, chevron: number, phi: number): number {
  const b = chevron;
  const t1 = 2.917 - 0.1277 * b + 2.016e-3 * b * b;
  const t2 = 5.474 - 19.02 * phi + 18.93 * phi ** 2 - 5.341 * phi ** 3;
  return 4 * t1 * t2 * Re ** -(0.2 + 0.0577 * Math.sin((2 * Math.PI * b) / 90 + 2.1));
}

// Kumar (APV data): [Re upper bound, C1, m] per chevron band; the last band has no upper bound.
const KUMAR_NU: [number, [number, number, number][]][] = [
  [
    30,
    [
      [10, 0.718, 0.349],
      [Infinity, 0.348, 0.663],
    ],
  ],
  [
    45,
    [
      [10, 0.718, 0.349],
      [100, 0.4, 0.598],
      [Infinity, 0.3, 0.663],
    ],
  ],
  [
    50,
    [
      [20, 0.63, 0.333],
      [300, 0.291, 0.591],
      [Infinity, 0.13, 0.732],
    ],
  ],
  [
    60,
    [
      [20, 0.562, 0.326],
      [400, 0.306, 0.529],
      [Infinity, 0.108, 0.703],
    ],
  ],
  [
    Infinity,
    [
      [20, 0.562, 0.326],
      [500, 0.331, 0.503],
      [Infinity, 0.087, 0.718],
    ],
  ],
];
const KUMAR_F: [number, [number, number, number][]][] = [
  [
    30,
    [
      [10, 50, 1],
      [100, 19.4, 0.589],
      [Infinity, 2.99, 0.183],
    ],
  ],
  [
    45,
    [
      [15, 47, 1],
      [300, 18.29, 0.652],
      [Infinity, 1.441, 0.206],
    ],
  ],
  [
    50,
    [
      [20, 34, 1],
      [300, 11.25, 0.631],
      [Infinity, 0.772, 0.161],
    ],
  ],
  [
    60,
    [
      [40, 24, 1],
      [400, 3.24, 0.457],
      [Infinity, 0.76, 0.215],
    ],
  ],
  [
    Infinity,
    [
      [50, 24, 1],
      [500, 2.8, 0.451],
      [Infinity, 0.639, 0.213],
    ],
  ],
];
const band = (table: typeof KUMAR_NU, chevron: number, Re: number) => {
  const rows = table.find(([maxAngle]) => chevron <= maxAngle)![1];
  return rows.find(([maxRe]) => Re <= maxRe)!;
};

export function nuKumar(Re: number, Pr: number, chevron: number, muRatio = 1): number {
  const [, C1, m] = band(KUMAR_NU, chevron, Re);
  return C1 * Re ** m * Pr ** 0.33 * muRatio ** 0.17;
}

/** Kumar Darcy friction factor (4 × the published Fanning form). */
export function frictionKumar(Re: number, chevron: number): number {
  const [, Kp, p] = band(KUMAR_F, chevron, Re);
  return (4 * Kp) / Re ** p;
}

/** Khan–Khan (2010). */
export function nuKhanKhan(Re: number, Pr: number, chevron: number): number {
  return ((0.0161 * chevron) / 60 + 0.1298) * Re ** ((0.198 * chevron) / 60 + 0.6398) * Pr ** 0.35;
}

/** Calibrated manufacturer form per plate model: Nu = C·Re^n·Pr^(1/3)·(μ/μw)^0.14, f = Cf·Re^−m. */
export interface Calibration {
  C: number;
  n: number;
  Cf: number;
  m: number;
}
export const nuGeneric = (c: Calibration, Re: number, Pr: number, muRatio = 1): number =>
  c.C * Re ** c.n * Pr ** (1 / 3) * muRatio ** 0.14;
export const frictionGeneric = (c: Calibration, Re: number): number => c.Cf * Re ** -c.m;
