// The sign-in pages: no axe findings (also with errors and dialogs showing), and the JavaScript they
// load stays within the 90 KB (gzip) budget of pages with React islands.
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { axeViolations } from '../helpers/browser.ts';
import { expect, test as it } from '../helpers/fixtures.ts';
import { lastOutbox } from '../helpers/mail.ts';
import type { TestServer } from '../helpers/server.ts';

const BUDGET = 90 * 1024;

async function requestCode(server: TestServer, page: Page) {
  await page.goto(`${server.url}/auth/fast`);
  await page.getByLabel('Телефон или E-mail').fill('olga.demidova@demo.example');
  await page.getByRole('button', { name: 'Получить код' }).click();
  await page.waitForURL('**/auth/code');
}

describe('accessibility', () => {
  it('axe finds nothing on the sign-in pages', async ({ server, anonymous }) => {
    const page = await anonymous();
    const found: Record<string, unknown> = {};
    const check = async (name: string) => {
      const v = await axeViolations(page);
      if (v.length) found[name] = v;
    };
    for (const p of ['/auth/fast', '/auth/login', '/auth/forgot-password', '/auth/registration']) {
      await page.goto(`${server.url}${p}`, { waitUntil: 'networkidle' });
      await check(p);
    }
    // With errors: field messages and the summary, the Error dialog, the red alert of the code page.
    await page.goto(`${server.url}/auth/login`);
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.getByText('Проверьте поля формы').waitFor();
    await check('/auth/login with errors');
    await page.getByLabel('Телефон или E-mail').fill('nobody@example.com');
    await page.getByLabel('Пароль').fill('Wrong2026');
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.getByRole('dialog', { name: 'Ошибка' }).waitFor();
    await check('/auth/login with the Error dialog');
    await page.goto(`${server.url}/auth/registration`, { waitUntil: 'networkidle' });
    await page.getByLabel('Ваша фамилия').fill('X');
    await page.getByLabel('Ваша фамилия').fill('');
    await page.getByLabel('Ваша фамилия').blur();
    await check('/auth/registration with an error');
    await requestCode(server, page);
    await check('/auth/code');
    await page.getByLabel('Код', { exact: true }).fill('000001');
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.getByRole('alert').waitFor();
    await check('/auth/code with an error');
    // The 'continue as' card, after a sign-in and a sign-out on this browser.
    await page
      .getByLabel('Код', { exact: true })
      .fill(
        (await lastOutbox(server.database.dataDir, 'olga.demidova@demo.example', 'email')).code!,
      );
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.waitForURL('**/home');
    await page.goto(`${server.url}/logout`);
    await page.goto(`${server.url}/auth/fast`);
    await page.getByRole('region', { name: 'Продолжить как' }).waitFor();
    await check('/auth/fast with the continue-as card');
    await page.goto(`${server.url}/auth/forgot-password`);
    await page.getByLabel('Телефон или E-mail').fill('olga.demidova@demo.example');
    await page.getByRole('button', { name: 'Восстановить' }).click();
    await page.getByRole('status').waitFor();
    await check('/auth/forgot-password after a request');
    await page.goto(
      (await lastOutbox(server.database.dataDir, 'olga.demidova@demo.example', 'email')).url!,
    );
    await page.getByLabel('Новый пароль').waitFor();
    await check('/auth/forgot-password with a reset link');
    expect(found).toEqual({});
  });
});

describe('page weight', () => {
  /** JavaScript a page loads: script files (island chunks included), gzip-compressed, and inline scripts. */
  async function measure(page: Page, open: () => Promise<unknown>) {
    const sizes = new Map<string, number>();
    const pending: Promise<void>[] = [];
    const onResponse = (res: import('playwright-core').Response) => {
      if (res.request().resourceType() !== 'script' && !/\.m?js(\?|$)/.test(res.url())) return;
      pending.push(
        res.body().then(
          (b) => void sizes.set(res.url(), gzipSync(b, { level: 9 }).length),
          () => undefined,
        ),
      );
    };
    page.on('response', onResponse);
    await open();
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    page.off('response', onResponse);
    const inline = await page.$$eval('script:not([src])', (list) =>
      list.map((s) => s.textContent ?? '').join('\n'),
    );
    return {
      files: sizes.size,
      external: [...sizes.values()].reduce((a, b) => a + b, 0),
      inline: gzipSync(inline, { level: 9 }).length,
    };
  }

  it('the sign-in pages load at most 90 KB of JavaScript (gzip), React included', async ({
    server,
    anonymous,
  }) => {
    const figures: Record<string, Awaited<ReturnType<typeof measure>>> = {};
    // A fresh context per page, so nothing comes from the cache.
    for (const p of ['/auth/fast', '/auth/registration', '/auth/code']) {
      const page = await anonymous();
      if (p === '/auth/code') {
        await page.goto(`${server.url}/auth/fast`);
        await page.getByLabel('Телефон или E-mail').fill('dmitry.volkov@demo.example');
        figures[p] = await measure(page, async () => {
          await page.getByRole('button', { name: 'Получить код' }).click();
          await page.waitForURL('**/auth/code');
        });
      } else {
        figures[p] = await measure(page, () => page.goto(`${server.url}${p}`));
      }
    }
    console.log(
      'sign-in page JavaScript (gzip):\n' +
        Object.entries(figures)
          .map(
            ([p, f]) =>
              `  ${p}: ${f.files} files ${(f.external / 1024).toFixed(1)} KB + inline ${(f.inline / 1024).toFixed(1)} KB`,
          )
          .join('\n'),
    );
    for (const [p, f] of Object.entries(figures))
      expect(f.external + f.inline, p).toBeLessThanOrEqual(BUDGET);
    expect(figures['/auth/fast']!.external).toBe(0);
    expect(figures['/auth/code']!.files).toBeGreaterThan(0);
    expect(figures['/auth/registration']!.files).toBeGreaterThan(0);
  });
});
