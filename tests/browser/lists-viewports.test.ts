// The organisations, objects and support pages on a phone (360x740) and a desktop (1280x900), issue 11:
// nothing scrolls sideways, every control is at least 24x24 px (WCAG 2.5.8) and not covered by
// another element at its centre, axe finds nothing, and React reports no hydration mismatch (#418).
import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { axeViolations, hydrated } from '../helpers/browser.ts';
import { expect, test } from '../helpers/fixtures.ts';
import { mapReady } from '../helpers/profile-browser.ts';
import type { TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';

// The id of an open support request of the demo data, for the chat pages.
const it = test.extend('openId', { scope: 'worker' }, async ({ server }) => {
  const { cookie } = await sessionFor(server, 'olga.demidova@demo.example');
  const list = (await (
    await fetch(`${server.url}/api/v1/support`, { headers: { cookie } })
  ).json()) as { data: Array<{ id: number; status: number }> };
  return list.data.find((r) => r.status === 1)!.id;
});

const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 1280, height: 900 },
];
const CUSTOMER_PAGES = [
  '/user-info/my-organisations',
  '/user-info/my-organisations/new',
  '/user-info/my-objects',
  '/user-info/my-objects/new',
  '/user-info/my-objects/map',
  '/support',
  '/support/reports',
  '/support/reports?new=1',
  'CHAT',
];
const DESK_PAGES = ['/support/desk', 'CHAT_DESK'];

/** Controls that are too small, or covered at their centre by something else; checked one by one in view. */
async function badControls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const scope =
      document.querySelector('dialog[open]') ?? document.querySelector('main') ?? document.body;
    const controls = [
      ...scope.querySelectorAll<HTMLElement>(
        'button, [role=button], input:not([type=hidden]), select, textarea, .list-table a, .sp-list a, .sp-more, .sp-older a, .pager a',
      ),
    ]
      // Map markers and controls are Leaflet's own; the file input's box is styled by the browser.
      .filter(
        (el) =>
          !el.closest('.leaflet-container') &&
          el.getClientRects().length > 0 &&
          getComputedStyle(el).visibility !== 'hidden',
      );
    const out: string[] = [];
    for (const el of controls) {
      el.scrollIntoView({ block: 'center', inline: 'center' });
      await new Promise((r) => requestAnimationFrame(r));
      const r = el.getBoundingClientRect();
      const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 30)}"`;
      if (r.width < 24 || r.height < 24)
        out.push(`${name} is ${Math.round(r.width)}x${Math.round(r.height)}`);
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      const label = el.id ? document.querySelector(`label[for="${el.id}"]`) : null;
      if (
        hit &&
        hit !== el &&
        !el.contains(hit) &&
        !hit.contains(el) &&
        hit !== label &&
        !label?.contains(hit)
      )
        out.push(`${name} is covered by ${hit.tagName.toLowerCase()}.${hit.className}`);
    }
    return out;
  });
}

async function visit(
  server: TestServer,
  page: Page,
  path: string,
  errors: string[],
): Promise<Page> {
  page.on('console', (m) => m.type() === 'error' && errors.push(`${path}: ${m.text()}`));
  page.on('pageerror', (e) => errors.push(`${path}: ${e.message}`));
  await page.goto(`${server.url}${path}`);
  await hydrated(page);
  if (path.endsWith('/map')) await mapReady(page);
  if (path.endsWith('/new') && path.includes('objects')) await mapReady(page, 'dialog[open]');
  return page;
}

for (const viewport of VIEWPORTS) {
  for (const [who, pages] of [
    ['olga.demidova', CUSTOMER_PAGES],
    ['sergey.ivanov', DESK_PAGES],
  ] as const) {
    describe(`${who} at ${viewport.width}x${viewport.height}`, () => {
      for (const raw of pages) {
        it(`${raw}: no sideways scroll, controls tappable and uncovered, axe clean, no React errors`, async ({
          server,
          signedIn,
          openId,
        }) => {
          const path =
            raw === 'CHAT'
              ? `/support/reports?id=${openId}`
              : raw === 'CHAT_DESK'
                ? `/support/desk?status=all&id=${openId}`
                : raw;
          const errors: string[] = [];
          const page = await visit(
            server,
            await signedIn(`${who}@demo.example`, { viewport }),
            path,
            errors,
          );
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow, 'px wider than the screen').toBeLessThanOrEqual(0);
          const bad = await badControls(page);
          if (bad.length) console.log(`${path} at ${viewport.width}px:\n  ${bad.join('\n  ')}`);
          expect(bad).toEqual([]);
          const axe = await axeViolations(page);
          if (axe.length) console.log(`${path} at ${viewport.width}px: axe ${JSON.stringify(axe)}`);
          expect(axe).toEqual([]);
          expect(errors.filter((e) => /Minified React error|#418|hydrat/i.test(e))).toEqual([]);
        });
      }
    });
  }
}
