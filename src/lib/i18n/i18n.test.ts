import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveLocale, suggestedLocale } from './index.ts';
import { fromAcceptLanguage, LOCALES } from './locales.ts';
import { format, makeT, pick } from './translate.ts';

const root = new URL('../../../', import.meta.url).pathname;
type Tree = { [k: string]: string | Tree };
const flat = (o: Tree, p = ''): string[] =>
  Object.entries(o).flatMap(([k, val]) =>
    typeof val === 'object' ? flat(val, `${p}${k}.`) : [`${p}${k}`],
  );
const load = (l: string) =>
  JSON.parse(readFileSync(join(root, 'i18n', `${l}.json`), 'utf8')) as Tree;

describe('dictionaries', () => {
  const ru = new Set(flat(load('ru')));
  it.each(LOCALES.filter((l) => l !== 'ru'))('%s has exactly the keys of ru', (lang) => {
    const keys = new Set(flat(load(lang)));
    expect(
      [...ru].filter((k) => !keys.has(k)),
      'missing',
    ).toEqual([]);
    expect(
      [...keys].filter((k) => !ru.has(k)),
      'extra',
    ).toEqual([]);
  });

  it('has no empty values', () => {
    for (const lang of LOCALES) {
      const tree = load(lang);
      const empty = flat(tree).filter(
        (k) =>
          !k
            .split('.')
            .reduce<string | Tree | undefined>(
              (n, p) => (typeof n === 'object' ? n[p] : undefined),
              tree,
            ),
      );
      expect(empty, lang).toEqual([]);
    }
  });
});

describe('source code', () => {
  // The scanner reads Russian documents: the headings, units, title-block words and look-alike
  // letters it looks for in them are input vocabulary, never shown to users, so they stay with the
  // code that matches them. Test kits (*.testkit.ts) hold test documents.
  const DOCUMENT_VOCABULARY = ['src/features/scanner/recognition/', 'src/lib/normalise.ts'];
  it('holds no Cyrillic text outside i18n/ (user-facing text belongs in the dictionaries)', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir)) {
        const p = join(dir, e);
        if (statSync(p).isDirectory()) walk(p);
        else if (
          /\.(ts|tsx|astro|js|mjs)$/.test(e) &&
          !/\.(test|testkit)\.ts$/.test(e) &&
          !DOCUMENT_VOCABULARY.some((d) => p.startsWith(join(root, d)))
        ) {
          readFileSync(p, 'utf8')
            .split('\n')
            .forEach(
              (line, i) =>
                /[А-Яа-яЁё]/.test(line) && offenders.push(`${p.slice(root.length)}:${i + 1}`),
            );
        }
      }
    };
    walk(join(root, 'src'));
    expect(offenders).toEqual([]);
  });
});

describe('runtime', () => {
  it('interpolates and falls back to ru, then to the key', () => {
    const t = makeT({ a: { b: 'Hi {name}' } }, { a: { c: 'Fallback' } });
    expect(t('a.b', { name: 'Olga' })).toBe('Hi Olga');
    expect(t('a.c')).toBe('Fallback');
    expect(t('a.missing')).toBe('a.missing');
    expect(format('{x} of {y}', { x: 1 })).toBe('1 of {y}');
  });
  it("writes a fractional number in a message with the language's decimal mark", () => {
    const ru = makeT(
      JSON.parse(readFileSync(join(import.meta.dirname, '../../../i18n/ru.json'), 'utf8')),
    );
    const en = makeT(
      JSON.parse(readFileSync(join(import.meta.dirname, '../../../i18n/en.json'), 'utf8')),
    );
    expect(ru('hx.errors.range', { field: 'R', min: 0, max: 0.001 })).toBe(
      'R: допустимо от 0 до 0,001',
    );
    expect(en('hx.errors.range', { field: 'R', min: 0, max: 0.001 })).toBe(
      'R: allowed from 0 to 0.001',
    );
    // Integers and text are left alone (no grouping: "100000", codes and names stay as given).
    expect(
      makeT({ number: { decimal: ',' }, m: '{a} {b} {c}' })('m', { a: 100000, b: '1.5', c: -12.5 }),
    ).toBe('100000 1.5 -12,5');
  });
  it('picks sub-trees for islands', () => {
    expect(pick({ a: { b: 'x', c: 'y' }, d: 'z' }, 'a.b', 'd')).toEqual({ a: { b: 'x' }, d: 'z' });
  });
  it('reads Accept-Language by quality', () => {
    expect(fromAcceptLanguage('en-US,en;q=0.9,ru;q=0.8')).toBe('en');
    expect(fromAcceptLanguage('pl;q=1, de;q=0.5')).toBe('de');
    expect(fromAcceptLanguage('pl')).toBeUndefined();
  });
  it("starts browsers in Russian and only offers the browser's language when none was chosen", () => {
    expect(resolveLocale(undefined, null)).toBe('ru');
    expect(resolveLocale('de', 'en-US')).toBe('de');
    expect(resolveLocale('xx', null)).toBe('ru');
    // Programmatic clients pass their Accept-Language (the middleware passes null for browsers).
    expect(resolveLocale(undefined, 'en-US,en;q=0.9')).toBe('en');
    expect(suggestedLocale(undefined, 'ru', 'en-US,en;q=0.9')).toBe('en');
    expect(suggestedLocale('ru', 'ru', 'en-US')).toBeUndefined();
    expect(suggestedLocale(undefined, 'ru', 'ru-RU,en;q=0.5')).toBeUndefined();
    expect(suggestedLocale(undefined, 'ru', 'pl')).toBeUndefined();
  });
});
