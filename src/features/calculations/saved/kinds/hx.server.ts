// The heat exchanger kinds 'to1' (standard), 'to2' (two-stage DHW: the packs of both stages, each
// tagged with its stage) and 'to3' (steam condensation). Saving reruns the calculation through
// hxSelectForSave (plate models are catalogue items; a pack is priced frame + plates); a chosen id
// may name its position ('cid:n') since one plate model can appear with several pass arrangements.
// Datasheet: the duty, the pack, hydraulics per side, construction, the Q-t profile, the explanation.
import type {
  Candidate,
  DhwDesign,
  CondensationDesign,
  Explanation,
} from '#features/calculations/phe/index.ts';

type CondensationCandidate = CondensationDesign['candidates'][number];
import { hxSelectForSave } from '#features/calculations/hx/hx-save.server.ts';
import { warningText, type HxKind } from '#features/calculations/hx/hx.server.ts';
import { sourcesText } from '#features/calculations/explain-labels.ts';
import { formatMoney, numberFormat } from '#lib/format.ts';
import type { T } from '#lib/i18n/index.ts';
import {
  explanationRows,
  registerCalcKind,
  round3,
  type Datasheet,
  type DatasheetChart,
  type KindAnswer,
} from '../kinds.server.ts';
import type { CalculationDetails } from '../saved.server.ts';
import { chosenPriced } from './pump.server.ts';
import { enteredPressure, head, unitOf, unitText } from '../../kit/units.ts';
import { paths } from '#lib/paths.ts';

type Q = { value: number; unit: string };
/** A saved pack: the engine's candidate (to1/to2) or condensation candidate (to3) with its catalogue tags. */
export type SavedPack = (Candidate | CondensationCandidate) & {
  cid: number | null;
  sku: string;
  title: string;
  price_kop: number;
  stage?: number;
};
type To1Side = {
  t_in: Q;
  t_out: Q;
  m: Q;
  volume_flow: Q;
  medium?: { kind: string; concentration: Q };
};
type To1Duty = { q: Q; lmtd: Q; hot: To1Side; cold: To1Side };
/** A glycol side's solution after its figures on the datasheet; nothing for water. */
const mediumOf = (s: To1Side, t: T, locale: string) =>
  s.medium
    ? `; ${t(`calcExplain.medium.${s.medium.kind}`, { c: numberFormat(locale, { maximumSignificantDigits: 4 }).format(s.medium.concentration.value) })}`
    : '';

const isPlatePack = (p: SavedPack): p is Candidate & SavedPack => 'passes' in p;

function fmt(locale: string, t: T) {
  const nf = numberFormat(locale, { maximumSignificantDigits: 4 });
  return (x: Q | null | undefined) =>
    x && Number.isFinite(x.value) ? `${nf.format(x.value)} ${unitText(x.unit, t)}` : '—';
}

/** The stored title is one text for every reader: numbers to four significant digits, no grouping. */
const plain = (t: T) => (x: Q | null | undefined) =>
  x && Number.isFinite(x.value) ? `${Number(x.value.toPrecision(4))} ${unitText(x.unit, t)}` : '—';

function hxTitle(
  kind: HxKind,
  inputs: Record<string, string>,
  body: KindAnswer['body'],
  t: T,
): string {
  const f = plain(t);
  if (kind === 'to1') {
    const d = body.duty as To1Duty | undefined;
    return t('calcSaved.title.to1', {
      q: f(d?.q),
      hot: `${f(d?.hot.t_in)} → ${f(d?.hot.t_out)}`,
      cold: `${f(d?.cold.t_in)} → ${f(d?.cold.t_out)}`,
    });
  }
  if (kind === 'to2') {
    const d = body.design as Omit<DhwDesign, 'explanation'> | undefined;
    return t('calcSaved.title.to2', {
      scheme: d ? t(`hx.page.schemes.${d.scheme}`) : '',
      q: f(
        d?.stages.reduce((s, x) => ({ value: s.value + x.q.value, unit: x.q.unit }), {
          value: 0,
          unit: 'kW',
        }),
      ),
    });
  }
  const d = body.design as
    Omit<CondensationDesign, 'candidates' | 'rejected' | 'explanation'> | undefined;
  return t('calcSaved.title.to3', {
    q: f(d?.q),
    p: enteredPressure(inputs, t, 'en-US') ?? f(d?.steam.p_abs),
    water: `${f(d?.zones[0]?.water.t_in)} → ${f(d?.zones.at(-1)?.water.t_out)}`,
  });
}

