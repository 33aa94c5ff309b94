// Walks every engine entry with crossing temperatures, impossible approaches, extreme flows, zero,
// negative and non-finite numbers, and steam that is not steam: each call either answers with finite
// numbers only or throws a PheInputError naming a field. Never NaN, never Infinity, never a crash.
import { describe, expect, it } from 'vitest';
import {
  DEMO_PLATES,
  designCondensation,
  designDhw,
  PheInputError,
  ratePack,
  selectPlates,
} from './index.ts';

function finiteEverywhere(v: unknown, path = ''): void {
  if (typeof v === 'number') expect(Number.isFinite(v), `non-finite at ${path}`).toBe(true);
  else if (Array.isArray(v)) v.forEach((x, i) => finiteEverywhere(x, `${path}[${i}]`));
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) finiteEverywhere(x, `${path}.${k}`);
}

let answered = 0,
  refused = 0;
function probe(call: () => unknown) {
  try {
    finiteEverywhere(call());
    answered++;
  } catch (e) {
    if (!(e instanceof PheInputError)) throw e;
    expect(e.field.length).toBeGreaterThan(0);
    refused++;
  }
}

const T = [-300, -10, 0, 5, 30, 60, 70, 99.9, 150, 400, Number.NaN, Number.POSITIVE_INFINITY];
const M = [1e-9, 0.01, 3, 500, 0, -1, Number.NaN];

describe('no NaN or Infinity ever leaves the engine', () => {
  it('to1 selection across temperature combinations, including crossing ones', () => {
    for (const hi of T)
      for (const ho of [20, 40, 65, Number.NaN])
        for (const ci of [5, 45, 69])
          for (const co of [10, 50, 68, 90]) {
            probe(() =>
              selectPlates(
                {
                  duty: { q: 300, hot: { t_in: hi, t_out: ho }, cold: { t_in: ci, t_out: co } },
                  dpMax: { hot: 50, cold: 50 },
                  marginMin: 10,
                },
                DEMO_PLATES,
              ),
            );
          }
  });
  it('to1 with flows instead of the load, extreme flows and bad limits', () => {
    for (const m of M)
      for (const dp of [0, 1, 50, Number.NaN])
        for (const margin of [-5, 0, 10, 1000]) {
          probe(() =>
            selectPlates(
              {
                duty: { hot: { t_in: 90, t_out: 60, m }, cold: { t_in: 10, m: 2 } },
                dpMax: { hot: dp, cold: 50 },
                marginMin: margin,
              },
              DEMO_PLATES,
            ),
          );
        }
  });
  it('rating mode with every plate count and pass split', () => {
    for (const model of DEMO_PLATES.slice(0, 3))
      for (const plates of [
        1,
        model.frame.minPlates,
        20,
        21,
        model.frame.maxPlates,
        1e6,
        Number.NaN,
      ])
        for (const passes of [1, 2, 3, 5])
          for (const m of M) {
            probe(() =>
              ratePack(model, {
                plates,
                passes: { hot: passes, cold: 1 },
                hot: { t_in: 95, m },
                cold: { t_in: 10, m: 1 },
              }),
            );
          }
  });
  it('two-stage DHW with odd charts and loads', () => {
    for (const q of [0, 50, 300, 600, 1500, Number.NaN])
      for (const approach of [-5, 0, 5, 30, 60])
        for (const out of [0, 38, 45, 69, 80])
          for (const tc of [5, 15, 65]) {
            probe(() =>
              designDhw({
                heating: {
                  q_max: 1000,
                  network: { supply: 150, return: 70 },
                  building: { supply: 95, return: 70 },
                  t_inside: 20,
                  t_outdoor_design: -25,
                },
                dhw: { q_max: q, t_cold: tc, t_hot: 60 },
                approach,
                stage2_primary_out: out,
              }),
            );
          }
  });
  it('condensation with steam that is not steam and temperatures that cross', () => {
    const states = [
      { kind: 'saturated' },
      { kind: 'superheated', t: 100 },
      { kind: 'superheated', t: 250 },
      { kind: 'wet', x: 0 },
      { kind: 'wet', x: 0.5 },
      { kind: 'enthalpy', h: 300 },
      { kind: 'enthalpy', h: 2900 },
      { kind: 'enthalpy', h: 9e9 },
    ] as const;
    for (const p of [-1, 0, 0.0001, 0.2, 1.0, 20, Number.NaN])
      for (const state of states)
        for (const [ti, to] of [
          [10, 60],
          [60, 10],
          [70, 130],
          [150, 160],
        ])
          for (const co of [undefined, 40, 90, 300]) {
            probe(() =>
              designCondensation(
                {
                  steam: { p, state },
                  condensate_out: co,
                  water: { t_in: ti!, t_out: to! },
                  q: 500,
                  marginMin: 10,
                  dpMax: 50,
                },
                DEMO_PLATES,
              ),
            );
          }
    expect(answered).toBeGreaterThan(50);
    expect(refused).toBeGreaterThan(50);
  });
});
