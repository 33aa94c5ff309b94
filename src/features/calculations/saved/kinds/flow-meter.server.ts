// Kind 'flow-meter' (heat metering unit). Saving reruns the selection (flow-meter/flow-meter.server.ts);
// a chosen id is the cid of a unit variant (its supply meter) and brings the whole unit: meters,
// sensor pair, pressure transmitters and calculator, each with its quantity and the answer's price.
// Datasheet of one item: the flows of the pipes, the meter's range, velocity, losses and straight
// runs where it is used (or its role in the unit), the organisation's requirements, the explanation.
import type { FlowEntity } from '#features/calculations/flow-meter/flow-meter.server.ts';
import { flowMeterAnswer } from '#features/calculations/flow-meter/flow-meter.server.ts';
import type { PipeFlow } from '#features/calculations/flow-meter/engine.ts';
import { formulaKey, symbolOf, termKey } from '#features/calculations/flow-meter/explain-labels.ts';
import { formatMoney } from '#lib/format.ts';
import { entityOf, numberText, registerCalcKind, round3, type Datasheet } from '../kinds.server.ts';
import type { ChosenItem } from '../saved.server.ts';
import { displayValue, head, unitOf, withUnit } from '../../kit/units.ts';
import { paths } from '#lib/paths.ts';

