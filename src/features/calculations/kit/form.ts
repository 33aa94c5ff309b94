// The one form reader of the calculations: the flat text values of a page form or JSON body (valibot
// checks the shape: only the named fields, each optional trimmed text), numbers as people type them
// (decimal comma or dot), the too-long rule, required and optional figures, choices, and ranges that
// name the field with its limits in the unit the user chose. Every problem is a field issue
// { field, key, params }, collected (one per field, the first said wins) so all bad fields come back
// at once, never thrown. Pure: pages, APIs and islands share it; a calculator's schema is its field
// list, a Reader over the raw values and the rules of its own physics.
import * as v from 'valibot';
import {
  absoluteMpa,
  DP_KPA,
  LOAD_KW,
  P_KINDS,
  PRESSURE_MPA,
  unitSlug,
  type PressureKind,
} from './units.ts';

/** The most characters one field takes (after trimming); no figure or unit is anywhere near it. */
export const MAX_TEXT = 200;

/** One refusal of a form field: the field, the message key, the figures the message names (bounds, units). */
export interface FieldIssue {
  field: string;
  key: string;
  params?: Record<string, number | string>;
}

const text = v.optional(v.pipe(v.string(), v.trim()));
export type RawSchema<F extends string> = v.ObjectSchema<Record<F, typeof text>, undefined>;

/** The shape of a form with these fields: every field optional text. */
export function rawSchemaOf<const F extends string>(fields: readonly F[]): RawSchema<F> {
  return v.object(Object.fromEntries(fields.map((f) => [f, text])) as Record<F, typeof text>);
}

/** The named fields' text values of a form or JSON body, shape-checked (anything else is left out). */
export function pickRaw<F extends string>(
  schema: RawSchema<F>,
  fields: readonly F[],
  values: Record<string, unknown>,
): v.InferOutput<RawSchema<F>> {
  const picked: Record<string, string> = {};
  for (const k of fields) if (typeof values[k] === 'string') picked[k] = values[k] as string;
  return v.parse(schema, picked);
}

/**
 * The fields of picked values longer than `max` characters, in their order: each one a field error
 * (too_long). A long value is kept as typed (never cut short, never thrown on) so that it is named.
 */
export function tooLongFields(
  raw: Readonly<Record<string, string | undefined>>,
  max = MAX_TEXT,
): string[] {
  return Object.entries(raw).flatMap(([k, x]) =>
    typeof x === 'string' && x.length > max ? [k] : [],
  );
}

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;

/**
 * The one reading of a number typed by a person: decimal comma or dot; empty (or not given) is
 * absent; a number passed by a JSON call is taken as it is; anything else, a text longer than
 * `max` characters included, is NaN (which a reader refuses as `number`).
 */
export function numberOf(x: unknown, max = MAX_TEXT): number | undefined {
  if (typeof x === 'number') return x;
  if (typeof x !== 'string' || x.trim() === '') return undefined;
  if (x.length > max) return Number.NaN;
  const s = x.trim().replace(',', '.');
  return NUMBER.test(s) ? Number(s) : Number.NaN;
}

const DIGITS = 4;
/**
 * A figure in the user's unit rounded to 4 significant digits (as the other figures of a message); a
 * limit is rounded inwards (a lower limit up, an upper one down) so every value between the limits
 * shown is accepted. Float noise of the conversion (25.000000000000004) is not a digit.
 */
export function shownFigure(x: number, dir: 'up' | 'down' | 'near' = 'near'): number {
  if (x === 0) return 0; // never -0
  if (!Number.isFinite(x)) return x;
  const near = Number(x.toPrecision(DIGITS));
  if (dir === 'near' || Math.abs(near - x) <= Math.abs(x) * 1e-12) return near;
  const e = Math.floor(Math.log10(Math.abs(x))) - (DIGITS - 1);
  const scaled = e >= 0 ? x / 10 ** e : x * 10 ** -e;
  const r = dir === 'up' ? Math.ceil(scaled) : Math.floor(scaled);
  return Number((e >= 0 ? r * 10 ** e : r / 10 ** -e).toPrecision(DIGITS));
}

/** The unit fields every calculation form uses: load, static pressure (and gauge/absolute), pressure drop. */
type UnitField = 'q_unit' | 'p_unit' | 'p_kind' | 'dp_unit';

/**
 * Reads raw values with issues collected instead of thrown, so all bad fields come back at once. The
 * first issue said of a field is the one kept (a too-long value, then an unreadable number, then a
 * range).
 */
