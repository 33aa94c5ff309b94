// Quantities and units as specifications write them: decimal commas (`0,75`), thousands with
// spaces (`1 200`), the working shown in the cell (`29+3 (10%)=32`), ranges (`10-12`, `10…12`),
// a unit inside the number cell (`120 м`, `2 шт.`) and free text (`по месту`).

import { basicFold } from '#lib/normalise.ts';

export interface ParsedQuantity {
  /** The quantity, or null when the cell holds no readable number. Never NaN or Infinity. */
  value: number | null;
  /** A unit written inside the quantity cell, normalised (`м`, `шт.`), or ''. */
  unit: string;
  /** True when the cell held more than a plain number (working, range, text), so the raw text matters. */
  free: boolean;
}

/** A sum at the start of the cell: `29+3`, `1,5 + 0,5` (spare stock added to the design amount). */
const SUM = /^\d+(?:[.,]\d+)?(?:\s*\+\s*\d+(?:[.,]\d+)?)+/;
const NUMBER = /\d{1,3}(?:[  ]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?/g;

function toNumber(s: string): number | null {
  const n = Number.parseFloat(s.replace(/[  ]/g, '').replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}

/**
 * Parse a quantity cell. Rules, in order: an `=` gives the result after the last one
 * (`29+3 (10%)=32` → 32); a sum at the start without its result is added up (`29+3 (10%)` → 32);
 * a range gives its upper bound (`10-12` → 12, ordering the larger amount is the safe side);
 * otherwise the first number.
 */
export function parseQuantity(raw: string): ParsedQuantity {
  const text = basicFold(raw);
  if (!text) return { value: null, unit: '', free: false };
  const plain = /^\d{1,3}(?:[  ]\d{3})+(?:[.,]\d+)?$|^\d+(?:[.,]\d+)?$/.test(text);
  if (plain) return { value: toNumber(text), unit: '', free: false };

  let value: number | null = null;
  let rest = text;
  const eq = text.lastIndexOf('=');
  if (eq >= 0 && /\d/.test(text.slice(eq + 1))) {
    rest = text.slice(eq + 1);
    const m = rest.match(NUMBER);
    value = m ? toNumber(m[0]) : null;
  } else if (SUM.test(text)) {
    // The working without its result (`29+3`, the `=32` cut off or not written): the sum.
    const m = text.match(SUM)!;
    const parts = m[0].split('+').map((x) => toNumber(x.trim()));
    value = parts.every((x) => x !== null)
      ? Number(parts.reduce((a, b) => a! + b!, 0)!.toFixed(6))
      : null;
    rest = text.slice(m[0].length).replace(/^\s*\([^)]*\)/, '');
  } else {
    const range = text.match(/(\d+(?:[.,]\d+)?)\s*(?:-|\.\.\.?|…|÷|до)\s*(\d+(?:[.,]\d+)?)/);
    if (range) {
      const a = toNumber(range[1]!);
      const b = toNumber(range[2]!);
      value = a !== null && b !== null ? Math.max(a, b) : (a ?? b);
      rest = text.slice((range.index ?? 0) + range[0].length);
    } else {
      const m = text.match(NUMBER);
      value = m ? toNumber(m[0]) : null;
      if (m) rest = text.slice(text.indexOf(m[0]) + m[0].length);
    }
  }
  const unitMatch = rest.trim().match(/^[\p{L}.²³23 ]+/u);
  const unit = unitMatch ? normaliseUnit(unitMatch[0]) : '';
  return { value, unit: KNOWN_UNITS.has(unit) ? unit : '', free: true };
}

/** Unit spellings → one form per unit (ОКЕИ symbols). Unknown units are returned trimmed. */
const UNIT_FORMS: [RegExp, string][] = [
  [/^(шт|штук[аи]?|штука|pcs|pc|ea)$/, 'шт.'],
  [/^(м|мп|м п|пм|п м|пог м|м пог|погонный метр|метр|метров|метра|m|lm)$/, 'м'],
  [/^(м2|м²|кв м|м кв|sq m|m2)$/, 'м²'],
  [/^(м3|м³|куб м|м куб|m3)$/, 'м³'],
  [/^(компл|комплект|к т|кт|кмп|set)$/, 'компл.'],
  [/^(кг|kg)$/, 'кг'],
  [/^(т|тонн[аы]?|t)$/, 'т'],
  [/^(л|литр|литров|l)$/, 'л'],
  [/^(упак|уп|упаковка)$/, 'упак.'],
  [/^(пар[аы]?|пар)$/, 'пар'],
  [/^(рул|рулон)$/, 'рул.'],
];

const KNOWN_UNITS = new Set(UNIT_FORMS.map(([, u]) => u));

/** Normalise a unit cell: `шт`, `шт.`, `штук` → `шт.`; `м.п.`, `пог.м` → `м`; `м2` → `м²`. */
export function normaliseUnit(raw: string): string {
  const folded = basicFold(raw)
    .replace(/[.,\-/]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!folded) return '';
  for (const [re, unit] of UNIT_FORMS) if (re.test(folded)) return unit;
  return raw.trim();
}

/** A quantity for display and comparison: at most 6 decimals, no trailing zeros. */
export function formatQuantity(n: number): string {
  return String(Math.round(n * 1e6) / 1e6);
}

/** True when the cell is a unit of the vocabulary above (`шт.`, `м.п.`, `компл`, `kg`). */
export function isKnownUnit(raw: string): boolean {
  return KNOWN_UNITS.has(normaliseUnit(raw));
}
