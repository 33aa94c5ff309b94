// Kind 'pump': the pump selection saved with the chosen pump(s); datasheet with the duty, the curves
// at the duty speed through the system curve, the motor and the materials from the catalogue.
import { dutyCurves, preparePump, systemCurve } from '#features/calculations/engine/index.ts';
import { pumpModelOf } from '#features/calculations/pumps.server.ts';
import { formatMoney } from '#lib/format.ts';
import type { T } from '#lib/i18n/index.ts';
import { impellerMm, selectAnswer, type PumpEntityView } from '../../select.server.ts';
import { rawInput } from '../../calculations.schema.ts';
import {
  entityOf,
  explanationRows,
  numberText,
  registerCalcKind,
  round3,
  type Datasheet,
  type KindAnswer,
} from '../kinds.server.ts';
import { catalogueItem, materialRows } from './catalogue.server.ts';
import type { ChosenItem } from '../saved.server.ts';
import { head, unitOf, withUnit } from '../../kit/units.ts';
import { paths } from '#lib/paths.ts';

type Priced = { cid: number | null; sku: string; title: string; price_kop: number };

/** One item per chosen entity at the answer's price (pumps, cabinets: anything with cid and price_kop). */
export function chosenPriced(
  body: KindAnswer['body'],
  cids: number[],
  positions: Array<number | null> = [],
): { items: ChosenItem[]; entities: unknown[] } | null {
  const items: ChosenItem[] = [];
  const entities: unknown[] = [];
  for (const [i, cid] of cids.entries()) {
    const e = entityOf(body.entities as Priced[], cid, positions[i]);
    if (!e) return null;
    if (entities.includes(e)) continue;
    items.push({ cid, sku: e.sku, title: e.title, price_kop: e.price_kop, quantity: 1 });
    entities.push(e);
  }
  return { items, entities };
}

/** The pumped liquid as the datasheet names it, in one row (the sheet keeps to one A4 page): water or the glycol with its concentration, and the temperature. */
function mediumRows(
  duty:
    { temperature_c?: number; medium?: { kind: string; concentration: number } | null } | undefined,
  t: T,
  nf: (x: unknown, d?: number) => string,
): Array<[string, string]> {
  if (!duty) return [];
  const liquid = duty.medium
    ? t(`calcExplain.medium.${duty.medium.kind}`, { c: nf(duty.medium.concentration, 1) })
    : t('hx.media.water');
  return [
    [
      t('calcPumps.fields.medium'),
      duty.temperature_c === undefined
        ? liquid
        : `${liquid}, ${withUnit(nf(duty.temperature_c, 1), '°C', t)}`,
    ],
  ];
}

export const dutyTitle = (kind: string, inputs: Record<string, string>, t: T) =>
  t(`calcPumps.saved.title.${kind}`, {
    q: inputs.q ?? '',
    qu: inputs.q_unit || 'm3/h',
    h: inputs.h ?? '',
    hu: inputs.h_unit || 'm',
  });

