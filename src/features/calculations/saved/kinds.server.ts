// The saved-calculation kinds registry: everything the save, list, view, .xlsx, offer, datasheet and
// order layer (src/features/calculations/saved) needs to know about one calculation kind.
//
// Adding a kind (e.g. 'flow-meter', 'btp'):
//   1. saved/kinds/<kind>.server.ts calls registerCalcKind({ kind, formPath, select, chosen, title,
//      xlsx, datasheet }) (see CalcKind below; the pump, to1 files are worked examples);
//   2. one import line in saved/kinds/index.server.ts;
//   3. the kind is already listed in CALC_KINDS (saved.server.ts), i18n label calcPumps.saved.kind.<kind>;
//   4. optional: saved/kinds/<kind>.view.astro, props { c: CalculationDetails }: how the stored result
//      shows on the saved calculation page (CalculationView finds it by file name). Without it the
//      page shows the datasheet figures of each chosen item.
// Contract: select() reruns the calculation on the server from the inputs as typed (never trusts a
// client's result) and answers { status, body } in the spec's result shape; 400 with body.errors
// {field: message} on bad input. chosen() picks the user's catalogue ids out of that body (null when
// one is not there) with the answer's prices in kopecks and quantities; the order copies them.
import { numberFormat } from '#lib/format.ts';
import type { Kysely } from 'kysely';
import type { DB, User } from '#lib/db/schema.ts';
import type { T } from '#lib/i18n/index.ts';
import type { CalculationDetails, ChosenItem } from './saved.server.ts';
import type { SelectionReply, SelectionReplyBody } from '#features/calculations/kit/reply.ts';
import { engineOf, labelKey, mathText, symbolOf } from '#features/calculations/explain-labels.ts';
import { displayValue, withUnit } from '../kit/units.ts';

/** A calculation's answer as the selection endpoints give it (spec result shape plus kind extras). */
export type KindAnswer = SelectionReply<KindAnswerBody>;
export type KindAnswerBody = SelectionReplyBody & {
  engine?: { name: string; version: string };
  [extra: string]: unknown;
};

/** A static chart of a datasheet (drawn as SVG on the server). Points in the axis units. */
export interface DatasheetChart {
  title: string;
  x: string;
  y: string;
  /** `tone` fixes a series' colour where it means something (hot red, cold blue, as on the result page). */
  series: Array<{
    name: string;
    points: Array<[number, number]>;
    dashed?: boolean;
    tone?: 'hot' | 'cold';
  }>;
  marks?: Array<{ x: number; y: number; label: string }>;
}

/** One chosen item's datasheet: labelled figures (units in the text), charts, explanation, notes. */
export interface Datasheet {
  heading: string;
  subtitle?: string;
  sections: Array<{ title: string; rows: Array<[string, string]> }>;
  charts: DatasheetChart[];
  /** Explanation summary, one row per engine step, named as on the calculation page. */
  explanation: ExplanationRow[];
  notes: string[];
}

export interface KindContext {
  db: Kysely<DB>;
  t: T;
  locale: string;
  /** The item's index in c.chosen (items of one catalogue id may repeat, e.g. a plate model in both DHW stages). */
  line: number;
}

export interface CalcKind {
  kind: string;
  /** The form page; 'edit and recalculate' opens it with the inputs as query. */
  formPath: string;
  /** Only employees use it (the list filter hides it from others; select() still refuses by itself). */
  requires?: 'employee';
  select(db: Kysely<DB>, inputs: Record<string, string>, t: T, user: User): Promise<KindAnswer>;
  /**
   * The chosen items of the answer. cids[i] is a catalogue id; positions[i] the 1-based index of the
   * entity in body.entities when the client named one ('cid:n', needed where one catalogue item
   * appears in several entities, e.g. one plate model with two pass arrangements), else null.
   * Repeated ids count once. Null when an id (at its position) is not in the answer.
   */
  chosen(
    body: KindAnswer['body'],
    cids: number[],
    positions: Array<number | null>,
  ): { items: ChosenItem[]; entities: unknown[] } | null;
  title(inputs: Record<string, string>, body: KindAnswer['body'], t: T): string;
  /** The result sheet of the .xlsx (numbers stay numbers). */
  xlsx(c: CalculationDetails, t: T): { head: string[]; rows: unknown[][] };
  /** The datasheet of one chosen item, or null when the item is not one of this calculation's. */
  datasheet(c: CalculationDetails, item: ChosenItem, ctx: KindContext): Promise<Datasheet | null>;
}

