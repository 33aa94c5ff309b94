// The popup's highlighting of the numbers that tell two close catalogue items apart (DFC-55 /
// DFC-5.5): the numbers scan.candidates lists in `differs` are marked, read as the matcher reads them.
import { describe, expect, it } from 'vitest';
import { markNumbers } from './model.ts';

describe('numbers that tell close candidates apart', () => {
  it('marks the listed numbers only, reading a decimal comma and trailing zeros as the matcher does', () => {
    expect(markNumbers('DFC-5,50 and 55', ['5.5'])).toEqual([
      { text: 'DFC-', mark: false },
      { text: '5,50', mark: true },
      { text: ' and 55', mark: false },
    ]);
    expect(markNumbers('DSHU-4x22-D', ['22'])).toEqual([
      { text: 'DSHU-4x', mark: false },
      { text: '22', mark: true },
      { text: '-D', mark: false },
    ]);
    expect(markNumbers('PHE-01', ['1'])).toEqual([
      { text: 'PHE-', mark: false },
      { text: '01', mark: true },
    ]);
  });

  it('without differences (or hostile text) the text comes back whole', () => {
    expect(markNumbers('DFC-55', undefined)).toEqual([{ text: 'DFC-55', mark: false }]);
    expect(markNumbers('DFC-55', [])).toEqual([{ text: 'DFC-55', mark: false }]);
    const long = '9'.repeat(10_000);
    expect(
      markNumbers(long, ['1'])
        .map((p) => p.text)
        .join(''),
    ).toBe(long);
  });
});
