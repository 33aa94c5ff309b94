// The chrome's accessibility (axe, WCAG 2.2 A/AA) at desktop and phone widths beyond the route walk
// (colour pairs axe cannot decide, the 404 page), the user's layout
// settings as the server renders them, and the back-to-top link.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { START_INFO_COOKIE } from '../../src/features/auth/auth.web.server.ts';
import { axeViolations } from '../helpers/browser.ts';
import { expect, test, type ServerDb } from '../helpers/fixtures.ts';

const CUSTOMER = 'olga.demidova@demo.example';
const ADMIN = 'marina.kotova@demo.example';
const WIDTHS = [
  ['desktop', { width: 1280, height: 800 }],
  ['360 px', { width: 360, height: 740 }],
] as const;

type Visit = (
  email: string | null,
  path: string,
  viewport: { width: number; height: number },
  fn: (page: Page) => Promise<void>,
) => Promise<void>;

const it = test
  .extend(
    'serverEnv',
    { scope: 'worker' },
    { CORPORATE_PORTAL_URL: 'https://portal.example/', WIKI_URL: 'https://wiki.example/' },
  )
  // Opens `path` as `email` (or signed out) with reduced motion, and hands the page to `fn`.
  .extend('visit', async ({ signedIn, anonymous, server }) => {
    const visit: Visit = async (email, path, viewport, fn) => {
      const options = { viewport, reducedMotion: 'reduce' as const };
      const page = email ? await signedIn(email, options) : await anonymous(options);
      // The start-info dialog (shown until dismissed) is the auth feature's; these tests look past it.
      await page
        .context()
        .addCookies([{ name: START_INFO_COOKIE, value: 'hidden', url: server.url }]);
      try {
        await page.goto(server.url + path);
        await fn(page);
      } finally {
        // Closed at once: a test may visit several pages.
        await page.context().close();
      }
    };
    return visit;
  });

/** Writes users.layout directly, as the settings page's saveLayout() would. */
async function setLayout(db: ServerDb, email: string, layout: Record<string, unknown> | null) {
  await db
    .updateTable('users')
    .set({ layout: layout && JSON.stringify(layout) })
    .where('email', '=', email)
    .execute();
}

describe('axe finds no WCAG 2.2 A/AA violation', () => {
  for (const [name, viewport] of WIDTHS) {
    // The home frame with its dropdowns, side menu panel and quick user panel open: the route walk
    // of tests/browser/mobile.test.ts (every route, both widths, the chrome's states once per user).

    it(`leaves no colour contrast of the chrome for review (${name})`, async ({ visit }) => {
      // Issue 11: axe could not decide some colour pairs on /home. The chrome's own parts (header,
      // side menu, footer, the language offer) must be decidable and pass AA; page content belongs
      // to its feature.
      await visit(ADMIN, '/home', viewport, async (page) => {
        await page.waitForFunction(() =>
          document.getAnimations().every((a) => a.playState !== 'running'),
        );
        const r = await new AxeBuilder({ page })
          .include('.site-header')
          .include('#aside')
          .include('.site-footer')
          .withRules(['color-contrast'])
          .analyze();
        const nodes = (list: typeof r.violations) =>
          list.flatMap((x) =>
            x.nodes.map((n) => `${n.target.join(' ')}: ${n.any[0]?.message ?? ''}`),
          );
        expect(nodes(r.violations)).toEqual([]);
        expect(nodes(r.incomplete)).toEqual([]);
      });
    });

    it(`on the 404 page (${name})`, async ({ visit }) => {
      await visit(CUSTOMER, '/no/such/page', viewport, async (page) => {
        await expect(page.locator('h1').textContent()).resolves.toBe('404');
        expect(await axeViolations(page)).toEqual([]);
      });
      await visit(null, '/no/such/page', viewport, async (page) => {
        expect(await axeViolations(page)).toEqual([]);
      });
    });
  }
});

