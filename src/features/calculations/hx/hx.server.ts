// The three heat exchanger calculations over the plate catalogue, answered in the spec's result
// shape { type, entities, error, warning } plus the duty, the translated rejections and warnings and
// the engine's explanation. Input problems (ours or the engine's PheInputError) answer 400 with one
// translated message per form field; nothing non-finite leaves (the engine asserts it).
import {
  DEMO_PLATES,
  designCondensation,
  designDhw,
  ENGINE_NAME,
  ENGINE_VERSION,
  PheInputError,
  ratePack,
  selectDhwHeaters,
  selectPlates,
  type Explanation,
  type PlateModel,
  type Quantity,
} from '#features/calculations/phe/index.ts';
import type { T } from '#lib/i18n/index.ts';
import {
  formField,
  modeOf,
  to1InputOf,
  to1RateInputOf,
  to2InputOf,
  to3InputOf,
  type FieldIssue,
  type RawInput,
} from './hx.schema.ts';
import type { SelectionReply, SelectionReplyBody } from '#features/calculations/kit/reply.ts';
import { MAX_TEXT, tooLongFields } from '#features/calculations/kit/form.ts';

export type HxKind = 'to1' | 'to2' | 'to3';
export const HX_KINDS: readonly HxKind[] = ['to1', 'to2', 'to3'];

export type HxAnswer = SelectionReply<HxAnswerBody>;
export type HxAnswerBody = SelectionReplyBody & {
  duty?: unknown;
  design?: unknown;
  rejected?: Array<{ model: string; reason: string; text: string }>;
  warnings?: Array<{ code: string; params?: Record<string, number | string>; text: string }>;
  explanation?: Explanation;
  /** to1 rating mode: the given pack's hot-side effectiveness and, with a load given, its duty margin. */
  rating?: { effectiveness: Quantity; q_required: Quantity | null; duty_margin: Quantity | null };
  input?: RawInput;
  engine: { name: string; version: string };
};

const ENGINE = { name: ENGINE_NAME, version: ENGINE_VERSION };
/** The plate catalogue: the demo range until the supplier's data is loaded (each answer warns demo_catalogue). */
const catalogue = (): readonly PlateModel[] => DEMO_PLATES;

// Six significant digits: enough for 143.73 °C and for a 0.000001 MPa range bound alike.
const fmt = (p: Record<string, number | string> | undefined) =>
  Object.fromEntries(
    Object.entries(p ?? {}).map(([k, v]) => [
      k,
      typeof v === 'number' ? Number(v.toPrecision(6)) : v,
    ]),
  );

/** "Hot side outlet, °C: the hot side must cool down (below 70 °C)" and its kin. */
export function issueText(i: FieldIssue, t: T): string {
  // The engine's steam pressure range carries no unit: it is MPa absolute.
  const unit: Record<string, string> =
    i.key === 'property_range' && !i.params?.unit ? { unit: 'MPa' } : {};
  // A range in the user's unit names that unit in the user's language.
  if (typeof i.params?.unit_key === 'string') unit.unit = t(`hx.units.${i.params.unit_key}`);
  return t(`hx.errors.${i.key}`, { field: t(`hx.fields.${i.field}`), ...fmt(i.params), ...unit });
}

function errorAnswer(issues: FieldIssue[], t: T, raw: RawInput): HxAnswer {
  const errors: Record<string, string> = {};
  for (const i of issues) if (!(i.field in errors)) errors[i.field] = issueText(i, t);
  const error = Object.values(errors)[0] ?? t('hx.errors.input');
  return {
    status: 400,
    body: {
      type: 'error',
      message: error,
      entities: [],
      error,
      warning: null,
      errors,
      input: raw,
      engine: ENGINE,
    },
  };
}

