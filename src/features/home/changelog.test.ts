import { describe, expect, it } from 'vitest';
import { parseChangelog } from './changelog.ts';

const SAMPLE = `# Changelog

## 0.3.0 — 2027-02-10

- Orders: archive and restore from the list.
- Fix: the notifications counter
  after reading all of them.
- Security: sessions end on password change.

## 0.2.0 (2027-01-15)

- A line without a title
`;

describe('parseChangelog', () => {
  it('takes the newest version and every entry with its version date', () => {
    const log = parseChangelog(SAMPLE);
    expect(log.version).toEqual({ numb: '0.3.0', date: '10.02.2027' });
    expect(log.changeLog).toEqual([
      {
        id: 1,
        dateClear: '10.02.2027',
        typeColor: 'success',
        title: 'Orders',
        text: 'archive and restore from the list.',
        version: '0.3.0',
      },
      {
        id: 2,
        dateClear: '10.02.2027',
        typeColor: 'warning',
        title: 'Fix',
        text: 'the notifications counter after reading all of them.',
        version: '0.3.0',
      },
      {
        id: 3,
        dateClear: '10.02.2027',
        typeColor: 'danger',
        title: 'Security',
        text: 'sessions end on password change.',
        version: '0.3.0',
      },
      {
        id: 4,
        dateClear: '15.01.2027',
        typeColor: 'primary',
        title: '0.2.0',
        text: 'A line without a title',
        version: '0.2.0',
      },
    ]);
  });

  it('limits the entries and copes with an empty file', () => {
    expect(parseChangelog(SAMPLE, 2).changeLog).toHaveLength(2);
    expect(parseChangelog('# Changelog\n')).toEqual({ version: null, changeLog: [] });
  });
});
