// The hypothetical plate of the §3.3 worked example, as a catalogue entry (tests only).
import type { PlateModel } from './catalogue.ts';
import { enlargementFactor } from './geometry.ts';

export const EXAMPLE_PLATE: PlateModel = {
  id: 'example',
  name: 'calculations.md §3.3 example plate',
  demo: true,
  geometry: {
    width: 0.25,
    length: 0.8,
    amplitude: 0.0012,
    wavelength: 0.008,
    chevron: 60,
    thickness: 0.0005,
    enlargement: enlargementFactor(0.0012, 0.008, 'martin'),
  },
  material: 'AISI 316',
  wallConductivity: 16,
  correlation: { kind: 'martin', variant: 'VDI', nuFactor: 1, frictionFactor: 1 },
  port: { dn: 100, diameter: 0.1 },
  frame: { minPlates: 3, maxPlates: 101 },
  pn: 16,
  gaskets: [{ material: 'EPDM', tMin: -25, tMax: 150 }],
  limits: { channelVelocityMin: 0.1, channelVelocityMax: 1.5, portVelocityMax: 6 },
  price: { plate: 100_000, frame: 5_000_000 },
  mass: { plate: 1, frame: 150 },
};