export const rejectText = (reason: string, t: T) => t(`hx.reject.${reason}`);
/** A warning's figure to 3 significant digits, whole numbers kept whole (64.8352 → 64.8, 1234.6 → 1235, 0.012345 → 0.0123). */
export function sig3(x: number): number {
  if (!Number.isFinite(x) || x === 0) return x;
  const decimals = Math.max(0, 2 - Math.floor(Math.log10(Math.abs(x))));
  return Number(x.toFixed(Math.min(decimals, 20)));
}
export const warningText = (
  code: string,
  params: Record<string, number | string> | undefined,
  t: T,
) =>
  t(
    `hx.warn.${code}`,
    Object.fromEntries(
      Object.entries(params ?? {}).map(([k, v]) => [k, typeof v === 'number' ? sig3(v) : v]),
    ),
  );

function warningsOf(explanations: Explanation[], t: T) {
  const seen = new Map<
    string,
    { code: string; params?: Record<string, number | string>; text: string }
  >();
  for (const e of explanations)
    for (const w of e.warnings)
      if (!seen.has(w.code)) seen.set(w.code, { ...w, text: warningText(w.code, w.params, t) });
  return [...seen.values()];
}
const rejectedOf = (list: Array<{ model: string; reason: string }>, t: T) =>
  list.map((r) => ({ ...r, text: rejectText(r.reason, t) }));

/** Runs the engine; its input errors become 400 with the form field named. */
function guarded(kind: HxKind, raw: RawInput, t: T, run: () => HxAnswer): HxAnswer {
  try {
    return run();
  } catch (err) {
    if (err instanceof PheInputError) {
      // The engine names a stream's temperature for any property failure; a pressure out of the
      // equations' range belongs on that stream's pressure field.
      const stream = /^(hot|cold)\.t_in$/.exec(err.field)?.[1];
      const field =
        stream && err.code === 'property_range' && err.params.quantity === 'pressure'
          ? `${stream}_p`
          : formField(err.field, kind);
      // An over-determined duty names every figure that disagrees (the load and each side's flow).
      const related = err.related.map((r) => ({
        field: formField(r.field, kind),
        key: r.code,
        params: r.params,
      }));
      return errorAnswer([{ field, key: err.code, params: err.params }, ...related], t, raw);
    }
    throw err;
  }
}

/**
 * to1, rating mode: the chosen pack with these inlets gives its duty, outlets and pressure drops
 * (ε-NTU, ratePack); with a load given, the duty margin. A pressure drop over its limit, a duty short
 * of the load and outlets typed but not used are said as warnings; the answer is the one pack.
 */
function rate(raw: RawInput, t: T): HxAnswer {
  const {
    model: id,
    input,
    dpMax,
    ignored,
    issues,
  } = to1RateInputOf(
    raw,
    catalogue().map((m) => m.id),
  );
  if (issues.length) return errorAnswer(issues, t, raw);
  return guarded('to1', raw, t, () => {
    const r = ratePack(
      catalogue().find((m) => m.id === id)!,
      input,
    );
    const extra: Array<{ code: string; params?: Record<string, number | string>; text: string }> =
      [];
    const say = (code: string, params?: Record<string, number | string>) =>
      extra.push({ code, ...(params ? { params } : {}), text: warningText(code, params, t) });
    if (r.duty_margin && r.duty_margin.value < 0)
      say('rating_short', {
        q: r.duty.q.value,
        q_required: input.q_required!,
        margin: -r.duty_margin.value,
      });
    for (const s of ['hot', 'cold'] as const)
      if (r.pack[s].dp.value > dpMax[s])
        say(`rating_dp_${s}`, { dp: r.pack[s].dp.value, max: dpMax[s] });
    if (ignored.length)
      say('rating_outlets_ignored', { fields: ignored.map((f) => t(`hx.fields.${f}`)).join('; ') });
    return {
      status: 200,
      body: {
        type: 'success',
        entities: [{ rank: 1, ...r.pack, explanation: r.explanation }],
        error: null,
        warning: null,
        duty: r.duty,
        rating: {
          effectiveness: r.effectiveness,
          q_required:
            input.q_required === undefined ? null : { value: input.q_required, unit: 'kW' },
          duty_margin: r.duty_margin ?? null,
        },
        rejected: [],
        warnings: [...extra, ...warningsOf([r.explanation], t)],
        explanation: r.explanation,
        input: raw,
        engine: ENGINE,
      },
    };
  });
}

