// Accessibility of two states a page load alone never shows (issue 23): the highlighted suggestion
// of "Новая организация" (its muted second line once fell to 3.09:1 on the tinted highlight) at both
// widths, chosen with the keyboard and under the pointer; and the keyboard focus after a customer
// sends a support message (it must come back to the message box, not fall to the top of the page).
import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { axeViolations, PHONE } from '../helpers/browser.ts';
import { expect } from '../helpers/fixtures.ts';
import { test as it } from '../helpers/profile-browser.ts';

const OLGA = 'olga.demidova@demo.example';
const highlighted = '.combobox-list [role=option][aria-selected=true]';

/** The WCAG contrast ratio of an element's text against the first opaque background behind it. */
function contrastOf(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluate((el) => {
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
    const lum = ([r, g, b]: number[]) => {
      const f = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(r!) + 0.7152 * f(g!) + 0.0722 * f(b!);
    };
    // Backgrounds from the element outwards, blended over each other until one is opaque.
    const layers: number[][] = [];
    for (let e: Element | null = el; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if ((c[3] ?? 1) > 0) layers.push(c);
      if ((c[3] ?? 1) >= 1) break;
    }
    let bg = [255, 255, 255];
    for (const [r, g, b, a = 1] of layers.reverse())
      bg = [r! * a + bg[0]! * (1 - a), g! * a + bg[1]! * (1 - a), b! * a + bg[2]! * (1 - a)];
    const [fr, fg, fb, fa = 1] = rgb(getComputedStyle(el).color);
    const fore = [
      fr! * fa + bg[0]! * (1 - fa),
      fg! * fa + bg[1]! * (1 - fa),
      fb! * fa + bg[2]! * (1 - fa),
    ];
    const [hi, lo] = [lum(fore), lum(bg)].sort((a, b) => b - a);
    return (hi! + 0.05) / (lo! + 0.05);
  });
}

describe('the highlighted suggestion of a new organisation', () => {
  for (const viewport of [{ width: 1280, height: 900 }, PHONE]) {
    it(
      `keeps both lines at 4.5:1 or more, by keyboard and under the pointer (${viewport.width} px)`,
      { timeout: 180_000 },
      async ({ server, userPage }) => {
        const page = await userPage(OLGA, { viewport });
        await page.goto(`${server.url}/user-info/my-organisations/new`);
        const query = page.getByRole('combobox', { name: 'Организация' });
        await query.pressSequentially('ижевск', { delay: 20 });
        await page.locator('.combobox-list [role=option]').first().waitFor();
        await query.press('ArrowDown');
        await page.locator(highlighted).waitFor();
        expect(await page.locator(`${highlighted} small`).count()).toBe(1);
        expect(await contrastOf(page, `${highlighted} small`)).toBeGreaterThanOrEqual(4.5);
        expect(await axeViolations(page)).toEqual([]);
        // The pointer over another option tints it the same way.
        const second = page.locator('.combobox-list [role=option]').nth(1);
        await second.hover();
        expect(
          await contrastOf(page, '.combobox-list [role=option]:hover small'),
        ).toBeGreaterThanOrEqual(4.5);
        expect(await axeViolations(page, '.combobox-list')).toEqual([]);
      },
    );
  }
});

describe('sending a support message from the keyboard', () => {
  it(
    'puts the focus back in the message box, which is empty again',
    { timeout: 120_000 },
    async ({ server, signedIn }) => {
      const page = await signedIn(OLGA);
      await page.goto(`${server.url}/support/reports`);
      await page.waitForSelector('.sp-layout[data-live="on"]');
      // A request of hers that is still open (the demo data's), so the message box is there.
      await page.locator('.sp-list a', { hasText: 'Не приходит уведомление' }).click();
      await page.locator('.sp-chat h2', { hasText: 'Не приходит уведомление' }).waitFor();
      await page.waitForSelector('.sp-layout[data-live="on"]');
      const box = page.getByRole('textbox', { name: 'Сообщение' });
      await box.fill('Проверка фокуса после отправки');
      await page.getByRole('button', { name: 'Отправить' }).focus();
      await page.keyboard.press('Enter');
      await page
        .locator('.sp-msg .sp-text', { hasText: 'Проверка фокуса после отправки' })
        .waitFor();
      await page.waitForFunction(() => document.activeElement?.id === 'sp-message');
      expect(await box.inputValue()).toBe('');
      expect(await axeViolations(page)).toEqual([]);
    },
  );
});
