// Repairs of what OCR makes of the short cells of a specification: digits read as look-alike
// letters in the position and quantity columns, unit words with Latin look-alikes or one wrong
// letter, stray marks in names, a position misread in one digit between agreeing neighbours, and
// the column-number row (1..9) read in part. Used by the table builder (stream.ts) on OCR pages.
import { levenshtein } from '#lib/levenshtein.ts';
import { basicFold } from '#lib/normalise.ts';

/** Letters OCR reads for digits in a number cell (`т` for 1, `О` for 0, `З` for 3 …). */
const DIGIT_LOOKALIKES: Record<string, string> = {
  т: '1',
  Т: '1',
  l: '1',
  I: '1',
  '|': '1',
  i: '1',
  '!': '1',
  О: '0',
  о: '0',
  O: '0',
  o: '0',
  З: '3',
  з: '3',
  б: '6',
  S: '5',
  B: '8',
  В: '8',
};

/** An OCR'd position or quantity cell made of digit lookalikes, read as the number it shows. */
export function ocrDigits(cell: string): string {
  // A cell border read as a dash or bar after the number (`13 —`).
  const t = cell.trim().replace(/(?<=\d\.?)\s*[—–|_=]+$/, '');
  if (!t || t.length > 6) return cell;
  if (/^\d+([.,]\d+)*\.?$/.test(t)) return t;
  const fixed = [...t].map((ch) => DIGIT_LOOKALIKES[ch] ?? ch).join('');
  return /^\d+([.,]\d+)*\.?$/.test(fixed) ? fixed : cell;
}

/** Latin letters (and letter pairs) OCR reads for the Cyrillic letters of units (`wT.` for `шт.`). */
const UNIT_LOOKALIKES: [RegExp, string][] = [
  [/lli|lu|iu|w|ш/g, 'ш'],
  [/t/g, 'т'],
  [/m/g, 'м'],
  [/k/g, 'к'],
  [/o|0/g, 'о'],
  [/n/g, 'п'],
  [/r/g, 'г'],
  [/c/g, 'с'],
  [/a/g, 'а'],
  [/e/g, 'е'],
  [/p/g, 'р'],
  [/u/g, 'и'],
];
/** Units a unit cell of a specification holds, as written. */
const UNIT_WORDS = ['шт', 'компл', 'кг', 'м2', 'м3', 'пог.м', 'м.п', 'упак', 'пар', 'рул'];
/** Real units outside that list, which must never be "corrected" into one of it (км is not кг). */
const OTHER_UNITS =
  /^(км|см|мм|г|мл|ед|пач|пачк[аи]?|лист|листов|набор|кор|короб|бух|бухт[аы]?|меш|секц|точ|усл|ч|час|мес|сут|квт|гкал)$/iu;

/**
 * An OCR'd unit cell read as the unit it shows: Latin lookalikes turned Cyrillic, then the one
 * unit word within one edit (two for `компл`); a cell that is already a unit, or is near none or
 * several, stays as read.
 */
export function ocrUnit(cell: string): string {
  const t = cell.trim();
  if (!t || t.length > 8) return cell;
  const folded = basicFold(t);
  const bare = folded.replace(/[.,]+$/, '');
  if (UNIT_WORDS.includes(bare) || /^([млт]|кт|к-т|к\.т)$/.test(bare) || OTHER_UNITS.test(bare))
    return cell;
  let fixed = bare;
  for (const [re, to] of UNIT_LOOKALIKES) fixed = fixed.replace(re, to);
  if (/^[млт]$/.test(fixed)) return fixed + (folded.endsWith('.') ? '.' : '');
  if (fixed.length < 2) return cell;
  const near = UNIT_WORDS.map((u) => ({ u, d: levenshtein(fixed, u) })).filter(
    ({ u, d }) => d <= (u.length >= 5 ? 2 : 1),
  );
  const best = Math.min(...near.map((n) => n.d));
  // Ties go to the unit sharing the longer beginning (`шг` is `шт`, not `кг`).
  const prefix = (u: string) => [...u].findIndex((ch, i) => fixed[i] !== ch) >>> 0;
  const tied = near.filter((n) => n.d === best);
  const longest = Math.max(...tied.map((n) => Math.min(prefix(n.u), fixed.length)));
  const at = tied.filter((n) => Math.min(prefix(n.u), fixed.length) === longest);
  if (at.length !== 1) return cell;
  return at[0]!.u + (folded.endsWith('.') && !at[0]!.u.endsWith('.') ? '.' : '');
}

/** Units a number in a name is followed by, which OCR glues to the next one-letter word (`230 Ви`). */
const NAME_UNITS = 'В|А|Вт|кВт|кВ|мА|Гц|мм|м|кг|бар|МПа|кПа|Па';
/** A unit of NAME_UNITS and a letter that together are a unit themselves: left joined. */
const JOINED_UNITS = new Set(['мс', 'кгс', 'Пас']);

/**
 * An OCR'd name: `То же` read with Latin letters, `м3/ч` read `мз/ч`, `m3/y`, `m3/u` or `м3З/ч`
 * (the superscript read twice), borders read as a dash or bar at either end, and the one-letter
 * words с, и, в, к glued onto the word before: after an adjective's ending (`утеплённыйс
 * электроприводом`, no Russian word ends so) or after a unit following a number (`230 Ви`).
 */
