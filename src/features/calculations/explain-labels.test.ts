// No explanation key is ever shown raw: both engines are run over their fixtures and oracles (pump
// selection fixed and speed-controlled, trimmed, with NPSH; stations of every type of use; cabinet
// electrics; the §3.3 PHE example, rating, two-stage and single-stage DHW, condensation of
// saturated, superheated and wet steam), every input, step, formula, warning, property stream and
// unit they emit is collected, and each must have a label in all 7 languages. A scan of the engine
// sources makes sure the run met every literal key, so a key added later without a label fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dictionaries, LOCALES } from '#lib/i18n/index.ts';
import { lookup } from '#lib/i18n/translate.ts';
import {
  FORMULAS as PUMP_FORMULAS,
  type Explanation as PumpExplanation,
} from './engine/explain.ts';
import { preparePump, type PreparedPump } from './engine/curve.ts';
import { selectPumps } from './engine/select.ts';
import { selectStations, TYPES_OF_USE, TYPE_OF_USE_RULES } from './engine/station-select.ts';
import { cabinetElectrics } from './engine/electrics.ts';
import { prepared } from './engine/fixtures.test-helpers.ts';
import { CRONOLINE_IL_80_220, VEROLINE_IP_E_50_150 } from './engine/reference-curves.ts';
import type { PumpModel } from './engine/types.ts';
import { demoPumps } from '#features/catalogue-demo/pumps.demo.ts';
import { DEMO_PLATES } from './phe/catalogue.demo.ts';
import { designCondensation, type CondensationInput } from './phe/condensation.ts';
import { designDhw, selectDhwHeaters, type DhwInput } from './phe/dhw.ts';
import { FORMULAS as PHE_FORMULAS, type Explanation as PheExplanation } from './phe/explain.ts';
import { EXAMPLE_PLATE } from './phe/fixtures.test-helpers.ts';
import { ratePack } from './phe/rating.ts';
import { selectPlates } from './phe/select.ts';
import { unitKey } from './kit/units.ts';
import {
  engineOf,
  labelKey,
  mathText,
  publicSources,
  sourceText,
  PROPERTY_COLUMNS,
  type ExplainEngine,
  type LabelKind,
  type MathEngine,
} from './explain-labels.ts';
import { BTP_FORMULAS } from './btp/equipment.ts';
import { FORMULAS as FLOW_FORMULAS } from './flow-meter/engine.ts';
import { makeT } from '#lib/i18n/translate.ts';
import { WATER_MODEL } from './engine/water.ts';
import { VISCOSITY_METHOD } from './engine/viscosity.ts';
import { SOURCE as GLYCOL_SOURCE } from './fluids/glycol.ts';

type AnyExplanation = PumpExplanation | PheExplanation;

