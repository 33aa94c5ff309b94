// Pure pieces of the trends shared by the server and the trends island: the preset periods, the
// bounds of a requested range (a variable's decimals are scada.schema.ts precisionOf).

export const RANGES = {
  '1h': 3_600_000,
  '6h': 21_600_000,
  '24h': 86_400_000,
  '7d': 604_800_000,
  '30d': 2_592_000_000,
} as const;
export type RangeKey = keyof typeof RANGES;

/** The longest range one query or export may ask for, and the shortest a zoom may reach. */
export const MAX_RANGE_MS = 31 * 86_400_000;
export const MIN_RANGE_MS = 60_000;
/** At most this many variables on one chart, on at most this many units (one axis each). */
export const MAX_SERIES = 4;
export const MAX_UNITS = 2;