export function ocrTitle(cell: string): string {
  return (
    cell
      // A cell border read as a dash or bar before the name (`— Термометр`) or after it (`Pt1000 =`).
      .replace(/^[—–|_]\s+(?=\p{Lu})/u, '')
      .replace(/\s+[—–|_=]\s*$/, '')
      .replace(/^[TТ][oо0](?=\s+[жЖ][еЕ])/, 'То')
      // The nominal diameter `Ду 80` read `Ay 80` (Д has A's outline at scan resolution).
      .replace(/(^|[\s,(])[AА][yу](?=\s?\d)/g, '$1Ду')
      .replace(/(^|[\s\d=,])[mм][3зЗ][зЗ]?\s?\/[чyу4u](?=$|[\s,;.)])/g, '$1м3/ч')
      .replace(/(\p{Ll}{2,}(?:ый|ий|ой))([свик])(?=$|\s+[—–-]?\s*\p{Ll})/gu, '$1 $2')
      // After an abbreviation (`ИТПс контроллером`): its case endings are а, у, е, ом, ов, never с.
      .replace(/(^|\s)(\p{Lu}{2,})с(?=\s+\p{Ll})/gu, '$1$2 с')
      // The dash OCR leaves where the glued word stood (`утеплённыйс — электроприводом`).
      .replace(/(\s[свик])\s+[—–]\s+(?=\p{Ll})/gu, '$1 ')
      // Not where unit and letter make a unit of their own (`100 мс`, `50 кгс`, `100 Пас`).
      .replace(
        new RegExp(`(\\d\\s?(${NAME_UNITS}))([сиСИ])(?=$|\\s+\\p{Ll})`, 'gu'),
        (m, num: string, unit: string, letter: string) =>
          JOINED_UNITS.has(unit + letter) ? m : `${num} ${letter}`,
      )
  );
}

/**
 * A position number misread in one digit between two that agree (`3.1`, `8.2`, `3.3`): the
 * neighbours decide (`3.2`). Only the last number rising by one on both sides counts.
 */
export function repairPositions(cut: { cells: string[] }[], col: number, skip: Set<number>) {
  const at = cut
    .map((c, i) => ({ i, text: (c.cells[col] ?? '').trim().replace(/\.$/, '') }))
    .filter(({ i, text }) => !skip.has(i) && text);
  const parse = (t: string) => (/^\d{1,3}(\.\d{1,3})*$/.test(t) ? t.split('.').map(Number) : null);
  const digitsOf = (t: string) => t.replace(/[.,\s]/g, '');
  /** One misread digit at most between a reading and the number wanted, dots aside. */
  const near = (text: string, want: string) => {
    const a = digitsOf(text);
    const b = digitsOf(want);
    return (
      /^[\d.,\s]+$/.test(text) &&
      a.length === b.length &&
      [...b].filter((ch, j) => ch !== a[j]).length <= 1
    );
  };
  for (let k = 1; k + 1 < at.length; k++) {
    const prev = parse(at[k - 1]!.text);
    const next = parse(at[k + 1]!.text);
    const here = parse(at[k]!.text);
    if (!prev || !next || prev.length !== next.length) continue;
    const head = prev.slice(0, -1).join('.');
    const nextHead = next.slice(0, -1).join('.');
    let want: string;
    if (head === nextHead && next[next.length - 1]! - prev[prev.length - 1]! === 2)
      want = [...prev.slice(0, -1), prev[prev.length - 1]! + 1].join('.');
    // The first position of a new section (`20` between 1.4 and 2.2): that section's `.1`.
    else if (prev.length > 1 && head !== nextHead && next[next.length - 1] === 2)
      want = `${nextHead}.1`;
    else continue;
    if (at[k]!.text === want) continue;
    // Same shape, one character off: a misread digit, not a different numbering.
    if (
      here &&
      here.length === prev.length &&
      at[k]!.text.length === want.length &&
      [...want].filter((ch, j) => ch !== at[k]!.text[j]).length === 1
    )
      cut[at[k]!.i]!.cells[col] = want;
    // The dot lost or read as a comma or space, a digit misread or not (`13`, `1,3` between 1.2
    // and 1.4; `92` between 3.1 and 3.3).
    else if (prev.length > 1 && near(at[k]!.text, want)) cut[at[k]!.i]!.cells[col] = want;
  }
}

/**
 * An OCR'd column-number row with a misread number or two (`1 2 3 4 5 6 tf 8 9`): when most cells
 * are whole numbers rising by one and the rest are short scraps between them, the scraps are the
 * missing numbers.
 */
export function repairNumberRow(cut: { cells: string[] }[]) {
  for (const c of cut.slice(0, 40)) {
    const filled = c.cells.map((x, i) => [x.trim(), i] as const).filter(([x]) => x);
    if (filled.length < 5) continue;
    const nums = filled.filter(([x]) => /^\d{1,2}$/.test(x));
    if (nums.length < 0.7 * filled.length) continue;
    if (filled.some(([x]) => !/^\d{1,2}$/.test(x) && x.length > 3)) continue;
    // Rising by one across the row: number = index in the filled cells + 1; a digit or two misread
    // as another (`7` → `1`) when most already stand in their place.
    const placed = filled.filter(([x], k) => x === String(k + 1)).length;
    const rising = filled.every(([x], k) => !/^\d{1,2}$/.test(x) || Number(x) === k + 1);
    if (
      rising
        ? nums.length === filled.length
        : placed < 0.7 * filled.length || filled.length - placed > 2
    )
      continue;
    filled.forEach(([, i], k) => (c.cells[i] = String(k + 1)));
    return;
  }
}
