// The three selections over the catalogue, answered in the spec's result shape
// { type, entities, error, warning }. Prepared pumps come from the per-process cache of the
// catalogue (refreshed when the catalogue changes), so a request never reads the whole table.
// Field errors are translated and name the field; an empty result says why with the nearest misses.
import type { Kysely } from 'kysely';
import {
  cabinetElectrics,
  selectPumps,
  selectStations,
  ENGINE_NAME,
  ENGINE_VERSION,
  type PumpEntity,
  type Rejection,
  type StationEntity,
  type MotorData,
  type PreparedPump,
  type PumpModel,
} from '#features/calculations/engine/index.ts';
import { preparedPumps } from '#features/calculations/pumps.server.ts';
import type { DB } from '#lib/db/schema.ts';
import type { T } from '#lib/i18n/index.ts';
import type { Params } from '#lib/i18n/translate.ts';
import {
  controlInputOf,
  MAX_FIELD,
  pumpInputOf,
  stationInputOf,
  type FieldIssue,
  type RawInput,
} from './calculations.schema.ts';
import { matchingCabinets } from './cabinets.server.ts';
import type { SelectionReply, SelectionReplyBody } from './kit/reply.ts';
import { unitText } from './kit/units.ts';

export type Kind = 'pump' | 'station' | 'control';
export type SelectAnswer = SelectionReply<SelectAnswerBody>;
export type SelectAnswerBody = SelectionReplyBody & {
  misses?: Array<{ sku: string; reason: string; text: string }>;
  duty?: unknown;
  explanation?: unknown;
  electrics?: unknown;
  /** Station: the type of use the set was selected for (1..4). */
  type_use?: number;
  engine: { name: string; version: string };
};

const ENGINE = { name: ENGINE_NAME, version: ENGINE_VERSION };
const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

/** One message per field: "Flow rate: enter a number". */
export function issueMessages(issues: FieldIssue[], t: T): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) {
    if (i.field in out) continue;
    // A unit in a message is the user's language's symbol (calcExplain.unit.*), never the engine's code.
    const params: Params = { field: t(`calcPumps.fields.${i.field}`), max: MAX_FIELD, ...i.params };
    if (typeof params.unit === 'string') params.unit = unitText(params.unit, t);
    out[i.field] = t(`calcPumps.errors.${i.key}`, params);
  }
  return out;
}

function errorAnswer(issues: FieldIssue[], t: T): SelectAnswer {
  const errors = issueMessages(issues, t);
  const error = Object.values(errors)[0] ?? t('calcPumps.errors.input');
  return {
    status: 400,
    body: {
      type: 'error',
      message: error,
      entities: [],
      error,
      warning: null,
      errors,
      engine: ENGINE,
    },
  };
}

/** "at 65 m³/h the best reaches 12.1 m of the 14 m asked" and its kin, one text per rejection reason. */
export function missText(
  m: Pick<Rejection, 'reason' | 'value' | 'limit' | 'unit'>,
  qM3h: number,
  t: T,
): string {
  return t(`calcPumps.miss.${m.reason}`, {
    q: round(qM3h, 1),
    value: round(m.value, 1),
    limit: round(m.limit, 1),
    unit: m.unit,
  });
}

/** Catalogue ids (cid) of the returned skus: one bounded query (at most the result limit). */
async function cidsOf(db: Kysely<DB>, skus: string[]): Promise<Map<string, number>> {
  if (!skus.length) return new Map();
  const rows = await db
    .selectFrom('catalogue_items')
    .select(['id', 'sku'])
    .where('sku', 'in', [...new Set(skus)])
    .execute();
  return new Map(rows.map((r) => [r.sku, r.id]));
}

/** Impeller diameter the pump runs with, mm: the catalogued one times D/D₀ of a trim; null when not catalogued. */
export const impellerMm = (catalogued: number | undefined, trim: number | null): number | null =>
  catalogued && catalogued > 0 ? Math.round(catalogued * (trim ?? 1)) : null;

