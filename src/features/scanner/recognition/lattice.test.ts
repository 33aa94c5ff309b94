import { describe, expect, it } from 'vitest';
import { rulingsFromSegments, segmentsFromOperatorList, tidy } from './lattice.ts';
import { OPS } from './pdfjs.ts';

describe('ruling lines', () => {
  it('snaps nearly equal positions, joins touching pieces and drops short ones (pdfplumber defaults)', () => {
    const out = tidy([
      { at: 100, from: 0, to: 50 },
      { at: 101.5, from: 52, to: 120 },
      { at: 200, from: 0, to: 2 },
      { at: 300, from: 0, to: 40 },
      { at: 300.5, from: 60, to: 90 },
    ]);
    expect(out).toEqual([
      { at: 100.75, from: 0, to: 120 },
      { at: 300.25, from: 0, to: 40 },
      { at: 300.25, from: 60, to: 90 },
    ]);
  });

  it('reads constructPath in the pdf.js 5+ format with the current transformation and thin filled boxes', () => {
    // Display transform of an A4 portrait page at scale 1: y flipped.
    const viewport = [1, 0, 0, -1, 0, 842];
    const M = 0;
    const L = 1;
    const C = 4;
    const opList = {
      fnArray: [
        OPS.save,
        OPS.transform,
        OPS.constructPath,
        OPS.restore,
        OPS.constructPath,
        OPS.constructPath,
        OPS.constructPath,
      ],
      argsArray: [
        null,
        [1, 0, 0, 1, 10, 20],
        // A stroked horizontal line from (0,0) to (100,0), moved by the transform to (10,20)-(110,20).
        [OPS.stroke, [new Float32Array([M, 0, 0, L, 100, 0])], null],
        null,
        // A thin filled rectangle (0.5 wide): a vertical rule at x = 50.25 from y 100 to 300.
        [
          OPS.fill,
          [new Float32Array([M, 50, 100, L, 50.5, 100, L, 50.5, 300, L, 50, 300, C])],
          null,
        ],
        // A filled cell background: not a line.
        [
          OPS.fill,
          [new Float32Array([M, 200, 200, L, 300, 200, L, 300, 260, L, 200, 260, C])],
          null,
        ],
        // A curve: ignored.
        [OPS.stroke, [new Float32Array([M, 0, 0, 2, 10, 10, 20, 20, 30, 0])], null],
      ],
    };
    const r = rulingsFromSegments(segmentsFromOperatorList(opList, viewport));
    expect(r.horizontal).toEqual([{ at: 822, from: 10, to: 110 }]);
    expect(r.vertical).toHaveLength(1);
    expect(r.vertical[0]!.at).toBeCloseTo(50.25, 2);
    expect(r.vertical[0]!.from).toBeCloseTo(542, 2);
    expect(r.vertical[0]!.to).toBeCloseTo(742, 2);
  });
});