/** Q-t profile of a counterflow exchanger from its two end points per stream. */
const profile = (
  t: T,
  q: number,
  hot: [number, number],
  cold: [number, number],
): DatasheetChart => ({
  title: t('hx.page.profile'),
  x: `Q, ${unitText('kW', t)}`,
  y: `t, ${unitText('°C', t)}`,
  series: [
    {
      name: t('hx.page.side.hot'),
      points: [
        [0, hot[1]],
        [q, hot[0]],
      ],
      tone: 'hot',
    },
    {
      name: t('hx.page.side.cold'),
      points: [
        [0, cold[0]],
        [q, cold[1]],
      ],
      dashed: true,
      tone: 'cold',
    },
  ],
});

function plateSheet(
  c: CalculationDetails,
  p: Candidate & SavedPack,
  t: T,
  locale: string,
): Datasheet {
  const f = fmt(locale, t);
  const kind = c.kind as HxKind;
  let dutyRows: Array<[string, string]> = [];
  const charts: DatasheetChart[] = [];
  if (kind === 'to1') {
    const d = c.result.duty as To1Duty;
    dutyRows = [
      [t('hx.fields.q'), f(d.q)],
      ['LMTD', f(d.lmtd)],
      [
        t('hx.page.side.hot'),
        `${f(d.hot.t_in)} → ${f(d.hot.t_out)}; ${f(d.hot.volume_flow)}${mediumOf(d.hot, t, locale)}`,
      ],
      [
        t('hx.page.side.cold'),
        `${f(d.cold.t_in)} → ${f(d.cold.t_out)}; ${f(d.cold.volume_flow)}${mediumOf(d.cold, t, locale)}`,
      ],
    ];
    charts.push(
      profile(
        t,
        d.q.value,
        [d.hot.t_in.value, d.hot.t_out.value],
        [d.cold.t_in.value, d.cold.t_out.value],
      ),
    );
  } else {
    const design = c.result.design as Omit<DhwDesign, 'explanation'>;
    const s = design.stages[(p.stage ?? 1) - 1];
    if (s) {
      dutyRows = [
        [t('hx.page.scheme'), t(`hx.page.schemes.${design.scheme}`)],
        [t('hx.page.stage', { n: p.stage ?? 1 }), f(s.q)],
        ['LMTD', f(s.lmtd)],
        [t('hx.page.side.hot'), `${f(s.primary.t_in)} → ${f(s.primary.t_out)}; ${f(s.primary.m)}`],
        [
          t('hx.page.side.cold'),
          `${f(s.secondary.t_in)} → ${f(s.secondary.t_out)}; ${f(s.secondary.m)}`,
        ],
      ];
      charts.push(
        profile(
          t,
          s.q.value,
          [s.primary.t_in.value, s.primary.t_out.value],
          [s.secondary.t_in.value, s.secondary.t_out.value],
        ),
      );
    }
  }
  return {
    heading: p.title,
    subtitle: `${t('calcPumps.page.sku')} ${p.sku}${p.model.demo ? ` ${t('hx.page.demo')}` : ''}`,
    sections: [
      { title: t('calcSaved.sheet.duty'), rows: dutyRows },
      {
        title: t('calcSaved.sheet.pack'),
        rows: [
          [t('hx.page.fig.plates'), f(p.plates)],
          [t('hx.page.fig.passes'), `${p.passes.hot.value} / ${p.passes.cold.value}`],
          [t('hx.page.fig.area'), f(p.area)],
          [t('hx.page.fig.margin'), f(p.margin)],
          ['U', `${f(p.u_clean)} / ${f(p.u_design)}`],
          [t('hx.page.fig.dpHot'), f(p.hot.dp)],
          [t('hx.page.fig.dpCold'), f(p.cold.dp)],
          [t('hx.page.fig.velocityHot'), f(p.hot.velocity)],
          [t('hx.page.fig.velocityCold'), f(p.cold.velocity)],
        ],
      },
      {
        title: t('calcSaved.sheet.design'),
        rows: [
          [t('hx.page.fig.portDn'), `DN ${p.model.port_dn.value}`],
          [t('hx.page.fig.pn'), `PN ${p.model.pn.value}`],
          [t('calcSaved.sheet.plateMaterial'), p.model.material],
          [t('calcSaved.sheet.gasket'), p.model.gasket],
          ...(p.mass ? [[t('calcSaved.sheet.mass'), f(p.mass)] as [string, string]] : []),
          [t('hx.page.fig.price'), `${formatMoney(p.price_kop)} ${unitOf('kop', t)}`],
        ],
      },
    ],
    charts,
    explanation: explanationRows(p.explanation, t, locale),
    notes: [
      ...p.explanation.warnings.map((w) => warningText(w.code, w.params, t)),
      ...sourcesText(p.explanation.source, t),
    ],
  };
}

