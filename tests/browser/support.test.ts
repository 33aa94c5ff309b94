// Support in two browsers: a customer (Olga) creates a request with a file through the 'Found an
// error?' dialog, an employee (Sergey) answers on the desk, and the customer sees the answer and the
// unread count arrive without reloading. Also: the dialog's validation, static behaviour and
// 2-second confirmation, the pages without JavaScript, axe, and the island page's JS weight.
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { describe } from 'vitest';
import { axeViolations, signedInContext } from '../helpers/browser.ts';
import { expect, test, type ContextOptions } from '../helpers/fixtures.ts';
import { pdf } from '../helpers/sample-files.ts';
import type { TestServer } from '../helpers/server.ts';

const TOPIC = 'Не открывается спецификация';
const OLGA = 'olga.demidova@demo.example';

/** A page signed in as `email` whose steps fail after 10 s. */
async function pageOf(browser: Browser, server: TestServer, email: string): Promise<Page> {
  const context = await signedInContext(browser, server, email);
  context.setDefaultTimeout(10_000);
  return context.newPage();
}

// The customer and desk tests are one conversation: Olga's and Sergey's pages stay open from one test
// to the next (and are closed after the file).
const it = test
  .extend('olga', { scope: 'worker' }, async ({ launching, server, browser }, { onCleanup }) => {
    void launching;
    const page = await pageOf(browser, server, OLGA);
    onCleanup(() => page.context().close());
    return page;
  })
  .extend('sergey', { scope: 'worker' }, async ({ server, browser }, { onCleanup }) => {
    const page = await pageOf(browser, server, 'sergey.ivanov@demo.example');
    onCleanup(() => page.context().close());
    return page;
  })
  // A new page of Olga's for one test.
  .extend('olgaPage', async ({ signedIn }) => async (options?: ContextOptions): Promise<Page> => {
    const page = await signedIn(OLGA, options);
    page.context().setDefaultTimeout(10_000);
    return page;
  });

const live = (page: Page) => page.waitForSelector('.sp-layout[data-live="on"]');
const item = (page: Page, title: string) =>
  page.locator('.sp-list a', { hasText: title.slice(0, 20) });

describe('customer and support desk', () => {
  it('the customer creates a request with a file from the bug report dialog', async ({
    server,
    olga,
  }) => {
    await olga.goto(`${server.url}/support/reports`);
    await live(olga);
    await olga.getByRole('button', { name: 'Создать заявку' }).click();
    // Its own title, not the subheader's 'Found an error?'.
    const dialog = olga.getByRole('dialog', { name: 'Создать заявку' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Тип заявки').inputValue()).toBe('lk');
    await dialog.getByLabel('Тема', { exact: true }).fill(TOPIC);
    await dialog
      .getByLabel('Сообщение', { exact: true })
      .fill('Файл спецификации выдаёт ошибку при открытии.');
    expect(await axeViolations(olga)).toEqual([]);
    await dialog.getByLabel('Файл', { exact: true }).setInputFiles({
      name: 'spec.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(pdf('spec')),
    });
    await dialog.getByRole('button', { name: 'Отправить' }).click();
    await dialog.getByText(/Заявка №\d+ принята/).waitFor();
    await dialog.waitFor({ state: 'hidden', timeout: 5000 });
    expect(await olga.locator('#bug-report-heading').textContent()).toBe('Нашли ошибку?');
    await item(olga, TOPIC).waitFor();
    await item(olga, TOPIC).click();
    await olga.locator('.sp-chat h2', { hasText: TOPIC }).waitFor();
    expect(await olga.locator('.sp-msg .sp-text').last().textContent()).toBe(
      'Файл спецификации выдаёт ошибку при открытии.',
    );
    expect(await olga.locator('.sp-msg .sp-file a').last().textContent()).toContain('spec.pdf');
    expect(olga.url()).toMatch(/\/support\/reports\?id=\d+$/);
    expect(await axeViolations(olga)).toEqual([]);
  });

  it('the employee answers on the desk and the customer sees it without reloading', async ({
    server,
    olga,
    sergey,
  }) => {
    await live(olga);
    await sergey.goto(`${server.url}/support/desk`);
    await live(sergey);
    expect(await axeViolations(sergey)).toEqual([]);
    await item(sergey, TOPIC).click();
    await sergey.locator('.sp-chat h2', { hasText: TOPIC }).waitFor();
    await live(sergey);
    expect(await sergey.locator('.sp-desk-info').textContent()).toContain(
      'olga.demidova@demo.example',
    );
    expect(await axeViolations(sergey)).toEqual([]);
    await sergey.getByRole('textbox', { name: 'Сообщение' }).fill('Спасибо, посмотрим файл.');
    // Sent from the keyboard: focus comes back to the message box, not the top of the page.
    await sergey.getByRole('button', { name: 'Отправить' }).focus();
    await sergey.keyboard.press('Enter');
    await olga
      .locator('.sp-msg .sp-text', { hasText: 'Спасибо, посмотрим файл.' })
      .waitFor({ timeout: 5000 });
    await sergey.waitForFunction(() => document.activeElement?.id === 'sp-message', undefined, {
      timeout: 5000,
    });
    expect(await sergey.getByRole('textbox', { name: 'Сообщение' }).inputValue()).toBe('');
    // The chat is open, so the answer is read at once: no unread badge for it.
    expect(await item(olga, TOPIC).locator('.sp-unread').count()).toBe(0);
  });

  it('an answer to a request that is not open shows up as an unread count, cleared on opening', async ({
    olga,
    sergey,
  }) => {
    const other = 'Не приходит уведомление';
    await item(olga, other).click();
    await olga.locator('.sp-chat h2', { hasText: other }).waitFor();
    await live(olga);
    await sergey
      .getByRole('textbox', { name: 'Сообщение' })
      .fill('Нашли причину, исправим сегодня.');
    await sergey.getByRole('button', { name: 'Отправить' }).click();
    const badge = item(olga, TOPIC).locator('.sp-unread');
    await badge.waitFor({ timeout: 5000 });
    expect(await badge.getAttribute('data-unread')).toBe('1');
    await item(olga, TOPIC).click();
    await olga.locator('.sp-msg .sp-text', { hasText: 'Нашли причину' }).waitFor();
    await badge.waitFor({ state: 'detached' });
  });

  it('closing on the desk shows the Closed label to the customer live; reopening brings the message box back', async ({
    olga,
    sergey,
  }) => {
    await live(olga);
    await sergey.getByRole('button', { name: 'Закрыть заявку' }).click();
    await olga.locator('.sp-chat-head .sp-tag', { hasText: 'Закрыта' }).waitFor({ timeout: 5000 });
    expect(await olga.locator('.sp-composer').count()).toBe(0);
    await sergey.getByRole('button', { name: 'Открыть снова' }).click();
    await olga.locator('.sp-composer').waitFor({ timeout: 5000 });
  });
});

describe('bug report dialog', () => {
  it('validates with the spec messages, stays open on Escape and backdrop clicks, confirms for 2 seconds', async ({
    server,
    db,
    olgaPage,
  }) => {
    const page = await olgaPage();
    await page.goto(`${server.url}/support`);
    await page.getByRole('button', { name: 'Нашли ошибку?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Нашли ошибку?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Отправить' }).click();
    await dialog.getByText('Введите тему письма').waitFor();
    await dialog.getByText('Введите Ваше сообщение').waitFor();
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByLabel('Тип заявки').selectOption('price');
    await dialog.getByLabel('Тема', { exact: true }).fill('Цена насоса');
    await dialog.getByLabel('Сообщение', { exact: true }).fill('Цена отличается от прайс-листа.');
    // Hold the create call until the sending state has been seen, then let it through.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/v1/support', async (route) => {
      await held;
      await route.continue();
    });
    await dialog.getByRole('button', { name: 'Отправить' }).click();
    await dialog.getByRole('button', { name: 'Отправка...' }).waitFor();
    expect(
      await dialog.getByRole('button', { name: 'Отправка...' }).getAttribute('aria-busy'),
    ).toBe('true');
    release();
    await dialog.getByText(/Заявка №\d+ принята/).waitFor();
    const shown = Date.now();
    await dialog.waitFor({ state: 'hidden', timeout: 5000 });
    const elapsed = Date.now() - shown;
    expect(elapsed).toBeGreaterThan(1700);
    expect(elapsed).toBeLessThan(3000);
    const row = await db
      .selectFrom('support_requests')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      title: 'Цена насоса',
      type: 'price',
      page_url: `${server.url}/support`,
    });
    expect(row.user_agent).toMatch(/Chrome/);
    // Opened again, the dialog is reset.
    await page.getByRole('button', { name: 'Нашли ошибку?' }).click();
    expect(await dialog.getByLabel('Тема', { exact: true }).inputValue()).toBe('');
    expect(await dialog.getByLabel('Тип заявки').inputValue()).toBe('lk');
    // The same form on its own page (the dialog's fallback without JavaScript) is checked by axe in
    // the route walk (tests/browser/mobile.test.ts).
  });
});

