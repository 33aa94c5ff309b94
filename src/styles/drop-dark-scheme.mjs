// PostCSS plugin (astro.config.mjs): removes Pico's dark colour scheme from the bundled CSS. The
// cabinet is light only (<html data-theme="light">, color-scheme: light), so those rules never apply,
// yet every page carries them inline and the browser parses them before the first paint (issue 11,
// slow link: CPU 4x slower). The light scheme's own selectors (`:root:not([data-theme=dark])`) stay.
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