export class Reader<F extends string = string> {
  readonly issues: FieldIssue[] = [];
  readonly r: Readonly<Partial<Record<F, string | undefined>>>;
  constructor(r: Readonly<Partial<Record<F, string | undefined>>>) {
    this.r = r;
  }
  /** A field already refused. */
  has(field: string): boolean {
    return this.issues.some((i) => i.field === field);
  }
  fail(field: string, key: string, params?: FieldIssue['params']): void {
    if (!this.has(field)) this.issues.push({ field, key, ...(params ? { params } : {}) });
  }
  /** Every field longer than `max` characters is refused first (too_long with `params`, the limit by default; null: none). */
  tooLong(max = MAX_TEXT, params: FieldIssue['params'] | null = { max }): this {
    for (const f of tooLongFields(this.r as Record<string, string | undefined>, max))
      this.fail(f, 'too_long', params ?? undefined);
    return this;
  }
  /** An optional figure: absent is undefined; one that does not read as a finite number is refused (number). */
  opt(field: F): number | undefined {
    const n = numberOf(this.r[field]);
    if (n !== undefined && !Number.isFinite(n)) this.fail(field, 'number');
    return n !== undefined && Number.isFinite(n) ? n : undefined;
  }
  /** A required figure: absent is refused (required); NaN when it is not there. */
  req(field: F): number {
    const n = this.opt(field);
    if (n === undefined && !this.has(field)) this.fail(field, 'required');
    return n ?? Number.NaN;
  }
  /** One of the allowed values; empty takes the fallback; anything else is refused with `key` (a unit by default). */
  pick<K extends string>(field: F, allowed: readonly K[], fallback: K, key = 'unit'): K {
    const x = this.r[field];
    if (x === undefined || x === '') return fallback;
    if ((allowed as readonly string[]).includes(x)) return x as K;
    this.fail(field, key);
    return fallback;
  }
  /** A figure within [min, max] (a field already refused is left as it is); the limits shown rounded inwards. */
  within(field: F, x: number | undefined, min: number, max: number): void {
    if (x === undefined || !Number.isFinite(x) || this.has(field)) return;
    if (x < min || x > max)
      this.fail(field, 'range', { min: shownFigure(min, 'up'), max: shownFigure(max, 'down') });
  }
  /** A figure above zero and at most max, both in the unit the user chose (the message names that unit). */
  positiveUpTo(field: F, x: number | undefined, max: number, unit: string): void {
    if (x === undefined || !Number.isFinite(x) || this.has(field)) return;
    if (x <= 0) this.fail(field, 'positive');
    else if (x > max)
      this.fail(field, 'up_to', { max: shownFigure(max, 'down'), unit_key: unitSlug(unit) });
  }
  /** The load unit the form chose (q_unit; kW when empty). */
  loadUnit(units: Readonly<Record<string, number>> = LOAD_KW): string {
    return this.pick('q_unit' as F & UnitField, Object.keys(units), 'kW');
  }
  /** A load in kW, at most maxKw, refused above it naming the limit in the user's unit. */
  load(field: F, required: boolean, maxKw: number): number | undefined {
    const unit = this.loadUnit() as keyof typeof LOAD_KW;
    const x = required ? this.req(field) : this.opt(field);
    this.positiveUpTo(field, x, maxKw / LOAD_KW[unit], unit);
    return x === undefined ? undefined : x * LOAD_KW[unit];
  }
  /** The static pressure unit and kind the form chose (p_unit, bar when empty; p_kind, gauge when empty). */
  pressureUnit(): { unit: keyof typeof PRESSURE_MPA; kind: PressureKind } {
    const unit = this.pick(
      'p_unit' as F & UnitField,
      Object.keys(PRESSURE_MPA) as Array<keyof typeof PRESSURE_MPA>,
      'bar',
    );
    return { unit, kind: this.pick('p_kind' as F & UnitField, P_KINDS, 'gauge') };
  }
  /** A static pressure as MPa absolute (gauge adds one standard atmosphere); at or below vacuum refused. */
  pressure(field: F): number | undefined {
    const { unit, kind } = this.pressureUnit();
    const x = this.opt(field);
    if (x === undefined) return undefined;
    const abs = absoluteMpa(x, unit, kind);
    if (abs <= 0) this.fail(field, 'absolute_positive');
    return abs;
  }
  /** The pressure drop unit the form chose (dp_unit; kPa when empty). */
  dpUnit(): keyof typeof DP_KPA {
    return this.pick(
      'dp_unit' as F & UnitField,
      Object.keys(DP_KPA) as Array<keyof typeof DP_KPA>,
      'kPa',
    );
  }
  /** An allowed pressure drop, kPa, at most maxKpa (named in the user's unit); empty is the fallback. */
  dp(field: F, fallbackKpa: number, maxKpa: number): number {
    const unit = this.dpUnit();
    const x = this.opt(field);
    this.positiveUpTo(field, x, maxKpa / DP_KPA[unit], unit);
    return x === undefined ? fallbackKpa : x * DP_KPA[unit];
  }
}
