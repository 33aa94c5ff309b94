// Kind 'control': a control cabinet from the catalogue with the computed electrics; the datasheet
// shows the duty (pumps, P2, start method), currents, breaker, cable and components.
import type { Component, CabinetResult } from '#features/calculations/engine/index.ts';
import { formatMoney } from '#lib/format.ts';
import { selectAnswer } from '../../select.server.ts';
import { rawInput } from '../../calculations.schema.ts';
import { explanationRows, numberText, registerCalcKind, type Datasheet } from '../kinds.server.ts';
import { electricsSections } from './electrics.server.ts';
import { chosenPriced } from './pump.server.ts';
import { head, unitOf, withUnit } from '../../kit/units.ts';
import { paths } from '#lib/paths.ts';

type ControlDuty = {
  pumps?: number;
  p2_kw?: number;
  method?: string;
  control_mode?: string;
  ats?: boolean;
  dry_run?: boolean;
};

registerCalcKind({
  kind: 'control',
  formPath: paths.design.newCalculation.control(),
  select: (db, inputs, t) => selectAnswer('control', db, rawInput(inputs), t),
  chosen: chosenPriced,
  title(_inputs, body, t) {
    const d = body.duty as ControlDuty | undefined;
    return t('calcPumps.saved.title.control', {
      n: d?.pumps ?? '',
      p2: d?.p2_kw ?? '',
      method: t(`calcPumps.method.${d?.method ?? 'direct'}`),
    });
  },
  xlsx(c, t) {
    const el = c.result?.electrics as { components?: Component[] } | undefined;
    return {
      head: [
        t('calcPumps.page.component'),
        t('calcPumps.page.count'),
        head(t('calcPumps.page.rating'), 'A', t),
        head(t('calcPumps.page.rating'), 'kW', t),
      ],
      rows: (el?.components ?? []).map((x) => [
        t(`calcPumps.component.${x.kind}`),
        x.count,
        x.rating_a,
        x.rating_kw,
      ]),
    };
  },
  async datasheet(c, item, { t, locale }): Promise<Datasheet | null> {
    const e = (
      c.result.entities as Array<{
        cid: number;
        sku: string;
        title: string;
        manufacturer: string;
        model: string;
        price_kop: number;
      }>
    ).find((x) => x.cid === item.cid);
    if (!e) return null;
    const nf = numberText(locale);
    const d = (c.result.duty ?? {}) as ControlDuty;
    const el = c.result.electrics as CabinetResult | undefined;
    return {
      heading: e.title,
      subtitle: `${e.manufacturer} · ${e.model} · ${t('calcPumps.page.sku')} ${e.sku}`,
      sections: [
        {
          title: t('calcSaved.sheet.duty'),
          rows: [
            [t('calcPumps.fields.pumps'), String(d.pumps ?? '—')],
            ['P₂', withUnit(nf(d.p2_kw), 'kW', t)],
            [t('calcPumps.fields.method'), t(`calcPumps.method.${d.method ?? 'direct'}`)],
            [t('calcPumps.page.priceItem'), `${formatMoney(e.price_kop)} ${unitOf('kop', t)}`],
          ],
        },
        ...electricsSections(el, t, nf),
      ],
      charts: [],
      explanation: explanationRows(el?.explanation, t, locale),
      notes: [],
    };
  },
});
