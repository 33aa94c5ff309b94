// DEMO plate catalogue: an invented range with plausible geometry, prices and limits, so the engine,
// pages and tests have something to select from before the supplier's real data is loaded. Every
// model carries demo: true and a "DEMO" name. The calibration factors stand in for the fit to the
// manufacturer's own selection outputs that a real catalogue must carry (calculations.md §2.4).
import type { Gasket, PlateModel } from './catalogue.ts';

const GASKETS: Gasket[] = [
  { material: 'EPDM', tMin: -25, tMax: 150 },
  { material: 'NBR', tMin: -20, tMax: 110 },
];
const LIMITS = { channelVelocityMin: 0.1, channelVelocityMax: 1.5, portVelocityMax: 6 };
const AISI316 = { material: 'AISI 316', wallConductivity: 16 };

interface Row {
  id: string;
  w: number;
  l: number;
  a: number;
  lambda: number;
  chevron: number;
  delta: number;
  dn: number;
  frame: [number, number];
  pn: number;
  nu: number;
  f: number;
  plateRub: number;
  frameRub: number;
  plateKg: number;
  frameKg: number;
}

// W, L (port to port), amplitude a, wavelength Λ in m; chevron in degrees; prices in roubles.
const ROWS: Row[] = [
  { id: 'pl04h', w: 0.1, l: 0.4, a: 0.001, lambda: 0.007, chevron: 60, delta: 0.0004, dn: 25, frame: [5, 51], pn: 16, nu: 0.95, f: 1.05, plateRub: 450, frameRub: 25_000, plateKg: 0.25, frameKg: 35 },
  { id: 'pl04l', w: 0.1, l: 0.4, a: 0.001, lambda: 0.007, chevron: 30, delta: 0.0004, dn: 25, frame: [5, 51], pn: 16, nu: 1.0, f: 1.0, plateRub: 450, frameRub: 25_000, plateKg: 0.25, frameKg: 35 },
  { id: 'pl08h', w: 0.18, l: 0.62, a: 0.0012, lambda: 0.008, chevron: 60, delta: 0.0005, dn: 50, frame: [7, 101], pn: 16, nu: 0.93, f: 1.08, plateRub: 900, frameRub: 60_000, plateKg: 0.6, frameKg: 110 },
  { id: 'pl08l', w: 0.18, l: 0.62, a: 0.0012, lambda: 0.008, chevron: 30, delta: 0.0005, dn: 50, frame: [7, 101], pn: 16, nu: 0.97, f: 1.02, plateRub: 900, frameRub: 60_000, plateKg: 0.6, frameKg: 110 },
  { id: 'pl14h', w: 0.25, l: 0.8, a: 0.0012, lambda: 0.008, chevron: 60, delta: 0.0005, dn: 65, frame: [9, 151], pn: 16, nu: 0.94, f: 1.06, plateRub: 1_400, frameRub: 95_000, plateKg: 1.05, frameKg: 190 },
  { id: 'pl14m', w: 0.25, l: 0.8, a: 0.0012, lambda: 0.008, chevron: 45, delta: 0.0005, dn: 65, frame: [9, 151], pn: 16, nu: 0.96, f: 1.04, plateRub: 1_400, frameRub: 95_000, plateKg: 1.05, frameKg: 190 },
  { id: 'pl20h', w: 0.33, l: 1.0, a: 0.00125, lambda: 0.009, chevron: 60, delta: 0.0005, dn: 100, frame: [11, 201], pn: 16, nu: 0.92, f: 1.1, plateRub: 2_300, frameRub: 160_000, plateKg: 1.7, frameKg: 340 },
  { id: 'pl30h', w: 0.45, l: 1.3, a: 0.0015, lambda: 0.01, chevron: 60, delta: 0.0006, dn: 150, frame: [15, 301], pn: 16, nu: 0.93, f: 1.07, plateRub: 3_900, frameRub: 290_000, plateKg: 3.4, frameKg: 720 },
  { id: 'pl30l', w: 0.45, l: 1.3, a: 0.0015, lambda: 0.01, chevron: 30, delta: 0.0006, dn: 150, frame: [15, 301], pn: 16, nu: 0.98, f: 1.0, plateRub: 3_900, frameRub: 290_000, plateKg: 3.4, frameKg: 720 },
  { id: 'pl45h', w: 0.6, l: 1.6, a: 0.0015, lambda: 0.01, chevron: 60, delta: 0.0006, dn: 200, frame: [21, 401], pn: 10, nu: 0.92, f: 1.08, plateRub: 6_500, frameRub: 520_000, plateKg: 5.9, frameKg: 1_350 },
];

export const DEMO_PLATES: readonly PlateModel[] = ROWS.map((r) => ({
  id: r.id,
  name: `DEMO ${r.id.toUpperCase()}`,
  demo: true,
  geometry: { width: r.w, length: r.l, amplitude: r.a, wavelength: r.lambda, chevron: r.chevron, thickness: r.delta },
  ...AISI316,
  correlation: { kind: 'martin', variant: 'VDI', nuFactor: r.nu, frictionFactor: r.f },
  port: { dn: r.dn, diameter: r.dn / 1000 },
  frame: { minPlates: r.frame[0], maxPlates: r.frame[1] },
  pn: r.pn,
  gaskets: GASKETS,
  limits: LIMITS,
  price: { plate: r.plateRub * 100, frame: r.frameRub * 100 },
  mass: { plate: r.plateKg, frame: r.frameKg },
}));
