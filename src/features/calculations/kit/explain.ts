// The one explanation builder of every calculator (pump engine, stations, cabinets, plate heat
// exchangers, flow meters, substations): the inputs, the formulas used (texts from the engine's own
// table), every intermediate value with its unit, the data sources and the warnings. Pages, datasheets
// and .xlsx read the `Explanation` shape (src/features/calculations/Explanation.astro,
// saved/kinds.server.ts explanationRows).
//
// One non-finite rule: an input or a step that is NaN or ±Infinity throws NonFiniteError naming the
// step key at once (kit/numeric.ts). An engine never prints a replaced 0 and never finds out at the end.
import { checked } from './numeric.ts';

export interface Quantity {
  value: number;
  unit: string;
}

export interface Step {
  /** Stable key (a page translates it), e.g. 'operating_point.q'. */
  key: string;
  value: number;
  unit: string;
  /** Formula id from the `formulas` list, when the value was computed. */
  formula?: string;
}

/** A warning with a stable code a page translates and its figures (the plate engine's kind). */
export interface Warning {
  code: string;
  params?: Record<string, number | string>;
}

/** W: a warning as a bare code ('string', the pump, flow meter and substation engines) or a coded Warning with figures (plate engine). */
export interface Explanation<W extends string | Warning = string> {
  engine: { name: string; version: string };
  inputs: Step[];
  formulas: Array<{ id: string; text: string }>;
  steps: Step[];
  source: string[];
  warnings: W[];
}

export interface ExplainerOptions {
  engine: { name: string; version: string };
  /** Formula texts by id; pages show them verbatim (math, not prose). An id without text shows as itself. */
  formulas: Readonly<Record<string, string>>;
  source?: readonly string[];
}

type Params = Record<string, number | string>;

export class Explainer<
  W extends string | Warning = string,
  E extends Explanation<W> = Explanation<W>,
> {
  readonly e: E;
  private readonly options: ExplainerOptions;
  private readonly coded: boolean;
  /**
   * @param extra fields of an engine's own explanation beyond the common shape (the plate engine's `properties`).
   * @param coded warnings as { code, params } (true) or as bare codes (false).
   */
  constructor(options: ExplainerOptions, extra?: Omit<E, keyof Explanation<W>>, coded = false) {
    this.options = options;
    this.coded = coded;
    this.e = {
      engine: { ...options.engine },
      inputs: [],
      ...(extra ?? {}),
      formulas: [],
      steps: [],
      source: [...(options.source ?? [])],
      warnings: [],
    } as unknown as E;
  }
  input(key: string, value: number, unit: string): this {
    this.e.inputs.push({ key, value: checked(key, value), unit });
    return this;
  }
  /** Records a step and answers its value (throws NonFiniteError naming the key when it is not finite). */
  step(key: string, value: number, unit: string, formula?: string): number {
    checked(key, value);
    if (formula) this.use(formula);
    this.e.steps.push(formula ? { key, value, unit, formula } : { key, value, unit });
    return value;
  }
  /** step() answering the quantity { value, unit }. */
  quantity(key: string, value: number, unit: string, formula?: string): Quantity {
    return { value: this.step(key, value, unit, formula), unit };
  }
  use(formula: string): this {
    if (!this.e.formulas.some((f) => f.id === formula))
      this.e.formulas.push({ id: formula, text: this.options.formulas[formula] ?? formula });
    return this;
  }
  /** A warning, once per code. */
  warn(code: string, params?: Params): this {
    if (this.e.warnings.some((w) => (typeof w === 'string' ? w : w.code) === code)) return this;
    this.e.warnings.push((this.coded ? (params ? { code, params } : { code }) : code) as W);
    return this;
  }
  source(s: string): this {
    if (!this.e.source.includes(s)) this.e.source.push(s);
    return this;
  }
  /** A new builder holding everything recorded so far (one explanation per variant of a shared start). */
  fork(): Explainer<W, E> {
    const b = new Explainer<W, E>(this.options, undefined, this.coded);
    Object.assign(b.e, structuredClone(this.e));
    return b;
  }
  done(): E {
    return this.e;
  }
}
