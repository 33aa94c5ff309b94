// Chevron plate geometry (Martin's model, as in CalebBell/fluids PlateExchanger): amplitude a,
// gap b = 2a, corrugation wavelength Λ, enlargement factor Φ, hydraulic diameter D_h = 4a/Φ.

/** Complete elliptic integral of the second kind E(m) (parameter m < 1) by the AGM. */
export function ellipticE(m: number): number {
  let a = 1;
  let b = Math.sqrt(1 - m);
  let sum = m / 2;
  let pow = 0.5;
  for (let i = 0; i < 40 && Math.abs(a - b) > 1e-15 * a; i++) {
    const c = (a - b) / 2;
    const an = (a + b) / 2;
    b = Math.sqrt(a * b);
    a = an;
    pow *= 2;
    sum += pow * c * c;
  }
  return (Math.PI / (2 * a)) * (1 - sum);
}

/**
 * Enlargement factor Φ = developed length / projected length of a sinusoidal corrugation.
 * 'exact' integrates the sine (elliptic integral); 'martin' is Martin's three-point approximation
 * Φ ≈ (1 + √(1+X²) + 4√(1+X²/2))/6, X = 2πa/Λ, which the §3.3 worked example uses.
 */
export function enlargementFactor(
  amplitude: number,
  wavelength: number,
  method: 'exact' | 'martin' = 'exact',
): number {
  const X = (2 * Math.PI * amplitude) / wavelength;
  if (method === 'martin') return (1 + Math.sqrt(1 + X * X) + 4 * Math.sqrt(1 + (X * X) / 2)) / 6;
  return (2 * ellipticE(-X * X)) / Math.PI;
}

export interface PlateGeometry {
  /** Plate width inside the gasket, m. */
  width: number;
  /** Port-to-port length (heat-transfer length), m. */
  length: number;
  /** Corrugation amplitude a (half the pressing depth), m. */
  amplitude: number;
  /** Corrugation wavelength Λ, m. */
  wavelength: number;
  /** Chevron angle φ to the flow direction, degrees. */
  chevron: number;
  /** Plate thickness δ, m. */
  thickness: number;
  /** Enlargement factor Φ; computed from a and Λ when not given. */
  enlargement?: number;
}

export interface DerivedGeometry {
  phi: number;
  /** Gap b = 2a, m. */
  gap: number;
  /** Hydraulic diameter D_h = 4a/Φ, m. */
  dh: number;
  /** Free flow area of one channel b·W, m². */
  channelArea: number;
  /** Heat-transfer area of one plate L·W·Φ, m². */
  plateArea: number;
}

export function derive(g: PlateGeometry): DerivedGeometry {
  const phi = g.enlargement ?? enlargementFactor(g.amplitude, g.wavelength);
  return {
    phi,
    gap: 2 * g.amplitude,
    dh: (4 * g.amplitude) / phi,
    channelArea: 2 * g.amplitude * g.width,
    plateArea: g.length * g.width * phi,
  };
}

/** Heat-transfer area of a pack of N plates (the two end plates do not transfer heat). */
export const packArea = (g: PlateGeometry, plates: number): number =>
  Math.max(plates - 2, 0) * derive(g).plateArea;
