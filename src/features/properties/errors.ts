// The one error the property functions throw. It names the quantity, the allowed range and why,
// so the API and pages can answer "temperature must be between … and …" in the user's language
// instead of extrapolating the equations (they diverge silently outside their range).

export type PropertyQuantity = 'temperature' | 'pressure' | 'enthalpy' | 'density';

/** Why the input was refused: outside the validity range, in a region this module does not
 *  implement (region 3 near the critical point, region 5 above 800 °C), not a number, or a state
 *  that is not the expected phase (e.g. "steam" that is liquid at that pressure). */
export type PropertyErrorReason = 'range' | 'region3' | 'not_finite' | 'phase';

export const UNITS: Record<PropertyQuantity, string> = {
  temperature: '°C',
  pressure: 'MPa',
  enthalpy: 'kJ/kg',
  density: 'kg/m3',
};

export class PropertyRangeError extends Error {
  readonly quantity: PropertyQuantity;
  readonly reason: PropertyErrorReason;
  readonly value: number;
  /** Range in the unit of `unit` (temperatures in °C even though the equations use kelvin). */
  readonly min: number;
  readonly max: number;
  readonly unit: string;
  constructor(
    quantity: PropertyQuantity,
    reason: PropertyErrorReason,
    value: number,
    min: number,
    max: number,
  ) {
    const unit = UNITS[quantity];
    super(
      `${quantity} ${Number.isFinite(value) ? value : String(value)} ${unit} is outside ${min}…${max} ${unit} (${reason})`,
    );
    this.name = 'PropertyRangeError';
    this.quantity = quantity;
    this.reason = reason;
    this.value = value;
    this.min = min;
    this.max = max;
    this.unit = unit;
  }
}

const K = 273.15;
const round = (x: number) => Math.round(x * 1e6) / 1e6;

/** Range check for a temperature given in kelvin; the error reports °C. */
export function checkTemperatureK(
  T: number,
  minK: number,
  maxK: number,
  reason: PropertyErrorReason = 'range',
): void {
  if (!Number.isFinite(T))
    throw new PropertyRangeError('temperature', 'not_finite', T, round(minK - K), round(maxK - K));
  if (T < minK || T > maxK)
    throw new PropertyRangeError(
      'temperature',
      reason,
      round(T - K),
      round(minK - K),
      round(maxK - K),
    );
}

export function checkRange(
  quantity: PropertyQuantity,
  x: number,
  min: number,
  max: number,
  reason: PropertyErrorReason = 'range',
): void {
  if (!Number.isFinite(x)) throw new PropertyRangeError(quantity, 'not_finite', x, min, max);
  if (x < min || x > max) throw new PropertyRangeError(quantity, reason, x, min, max);
}