registerCalcKind({
  kind: 'flow-meter',
  formPath: paths.design.newCalculation.flowMeter(),
  select: (db, inputs, t) => flowMeterAnswer(db, inputs, t),
  chosen(body, cids, positions) {
    const items: ChosenItem[] = [];
    const entities: FlowEntity[] = [];
    for (const [i, cid] of cids.entries()) {
      const e = entityOf(body.entities as FlowEntity[], cid, positions[i]);
      if (!e) return null;
      if (entities.includes(e)) continue;
      entities.push(e);
      for (const x of e.items) {
        if (x.cid === null) return null;
        const same = items.find((y) => y.cid === x.cid && y.price_kop === x.price_kop);
        if (same) same.quantity += x.qty;
        else
          items.push({
            cid: x.cid,
            sku: x.sku,
            title: x.title,
            price_kop: x.price_kop,
            quantity: x.qty,
          });
      }
    }
    return { items, entities };
  },
  title(inputs, body, t) {
    const load =
      inputs.mode === 'flows'
        ? `${inputs.g_supply ?? ''} ${inputs.flow_unit || 't/h'}`
        : `${inputs.q_heat || inputs.q_dhw || ''} ${inputs.q_unit || 'kW'}`;
    return t('calcFlow.saved.title', {
      q: load.trim(),
      t1: inputs.t_supply ?? '',
      t2: inputs.t_return ?? '',
      scheme: t(`calcFlow.scheme.${String(body.scheme ?? 'closed_dependent')}`),
    });
  },
  xlsx(c, t) {
    const rows: unknown[][] = [];
    for (const e of c.result.entities as FlowEntity[]) {
      for (const m of e.meters)
        rows.push([
          e.rank,
          t('calcFlow.role.meter'),
          t(`calcFlow.pipe.${m.pipe}`),
          m.sku,
          m.title,
          m.dn,
          round3(m.q_min.value),
          round3(m.q_t.value),
          round3(m.q_max.value),
          round3(m.pct_min.value),
          round3(m.pct_design.value),
          round3(m.v_design.value),
          round3(m.dp_total.value),
          1,
          m.price_kop / 100,
        ]);
      for (const x of e.items.filter((i) => i.role !== 'meter'))
        rows.push([
          e.rank,
          t(`calcFlow.role.${x.role}`),
          '',
          x.sku,
          x.title,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          x.qty,
          x.price_kop / 100,
        ]);
    }
    return {
      head: [
        '#',
        t('calcFlow.page.role'),
        t('calcFlow.page.pipe'),
        t('calcPumps.page.sku'),
        t('calcFlow.page.item'),
        'DN',
        head('Qmin', 'm3/h', t),
        head('Qt', 'm3/h', t),
        head('Qmax', 'm3/h', t),
        `${unitOf('%', t)} Qmax min`,
        `${unitOf('%', t)} Qmax design`,
        head('v', 'm/s', t),
        head('Δp', 'kPa', t),
        t('calcFlow.page.qty'),
        head(t('calcFlow.page.price'), 'kop', t),
      ],
      rows,
    };
  },
  async datasheet(c, item, { t, locale }): Promise<Datasheet | null> {
    const e = (c.result.entities as FlowEntity[]).find((x) =>
      x.items.some((i) => i.cid === item.cid),
    );
    if (!e) return null;
    const nf = numberText(locale);
    const u = (x: unknown, unit: string, digits = 2) => withUnit(nf(x, digits), unit, t);
    const own = e.items.find((i) => i.cid === item.cid)!;
    const pipes = (c.result.pipes ?? []) as PipeFlow[];
    const meters = e.meters.filter((m) => m.sku === own.sku);
    return {
      heading: own.title,
      subtitle: `${t(`calcFlow.role.${own.role}`)} · ${t('calcPumps.page.sku')} ${own.sku} · ${e.title}`,
      sections: [
        {
          title: t('calcFlow.page.pipes'),
          rows: pipes.map((p): [string, string] => [
            t(`calcFlow.pipe.${p.pipe}`),
            `${u(p.t_c.value, '°C', 1)} · G ${nf(p.g_design.value, 3)} / ${u(p.g_min.value, 't/h', 3)} · V ${nf(p.q_design.value, 3)} / ${u(p.q_min.value, 'm3/h', 3)}`,
          ]),
        },
        ...meters.map((m) => ({
          title: `${t(`calcFlow.pipe.${m.pipe}`)}: DN${m.dn}`,
          rows: [
            [
              t('calcFlow.page.range'),
              `${nf(m.q_min.value, 3)} / ${nf(m.q_t.value, 3)} / ${u(m.q_max.value, 'm3/h', 3)}`,
            ],
            [
              t('calcFlow.page.pct'),
              `${nf(m.pct_min.value, 1)} … ${u(m.pct_design.value, '%', 1)}`,
            ],
            [t('calcFlow.page.velocity'), u(m.v_design.value, 'm/s', 2)],
            [t('calcFlow.page.zone'), t(`calcFlow.zone.${m.zone}`)],
            [
              t('calcFlow.page.dp'),
              `${u(m.dp_total.value, 'kPa', 3)}${m.reducer ? ` (${t('calcFlow.page.reducer', { from: m.reducer.pipe_dn, to: m.dn })})` : ''}`,
            ],
            [
              t('calcFlow.page.straight'),
              t('calcFlow.page.straightText', {
                up: nf(m.straight_up.mm.value, 0),
                upDn: m.straight_up.dn,
                down: nf(m.straight_down.mm.value, 0),
                downDn: m.straight_down.dn,
              }),
            ],
          ] as Array<[string, string]>,
        })),
        {
          title: t('calcFlow.page.composition'),
          rows: e.items.map((x): [string, string] => [
            `${t(`calcFlow.role.${x.role}`)} × ${x.qty}`,
            `${x.title} · ${formatMoney(x.price_kop * x.qty)} ${unitOf('kop', t)}`,
          ]),
        },
      ],
      charts: [],
      // Every step of the explanation with the engine's keys named in the user's language (explain-labels.ts).
      explanation: e.explanation.steps
        .filter((s) => Number.isFinite(s.value))
        .map((s) => {
          const l = termKey(s.key);
          const math = s.formula
            ? (e.explanation.formulas.find((f) => f.id === s.formula)?.text ?? '')
            : '';
          return {
            quantity: t(l.key, l.pipe ? { pipe: t(`calcFlow.pipe.${l.pipe}`) } : {}),
            symbol: symbolOf(s.key),
            value: withUnit(nf(displayValue(s.value, s.unit), 4), s.unit, t),
            formula: s.formula ? t(formulaKey(s.formula)) : '',
            math,
          };
        }),
      notes: e.requirements.map((r) => `${r.met ? '✓' : '✗'} ${r.text}`),
    };
  },
});