function pumpEntity(e: PumpEntity, cid: number | null, t: T, model?: PumpModel) {
  return {
    cid,
    sku: e.sku,
    title: e.title,
    manufacturer: e.manufacturer,
    model: e.model,
    price: e.price_kop / 100,
    price_kop: e.price_kop,
    lead_days: e.lead_days,
    duty: e.duty,
    impeller_d_mm: impellerMm(model?.impeller_d_mm, e.duty.trim_ratio),
    bep_ratio: e.bep_ratio,
    head_surplus: e.head_surplus,
    annual_kwh: e.annual_kwh,
    energy_cost_kop: e.energy_cost_kop,
    lcc_kop: e.lcc_kop,
    score: e.score,
    reasons: e.reasons,
    reason_texts: e.reasons.map((r) => t(`calcPumps.reason.${r}`)),
    warnings: e.warnings,
    warning_texts: e.warnings.map((w) => t(`calcPumps.warn.${w}`)),
    explanation: e.explanation,
    p1_at: {
      basis: 'operating_point',
      q_m3h: e.duty.q_m3h,
      h_m: e.duty.h_m,
      text: t('calcPumps.page.p1AtOperating', {
        q: round(e.duty.q_m3h, 1),
        h: round(e.duty.h_m, 1),
      }),
    },
  };
}

export async function selectPumpAnswer(db: Kysely<DB>, raw: RawInput, t: T): Promise<SelectAnswer> {
  const { input, issues } = pumpInputOf(raw);
  const pumps = await preparedPumps(db);
  const r = selectPumps(pumps, input);
  const all = [...issues, ...r.errors.filter((e) => !issues.some((i) => i.field === e.field))];
  if (all.length || r.type === 'error') return errorAnswer(all, t);
  const cids = await cidsOf(
    db,
    r.entities.map((e) => e.sku),
  );
  const bySku = new Map(pumps.map((p) => [p.model.sku, p]));
  const q = r.duty?.q_m3h ?? 0;
  const misses = r.misses.map((m) => ({
    sku: m.sku,
    reason: m.reason,
    value: m.value,
    limit: m.limit,
    unit: m.unit,
    text: missText(m, q, t),
  }));
  return {
    status: 200,
    body: {
      type: r.type === 'success' ? 'success' : 'empty',
      entities: r.entities.map((e) =>
        pumpEntity(e, cids.get(e.sku) ?? null, t, bySku.get(e.sku)?.model),
      ),
      error: null,
      warning: r.type === 'empty' ? t('calcPumps.empty', { why: misses[0]?.text ?? '' }) : null,
      misses,
      duty: r.duty,
      explanation: r.explanation,
      engine: ENGINE,
    },
  };
}

function stationEntity(
  e: StationEntity,
  cid: number | null,
  cabinet: Awaited<ReturnType<typeof matchingCabinets>>[number] | null,
  t: T,
) {
  return {
    cid,
    sku: e.sku,
    title: e.title,
    manufacturer: e.manufacturer,
    model: e.model,
    type_use: e.type_use,
    duty_count: e.duty_count,
    standby_count: e.standby_count,
    ats: e.ats,
    warnings: e.warnings,
    warning_texts: e.warnings.map((w) => t(`calcExplain.pump.warning.${w}`)),
    lcc_kop: e.lcc_kop,
    rank_lcc_kop: e.rank_lcc_kop,
    price: (e.pumps_price_kop + (cabinet?.price_kop ?? 0)) / 100,
    pumps_price_kop: e.pumps_price_kop,
    start_method: e.start_method,
    station: e.station,
    electrics: e.cabinet,
    cabinet,
    p1_at: {
      basis: 'operating_point',
      q_m3h: e.station.duty_q_m3h,
      h_m: e.station.duty_h_m,
      text: t('calcPumps.page.p1AtOperating', {
        q: round(e.station.duty_q_m3h, 1),
        h: round(e.station.duty_h_m, 1),
      }),
    },
  };
}

