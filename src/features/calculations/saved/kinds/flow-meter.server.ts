// Kind 'flow-meter' (heat metering unit). Saving reruns the selection (flow-meter/flow-meter.server.ts);
// a chosen id is the cid of a unit variant (its supply meter) and brings the whole unit: meters,
// sensor pair, pressure transmitters and calculator, each with its quantity and the answer's price.
// Datasheet of one item: the flows of the pipes, the meter's range, velocity, losses and straight
// runs where it is used (or its role in the unit), the organisation's requirements, the explanation.
import type { FlowEntity } from '#features/calculations/flow-meter/flow-meter.server.ts';
import { flowMeterAnswer } from '#features/calculations/flow-meter/flow-meter.server.ts';
import type { PipeFlow } from '#features/calculations/flow-meter/engine.ts';
import { formulaKey, termKey } from '#features/calculations/flow-meter/explain-labels.ts';
import { formatMoney } from '#lib/format.ts';
import { entityOf, numberText, registerCalcKind, round3, type Datasheet } from '../kinds.server.ts';
import type { ChosenItem } from '../saved.server.ts';

registerCalcKind({
  kind: 'flow-meter',
  formPath: '/e-commerce/design/new-calculation/flow-meter',
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
        else items.push({ cid: x.cid, sku: x.sku, title: x.title, price_kop: x.price_kop, quantity: x.qty });
      }
    }
    return { items, entities };
  },
  title(inputs, body, t) {
    const load = inputs.mode === 'flows' ? `${inputs.g_supply ?? ''} ${inputs.flow_unit || 't/h'}` : `${inputs.q_heat || inputs.q_dhw || ''} ${inputs.q_unit || 'kW'}`;
    return t('calcFlow.saved.title', { q: load.trim(), t1: inputs.t_supply ?? '', t2: inputs.t_return ?? '', scheme: t(`calcFlow.scheme.${String(body.scheme ?? 'closed_dependent')}`) });
  },
  xlsx(c, t) {
    const rows: unknown[][] = [];
    for (const e of c.result.entities as FlowEntity[]) {
      for (const m of e.meters)
        rows.push([e.rank, t('calcFlow.role.meter'), t(`calcFlow.pipe.${m.pipe}`), m.sku, m.title, m.dn, round3(m.q_min.value), round3(m.q_t.value), round3(m.q_max.value), round3(m.pct_min.value), round3(m.pct_design.value), round3(m.v_design.value), round3(m.dp_total.value), 1, m.price_kop / 100]);
      for (const x of e.items.filter((i) => i.role !== 'meter')) rows.push([e.rank, t(`calcFlow.role.${x.role}`), '', x.sku, x.title, null, null, null, null, null, null, null, null, x.qty, x.price_kop / 100]);
    }
    return {
      head: ['#', t('calcFlow.page.role'), t('calcFlow.page.pipe'), 'SKU', t('calcFlow.page.item'), 'DN', 'Qmin, m3/h', 'Qt, m3/h', 'Qmax, m3/h', '% Qmax min', '% Qmax design', 'v, m/s', 'Δp, kPa', t('calcFlow.page.qty'), `${t('calcFlow.page.price')}, ₽`],
      rows,
    };
  },
  async datasheet(c, item, { t, locale }): Promise<Datasheet | null> {
    const e = (c.result.entities as FlowEntity[]).find((x) => x.items.some((i) => i.cid === item.cid));
    if (!e) return null;
    const nf = numberText(locale);
    const own = e.items.find((i) => i.cid === item.cid)!;
    const pipes = (c.result.pipes ?? []) as PipeFlow[];
    const meters = e.meters.filter((m) => m.sku === own.sku);
    return {
      heading: own.title,
      subtitle: `${t(`calcFlow.role.${own.role}`)} · SKU ${own.sku} · ${e.title}`,
      sections: [
        { title: t('calcFlow.page.pipes'), rows: pipes.map((p): [string, string] => [t(`calcFlow.pipe.${p.pipe}`), `${nf(p.t_c.value, 1)} °C · G ${nf(p.g_design.value, 3)} / ${nf(p.g_min.value, 3)} t/h · V ${nf(p.q_design.value, 3)} / ${nf(p.q_min.value, 3)} m³/h`]) },
        ...meters.map((m) => ({
          title: `${t(`calcFlow.pipe.${m.pipe}`)}: DN${m.dn}`,
          rows: [
            [t('calcFlow.page.range'), `${nf(m.q_min.value, 3)} / ${nf(m.q_t.value, 3)} / ${nf(m.q_max.value, 3)} m³/h`],
            [t('calcFlow.page.pct'), `${nf(m.pct_min.value, 1)} … ${nf(m.pct_design.value, 1)} %`],
            [t('calcFlow.page.velocity'), `${nf(m.v_design.value, 2)} m/s`],
            [t('calcFlow.page.zone'), t(`calcFlow.zone.${m.zone}`)],
            [t('calcFlow.page.dp'), `${nf(m.dp_total.value, 3)} kPa${m.reducer ? ` (${t('calcFlow.page.reducer', { from: m.reducer.pipe_dn, to: m.dn })})` : ''}`],
            [t('calcFlow.page.straight'), t('calcFlow.page.straightText', { up: nf(m.straight_up.mm.value, 0), upDn: m.straight_up.dn, down: nf(m.straight_down.mm.value, 0), downDn: m.straight_down.dn })],
          ] as Array<[string, string]>,
        })),
        { title: t('calcFlow.page.composition'), rows: e.items.map((x): [string, string] => [`${t(`calcFlow.role.${x.role}`)} × ${x.qty}`, `${x.title} · ${formatMoney(x.price_kop * x.qty)} ₽`]) },
      ],
      charts: [],
      // The explanation summary with the engine's keys named in the user's language (explain-labels.ts).
      explanation: e.explanation.steps.slice(0, 40).map((s): [string, string, string] => {
        const l = termKey(s.key);
        const unit = s.unit === 'kop' ? '₽' : s.unit;
        return [t(l.key, l.pipe ? { pipe: t(`calcFlow.pipe.${l.pipe}`) } : {}), `${nf(s.unit === 'kop' ? s.value / 100 : s.value, 4)} ${unit}`.trim(), s.formula ? t(formulaKey(s.formula)) : ''];
      }),
      notes: e.requirements.map((r) => `${r.met ? '✓' : '✗'} ${r.text}`),
    };
  },
});