// Process-wide per module copy; every caller imports kinds/index.server.ts, which registers them all.
const REGISTRY = new Map<string, CalcKind>();

export function registerCalcKind(k: CalcKind): void {
  REGISTRY.set(k.kind, k);
}

/** The registered kind, or undefined (a listed kind whose module is not registered yet). */
export const calcKind = (kind: string): CalcKind | undefined => REGISTRY.get(kind);

export const registeredKinds = (): string[] => [...REGISTRY.keys()];

/** The kinds a user may filter the list by: registered ones, employee kinds for employees only. */
export const kindsFor = <K extends string>(all: readonly K[], user: { is_employee: number }): K[] =>
  all.filter((k) => {
    const kind = REGISTRY.get(k);
    return !!kind && (kind.requires !== 'employee' || user.is_employee === 1);
  });

/** One step of an explanation in words: its name, symbol, value with unit, formula name and its mathematics. */
export interface ExplanationRow {
  quantity: string;
  symbol: string;
  value: string;
  formula: string;
  math: string;
}

/** Number formatting for datasheets: finite numbers only, '—' otherwise. */
export function numberText(locale: string) {
  return (x: unknown, digits = 2): string =>
    typeof x === 'number' && Number.isFinite(x)
      ? numberFormat(locale, { maximumFractionDigits: digits }).format(x)
      : '—';
}

/** The entity a chosen id names: at its position when given (and carrying that id), else the first with it. */
export function entityOf<E extends { cid: number | null }>(
  entities: E[],
  cid: number,
  position: number | null | undefined,
): E | undefined {
  if (position !== null && position !== undefined) {
    const e = entities[position - 1];
    return e && e.cid === cid ? e : undefined;
  }
  return entities.find((x) => x.cid === cid);
}

export const round3 = (x: unknown): number | null =>
  typeof x === 'number' && Number.isFinite(x) ? Math.round(x * 1000) / 1000 : null;

/**
 * The explanation rows of an engine explanation (pump or plate engine: same step shape), every step
 * the engine wrote, each named, with its symbol and its unit in the user's language as the page's
 * explanation (../Explanation.astro) shows them; money in roubles. Non-finite values and the ranking
 * among candidates (rank.*) are left out.
 */
export function explanationRows(
  e:
    | {
        engine: { name: string };
        steps: Array<{ key: string; value: number; unit: string; formula?: string }>;
        formulas: Array<{ id: string; text: string }>;
      }
    | null
    | undefined,
  t: T,
  locale: string,
): ExplanationRow[] {
  if (!e) return [];
  const engine = engineOf(e.engine.name);
  const nf = numberFormat(locale, { maximumSignificantDigits: 5 });
  const mathEngine = e.engine.name.startsWith('flow') ? 'flow' : engine;
  const math = new Map(e.formulas.map((f) => [f.id, mathText(t, mathEngine, f.id, f.text)]));
  const label = (kind: 'term' | 'formula', key: string) => {
    const l = labelKey(engine, kind, key);
    return t(l.key, l.params);
  };
  return (
    e.steps
      // How a candidate ranked among the others (rank.*) is the selection page's, not the item's sheet.
      .filter((s) => Number.isFinite(s.value) && !s.key.startsWith('rank.'))
      .map((s) => ({
        quantity: label('term', s.key),
        symbol: symbolOf(engine, s.key),
        value: withUnit(nf.format(displayValue(s.value, s.unit)), s.unit, t),
        formula: s.formula ? label('formula', s.formula) : '',
        math: s.formula ? (math.get(s.formula) ?? '') : '',
      }))
  );
}