function pumpExplanations(): PumpExplanation[] {
  const out: PumpExplanation[] = [];
  const demo: PreparedPump[] = [];
  for (const m of demoPumps()) {
    const r = preparePump(m as PumpModel);
    if (r.ok) demo.push(r.pump);
  }
  const cron = prepared();
  const vero = prepared(VEROLINE_IP_E_50_150);
  const trimmable = prepared(CRONOLINE_IL_80_220, { sku: 'TRIM', trim_min_ratio: 0.8 });
  const base = { q_unit: 'm3/h', h_unit: 'm' };
  const duties = [
    { q: 60, h: 13, h_static: 5 },
    { q: 40, h: 9, h_static: 0 },
    { q: 12, h: 30, h_static: 10 },
    { q: 150, h: 40, h_static: 20 },
    { q: 5, h: 20, h_static: 0 },
  ];
  for (const d of duties)
    for (const speed_control of [false, true])
      for (const npsh_available_m of [null, 8]) {
        const r = selectPumps([cron, vero, trimmable, ...demo], {
          ...base,
          ...d,
          speed_control,
          npsh_available_m,
          limit: 50,
          load_profile: [
            { flow_ratio: 1.2, hours: 100 },
            { flow_ratio: 0.1, hours: 100 },
            { flow_ratio: 0.5, hours: 1000 },
          ],
        });
        if (r.explanation) out.push(r.explanation);
        out.push(...r.entities.map((e) => e.explanation));
      }
  // An oversized duty only a trimmed impeller meets.
  out.push(
    ...selectPumps([trimmable], { ...base, q: 60, h: 10, h_static: 2 }).entities.map(
      (e) => e.explanation,
    ),
  );
  for (const type_use of TYPES_OF_USE)
    for (const speed_control of [false, true]) {
      const r = selectStations([cron, ...demo.slice(0, 60)], {
        ...base,
        q: 120,
        h: 14,
        h_static: 5,
        speed_control,
        type_use,
      });
      out.push(...r.entities.flatMap((e) => [e.station.explanation, e.cabinet.explanation]));
    }
  // Hot water in a closed loop without NPSHa, and with it (NPSH checked per running pump).
  for (const npsh_available_m of [null, 30])
    out.push(
      ...selectStations(demo.slice(0, 60), {
        ...base,
        q: 40,
        h: 20,
        h_static: 3,
        temperature_c: 70,
        type_use: 2,
        npsh_available_m,
      }).entities.map((e) => e.station.explanation),
    );
  // Glycol media (with and without the viscosity correction) and NPSHa from the suction conditions.
  for (const medium of [
    { kind: 'ethylene_glycol', concentration: 30 },
    { kind: 'propylene_glycol', concentration: 50 },
  ] as const) {
    const suction = { p: 101.325, p_unit: 'kPa', level_m: 2, loss_m: 0.5 };
    for (const [d, temperature_c] of [
      [{ q: 5, h: 20, h_static: 0 }, -10],
      [{ q: 60, h: 13, h_static: 5 }, -10],
      [{ q: 60, h: 13, h_static: 5 }, 40],
    ] as const) {
      const r = selectPumps([cron, vero, ...demo], {
        ...base,
        ...d,
        temperature_c,
        medium,
        suction,
        limit: 50,
      });
      if (r.explanation) out.push(r.explanation);
      out.push(...r.entities.map((e) => e.explanation));
      out.push(
        ...selectStations(demo.slice(0, 60), {
          ...base,
          ...d,
          temperature_c,
          medium,
          suction,
        }).entities.map((e) => e.station.explanation),
      );
      // Reduced speed and a multistage pump (B per stage, B at the duty speed, the simplifications said).
      const multistage = { ...cron, model: { ...cron.model, sku: 'MS3', stages: 3 } };
      out.push(
        ...selectPumps([cron, multistage], {
          ...base,
          ...d,
          temperature_c,
          medium,
          speed_control: true,
          limit: 50,
        }).entities.map((e) => e.explanation),
      );
    }
  }
  const motor = { p2_kw: 7.5, in_a: 0, ia_in: 7, cos_phi: 0.86, eta: 0.89, voltage_v: 400 };
  for (const method of ['direct', 'star_delta', 'soft_starter', 'vfd'] as const) {
    const el = cabinetElectrics({
      pumps: [
        { motor, duty: 1, standby: 1 },
        { motor: { ...motor, p2_kw: 3 }, duty: 1, standby: 0 },
      ],
      method,
      ats: true,
      dry_run: true,
    });
    out.push(el.explanation);
  }
  return out;
}

