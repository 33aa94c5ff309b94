// Every key the flow meter engine writes into an explanation (inputs, steps, formulas, warnings) has
// a label in all 7 languages: the engine is walked over every scheme, both input modes, reducers,
// a pressure-drop limit and an organisation's requirements.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { demoMeteringItems } from './catalogue.demo.ts';
import { selectFlowMeters, type FlowInput } from './engine.ts';
import { formulaKey, termKey } from './explain-labels.ts';
import { unitCatalogueOf } from './meter.ts';

const LANGS = ['ru', 'en', 'de', 'es', 'fr', 'ja', 'zh'];
type Tree = { [k: string]: string | Tree };
const dict = Object.fromEntries(
  LANGS.map((l) => [
    l,
    JSON.parse(
      readFileSync(new URL(`../../../../i18n/${l}.json`, import.meta.url), 'utf8'),
    ) as Tree,
  ]),
);
const has = (tree: Tree, key: string) =>
  typeof key
    .split('.')
    .reduce<Tree | string | undefined>(
      (n, p) => (n && typeof n === 'object' ? n[p] : undefined),
      tree,
    ) === 'string';

const CAT = unitCatalogueOf(
  demoMeteringItems().map((x) => ({
    sku: x.sku,
    kind: x.kind,
    title: x.title,
    price_kop: x.price_kop,
    demo: true,
    specs: (x.specs ?? {}) as Record<string, unknown>,
  })),
);
const BASE: FlowInput = {
  scheme: 'closed_dependent',
  mode: 'loads',
  q_heat_kw: 1163,
  q_dhw_kw: 0,
  t_supply_c: 95,
  t_return_c: 70,
  t_dhw_c: 60,
  t_cold_c: 5,
  p_mpa: 0.6,
  min_share_pct: 10,
  make_up_pct: 2,
  pipe_dn: { supply: 100, return: 100, dhw: 50, make_up: 25 },
  margin_pct: 90,
  v_min_ms: 0.3,
  v_max_ms: 5,
  requirements: null,
};
const SCENARIOS: FlowInput[] = [
  BASE,
  { ...BASE, scheme: 'open', q_dhw_kw: 300 },
  {
    ...BASE,
    scheme: 'closed_independent',
    q_heat_kw: 80,
    t_supply_c: 70,
    t_return_c: 65,
    pipe_dn: {},
  },
  {
    ...BASE,
    mode: 'flows',
    flows: { supply: { design: 10, min: 1 }, return: { design: 10 } },
    dp_available_kpa: 5,
  },
  {
    ...BASE,
    requirements: {
      meter_types: ['electromagnetic'],
      meter_models: ['DEMO-EM'],
      max_error_pct: 1,
      straight_up_dn: 5,
      straight_down_dn: 3,
      archive_hourly_days: 60,
      archive_daily_days: 365,
      remote_interfaces: ['GSM'],
      register_required: true,
    },
  },
];

describe('flow meter explanation labels', () => {
  it('labels every key the engine writes, in every language', () => {
    const keys = new Set<string>();
    for (const s of SCENARIOS) {
      const r = selectFlowMeters(s, CAT);
      const all = [r.explanation, ...r.variants.map((v) => v.explanation)];
      for (const e of all) {
        for (const x of [...e.inputs, ...e.steps]) keys.add(termKey(x.key).key);
        for (const f of e.formulas) keys.add(formulaKey(f.id));
        for (const w of e.warnings) keys.add(`calcFlow.warn.${w}`);
        for (const x of [...e.inputs, ...e.steps])
          if (termKey(x.key).pipe) keys.add(`calcFlow.pipe.${termKey(x.key).pipe}`);
      }
      for (const v of r.variants)
        for (const q of v.requirements) keys.add(`calcFlow.req.${q.code}.${q.reason}`);
      for (const x of r.rejected) keys.add(`calcFlow.reject.${x.reason}`);
    }
    expect(keys.size).toBeGreaterThan(50);
    const missing = LANGS.flatMap((l) =>
      [...keys].filter((k) => !has(dict[l]!, k)).map((k) => `${l}:${k}`),
    );
    expect(missing).toEqual([]);
  });
});
