// Text normalisation shared by the scanner (header matching, row building), the catalogue (its
// article and OCR keys) and the migrations that fill those keys: it lives here, below all three.
// Specifications mix Cyrillic and Latin look-alike letters inside one word (`С2000` typed with a
// Cyrillic С, OCR reading `Hacoc`), write nominal diameters as `Ду 50`, `DN50` or `ø50`, and separate
// dimensions with х, x, * or ×. Both sides of every comparison go through the same folding.

/** Cyrillic letter → Latin look-alike (lower case; upper-case forms are lower-cased first). */
const CYR_TO_LAT: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
};
const LAT_TO_CYR: Record<string, string> = Object.fromEntries(
  Object.entries(CYR_TO_LAT).map(([c, l]) => [l, c]),
);

const CYRILLIC = /[\u0400-\u04FF]/;
const LATIN = /[a-z]/;

/** Lower case, ё → е, every dash to '-', every space to ' ', quotes dropped, spaces collapsed. */
export function basicFold(s: string): string {
  return s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[\u2010-\u2015\u2212\u00AD]/g, (c) => (c === '\u00AD' ? '' : '-'))
    .replace(/[«»"“”„'`´‘’]/g, '')
    .replace(/[\s\u00A0\u2000-\u200B\u202F]+/g, ' ')
    .trim();
}

/**
 * Fold one word to a single alphabet: a word with more Cyrillic-only letters gets its Latin
 * look-alikes turned Cyrillic (`нacoc` → `насос`), a word with more Latin-only letters the other
 * way (`UРS` → `ups`).
 */
function scriptCounts(s: string): { cyrOnly: number; latOnly: number } {
  let cyrOnly = 0;
  let latOnly = 0;
  for (const ch of s) {
    if (CYRILLIC.test(ch) && !(ch in CYR_TO_LAT)) cyrOnly++;
    else if (LATIN.test(ch) && !(ch in LAT_TO_CYR)) latOnly++;
  }
  return { cyrOnly, latOnly };
}

function foldWord(word: string, textPrefersCyrillic: boolean): string {
  const { cyrOnly, latOnly } = scriptCounts(word);
  // A word of look-alikes only (`Hacoc`, `TOP`) follows the alphabet of the text around it.
  const toCyr = cyrOnly === 0 && latOnly === 0 ? textPrefersCyrillic : cyrOnly >= latOnly;
  let out = '';
  for (const ch of word) out += toCyr ? (LAT_TO_CYR[ch] ?? ch) : (CYR_TO_LAT[ch] ?? ch);
  return out;
}

/** `Ду 50`, `ДУ50`, `DN 50`, `Ø50`, `d=50 мм`-free forms of a nominal diameter → `dn50`. */
function foldDiameters(s: string): string {
  return s.replace(/(^|[^\p{L}])(?:ду|dn|ду|ø|⌀|dу|дn)\s*[.=]?\s*(\d+)/gu, '$1dn$2');
}

/**
 * Text for comparisons: basic folding, decimal commas → points, dimension separators (х x * ×)
 * between numbers → 'x', diameters → `dn50`, each word folded to one alphabet, punctuation other
 * than . - / x between digits turned into spaces.
 */
export function normaliseText(s: string): string {
  let t = basicFold(s);
  t = t.replace(/(\d),(\d)/g, '$1.$2');
  t = t.replace(/(\d)\s*[хx*×]\s*(?=\d)/g, '$1x');
  t = foldDiameters(t);
  t = t.replace(/[^\p{L}\p{N}.\-/+%]+/gu, ' ');
  t = t.replace(/(^|\s)[.\-/]+|[.\-/]+(?=\s|$)/g, '$1');
  // Codes with digits (`dn50`, `UPS25`) say nothing about the language of the text.
  const counts = scriptCounts(
    t
      .split(' ')
      .filter((w) => !/\d/.test(w))
      .join(' '),
  );
  const cyr = counts.cyrOnly >= counts.latOnly;
  t = t
    .split(' ')
    .filter(Boolean)
    .map((w) => foldWord(w, cyr))
    .join(' ');
  return foldDiameters(t).replace(/\s+/g, ' ').trim();
}

/**
 * Article / type key. Folds only what is the same article: case, Cyrillic/Latin look-alike letters
 * (`С2000-КДЛ` with a Cyrillic or Latin С), х x × * between numbers (→ `x`), a comma or a dot between
 * digits (one decimal mark, kept: `DFC-5.5` is not `DFC-55`), and spaces, dashes, underscores, slashes
 * and dots around words (dropped: `UPS 25-40` = `ups25/40` = `UPS25-40`). A separator between two
 * numbers stays a boundary (`-`), so `1-5` is neither `15` nor `1.5`. OCR confusions (О/0, l/1) are
 * not folded here: an equal key confirms a match by itself.
 */
export function normaliseArticle(s: string): string {
  let t = foldDiameters(basicFold(s).replace(/(\d)\s*[хx*×]\s*(?=\d)/g, '$1x'));
  t = t.replace(/(\d)[.,](?=\d)/g, '$1\u0000');
  let out = '';
  for (const ch of t) out += CYR_TO_LAT[ch] ?? ch;
  // Runs of anything but letters, digits and the decimal mark are separators.
  out = out.replace(/[^\p{L}\p{N}\u0000]+/gu, (sep, at: number, all: string) =>
    /\d/.test(all[at - 1] ?? '') && /\d/.test(all[at + sep.length] ?? '') ? '-' : '',
  );
  return out.replace(/\u0000/g, '.');
}

/**
 * Numbers that identify a product (DN, power, flow, model numbers): every run of digits with an
 * optional decimal part, decimal comma read as a point, trailing zeros of a fraction and leading
 * zeros dropped. Unique, in order of appearance.
 */
export function numericTokens(s: string): string[] {
  const out: string[] = [];
  for (const m of basicFold(s).matchAll(/\d+(?:[.,]\d+)?/g)) {
    let n = m[0].replace(',', '.');
    if (n.includes('.')) n = n.replace(/0+$/, '').replace(/\.$/, '');
    n = n.replace(/^0+(?=\d)/, '');
    if (!out.includes(n)) out.push(n);
  }
  return out;
}

/**
 * Join words broken by a hyphen at a line end: `Единица измере-` + `ния` → `Единица измерения`.
 * A hyphen followed by a lower-case letter after whitespace is a break; `Завод-изготовитель`
 * (no whitespace) is left alone, and so is `Завод- изготовитель` for the few known compounds.
 */
export function joinHyphenBreaks(s: string): string {
  return s
    .replace(/(\p{L}+)[-\u00AD\u2010]\s+(?=\p{Ll})/gu, (all, word: string) =>
      KEEP_HYPHEN.has(word.toLowerCase()) ? `${word}-` : word,
    )
    .replace(/\s+/g, ' ')
    .trim();
}

const KEEP_HYPHEN = new Set(['завод', 'технико', 'радиально', 'кабель', 'северо', 'юго']);

/** Join the pieces of one cell that was wrapped over several physical lines. */
export function joinPieces(pieces: string[]): string {
  let out = '';
  for (const raw of pieces) {
    const p = raw.trim();
    if (!p) continue;
    out = out ? `${out} ${p}` : p;
  }
  return joinHyphenBreaks(out);
}

/** The stored key of an article (catalogue_items.article_key / sku_key, varchar(200)): null when empty. */
export const articleKey = (s: string): string | null => normaliseArticle(s).slice(0, 200) || null;

/**
 * What Tesseract (rus+eng) confuses in printed articles, each class folded to one character. Seen on
 * 300 DPI renders of the demo articles inside Russian text: a Latin D read as a Cyrillic О (`DPT-16`
 * came back `ОРТ-16`, `DKM-38` `ОКМ-38`), V as У (`DMV` → `ОМУ`), R as В (`DCR` → `ОСВ`), F as Е
 * (`DFC-7.5` → `ОЕС-7.5`, through the whole scan pipeline). Also the
 * classic ones: round letters and zero (O, Q), strokes and one (l, I, i, |, !), S/5, B/8 (and ь),
 * Z/2, G/6 (and Cyrillic б), Cyrillic З/3 and Ч/4, П/n, Г/r, И/u, and letter pairs run together
 * (rn/m, vv/w, cl/d). Applied after the look-alike folding of normaliseArticle (В is already b, У y).
 */
const OCR_CLASS: Record<string, string> = {
  o: '0',
  q: '0',
  d: '0',
  l: '1',
  i: '1',
  '|': '1',
  '!': '1',
  s: '5',
  b: '8',
  r: '8',
  e: 'f',
  ь: '8',
  z: '2',
  g: '6',
  б: '6',
  з: '3',
  ч: '4',
  y: 'v',
  п: 'n',
  г: 'r',
  и: 'u',
};

/**
 * OCR look-alike key of an article: normaliseArticle, then every confusable character folded to its
 * class, and dots and dashes dropped (OCR loses and invents them). For finding candidates only:
 * `DFC-5.5`, `DFC-55` and `0FC-S5` share one key, so an equal key never confirms a match by itself.
 */
export function ocrKey(s: string): string {
  const pre = basicFold(s)
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w')
    .replace(/cl/g, 'd')
    .replace(/[|!]/g, 'l');
  let out = '';
  for (const ch of normaliseArticle(pre)) out += OCR_CLASS[ch] ?? ch;
  return out.replace(/[.\-]/g, '');
}

/** The stored OCR key (catalogue_items.ocr_key, varchar(200)) of an item's article: null when too short to search by. */
export const storedOcrKey = (s: string): string | null => {
  const k = ocrKey(s).slice(0, 200);
  return k.length >= 3 ? k : null;
};
