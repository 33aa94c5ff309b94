// The page chrome in Chromium: menus and their role conditions, breadcrumbs, language switch (without
// JavaScript), the error page, the quick user panel, keyboard use and the guards. Layout settings and
// axe are in chrome-a11y.test.ts.
import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { START_INFO_COOKIE } from '../../src/features/auth/auth.web.server.ts';
import { expect, test, type ContextOptions, type ServerDb } from '../helpers/fixtures.ts';
import type { TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';

const CUSTOMER = 'olga.demidova@demo.example';
const SCADA = 'dmitry.volkov@demo.example';
const EMPLOYEE = 'sergey.ivanov@demo.example';
const ADMIN = 'marina.kotova@demo.example';
const PORTAL = 'https://portal.example/admin';
const WIKI = 'https://wiki.example/cabinet';
const DESKTOP = { width: 1280, height: 800 };

/** Opens a path as the user (null: signed out) and hands the page to fn. */
type Visit = <T>(
  email: string | null,
  path: string,
  fn: (page: Page) => Promise<T>,
  options?: ContextOptions,
) => Promise<T>;

const it = test
  .extend('serverEnv', { scope: 'worker' }, { CORPORATE_PORTAL_URL: PORTAL, WIKI_URL: WIKI })
  .extend('visit', async ({ signedIn, anonymous, server }) => {
    const visit: Visit = async (email, path, fn, options = {}) => {
      const opts = { viewport: DESKTOP, reducedMotion: 'reduce' as const, ...options };
      const page = email ? await signedIn(email, opts) : await anonymous(opts);
      // The start-info dialog (shown until dismissed) is the auth feature's; these tests look past it.
      await page
        .context()
        .addCookies([{ name: START_INFO_COOKIE, value: 'hidden', url: server.url }]);
      try {
        await page.goto(server.url + path);
        return await fn(page);
      } finally {
        // Closed at once: a test may visit many pages.
        await page.context().close();
      }
    };
    return visit;
  });

const header = (page: Page) => page.locator('nav.main-menu');
const aside = (page: Page) => page.locator('#aside nav');
const texts = async (page: Page, selector: string) =>
  (await page.locator(selector).allTextContents()).map((s) => s.trim());

describe('header menu', () => {
  it('shows the sections of the spec, sections with sub-items as dropdowns', async ({ visit }) => {
    await visit(CUSTOMER, '/home', async (page) => {
      expect(
        await texts(
          page,
          'nav.main-menu > ul > li > a, nav.main-menu > ul > li > details > summary',
        ),
      ).toEqual([
        'Главная',
        'Заказы',
        'Проектирование',
        'Инструменты',
        'Личные данные',
        'Поддержка',
      ]);
      const sub = async (name: string) =>
        await header(page)
          .locator('details', { has: page.locator(`summary:text-is("${name}")`) })
          .locator('ul a')
          .evaluateAll((as) => as.map((a) => [a.textContent!.trim(), a.getAttribute('href')]));
      expect(await sub('Заказы')).toEqual([
        ['Заказы', '/e-commerce/orders'],
        ['Архив заказов', '/e-commerce/orders-archive'],
      ]);
      expect(await sub('Проектирование')).toEqual([
        ['Расчеты', '/e-commerce/design/calculations'],
        ['Новый расчет', '/e-commerce/design/new-calculation'],
      ]);
      expect(await sub('Личные данные')).toEqual([
        ['Профиль', '/user-info/profile/personal-information'],
        ['Организации', '/user-info/my-organisations'],
        ['Объекты', '/user-info/my-objects'],
      ]);
      expect(await sub('Поддержка')).toEqual([['Обращения', '/support/reports']]);
      await expect(
        header(page).getByRole('link', { name: 'Главная' }).getAttribute('aria-current'),
      ).resolves.toBe('page');
      await expect(
        page.getByRole('link', { name: 'Уведомления', exact: true }).first().getAttribute('href'),
      ).resolves.toBe('/notifications');
    });
  });

  it('links the corporate portal for admins only', async ({ visit }) => {
    const portalLinks = (page: Page) => page.locator(`.user-menu a[href="${PORTAL}"]`);
    await visit(ADMIN, '/home', async (page) => {
      await page.locator('.user-menu summary').click();
      await expect(portalLinks(page).isVisible()).resolves.toBe(true);
      await expect(portalLinks(page).getAttribute('rel')).resolves.toBe('noopener');
      expect(await texts(page, '.user-menu ul a')).toEqual([
        'Корпоративный портал (откроется в новой вкладке)',
        'Мой профиль',
        'Настройки',
        'Выйти',
      ]);
    });
    for (const email of [CUSTOMER, EMPLOYEE])
      await visit(email, '/home', async (page) => expect(await portalLinks(page).count()).toBe(0));
  });
});

describe('side menu', () => {
  it('adds Notifications, Promotions and Productions, marks the scanner beta and hides what the role does not allow', async ({
    visit,
  }) => {
    await visit(CUSTOMER, '/tools/scanner', async (page) => {
      for (const href of ['/notifications', '/promotions', '/productions', '/tools/scanner'])
        expect(await aside(page).locator(`a[href="${href}"]`).count(), href).toBe(1);
      const scanner = aside(page).locator('a[href="/tools/scanner"]');
      await expect(scanner.getAttribute('aria-current')).resolves.toBe('page');
      await expect(scanner.locator('.badge.beta').textContent()).resolves.toBe('бета');
      await expect(scanner.isVisible()).resolves.toBe(true);
      expect(await aside(page).locator('a[href="/tools/scada"]').count()).toBe(0);
      expect(
        await aside(page).locator('a[href="/e-commerce/design/new-calculation/btp"]').count(),
      ).toBe(0);
    });
  });

  it('shows Dispatching to the user with the scada module', async ({ visit }) => {
    await visit(SCADA, '/home', async (page) => {
      await expect(aside(page).locator('a[href="/tools/scada"]').textContent()).resolves.toContain(
        'Диспетчеризация',
      );
      expect(
        await aside(page).locator('a[href="/e-commerce/design/new-calculation/btp"]').count(),
      ).toBe(0);
    });
  });

  it('shows the heating-substation calculation with a star to employees', async ({ visit }) => {
    await visit(EMPLOYEE, '/e-commerce/design/new-calculation/btp', async (page) => {
      const btp = aside(page).locator('a[href="/e-commerce/design/new-calculation/btp"]');
      await expect(btp.locator('.badge.star').count()).resolves.toBe(1);
      await expect(btp.textContent()).resolves.toContain('Для сотрудников');
      await expect(btp.getAttribute('aria-current')).resolves.toBe('page');
      expect(await aside(page).locator('a[href="/tools/scada"]').count()).toBe(0);
    });
  });
});

describe('subheader', () => {
  it('derives title and breadcrumbs from the menu on a nested page', async ({ visit }) => {
    await visit(CUSTOMER, '/e-commerce/design/new-calculation/to/to2', async (page) => {
      await expect(page.locator('.subheader h1').textContent()).resolves.toBe(
        'Двухступенчатая схема',
      );
      await expect(page.title()).resolves.toBe('Двухступенчатая схема | Личный кабинет');
      const crumbs = page.getByRole('navigation', { name: 'Навигационная цепочка' });
      expect(await crumbs.locator('li').allTextContents()).toEqual([
        'Главная',
        'Проектирование',
        'Новый расчет',
        'Теплообменники',
        'Двухступенчатая схема',
      ]);
      expect(
        await crumbs.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href'))),
      ).toEqual([
        '/home',
        '/e-commerce/design',
        '/e-commerce/design/new-calculation',
        '/e-commerce/design/new-calculation/to',
      ]);
      await expect(crumbs.locator('[aria-current="page"]').textContent()).resolves.toBe(
        'Двухступенчатая схема',
      );
      // 'Found an error?' sits in the subheader (its dialog belongs to the support feature).
      await expect(page.locator('.subheader .bug-report').textContent()).resolves.toBe(
        'Нашли ошибку?',
      );
    });
  });
});

describe('language', () => {
  it('switches to English and back without JavaScript, staying on the page', async ({
    server,
    db,
    visit,
  }) => {
    await visit(
      CUSTOMER,
      '/tools',
      async (page) => {
        await page.locator('.lang-switch summary').click();
        await page.getByRole('button', { name: 'English' }).click();
        await page.waitForURL(`${server.url}/tools`);
        await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');
        await expect(page.locator('.subheader h1').textContent()).resolves.toBe('Tools');
        await expect(header(page).getByRole('link', { name: 'Home' }).isVisible()).resolves.toBe(
          true,
        );
        await expect(storedLocale(db, CUSTOMER)).resolves.toBe('en');
        await page.locator('.lang-switch summary').click();
        await page.getByRole('button', { name: 'Русский' }).click();
        await page.waitForURL(`${server.url}/tools`);
        await expect(page.locator('html').getAttribute('lang')).resolves.toBe('ru');
        await expect(page.locator('.subheader h1').textContent()).resolves.toBe('Инструменты');
        await expect(storedLocale(db, CUSTOMER)).resolves.toBe('ru');
      },
      { javaScriptEnabled: false },
    );
  });

  it('offers all seven languages, Russian and English first', async ({ visit }) => {
    await visit(CUSTOMER, '/home', async (page) => {
      expect(
        await page
          .locator('.lang-switch button')
          .evaluateAll((bs) => bs.map((b) => b.getAttribute('value'))),
      ).toEqual(['ru', 'en', 'de', 'es', 'fr', 'ja', 'zh']);
    });
  });

  it('returns only to a path on this site', async ({ server }) => {
    const post = (back: string) =>
      fetch(`${server.url}/locale`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url },
        body: new URLSearchParams({ lang: 'de', back }),
      });
    for (const back of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const res = await post(back);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/');
    }
    const ok = await post('/e-commerce/orders?page=2');
    expect(ok.headers.get('location')).toBe('/e-commerce/orders?page=2');
    expect(ok.headers.get('set-cookie')).toMatch(/^lang=de;/);
  });
});