function to1(raw: RawInput, t: T): HxAnswer {
  if (modeOf(raw) === 'rate') return rate(raw, t);
  const { input, issues } = to1InputOf(raw);
  if (issues.length) return errorAnswer(issues, t, raw);
  return guarded('to1', raw, t, () => {
    const s = selectPlates(input, catalogue());
    const found = s.candidates.length > 0;
    const rejected = rejectedOf(s.rejected, t);
    return {
      status: 200,
      body: {
        type: found ? 'success' : 'empty',
        entities: s.candidates,
        error: null,
        warning: found ? null : t('hx.empty', { why: rejected[0]?.text ?? '' }),
        duty: s.duty,
        rejected,
        warnings: warningsOf(
          s.candidates.map((c) => c.explanation),
          t,
        ),
        explanation: s.candidates[0]?.explanation,
        input: raw,
        engine: ENGINE,
      },
    };
  });
}

function to2(raw: RawInput, t: T): HxAnswer {
  const { input, limits, issues } = to2InputOf(raw);
  if (issues.length) return errorAnswer(issues, t, raw);
  return guarded('to2', raw, t, () => {
    const design = designDhw(input);
    const sel = selectDhwHeaters(design, limits, catalogue());
    const entities = design.stages.map((stage, i) => ({
      stage: i + 1,
      duty: stage,
      candidates: sel[i]!.candidates,
      rejected: rejectedOf(sel[i]!.rejected, t),
    }));
    const found = entities.every((e) => e.candidates.length > 0);
    const firstMiss = entities.find((e) => !e.candidates.length);
    const { explanation, ...rest } = design;
    return {
      status: 200,
      body: {
        type: found ? 'success' : 'empty',
        entities,
        error: null,
        warning: found
          ? null
          : t('hx.emptyStage', {
              stage: firstMiss!.stage,
              why: firstMiss!.rejected[0]?.text ?? '',
            }),
        design: rest,
        warnings: warningsOf(
          [explanation, ...sel.flatMap((s) => s.candidates.map((c) => c.explanation))],
          t,
        ),
        explanation,
        input: raw,
        engine: ENGINE,
      },
    };
  });
}

function to3(raw: RawInput, t: T): HxAnswer {
  const { input, issues } = to3InputOf(raw);
  if (issues.length) return errorAnswer(issues, t, raw);
  return guarded('to3', raw, t, () => {
    const {
      candidates,
      rejected: rej,
      explanation,
      ...design
    } = designCondensation(input, catalogue());
    const found = candidates.length > 0;
    const rejected = rejectedOf(rej, t);
    return {
      status: 200,
      body: {
        type: found ? 'success' : 'empty',
        entities: candidates,
        error: null,
        warning: found ? null : t('hx.empty', { why: rejected[0]?.text ?? '' }),
        design,
        rejected,
        warnings: warningsOf([explanation], t),
        explanation,
        input: raw,
        engine: ENGINE,
      },
    };
  });
}

export function hxAnswer(kind: HxKind, raw: RawInput, t: T): HxAnswer {
  // A field longer than any figure or unit is named before the engine reads anything (page, API and save alike).
  const long = tooLongFields(raw);
  if (long.length)
    return errorAnswer(
      long.map((field) => ({ field, key: 'too_long', params: { max: MAX_TEXT } })),
      t,
      raw,
    );
  if (kind === 'to1') return to1(raw, t);
  if (kind === 'to2') return to2(raw, t);
  return to3(raw, t);
}