/** The steam pressure as entered with the absolute one beside it; the absolute one alone when nothing was entered. */
function pressureRows(
  inputs: Record<string, string>,
  abs: string,
  t: T,
  locale: string,
): Array<[string, string]> {
  const entered = enteredPressure(inputs, t, locale);
  return [
    entered
      ? [t('hx.page.pSteam'), `${entered} (${abs} ${t('hx.page.absShort')})`]
      : [t('hx.page.pAbs'), abs],
  ];
}

function condensationSheet(
  c: CalculationDetails,
  p: CondensationCandidate & SavedPack,
  t: T,
  locale: string,
): Datasheet {
  const f = fmt(locale, t);
  const d = c.result.design as Omit<CondensationDesign, 'candidates' | 'rejected' | 'explanation'>;
  // Counterflow from the water inlet: zones ordered by their water inlet temperature.
  const zones = [...p.zones].sort((a, b) => a.water.t_in.value - b.water.t_in.value);
  let acc = 0;
  const steps = zones.map((z) => ({ z, to: (acc += z.q.value) }));
  const e = c.result.explanation as Explanation | undefined;
  return {
    heading: p.title,
    subtitle: `${t('calcPumps.page.sku')} ${p.sku}${p.model.demo ? ` ${t('hx.page.demo')}` : ''}`,
    sections: [
      {
        title: t('calcSaved.sheet.duty'),
        rows: [
          ...pressureRows(c.inputs, f(d.steam.p_abs), t, locale),
          [t('hx.page.tSat'), f(d.steam.t_sat)],
          [t('hx.fields.q'), f(d.q)],
          [t('hx.page.steamFlow'), f(d.steam_flow)],
          [t('hx.page.condensateFlow'), f(d.condensate_flow)],
          [t('hx.fields.water_flow'), f(d.water_flow)],
        ],
      },
      {
        title: t('calcSaved.sheet.zones'),
        rows: p.zones.map((z): [string, string] => [
          t(`hx.page.zone.${z.name}`),
          `${f(z.q)}; ${f(z.steam.t_in)} → ${f(z.steam.t_out)}; ${f(z.water.t_in)} → ${f(z.water.t_out)}; LMTD ${f(z.lmtd)}; U ${f(z.u)}; ${f(z.area)}`,
        ]),
      },
      {
        title: t('calcSaved.sheet.pack'),
        rows: [
          [t('hx.page.fig.plates'), f(p.plates)],
          [t('hx.page.fig.area'), `${f(p.area)} (${t('hx.page.required')} ${f(p.area_required)})`],
          [t('hx.page.fig.margin'), f(p.margin)],
          [t('hx.page.fig.dpCold'), f(p.water_dp)],
          [t('hx.page.fig.velocityCold'), f(p.water_velocity)],
          [t('hx.page.fig.steamPort'), f(p.steam_port_velocity)],
          [t('hx.page.fig.price'), `${formatMoney(p.price_kop)} ${unitOf('kop', t)}`],
        ],
      },
    ],
    charts: steps.length
      ? [
          {
            title: t('hx.page.profile'),
            x: `Q, ${unitText('kW', t)}`,
            y: `t, ${unitText('°C', t)}`,
            series: [
              {
                name: t('hx.page.side.hot'),
                points: [
                  [0, steps[0]!.z.steam.t_out.value],
                  ...steps.map((s): [number, number] => [s.to, s.z.steam.t_in.value]),
                ],
                tone: 'hot',
              },
              {
                name: t('hx.page.side.cold'),
                points: [
                  [0, steps[0]!.z.water.t_in.value],
                  ...steps.map((s): [number, number] => [s.to, s.z.water.t_out.value]),
                ],
                dashed: true,
                tone: 'cold',
              },
            ],
          },
        ]
      : [],
    explanation: explanationRows(e, t, locale),
    notes: [
      ...(e?.warnings ?? []).map((w) => warningText(w.code, w.params, t)),
      ...sourcesText(e?.source ?? [], t),
    ],
  };
}