describe('error page', () => {
  it('answers unknown paths, /error and pages the user may not open with the 404 page', async ({
    visit,
  }) => {
    for (const [email, path] of [
      [CUSTOMER, '/definitely/not/here'],
      [CUSTOMER, '/error'],
      [CUSTOMER, '/productions/999999'],
      [CUSTOMER, '/e-commerce/orders/999999/order'],
      [CUSTOMER, '/e-commerce/design/calculations/999999/calculation'],
      [CUSTOMER, '/tools/scada'],
      [SCADA, '/tools/scada/999999'],
      [CUSTOMER, '/e-commerce/design/new-calculation/btp'],
      [CUSTOMER, '/e-commerce/design/new-calculation/btp/free'],
      [null, '/nowhere'],
    ] as const) {
      await visit(email, path, async (page) => {
        const res = await page.reload();
        expect(res?.status(), path).toBe(404);
        await expect(page.locator('h1').textContent()).resolves.toBe('404');
        await expect(page.getByText('ERROR', { exact: true }).isVisible()).resolves.toBe(true);
        await expect(page.getByText('Nothing left to do here.').isVisible()).resolves.toBe(true);
        await expect(
          page.getByRole('link', { name: 'На главную' }).getAttribute('href'),
        ).resolves.toBe('/');
        expect(await page.locator('.site-header').count(), 'blank layout').toBe(0);
      });
    }
  });

  it('opens the pages the role allows', async ({ server }) => {
    for (const [email, path] of [
      [SCADA, '/tools/scada'],
      [EMPLOYEE, '/e-commerce/design/new-calculation/btp'],
      [EMPLOYEE, '/e-commerce/design/new-calculation/btp/free'],
    ] as const) {
      const res = await fetch(server.url + path, {
        headers: { Cookie: `sid=${await tokenOf(server, email)}` },
        redirect: 'manual',
      });
      expect(res.status, path).toBe(200);
    }
  });
});