registerCalcKind({
  kind: 'pump',
  formPath: paths.design.newCalculation.pump(),
  select: (db, inputs, t) => selectAnswer('pump', db, rawInput(inputs), t),
  chosen: chosenPriced,
  title: (inputs, _body, t) => dutyTitle('pump', inputs, t),
  xlsx: (c, t) => ({
    head: [
      t('calcPumps.page.sku'),
      t('calcPumps.saved.item'),
      head('Q', 'm3/h', t),
      head('H', 'm', t),
      'η',
      head('P1', 'kW', t),
      head('P2', 'kW', t),
      head('NPSHr', 'm', t),
      'n/n0',
      'Q/Q_BEP',
      head(t('calcPumps.page.annualKwh'), 'kWh', t),
      head(t('calcPumps.page.lcc'), 'kop', t),
      head(t('calcPumps.page.priceItem'), 'kop', t),
    ],
    rows: (c.result.entities as PumpEntityView[]).map((e) => [
      e.sku,
      e.title,
      round3(e.duty.q_m3h),
      round3(e.duty.h_m),
      round3(e.duty.eta),
      round3(e.duty.p1_kw),
      round3(e.duty.p2_kw),
      round3(e.duty.npshr_m),
      round3(e.duty.speed_ratio),
      round3(e.bep_ratio),
      round3(e.annual_kwh),
      e.lcc_kop / 100,
      e.price_kop / 100,
    ]),
  }),
  async datasheet(c, item, { db, t, locale }): Promise<Datasheet | null> {
    const e = (c.result.entities as PumpEntityView[]).find((x) => x.cid === item.cid);
    if (!e) return null;
    const nf = numberText(locale);
    const u = (x: unknown, unit: string, digits = 2) => withUnit(nf(x, digits), unit, t);
    const cat = await catalogueItem(db, item.cid);
    const model = cat ? pumpModelOf(cat) : null;
    const duty = c.result.duty as
      | {
          q_m3h: number;
          h_m: number;
          h_static_m: number;
          rho_kg_m3: number;
          temperature_c?: number;
          medium?: { kind: string; concentration: number; nu_mm2s: number } | null;
        }
      | undefined;
    const charts: Datasheet['charts'] = [];
    const prepared = model ? preparePump(model) : null;
    if (prepared?.ok && duty) {
      // The curve the pump runs (trimmed to D/D₀, or at its speed) in the saved liquid (HI 9.6.7 for glycol) through the operating point.
      const s = dutyCurves(
        prepared.pump,
        e.duty,
        systemCurve(duty.q_m3h, duty.h_m, duty.h_static_m),
        duty.rho_kg_m3,
        25,
        duty.medium?.nu_mm2s ?? null,
      );
      const pts = (ys: Array<number | null>) =>
        s.q_m3h.flatMap((q, i) =>
          ys[i] === null || ys[i] === undefined || !Number.isFinite(ys[i])
            ? []
            : [[q, ys[i]] as [number, number]],
        );
      charts.push({
        title: t('calcSaved.sheet.chartHead'),
        x: head('Q', 'm3/h', t),
        y: head('H', 'm', t),
        series: [
          {
            name:
              e.duty.trim_ratio !== null
                ? t('calcSaved.sheet.trimmed', { x: nf(e.duty.trim_ratio, 3) })
                : t('calcSaved.sheet.atDutySpeed', { r: nf(e.duty.speed_ratio, 3) }),
            points: pts(s.h_m),
          },
          { name: t('calcSaved.sheet.nominal'), points: pts(s.h_nominal_m), dashed: true },
          { name: t('calcSaved.sheet.system'), points: pts(s.system_h_m), dashed: true },
        ],
        marks: [{ x: e.duty.q_m3h, y: e.duty.h_m, label: t('calcSaved.sheet.dutyPoint') }],
      });
      charts.push({
        title: t('calcSaved.sheet.chartPower'),
        x: head('Q', 'm3/h', t),
        y: `${head('η', '%', t)}; ${head('P₂', 'kW', t)}`,
        series: [
          { name: head('η', '%', t), points: pts(s.eta.map((x) => x * 100)) },
          { name: head('P₂', 'kW', t), points: pts(s.p2_kw), dashed: true },
        ],
        marks: [
          { x: e.duty.q_m3h, y: e.duty.eta * 100, label: `η ${u(e.duty.eta * 100, '%', 1)}` },
        ],
      });
    }
    const m = model?.motor;
    // Saved before the entity carried it: from the catalogue item and the trim of the duty.
    const impeller = e.impeller_d_mm ?? impellerMm(model?.impeller_d_mm, e.duty.trim_ratio);
    return {
      heading: e.title,
      subtitle: `${e.manufacturer} · ${e.model} · ${t('calcPumps.page.sku')} ${e.sku}`,
      sections: [
        {
          title: t('calcSaved.sheet.duty'),
          rows: [
            ...mediumRows(duty, t, nf),
            ['Q', u(e.duty.q_m3h, 'm3/h')],
            ['H', u(e.duty.h_m, 'm')],
            ['η', u(e.duty.eta * 100, '%', 1)],
            ['P₁', u(e.duty.p1_kw, 'kW')],
            ['P₂', u(e.duty.p2_kw, 'kW')],
            ['NPSHr', e.duty.npshr_m === null ? '—' : u(e.duty.npshr_m, 'm', 1)],
            ['n/n₀', nf(e.duty.speed_ratio, 3)],
            ['D/D₀', nf(e.duty.trim_ratio ?? 1, 3)],
            ...(impeller
              ? [[t('calcPumps.page.impeller'), u(impeller, 'mm', 0)] as [string, string]]
              : []),
            ['Q/Q_BEP', nf(e.bep_ratio)],
            [t('calcPumps.page.annualKwh'), u(e.annual_kwh, 'kWh', 0)],
            [t('calcPumps.page.lcc'), `${formatMoney(e.lcc_kop)} ${unitOf('kop', t)}`],
          ],
        },
        {
          title: t('calcSaved.sheet.motor'),
          rows: m
            ? [
                ['P₂', u(m.p2_kw, 'kW')],
                ['Iₙ', u(m.in_a, 'A', 1)],
                ['Iₐ/Iₙ', nf(m.ia_in, 1)],
                ['cos φ', nf(m.cos_phi)],
                ['η', u(m.eta * 100, '%', 1)],
                ['U', u(m.voltage_v, 'V', 0)],
                ['n₀', u(model?.speed_rpm, 'rpm', 0)],
              ]
            : [],
        },
        {
          title: t('calcSaved.sheet.design'),
          rows: [
            ...(model?.dn ? [['DN', String(model.dn)] as [string, string]] : []),
            ...(model?.pn_bar ? [['PN', u(model.pn_bar, 'bar', 0)] as [string, string]] : []),
            ...(model?.t_max_c ? [['t max', u(model.t_max_c, '°C', 0)] as [string, string]] : []),
            ...materialRows(cat?.specs ?? {}, t),
          ],
        },
      ],
      charts,
      explanation: explanationRows(e.explanation, t, locale),
      notes: [...e.reason_texts, ...e.warning_texts],
    };
  },
});