export async function selectStationAnswer(
  db: Kysely<DB>,
  raw: RawInput,
  t: T,
): Promise<SelectAnswer> {
  const { input, issues } = stationInputOf(raw);
  const pumps = await preparedPumps(db);
  const r = selectStations(pumps, input);
  const all = [...issues, ...r.errors.filter((e) => !issues.some((i) => i.field === e.field))];
  if (all.length || r.type === 'error') return errorAnswer(all, t);
  const cids = await cidsOf(
    db,
    r.entities.map((e) => e.sku),
  );
  const bySku = new Map(pumps.map((p) => [p.model.sku, p]));
  const entities = [];
  for (const e of r.entities) {
    const motor = bySku.get(e.sku)?.model.motor;
    const [cab] = motor
      ? await matchingCabinets(db, {
          pumps: e.duty_count + e.standby_count,
          p2_kw: motor.p2_kw,
          method: e.start_method,
          ats: e.ats,
        })
      : [];
    entities.push(stationEntity(e, cids.get(e.sku) ?? null, cab ?? null, t));
  }
  const misses = r.misses.map((m) => ({
    sku: m.sku,
    reason: m.reason,
    duty_count: m.duty_count,
    text: t(m.reason === 'npsh' ? 'calcStation.miss.npsh' : `calcPumps.stationMiss.${m.reason}`, {
      n: m.duty_count,
    }),
  }));
  return {
    status: 200,
    body: {
      type: entities.length ? 'success' : 'empty',
      type_use: r.type_use,
      entities,
      error: null,
      warning: entities.length ? null : t('calcPumps.empty', { why: misses[0]?.text ?? '' }),
      misses,
      engine: ENGINE,
    },
  };
}

/** A motor typed by its P2 only: plate data from typical IE3 four-pole values (stated in the explanation). */
const typicalMotor = (p2: number, voltage: number): MotorData => ({
  p2_kw: p2,
  in_a: 0,
  ia_in: 7,
  cos_phi: p2 < 4 ? 0.8 : 0.85,
  eta: p2 < 4 ? 0.85 : 0.9,
  voltage_v: voltage,
});

export async function selectControlAnswer(
  db: Kysely<DB>,
  raw: RawInput,
  t: T,
): Promise<SelectAnswer> {
  const { input, issues } = controlInputOf(raw);
  if (issues.length) return errorAnswer(issues, t);
  let motors: MotorData[];
  if (input.skus.length) {
    const bySku = new Map<string, PreparedPump>(
      (await preparedPumps(db)).map((p) => [p.model.sku, p]),
    );
    const missing = input.skus.filter((s) => !bySku.has(s));
    if (missing.length) return errorAnswer([{ field: 'pumps', key: 'unknown' }], t);
    motors = input.skus.map((s) => bySku.get(s)!.model.motor);
  } else motors = [typicalMotor(input.p2_kw!, input.voltage_v)];
  // Several carried-over pumps of one set are one group; the given duty/standby split applies to it.
  const groups =
    motors.length > 1
      ? motors.map((m) => ({ motor: m, duty: 1, standby: 0 }))
      : [{ motor: motors[0]!, duty: input.duty, standby: input.standby }];
  const el = cabinetElectrics({
    pumps: groups,
    method: input.method,
    ats: input.ats,
    dry_run: input.dry_run,
  });
  if (!el.ok)
    return errorAnswer(
      [
        {
          field: input.skus.length ? 'pumps' : 'p2_kw',
          key: el.error === 'too_large' ? 'too_large' : 'range',
        },
      ],
      t,
    );
  const count = groups.reduce((s, g) => s + g.duty + g.standby, 0);
  const p2 = Math.max(...motors.map((m) => m.p2_kw));
  const cabinets = await matchingCabinets(db, {
    pumps: count,
    p2_kw: p2,
    method: input.method,
    ats: input.ats,
  });
  const cids = cabinets.map((c) => ({ ...c, cid: c.id, price: c.price_kop / 100 }));
  return {
    status: 200,
    body: {
      type: cids.length ? 'success' : 'empty',
      entities: cids,
      error: null,
      warning: cids.length ? null : t('calcPumps.noCabinet', { n: count, p2: round(p2, 1) }),
      duty: {
        pumps: count,
        p2_kw: p2,
        method: input.method,
        control_mode: input.control_mode,
        ats: input.ats,
        dry_run: input.dry_run,
        sensors: input.sensors,
        communication: input.communication,
      },
      electrics: el,
      engine: ENGINE,
    },
  };
}

export type PumpEntityView = ReturnType<typeof pumpEntity>;
export type StationEntityView = ReturnType<typeof stationEntity>;

export function selectAnswer(
  kind: Kind,
  db: Kysely<DB>,
  raw: RawInput,
  t: T,
): Promise<SelectAnswer> {
  if (kind === 'pump') return selectPumpAnswer(db, raw, t);
  if (kind === 'station') return selectStationAnswer(db, raw, t);
  return selectControlAnswer(db, raw, t);
}