describe('layout settings', () => {
  it('are rendered by the server: side menu, subheader, widths, footer', async ({ visit, db }) => {
    await setLayout(db, CUSTOMER, {
      'aside.self.display': false,
      'subheader.display': false,
      'header.self.width': 'fixed',
      'content.width': 'fluid',
      'footer.layout': 'extended',
      'header.menu.self.root-arrow': false,
      'header.self.fixed.desktop': false,
    });
    try {
      await visit(CUSTOMER, '/tools', { width: 1280, height: 800 }, async (page) => {
        await expect(page.locator('#aside').isVisible()).resolves.toBe(false);
        await expect(
          page.getByRole('button', { name: 'Открыть меню разделов' }).isVisible(),
        ).resolves.toBe(true);
        expect(await page.locator('.subheader').count()).toBe(0);
        await expect(page.locator('#content > h1').textContent()).resolves.toBe('Инструменты');
        await expect(page.locator('.site-header .bar').getAttribute('class')).resolves.toContain(
          'container',
        );
        await expect(page.locator('#content').getAttribute('class')).resolves.toBe(
          'container-fluid',
        );
        await expect(
          page.locator('.site-header').evaluate((h) => getComputedStyle(h).position),
        ).resolves.toBe('relative');
        await expect(page.locator('nav.main-menu').getAttribute('class')).resolves.toContain(
          'no-arrows',
        );
        await expect(
          page.locator('.site-footer').getByRole('navigation', { name: 'Разделы' }).isVisible(),
        ).resolves.toBe(true);
        // The side menu is still one click away, as a panel.
        await page.getByRole('button', { name: 'Открыть меню разделов' }).click();
        await expect(page.locator('#aside').isVisible()).resolves.toBe(true);
      });
    } finally {
      await setLayout(db, CUSTOMER, null);
    }
    await visit(CUSTOMER, '/tools', { width: 1280, height: 800 }, async (page) => {
      await expect(page.locator('#aside').isVisible()).resolves.toBe(true);
      await expect(
        page.getByRole('button', { name: 'Открыть меню разделов' }).isVisible(),
      ).resolves.toBe(false);
      await expect(page.locator('.subheader h1').textContent()).resolves.toBe('Инструменты');
      await expect(
        page.locator('.site-header').evaluate((h) => getComputedStyle(h).position),
      ).resolves.toBe('sticky');
      expect(await page.locator('.site-footer nav').count()).toBe(0);
    });
  });

  it('opens submenus of the side menu as flyouts when asked', async ({ visit, db }) => {
    await setLayout(db, CUSTOMER, { 'aside.menu.dropdown': true });
    try {
      await visit(CUSTOMER, '/e-commerce/orders', { width: 1280, height: 800 }, async (page) => {
        const orders = page.locator('#aside details', {
          has: page.locator('summary:has-text("Заказы")'),
        });
        // Not opened by default: a flyout would cover the content.
        await expect(orders.getAttribute('open')).resolves.toBeNull();
        await orders.locator('summary').click();
        const list = orders.locator(':scope > ul');
        await expect(list.evaluate((ul) => getComputedStyle(ul).position)).resolves.toBe(
          'absolute',
        );
      });
    } finally {
      await setLayout(db, CUSTOMER, null);
    }
  });
});

describe('back to top', () => {
  it('appears after 300 px of scrolling and takes the page back up', async ({ visit }) => {
    await visit(CUSTOMER, '/home', { width: 360, height: 640 }, async (page) => {
      const up = page.getByRole('link', { name: 'Наверх' });
      await expect(up.isVisible()).resolves.toBe(false);
      await page.mouse.wheel(0, 200);
      // The scroll has happened and its handler has run (two frames later).
      await expect.poll(() => page.evaluate(() => scrollY)).toBe(200);
      await page.evaluate(
        () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
      );
      await expect(up.isVisible()).resolves.toBe(false);
      await page.mouse.wheel(0, 400);
      await expect.poll(() => up.isVisible()).toBe(true);
      await up.click();
      await expect.poll(() => page.evaluate(() => scrollY)).toBe(0);
      await expect.poll(() => up.isVisible()).toBe(false);
    });
  });
});
