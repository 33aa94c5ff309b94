// Datasheet rows of cabinet electrics (station and control kinds): motors, currents, breaker, cable,
// components with their ratings.
import type { CabinetResult } from '#features/calculations/engine/index.ts';
import type { T } from '#lib/i18n/index.ts';
import type { Datasheet } from '../kinds.server.ts';
import { unitOf, withUnit } from '../../kit/units.ts';

export function electricsSections(
  el: CabinetResult | null | undefined,
  t: T,
  nf: (x: unknown, d?: number) => string,
): Datasheet['sections'] {
  if (!el || !el.ok) return [];
  const u = (x: unknown, unit: string, digits = 2) => withUnit(nf(x, digits), unit, t);
  const A = unitOf('A', t);
  return [
    {
      title: t('calcSaved.sheet.motor'),
      rows: [
        ...el.motors.map((m, k): [string, string] => [
          t('calcPumps.page.motor', { n: k + 1 }),
          `P₂ ${u(m.p2_kw, 'kW')} · Iₙ ${u(m.in_a, 'A', 1)} · Iₐ ${u(m.ia_a, 'A', 1)}`,
        ]),
        ['ΣIₙ', u(el.running_sum_a, 'A', 1)],
        [t('calcPumps.page.peak'), u(el.peak_a, 'A', 1)],
        [
          t('calcPumps.page.breaker'),
          el.main_breaker ? `${el.main_breaker.curve}${el.main_breaker.rating_a} ${A}` : '—',
        ],
        [
          t('calcPumps.page.cable'),
          el.cable ? `3×${el.cable.mm2} ${unitOf('mm2', t)} (Iz ${el.cable.iz_a} ${A})` : '—',
        ],
      ],
    },
    {
      title: t('calcPumps.page.components'),
      rows: el.components.map((c): [string, string] => [
        `${t(`calcPumps.component.${c.kind}`)} × ${c.count}`,
        [
          c.rating_a && `${c.rating_a} ${A}`,
          c.rating_kw && `${c.rating_kw} ${unitOf('kW', t)}`,
          c.setting && `${c.setting[0]}–${c.setting[1]} ${A}`,
        ]
          .filter(Boolean)
          .join(' · ') || '—',
      ]),
    },
  ];
}