describe('quick user panel', () => {
  it('opens from the header and closes with Esc or its close button', async ({ visit }) => {
    await visit(CUSTOMER, '/home', async (page) => {
      const panel = page.getByRole('dialog', { name: 'Панель пользователя' });
      await expect(panel.isVisible()).resolves.toBe(false);
      await page.getByRole('button', { name: 'Панель пользователя' }).click();
      await expect(panel.isVisible()).resolves.toBe(true);
      await expect(panel.locator('.qp-name').textContent()).resolves.toBe('Ольга Демидова');
      await expect(panel.locator('.qp-post').textContent()).resolves.toBe('Главный инженер');
      await expect(panel.getByRole('link', { name: CUSTOMER }).getAttribute('href')).resolves.toBe(
        `mailto:${CUSTOMER}`,
      );
      await expect(panel.getByRole('link', { name: 'Выйти' }).getAttribute('href')).resolves.toBe(
        '/logout',
      );
      await expect(
        panel.getByRole('link', { name: 'Настройки' }).getAttribute('href'),
      ).resolves.toBe('/user-info/profile/builder');
      await expect(panel.locator(`a[href="${WIKI}"]`).getAttribute('target')).resolves.toBe(
        '_blank',
      );
      await page.keyboard.press('Escape');
      await expect(panel.isVisible()).resolves.toBe(false);
      await page.getByRole('button', { name: 'Панель пользователя' }).click();
      await panel.getByRole('button', { name: 'Закрыть панель' }).click();
      await expect(panel.isVisible()).resolves.toBe(false);
    });
  });

  it('has the sticky toolbar with settings and the instructions in a new tab', async ({
    visit,
  }) => {
    await visit(CUSTOMER, '/home', async (page) => {
      await expect(
        page.locator('.sticky-toolbar a[data-tooltip="Настройки"]').getAttribute('href'),
      ).resolves.toBe('/user-info/profile/builder');
      const wiki = page.locator('.sticky-toolbar a[data-tooltip="Инструкции"]');
      expect([
        await wiki.getAttribute('href'),
        await wiki.getAttribute('target'),
        await wiki.getAttribute('rel'),
      ]).toEqual([WIKI, '_blank', 'noopener']);
    });
  });
});

