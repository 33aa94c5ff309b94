// The scanner's pages step with a sheet wider than nine columns whose quantity column has no
// quantity heading (Chromium, 360 px): every column is offered, the suggestion says how sure it is,
// the quantity select shows an explicit empty choice with the required-field message (never a
// column it did not choose), and once column 11 is chosen the positions come out.
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, hydrated, launch, signedInContext } from '../helpers/browser.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launch()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const POSITIONS = 12;
/** 11 columns; the quantities stand under "Примечание" (a note column is never taken for its numbers). */
async function wideXlsx(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('Перечень');
  ws.addRow([
    '№ п/п',
    'Наименование',
    'Артикул',
    'Изготовитель',
    'Ед. изм.',
    'Страна',
    'Склад',
    'Срок',
    'Партия',
    'Цена',
    'Примечание',
  ]);
  for (let i = 1; i <= POSITIONS; i++)
    ws.addRow([
      i,
      `Клемма проходная винтовая ${i}`,
      `PT-${i}-2.5`,
      'Завод клемм',
      'шт.',
      'Россия',
      'Москва',
      '2 недели',
      `П${i}`,
      100 + i,
      (i % 4) + 1,
    ]);
  ws.columns.forEach((c) => (c.width = 14));
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function heading(page: Page, name: RegExp) {
  await page.getByRole('heading', { level: 2, name }).waitFor({ timeout: 90_000 });
}

describe('scanner column selectors', () => {
  it('offers all 11 columns, says how sure each suggestion is, and leaves an unsuggested quantity visibly empty', async () => {
    const context = await signedInContext(browser, server, 'olga.demidova@demo.example', {
      viewport: { width: 360, height: 740 },
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/tools/scanner`);
    await hydrated(page);
    const warning = page.getByRole('dialog', { name: 'Внимание!' });
    await warning.waitFor();
    await page.keyboard.press('Escape');
    await warning.waitFor({ state: 'hidden' });
    await heading(page, /Шаг 1 из 5: Начало/);
    await page.getByRole('button', { name: 'Далее' }).click();
    await heading(page, /Шаг 2 из 5: Загрузка документа/);
    await page.locator('#scan-file').setInputFiles({
      name: 'Перечень.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await wideXlsx(),
    });
    await page.getByRole('button', { name: 'Загрузить и распознать' }).click();
    await heading(page, /Шаг 3 из 5: Выбор страниц/);

    // Every column of the sheet is offered (not only 1..9), with its heading.
    const count = page.locator('#scan-col-count');
    await count.locator('option[value="11"]').waitFor({ state: 'attached', timeout: 30_000 });
    const numbers = await count
      .locator('option:not([disabled])')
      .evaluateAll((list) => list.map((o) => (o as HTMLOptionElement).value));
    expect(numbers).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11']);
    expect(await count.locator('option[value="11"]').textContent()).toBe('11 \u2014 Примечание');
    // No quantity was suggested: an explicit empty choice and the required-field message, not "1".
    expect(await count.inputValue()).toBe('');
    expect(await count.locator('option:checked').textContent()).toBe('— выберите колонку —');
    const required = page.locator('#scan-col-count-problem');
    expect(await required.textContent()).toBe('Выберите колонку');
    expect(await count.getAttribute('aria-describedby')).toBe('scan-col-count-problem');
    // Nor is the empty quantity marked as the suggestion; the suggested position is.
    expect(await page.locator('label[for="scan-col-count"]').textContent()).toBe('Количество');
    expect(await page.locator('label[for="scan-col-pos"]').textContent()).toBe(
      'Позиция предложено',
    );
    // The suggested fields say how sure they are.
    expect(await page.locator('#scan-col-pos-basis').textContent()).toBe('по заголовку «№ п/п»');
    expect(await page.locator('#scan-col-marka-basis').textContent()).toBe(
      'по заголовку «Артикул»',
    );
    expect(await page.locator('#scan-col-pos').getAttribute('aria-describedby')).toBe(
      'scan-col-pos-basis',
    );
    expect(await axeViolations(page)).toEqual([]);
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      ),
    ).toBe(true);

    // Going on without a quantity column is refused at the select; choosing column 11 lets it through.
    await page.getByRole('button', { name: 'Распознать позиции' }).click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('scan-col-count');
    await count.selectOption('11');
    await required.waitFor({ state: 'detached' });
    expect(await count.getAttribute('aria-invalid')).toBeNull();
    await page.getByRole('button', { name: 'Распознать позиции' }).click();
    await heading(page, /Шаг 4 из 5: Выбор товаров/);
    const rows = page.locator('table.scan-rows tbody tr:not(.scan-section)');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(POSITIONS);
    await context.close();
  }, 240_000);
});
