// §3.3 correlation oracles (CalebBell/ht and fluids docstrings) reproduced by our own code.
import { describe, expect, it } from 'vitest';
import {
  frictionKumar,
  frictionMartin1999,
  frictionMartinVDI,
  frictionMuleyManglik,
  nuKhanKhan,
  nuKumar,
  nuMartin,
  nuMuleyManglik,
} from './correlations.ts';
import { plateEffectiveness, Pc } from './effectiveness.ts';
import { enlargementFactor, packArea } from './geometry.ts';

const close = (a: number, b: number, rel = 1e-9) =>
  expect(Math.abs(a - b) / Math.abs(b), `${a} vs ${b}`).toBeLessThan(rel);

describe('§3.3 correlation oracles', () => {
  it('Martin Nu (1999 friction)', () => close(nuMartin(2000, 0.7, 45), 30.427601053757));
  it('Muley–Manglik Nu', () => close(nuMuleyManglik(2000, 0.7, 45, 1.18), 36.49087100602062));
  it('Kumar Nu, with and without the viscosity correction', () => {
    close(nuKumar(2000, 0.7, 30), 47.757818892853955);
    close(nuKumar(2000, 0.7, 30, 1e-3 / 8e-4), 49.604284, 1e-7);
  });
  it('Khan–Khan Nu', () => close(nuKhanKhan(1000, 4.5, 30), 38.40883639103741));
  it('Martin 1999 and VDI friction', () => {
    close(frictionMartin1999(20000, 45), 0.7818916308365043);
    close(frictionMartinVDI(20000, 45), 0.781589041624);
  });
  it('Kumar and Muley–Manglik friction', () => {
    close(frictionKumar(2000, 30), 2.9760669055634517);
    close(frictionMuleyManglik(2000, 45, 1.2), 1.0880870804075413);
  });
  it('PlateExchanger geometry: Φ and area of 51 plates', () => {
    const phi = enlargementFactor(0.5e-3, 3.7e-3);
    close(phi, 1.16119, 1e-5);
    const area = packArea(
      {
        width: 0.3,
        length: 1.2,
        amplitude: 0.5e-3,
        wavelength: 3.7e-3,
        chevron: 45,
        thickness: 0.5e-3,
      },
      51,
    );
    close(area, 20.4833, 1e-5);
    close(enlargementFactor(1.2e-3, 8e-3, 'martin'), 1.1968, 5e-5);
  });
  it('multipass effectiveness 3/1 and 1/3', () => {
    close(plateEffectiveness(1 / 3, 1, 3, 1), 0.5743514352720835);
    close(plateEffectiveness(1 / 3, 1, 1, 3), 0.5718726757657066);
  });
  it('counterflow effectiveness and its R = 1 limit', () => {
    close(Pc(2, 1), 2 / 3);
    expect(Math.abs(Pc(2, 1 - 1e-7) - 2 / 3)).toBeLessThan(1e-6);
  });
});
