// The figures of one plate pack as a person reads them (label, value in the user's language and
// units): the pack card (HxPack.astro) and the side-by-side comparison (Compare.tsx) show the same.
import { numberFormat } from '#lib/format.ts';
import type { Candidate, CondensationDesign } from '#features/calculations/phe/index.ts';
import type { T } from '#lib/i18n/index.ts';
import type { CompareItem } from '../Compare.tsx';
import { unitText } from '../kit/units.ts';

/** [key under hx.page.fig, value]; `rated`: a pack rated at its own duty has no area margin (0 by construction). */
export function packFigures(
  c: Candidate,
  t: T,
  locale: string,
  rated = false,
): Array<[string, string]> {
  const nf = numberFormat(locale, { maximumSignificantDigits: 4 });
  const money = numberFormat(locale, {
    style: 'currency',
    currency: 'RUB',
    maximumFractionDigits: 0,
  });
  const f = (x: { value: number; unit: string }) => `${nf.format(x.value)} ${unitText(x.unit, t)}`;
  return [
    ['plates', nf.format(c.plates.value)],
    ['passes', `${c.passes.hot.value} / ${c.passes.cold.value}`],
    ['area', f(c.area)],
    ...(rated ? [] : [['margin', f(c.margin)] as [string, string]]),
    ['uDesign', f(c.u_design)],
    ['dpHot', f(c.hot.dp)],
    ['dpCold', f(c.cold.dp)],
    ['velocityHot', f(c.hot.velocity)],
    ['velocityCold', f(c.cold.velocity)],
    ['portDn', `DN ${c.model.port_dn.value}`],
    ['pn', `PN ${c.model.pn.value}`],
    ['price', money.format(c.price.value / 100)],
  ];
}

/** The packs of a to1 answer for the comparison: one column each, the card's figures as rows. */
export function hxCompareItems(packs: readonly Candidate[], t: T, locale: string): CompareItem[] {
  return packs.map((c) => ({
    id: String(c.rank),
    title: `${c.rank}. ${c.model.name}`,
    figures: packFigures(c, t, locale).map(
      ([k, v]) => [t(`hx.page.fig.${k}`), v] as [string, string],
    ),
  }));
}

/** The condensers of a to3 answer for the comparison: the figures of their cards (HxResult.astro). */
export function condCompareItems(
  packs: CondensationDesign['candidates'],
  t: T,
  locale: string,
): CompareItem[] {
  const nf = numberFormat(locale, { maximumSignificantDigits: 4 });
  const money = numberFormat(locale, {
    style: 'currency',
    currency: 'RUB',
    maximumFractionDigits: 0,
  });
  const f = (x: { value: number; unit: string }) => `${nf.format(x.value)} ${unitText(x.unit, t)}`;
  return packs.map((c, i) => ({
    id: String(i + 1),
    title: `${i + 1}. ${c.model.name}`,
    figures: [
      [t('hx.page.fig.plates'), nf.format(c.plates.value)],
      [t('hx.page.fig.area'), f(c.area)],
      [t('hx.page.required'), f(c.area_required)],
      [t('hx.page.fig.margin'), f(c.margin)],
      [t('hx.page.fig.dpCold'), f(c.water_dp)],
      [t('hx.page.fig.steamPort'), f(c.steam_port_velocity)],
      [t('hx.page.fig.price'), money.format(c.price.value / 100)],
    ],
  }));
}