function xlsxOf(c: CalculationDetails, t: T) {
  const packs = c.result.entities as SavedPack[];
  if (c.kind === 'to3')
    return {
      head: [
        t('calcPumps.page.sku'),
        t('calcPumps.saved.item'),
        t('hx.page.fig.plates'),
        head('A', 'm2', t),
        head(t('hx.page.required'), 'm2', t),
        head(t('hx.page.fig.margin'), '%', t),
        head(t('hx.page.fig.dpCold'), 'kPa', t),
        head(t('hx.page.fig.steamPort'), 'm/s', t),
        head(t('hx.page.fig.price'), 'kop', t),
      ],
      rows: (packs as Array<CondensationCandidate & SavedPack>).map((p) => [
        p.sku,
        p.title,
        p.plates.value,
        round3(p.area.value),
        round3(p.area_required.value),
        round3(p.margin.value),
        round3(p.water_dp.value),
        round3(p.steam_port_velocity.value),
        p.price_kop / 100,
      ]),
    };
  return {
    head: [
      t('hx.page.stage', { n: '' }).trim(),
      t('calcPumps.page.sku'),
      t('calcPumps.saved.item'),
      t('hx.page.fig.plates'),
      t('hx.page.fig.passes'),
      head('A', 'm2', t),
      head(t('hx.page.fig.margin'), '%', t),
      head('U', 'W/(m2 K)', t),
      head(t('hx.page.fig.dpHot'), 'kPa', t),
      head(t('hx.page.fig.dpCold'), 'kPa', t),
      head(t('hx.page.fig.velocityHot'), 'm/s', t),
      head(t('hx.page.fig.velocityCold'), 'm/s', t),
      'DN',
      head(t('hx.page.fig.price'), 'kop', t),
    ],
    rows: packs
      .filter(isPlatePack)
      .map((p) => [
        p.stage ?? 1,
        p.sku,
        p.title,
        p.plates.value,
        `${p.passes.hot.value}/${p.passes.cold.value}`,
        round3(p.area.value),
        round3(p.margin.value),
        round3(p.u_design.value),
        round3(p.hot.dp.value),
        round3(p.cold.dp.value),
        round3(p.hot.velocity.value),
        round3(p.cold.velocity.value),
        p.model.port_dn.value,
        p.price_kop / 100,
      ]),
  };
}

/** Registers one heat exchanger kind (called by kinds/to1.server.ts, to2, to3). */
export function registerHxKind(kind: HxKind): void {
  registerCalcKind({
    kind,
    formPath: paths.design.newCalculation.toKind(kind),
    select: (db, inputs, t) => hxSelectForSave(kind, inputs, t, db) as Promise<KindAnswer>,
    chosen: chosenPriced,
    title: (inputs, body, t) => hxTitle(kind, inputs, body, t),
    xlsx: xlsxOf,
    async datasheet(c, item, { t, locale, line }) {
      // Items and kept entities are parallel (chosenPriced); fall back to the first pack of that id and title.
      const packs = c.result.entities as SavedPack[];
      const at = packs[line];
      const p =
        at && at.cid === item.cid && at.title === item.title
          ? at
          : packs.find((x) => x.cid === item.cid && x.title === item.title);
      if (!p) return null;
      return isPlatePack(p)
        ? plateSheet(c, p, t, locale)
        : condensationSheet(c, p as CondensationCandidate & SavedPack, t, locale);
    },
  });
}
