// Titles of the demo catalogue in Russian, as a supplier writes them ("pump type, model"), from the
// words in catalogue.demo.json (data kept out of the code: no Cyrillic in .ts modules). Numbers in
// the words take a decimal comma; the model keeps its own spelling.
import words from './catalogue.demo.json' with { type: 'json' };

type Params = Record<string, string | number>;
const decimal = (x: string | number) => (typeof x === 'number' ? String(x).replace('.', ',') : x);
const fill = (template: string, p: Params) =>
  template.replace(/\{(\w+)\}/g, (_m, k: string) =>
    k === 'model' ? String(p[k] ?? '') : decimal(p[k] ?? ''),
  );

export type DemoPumpCode = keyof typeof words.pump;
export type DemoTitleKind =
  | 'cabinet'
  | 'breaker'
  | 'mpcb'
  | 'contactor'
  | 'soft_starter'
  | 'vfd'
  | 'dry_run'
  | 'phase_control'
  | 'pressure'
  | 'controller'
  | 'ats';

export const pumpTitle = (code: DemoPumpCode, model: string): string =>
  fill(words.pump[code], { model });

export function demoTitle(kind: DemoTitleKind, p: Params & { model: string }): string {
  if (kind === 'cabinet')
    return fill(words.cabinet, { ...p, start: words.start[p.start as keyof typeof words.start] });
  return fill(words[kind], p);
}