describe('without JavaScript', () => {
  it('lists requests, posts messages and files a bug report with real forms', async ({
    server,
    olgaPage,
  }) => {
    const page = await olgaPage({ javaScriptEnabled: false });
    await page.goto(`${server.url}/support/reports`);
    await item(page, TOPIC).click();
    await page.getByRole('textbox', { name: 'Сообщение' }).fill('Отправлено без скриптов');
    await page.getByRole('button', { name: 'Отправить' }).click();
    await page.locator('.sp-msg .sp-text', { hasText: 'Отправлено без скриптов' }).waitFor();
    await page.getByRole('button', { name: 'Нашли ошибку?' }).click();
    await page.waitForURL(/new=1/);
    await page.getByRole('textbox', { name: 'Тема' }).fill('Форма без JS');
    await page.getByRole('textbox', { name: 'Сообщение' }).fill('Проверка');
    await page.getByRole('button', { name: 'Отправить' }).click();
    await page.getByText(/Заявка №\d+ принята/).waitFor();
  });
});

describe('page weight', () => {
  it('keeps all JavaScript of the island page within 90 KB gzip, React included', async ({
    server,
    olgaPage,
  }) => {
    const page = await olgaPage();
    await page.goto(`${server.url}/support/reports`);
    await live(page);
    const urls = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((n) => /\.m?js(\?|$)/.test(n)),
    );
    const inline = await page.evaluate(() =>
      [...document.querySelectorAll('script:not([src])')].map((s) => s.textContent ?? ''),
    );
    const sizes: Array<[string, number]> = [];
    for (const url of urls)
      sizes.push([
        new URL(url).pathname,
        gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length,
      ]);
    sizes.push(['(inline scripts)', gzipSync(inline.join('\n'), { level: 9 }).length]);
    const total = sizes.reduce((n, [, s]) => n + s, 0);
    console.log(
      `JS on /support/reports (gzip):\n${sizes.map(([u, s]) => `  ${(s / 1024).toFixed(1)} KB  ${u}`).join('\n')}\n  ${(total / 1024).toFixed(1)} KB  total (budget 90 KB)`,
    );
    expect(total).toBeLessThanOrEqual(90 * 1024);
  });
});
