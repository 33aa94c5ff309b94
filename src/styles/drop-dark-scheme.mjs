// PostCSS plugins (astro.config.mjs) that take dead weight out of Pico before it goes inline into
// every page (issue 11, decisions 0015 and 0028): the browser parses and matches every rule before
// the first paint, on the slow profile with a CPU 4x slower.
//
// dropDarkScheme: the cabinet is light only (<html data-theme="light">, color-scheme: light), so
// Pico's dark scheme never applies. The light scheme's own selectors (`:root:not([data-theme=dark])`)
// stay.
//
// dropDeadPico: selectors that can match nothing the cabinet renders, checked against src/ with grep:
// - `:host` (Pico's Web Component scope; the cabinet has no shadow roots),
// - `[dir=rtl]` (the seven languages are all written left to right),
// - `::-ms-*` / `-ms-` pseudo-elements (no browser the cabinet supports has them),
// - range and colour inputs (no `type="range"` or `type="color"` in src/),
// - tooltips placed at the bottom or the right (the chrome places its tooltips left or on top),
// and then the `--pico-*` custom properties no remaining rule and no file under src/ mentions.
// Only whole selectors of a list are dropped, never a part of one; a rule left without selectors goes.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const DARK = /\[data-theme=["']?dark["']?\]/;
const NOT_DARK = /:not\(\[data-theme=["']?dark["']?\]\)/g;

/** @returns {import('postcss').Plugin} */
export function dropDarkScheme() {
  return {
    postcssPlugin: 'drop-dark-scheme',
    Once(root) {
      root.walkAtRules('media', (at) => {
        if (/prefers-color-scheme:\s*dark/.test(at.params)) at.remove();
      });
      root.walkRules((rule) => {
        const kept = rule.selectors.filter((s) => !DARK.test(s.replace(NOT_DARK, '')));
        if (kept.length === 0) rule.remove();
        else if (kept.length !== rule.selectors.length) rule.selectors = kept;
      });
    },
  };
}
dropDarkScheme.postcss = true;

/** A selector is dead when, outside any :not(...), it needs one of these. */
const DEAD = [
  /:host\b/,
  /\[dir=["']?rtl["']?\]/,
  /::?-ms-/,
  /\[type=["']?(range|color)["']?\]/,
  /\[data-placement=["']?(bottom|right)["']?\]/,
];
// `:not(...)` arguments excluded, up to one level of nested parentheses.
const NOT_ARG = /:not\((?:[^()]|\([^()]*\))*\)/g;
const PICO = /[\\/]@picocss[\\/]pico[\\/]/;

/** Every `--pico-*` name mentioned in the cabinet's own sources (CSS, Astro, TSX, TS). */
function namesInSources(dir) {
  const names = new Set();
  const walk = (d) => {
    for (const entry of readdirSync(d)) {
      const p = join(d, entry);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(css|astro|tsx?|mjs)$/.test(entry))
        for (const m of readFileSync(p, 'utf8').matchAll(/--pico-[\w-]+/g)) names.add(m[0]);
    }
  };
  walk(dir);
  return names;
}

/**
 * @param {{ sources: string }} options `sources`: the folder whose files may use Pico's variables.
 * @returns {import('postcss').Plugin}
 */
export function dropDeadPico({ sources }) {
  return {
    postcssPlugin: 'drop-dead-pico',
    Once(root) {
      // Vite inlines @import before the plugins run: each node knows the file it came from.
      const fromPico = (/** @type {import('postcss').Node} */ node) =>
        PICO.test(node.source?.input.file ?? '');
      root.walkRules((rule) => {
        if (!fromPico(rule)) return;
        if (
          rule.parent?.type === 'atrule' &&
          /keyframes$/.test(/** @type {import('postcss').AtRule} */ (rule.parent).name)
        )
          return;
        const kept = rule.selectors.filter((s) => {
          const positive = s.replace(NOT_ARG, '');
          return !DEAD.some((re) => re.test(positive));
        });
        if (kept.length === 0) rule.remove();
        else if (kept.length !== rule.selectors.length) rule.selectors = kept;
      });
      root.walkAtRules((at) => {
        if (at.nodes && at.nodes.length === 0 && fromPico(at)) at.remove();
      });
      // Custom properties: keep a --pico-* declaration when a remaining value or a source file names it.
      // Repeated until nothing changes (a dropped variable may have been the only user of another).
      const fromSources = namesInSources(sources);
      for (let changed = true; changed;) {
        changed = false;
        const used = new Set(fromSources);
        root.walkDecls((d) => {
          for (const m of d.value.matchAll(/--pico-[\w-]+/g)) used.add(m[0]);
        });
        root.walkDecls(/^--pico-/, (d) => {
          if (fromPico(d) && !used.has(d.prop)) {
            d.remove();
            changed = true;
          }
        });
      }
      root.walkRules((rule) => {
        if (rule.nodes.length === 0 && fromPico(rule)) rule.remove();
      });
      root.walkAtRules((at) => {
        if (at.nodes && at.nodes.length === 0 && fromPico(at)) at.remove();
      });
    },
  };
}
dropDeadPico.postcss = true;
