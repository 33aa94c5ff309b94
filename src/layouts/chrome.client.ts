// The chrome's one script (written inline into every page by the build: small and importing nothing,
// see astro.config.mjs; the page-weight test keeps it tiny): show the back-to-top link after 300 px
// of scrolling, checked at most every 200 ms; Esc closes an open dropdown and gives focus back to its
// summary.

const SHOW_AFTER_PX = 300;
const CHECK_MS = 200;

const up = document.getElementById('to-top');
if (up) {
  let wait: ReturnType<typeof setTimeout> | 0 = 0;
  const check = () => {
    wait = 0;
    up.hidden = scrollY < SHOW_AFTER_PX;
  };
  addEventListener('scroll', () => (wait ||= setTimeout(check, CHECK_MS)), { passive: true });
  check();
}

document.addEventListener('keydown', (e) => {
  if (e.key !== 'Escape') return;
  const open = [...document.querySelectorAll<HTMLDetailsElement>('details[open]')]
    .filter((x) => x.matches('.dropdown, .flyout.docked:not(:popover-open) details'))
    .pop();
  if (!open) return;
  open.open = false;
  open.querySelector('summary')?.focus();
});

// A module (its names stay its own), run for its effect when the page script imports it.
export {};
