// Kind 'station': a booster set saved with its pumps (all duty + standby, one line) and its cabinet;
// datasheet with the set's duty, the staging chart (P1 against flow per number of running pumps),
// the electrics and the pump's materials.
import type { CabinetResult, StagingRow } from '#features/calculations/engine/index.ts';
import { formatMoney } from '#lib/format.ts';
import { selectAnswer, type StationEntityView } from '../../select.server.ts';
import { rawInput } from '../../calculations.schema.ts';
import {
  explanationRows,
  numberText,
  registerCalcKind,
  round3,
  type Datasheet,
} from '../kinds.server.ts';
import type { ChosenItem } from '../saved.server.ts';
import { catalogueItem, materialRows } from './catalogue.server.ts';
import { electricsSections } from './electrics.server.ts';
import { dutyTitle } from './pump.server.ts';
import { head, unitOf, withUnit } from '../../kit/units.ts';
import { paths } from '#lib/paths.ts';

registerCalcKind({
  kind: 'station',
  formPath: paths.design.newCalculation.station(),
  select: (db, inputs, t) => selectAnswer('station', db, rawInput(inputs), t),
  chosen(body, cids) {
    // A set and its cabinet carry different ids; a repeated id counts once.
    cids = [...new Set(cids)];
    const items: ChosenItem[] = [];
    const entities: unknown[] = [];
    for (const cid of cids) {
      const e = (body.entities as StationEntityView[]).find(
        (x) => x.cid === cid || x.cabinet?.id === cid,
      );
      if (!e) return null;
      if (e.cid === cid)
        items.push({
          cid,
          sku: e.sku,
          title: e.title,
          price_kop: e.pumps_price_kop / (e.duty_count + e.standby_count),
          quantity: e.duty_count + e.standby_count,
        });
      else if (e.cabinet)
        items.push({
          cid,
          sku: e.cabinet.sku,
          title: e.cabinet.title,
          price_kop: e.cabinet.price_kop,
          quantity: 1,
        });
      if (!entities.includes(e)) entities.push(e);
    }
    return { items, entities };
  },
  title: (inputs, _body, t) => dutyTitle('station', inputs, t),
  // The price column is what was chosen of each set: its pumps, plus its cabinet on a row of its own
  // only when the cabinet was chosen too (the offer sheet of the same workbook lists the same).
  xlsx: (c, t) => ({
    head: [
      t('calcPumps.page.sku'),
      t('calcPumps.saved.item'),
      t('calcPumps.fields.count'),
      t('calcPumps.fields.standby'),
      head(t('calcPumps.page.perPump'), 'm3/h', t),
      head('P1', 'kW', t),
      head(t('calcPumps.page.annualKwh'), 'kWh', t),
      'DN',
      t('calcPumps.page.cabinet'),
      head(t('calcPumps.page.priceItem'), 'kop', t),
    ],
    rows: (c.result.entities as StationEntityView[]).flatMap((e) => {
      const chosen = (cid: number | null | undefined) =>
        cid !== null && cid !== undefined && c.chosen.some((i) => i.cid === cid);
      const rows: unknown[][] = [];
      if (chosen(e.cid))
        rows.push([
          e.sku,
          e.title,
          e.duty_count,
          e.standby_count,
          round3(e.station.per_pump_q_m3h),
          round3(e.station.duty_p1_kw),
          round3(e.station.annual_kwh),
          e.station.manifold?.dn ?? null,
          '',
          e.pumps_price_kop / 100,
        ]);
      if (e.cabinet && chosen(e.cabinet.id))
        rows.push([
          e.cabinet.sku,
          e.cabinet.title,
          null,
          null,
          null,
          null,
          null,
          null,
          e.cabinet.sku,
          e.cabinet.price_kop / 100,
        ]);
      return rows;
    }),
  }),
  async datasheet(c, item, { db, t, locale }): Promise<Datasheet | null> {
    const e = (c.result.entities as StationEntityView[]).find(
      (x) => x.cid === item.cid || x.cabinet?.id === item.cid,
    );
    if (!e) return null;
    const nf = numberText(locale);
    const u = (x: unknown, unit: string, digits = 2) => withUnit(nf(x, digits), unit, t);
    const el = e.electrics as CabinetResult;
    if (e.cid !== item.cid) {
      // The cabinet of the set.
      return {
        heading: item.title,
        subtitle: `${t('calcPumps.page.sku')} ${item.sku} · ${t('calcPumps.page.set', { n: e.duty_count, s: e.standby_count })} ${e.title}`,
        sections: [
          {
            title: t('calcSaved.sheet.duty'),
            rows: [
              [t('calcPumps.page.set', { n: e.duty_count, s: e.standby_count }), e.title],
              [t('calcPumps.page.priceItem'), `${formatMoney(item.price_kop)} ${unitOf('kop', t)}`],
            ],
          },
          ...electricsSections(el, t, nf),
        ],
        charts: [],
        explanation: explanationRows(el?.explanation, t, locale),
        notes: [],
      };
    }
    const cat = await catalogueItem(db, item.cid);
    const staging = e.station.staging as StagingRow[];
    const k = staging[0]?.p1_kw_by_k.length ?? 0;
    const series = Array.from({ length: k }, (_, i) => ({
      name: `k = ${i + 1}`,
      points: staging.flatMap((r) =>
        r.p1_kw_by_k[i] === null || r.p1_kw_by_k[i] === undefined
          ? []
          : [[r.q_m3h, r.p1_kw_by_k[i]] as [number, number]],
      ),
      dashed: i % 2 === 1,
    }));
    return {
      heading: `${t('calcPumps.page.set', { n: e.duty_count, s: e.standby_count })} ${e.title}`,
      subtitle: `${e.manufacturer} · ${e.model} · ${t('calcPumps.page.sku')} ${e.sku} · ${t(`calcPumps.method.${e.start_method}`)}`,
      sections: [
        {
          title: t('calcSaved.sheet.duty'),
          rows: [
            [t('calcPumps.page.perPump'), u(e.station.per_pump_q_m3h, 'm3/h', 1)],
            ['n/n₀', nf(e.station.duty_speed_ratio, 3)],
            ['P₁', u(e.station.duty_p1_kw, 'kW')],
            [t('calcPumps.page.annualKwh'), u(e.station.annual_kwh, 'kWh', 0)],
            [
              'DN',
              e.station.manifold
                ? `DN ${e.station.manifold.dn} (${u(e.station.manifold.velocity_m_s, 'm/s')})`
                : '—',
            ],
            [
              t('calcPumps.page.cabinet'),
              e.cabinet
                ? `${e.cabinet.title} (${e.cabinet.sku})`
                : t('calcPumps.page.noCabinetShort'),
            ],
          ],
        },
        ...electricsSections(el, t, nf),
        { title: t('calcSaved.sheet.design'), rows: materialRows(cat?.specs ?? {}, t) },
      ],
      charts: series.length
        ? [
            {
              title: t('calcPumps.page.staging'),
              x: head('Q', 'm3/h', t),
              y: head('P₁', 'kW', t),
              series,
            },
          ]
        : [],
      explanation: explanationRows(e.station.explanation, t, locale),
      notes: [],
    };
  },
});
