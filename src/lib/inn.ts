// Russian taxpayer numbers (INN): 10 digits for organisations, 12 for individuals and sole traders.
// The last digit (two for 12-digit numbers) is a weighted checksum mod 11, mod 10. Pure: islands use it.

const W10 = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const W11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const W12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

function checkDigit(digits: number[], weights: number[]): number {
  const sum = weights.reduce((acc, w, i) => acc + w * digits[i]!, 0);
  return (sum % 11) % 10;
}

/** Digits only; spaces and dashes people type between groups are dropped. */
export const cleanInn = (value: string): string => value.replace(/[\s-]/g, '');

/** True for a well-formed INN whose check digits match. */
export function isValidInn(value: string): boolean {
  const s = cleanInn(value);
  if (!/^(\d{10}|\d{12})$/.test(s)) return false;
  const d = [...s].map(Number);
  if (d.length === 10) return checkDigit(d, W10) === d[9];
  return checkDigit(d, W11) === d[10] && checkDigit(d, W12) === d[11];
}