function pheExplanations(): PheExplanation[] {
  const out: PheExplanation[] = [];
  const duty = { q: 500, hot: { t_in: 70, t_out: 30 }, cold: { t_in: 5, t_out: 60 } };
  for (const plates of [[EXAMPLE_PLATE], DEMO_PLATES])
    for (const wallCorrection of [true, false])
      out.push(
        ...selectPlates(
          { duty, dpMax: { hot: 100, cold: 100 }, marginMin: 0, wallCorrection },
          plates,
        ).candidates.map((c) => c.explanation),
      );
  out.push(
    ratePack(EXAMPLE_PLATE, {
      plates: 33,
      passes: { hot: 1, cold: 1 },
      hot: { t_in: 70, m: 2.9916 },
      cold: { t_in: 5, m: 2.1757 },
      wallCorrection: false,
    }).explanation,
  );
  out.push(
    ratePack(EXAMPLE_PLATE, {
      plates: 33,
      passes: { hot: 2, cold: 2 },
      hot: { t_in: 70, m: 2.9916 },
      cold: { t_in: 5, m: 2.1757 },
      q_required: 500,
    }).explanation,
  );
  const dhw: DhwInput = {
    heating: {
      q_max: 1000,
      network: { supply: 150, return: 70 },
      building: { supply: 95, return: 70 },
      t_inside: 20,
      t_outdoor_design: -25,
    },
    dhw: { q_max: 600, t_cold: 5, t_hot: 60 },
    approach: 5,
    stage2_primary_out: 45,
    c: 4.19,
  };
  for (const q_max of [600, 100, 1500]) {
    const r = designDhw({ ...dhw, dhw: { ...dhw.dhw, q_max } });
    out.push(r.explanation);
    for (const s of selectDhwHeaters(
      r,
      { dpMax: { hot: 50, cold: 50 }, marginMin: 10 },
      DEMO_PLATES,
    ))
      out.push(...s.candidates.map((c) => c.explanation));
  }
  const steam: CondensationInput = {
    steam: { p: 0.3, state: { kind: 'saturated' } },
    condensate_out: 80,
    water: { t_in: 70, t_out: 95 },
    q: 1000,
    marginMin: 10,
    dpMax: 50,
  };
  for (const s of [
    steam.steam,
    { p: 0.5, gauge: true, state: { kind: 'superheated', t: 200 } },
    { p: 0.3, state: { kind: 'wet', x: 0.9 } },
  ] as CondensationInput['steam'][])
    out.push(designCondensation({ ...steam, steam: s }, DEMO_PLATES).explanation);
  return out;
}

interface Seen {
  engine: ExplainEngine;
  kind: LabelKind;
  key: string;
}

function collect(list: AnyExplanation[]): { labels: Seen[]; units: Set<string> } {
  const labels = new Map<string, Seen>();
  const units = new Set<string>();
  const add = (engine: ExplainEngine, kind: LabelKind, key: string) =>
    labels.set(`${engine}|${kind}|${key}`, { engine, kind, key });
  for (const e of list) {
    const engine = engineOf(e.engine.name);
    for (const s of [...e.inputs, ...e.steps]) {
      add(engine, 'term', s.key);
      units.add(s.unit);
      if (s.formula) add(engine, 'formula', s.formula);
    }
    for (const f of e.formulas) add(engine, 'formula', f.id);
    for (const w of e.warnings as Array<string | { code: string }>)
      add(engine, 'warning', typeof w === 'string' ? w : w.code);
    if ('properties' in e)
      for (const p of e.properties) {
        add(engine, 'stream', p.stream);
        for (const c of PROPERTY_COLUMNS) units.add(p[c].unit);
      }
  }
  return { labels: [...labels.values()], units };
}

const pump = pumpExplanations();
const phe = pheExplanations();
const seen = collect([...pump, ...phe]);