describe('keyboard', () => {
  it('reaches the header menu by Tab and opens a submenu with Enter and Space', async ({
    visit,
  }) => {
    await visit(CUSTOMER, '/home', async (page) => {
      const focused = () =>
        page.evaluate(() => ({
          tag: document.activeElement?.tagName,
          text: document.activeElement?.textContent?.trim(),
        }));
      await page.keyboard.press('Tab');
      await expect(focused()).resolves.toEqual({ tag: 'A', text: 'Перейти к содержимому' });
      const seen: string[] = [];
      for (let i = 0; i < 10 && !(seen.at(-1) === 'Заказы'); i++) {
        await page.keyboard.press('Tab');
        seen.push((await focused()).text ?? '');
      }
      expect(seen).toContain('Главная');
      await expect(focused()).resolves.toEqual({ tag: 'SUMMARY', text: 'Заказы' });
      const archive = header(page).getByRole('link', { name: 'Архив заказов' });
      await expect(archive.isVisible()).resolves.toBe(false);
      await page.keyboard.press('Enter');
      await expect(archive.isVisible()).resolves.toBe(true);
      await page.keyboard.press('Tab');
      await expect(focused()).resolves.toEqual({ tag: 'A', text: 'Заказы' });
      await page.keyboard.press('Escape');
      await expect(archive.isVisible()).resolves.toBe(false);
      await expect(focused()).resolves.toEqual({ tag: 'SUMMARY', text: 'Заказы' });
      await page.keyboard.press('Space');
      await expect(archive.isVisible()).resolves.toBe(true);
    });
  });
});

describe('guards', () => {
  const get = (server: TestServer, path: string, cookie?: string) =>
    fetch(server.url + path, { redirect: 'manual', headers: cookie ? { Cookie: cookie } : {} });

  it('sends a signed-out visitor to fast sign-in', async ({ server, visit }) => {
    for (const path of ['/home', '/tools', '/e-commerce/orders', '/user-info']) {
      const res = await get(server, path);
      expect(res.status, path).toBe(302);
      expect(new URL(res.headers.get('location')!, server.url).pathname).toBe('/auth/fast');
    }
    await visit(null, '/tools', async (page) =>
      expect(new URL(page.url()).pathname).toBe('/auth/fast'),
    );
  });

  it('sends a signed-in user away from the sign-in area to the home page', async ({
    server,
    visit,
  }) => {
    const cookie = `sid=${await tokenOf(server, CUSTOMER)}`;
    for (const path of ['/auth', '/auth/fast', '/auth/login']) {
      const res = await get(server, path, cookie);
      expect(res.status, path).toBe(302);
      expect(new URL(res.headers.get('location')!, server.url).pathname).toBe('/');
    }
    await visit(CUSTOMER, '/auth/fast', async (page) =>
      expect(new URL(page.url()).pathname).toBe('/home'),
    );
  });

  it('redirects the user area to the first profile tab', async ({ server }) => {
    const cookie = `sid=${await tokenOf(server, CUSTOMER)}`;
    const first = await get(server, '/user-info', cookie);
    expect(new URL(first.headers.get('location')!, server.url).pathname).toBe('/user-info/profile');
    const second = await get(server, '/user-info/profile', cookie);
    expect(new URL(second.headers.get('location')!, server.url).pathname).toBe(
      '/user-info/profile/personal-information',
    );
  });
});

// One session per user for the file, as a browser would keep its cookie.
const tokens = new Map<string, Promise<string>>();
const tokenOf = (server: TestServer, email: string) => {
  const key = `${server.url} ${email}`;
  if (!tokens.has(key))
    tokens.set(
      key,
      sessionFor(server, email).then((s) => s.token),
    );
  return tokens.get(key)!;
};

/** The interface language remembered on the account. */
async function storedLocale(db: ServerDb, email: string): Promise<string | null> {
  return (
    await db
      .selectFrom('users')
      .select('locale')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
  ).locale;
}
