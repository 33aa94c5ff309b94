// The booster sets of a station answer for the comparison (../Compare.tsx): one column per set, the
// figures of its result card as rows, in the user's language and units.
import { formatMoney, numberFormat } from '#lib/format.ts';
import type { T } from '#lib/i18n/index.ts';
import { unitOf } from '../kit/units.ts';
import type { CompareItem } from '../Compare.tsx';

export interface StationLike {
  sku: string;
  title: string;
  duty_count: number;
  standby_count: number;
  price: number;
  lcc_kop?: number;
  station: {
    per_pump_q_m3h: number;
    duty_speed_ratio: number;
    duty_p1_kw: number;
    annual_kwh: number | null;
    manifold: { dn: number } | null;
  };
}

export function stationCompareItems(
  entities: readonly StationLike[],
  t: T,
  locale: string,
): CompareItem[] {
  const nf = (x: number | null, d = 2) =>
    x === null ? '—' : numberFormat(locale, { maximumFractionDigits: d }).format(x);
  const u = (unit: string) => unitOf(unit, t);
  return entities.map((e, i) => ({
    id: String(i + 1),
    title: `${i + 1}. ${t('calcPumps.page.set', { n: e.duty_count, s: e.standby_count })} ${e.sku}`,
    figures: [
      [t('calcPumps.page.perPump'), `${nf(e.station.per_pump_q_m3h, 1)} ${u('m3/h')}`],
      ['n/n₀', nf(e.station.duty_speed_ratio, 3)],
      ['P₁', `${nf(e.station.duty_p1_kw)} ${u('kW')}`],
      [t('calcPumps.page.annualKwh'), `${nf(e.station.annual_kwh, 0)} ${u('kWh')}`],
      ['DN', e.station.manifold ? `DN ${e.station.manifold.dn}` : '—'],
      [t('calcPumps.page.priceItem'), `${formatMoney(e.price * 100)} ${u('kop')}`],
      ...(e.lcc_kop !== undefined
        ? [[t('calcStation.page.lcc'), `${formatMoney(e.lcc_kop)} ${u('kop')}`] as [string, string]]
        : []),
    ],
  }));
}