describe('explanation labels', () => {
  it('the engines were walked over their fixtures (pump, station, cabinet and PHE explanations)', () => {
    expect(pump.length).toBeGreaterThan(50);
    expect(phe.length).toBeGreaterThan(20);
    const keys = new Set(seen.labels.map((s) => `${s.engine}|${s.kind}|${s.key}`));
    for (const k of [
      'pump|term|motor2.in',
      'pump|term|energy.point3.p1',
      'pump|term|trim.ratio',
      'pump|term|type_use',
      'pump|warning|npsh_unknown',
      'pump|warning|outside_por',
      'pump|warning|npsh_not_given',
      'pump|warning|static_ignored',
      'pump|warning|speed_fixed',
      'pump|term|standby.min',
      'pump|term|viscosity.c_q',
      'pump|formula|viscosity_none',
      'pump|term|npsh.available',
      'phe|stream|steam.desuperheating',
      'phe|stream|water.subcooling',
      'phe|term|stage2.primary_flow',
      'phe|term|single.lmtd',
      'phe|warning|wet_steam',
      'phe|warning|wall_viscosity_neglected',
    ])
      expect(keys, k).toContain(k);
  });

  it('every key the engines wrote has a label in all 7 languages', () => {
    const missing: string[] = [];
    for (const s of seen.labels) {
      const { key } = labelKey(s.engine, s.kind, s.key);
      for (const l of LOCALES) {
        const text = lookup(dictionaries[l], key);
        if (!text || text.trim() === '' || text === key) missing.push(`${l}: ${key} (${s.key})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('every unit has a symbol in all 7 languages (or is dimensionless)', () => {
    const missing: string[] = [];
    for (const u of seen.units) {
      const k = unitKey(u);
      if (k === null) continue;
      if (k === undefined) missing.push(`unknown unit ${u}`);
      else for (const l of LOCALES) if (!lookup(dictionaries[l], k)) missing.push(`${l}: ${k}`);
    }
    expect(missing).toEqual([]);
  });

  it('every formula of both engines has a name, and the page words and quantity names exist', () => {
    const keys = [
      ...Object.keys(PUMP_FORMULAS).map((id) => labelKey('pump', 'formula', id).key),
      ...Object.keys(PHE_FORMULAS).map((id) => labelKey('phe', 'formula', id).key),
      ...PROPERTY_COLUMNS.map((c) => `calcExplain.quantity.${c}`),
      ...[
        'summaryPump',
        'summaryPhe',
        'inputs',
        'properties',
        'steps',
        'formulas',
        'warnings',
        'source',
        'engine',
        'quantity',
        'symbol',
        'value',
        'formula',
        'stream',
      ].map((k) => `calcExplain.page.${k}`),
    ];
    const missing = keys.flatMap((k) =>
      LOCALES.filter((l) => !lookup(dictionaries[l], k)).map((l) => `${l}: ${k}`),
    );
    expect(missing).toEqual([]);
  });

  it('the walk met every literal key written in the engine sources', () => {
    const keys = new Set(seen.labels.map((s) => `${s.engine}|${s.kind}|${s.key}`));
    const missed: string[] = [];
    for (const [engine, dir] of [
      ['pump', 'engine'],
      ['phe', 'phe'],
    ] as const) {
      const folder = new URL(`./${dir}/`, import.meta.url);
      for (const f of readdirSync(folder).filter((n) => n.endsWith('.ts') && !n.includes('test'))) {
        const src = readFileSync(new URL(f, folder), 'utf8');
        for (const m of src.matchAll(/\.(?:step|input)\(\s*'([^']+)'/g))
          if (!keys.has(`${engine}|term|${m[1]}`)) missed.push(`${dir}/${f}: term ${m[1]}`);
        for (const m of src.matchAll(/\.warn\(\s*'([^']+)'/g))
          if (!keys.has(`${engine}|warning|${m[1]}`)) missed.push(`${dir}/${f}: warning ${m[1]}`);
      }
    }
    expect(missed).toEqual([]);
  });

  it('numbered keys share one label with the number as a parameter', () => {
    expect(labelKey('pump', 'term', 'motor2.in')).toEqual({
      key: 'calcExplain.pump.term.motorN_in',
      params: { n: 2 },
    });
    expect(labelKey('pump', 'term', 'energy.point3.q')).toEqual({
      key: 'calcExplain.pump.term.energy_pointN_q',
      params: { n: 3 },
    });
    expect(labelKey('pump', 'term', 'cable.mm2')).toEqual({
      key: 'calcExplain.pump.term.cable_mm2',
    });
    expect(labelKey('phe', 'stream', 'steam.condensing')).toEqual({
      key: 'calcExplain.phe.stream.steam_condensing',
    });
  });
});

/** Prose words in a formula text: Latin words of 3+ letters outside identifiers (H_sys) and the few math names. */
const MATH_WORDS = new Set([
  'max',
  'min',
  'sin',
  'cos',
  'tan',
  'log',
  'ANSI',
  'NPSH',
  'VDI',
  'Heat',
  'Atlas',
  'IAPWS',
  'LMTD',
  'NTU',
  'LCC',
  'NPSHa',
  'NPSHr',
  'Kvs',
  'DN',
  'PVC',
]);
export const proseWords = (text: string): string[] =>
  (text.replace(/[A-Za-zА-Яа-я₀-₉]*_[\w,′″^]+/g, ' ').match(/[A-Za-z]{3,}/g) ?? []).filter(
    (w) => !MATH_WORDS.has(w),
  );

describe('formula texts in the user language', () => {
  const engines: Array<[MathEngine, Record<string, string>]> = [
    ['pump', PUMP_FORMULAS],
    ['phe', PHE_FORMULAS],
    ['btp', BTP_FORMULAS],
    ['flow', FLOW_FORMULAS],
  ];
  it('no formula shown on a Russian page keeps an English word; every language has the same translated formulas', () => {
    const ru = makeT(dictionaries.ru);
    const latin: string[] = [];
    for (const [engine, formulas] of engines)
      for (const [id, text] of Object.entries(formulas)) {
        const shown =
          engine === 'btp'
            ? mathText(ru, 'btp', id, mathText(ru, 'pump', id, text))
            : mathText(ru, engine, id, text);
        if (proseWords(shown).length) latin.push(`${engine}.${id}: ${shown}`);
      }
    expect(latin).toEqual([]);
    // The engine texts the check must catch (it can fail): the English ones have prose.
    expect(proseWords(PUMP_FORMULAS.operating_point!)).toContain('solved');
    expect(proseWords(BTP_FORMULAS.safety_dn!)).toContain('load');
    const keys = (l: (typeof LOCALES)[number]) =>
      Object.keys((dictionaries[l] as any).calcExplain.math.pump as object).sort();
    for (const l of LOCALES) expect(keys(l)).toEqual(keys('ru'));
  });

  it("a translated formula is the engine's own formula: the English text equals what the engine writes", () => {
    // A translation made before the engine changed its formula would print the old one (Kell's water
    // after the engine moved to IAPWS-IF97): every key under calcExplain.math must match the engine.
    const en = (dictionaries.en as any).calcExplain.math as Record<
      MathEngine,
      Record<string, string>
    >;
    const stale: string[] = [];
    for (const [engine, formulas] of engines)
      for (const [id, text] of Object.entries(en[engine] ?? {})) {
        const own = formulas[id] ?? (engine === 'btp' ? PUMP_FORMULAS[id] : undefined);
        if (own !== text) stale.push(`${engine}.${id}: engine "${own}", dictionary "${text}"`);
      }
    expect(stale).toEqual([]);
  });

  it("the engines' published sources are named in the user's language", () => {
    const ru = makeT(dictionaries.ru);
    const standards = Object.values(TYPE_OF_USE_RULES).flatMap((r) =>
      r.standard ? [r.standard] : [],
    );
    expect(standards.length).toBeGreaterThan(0);
    for (const s of [WATER_MODEL, GLYCOL_SOURCE, VISCOSITY_METHOD, ...standards]) {
      // The page splits a source list at semicolons: a source must not hold one.
      expect(s, s).not.toContain(';');
      const shown = sourceText(s, ru);
      expect(shown, s).not.toBe(s);
      expect(
        proseWords(
          shown.replace(
            /IAPWS-IF97|ANSI\/HI|ISO\/TR|Properties of Secondary Working Fluids for Indirect Systems|IIR\/IIF|SP \d+\.\d+\.\d+/g,
            '',
          ),
        ),
        shown,
      ).toEqual([]);
    }
  });

  it('sources name no internal file', () => {
    expect(
      publicSources(['calculations.md §2.4, §2.7; EN 12828', 'IEC 60898-1 trip curves']),
    ).toEqual(['EN 12828', 'IEC 60898-1 trip curves']);
    expect(
      publicSources([
        'Modelica Buildings / DLR ThermofluidStream pump records (calculations.md §3.2)',
      ]),
    ).toEqual(['Modelica Buildings / DLR ThermofluidStream pump records']);
  });
});

/** For writing translations: `DUMP_EXPLAIN_KEYS=1 npm test -- --project unit explain-labels` prints the keys. */
if (process.env.DUMP_EXPLAIN_KEYS) {
  const all = [...new Set(seen.labels.map((s) => labelKey(s.engine, s.kind, s.key).key))].sort();
  console.log(JSON.stringify({ labels: all, units: [...seen.units].sort() }, null, 1));
}
