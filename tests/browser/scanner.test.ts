// The document scanner in Chromium at phone width (360x740): the warning dialog, then all five
// steps with a GOST 21.110 .xlsx made here (catalogue articles of the demo catalogue, one row the
// matcher cannot place, a section heading), a reload that resumes at the pages step, both step
// messages (no page, no position), a match chosen in the popup, and the order page holding the
// matched items and the free-text one. The review at step 4: a quantity and a name corrected with
// the keyboard, kept across a reload, carried into the saved order whose total is the one shown;
// a PDF's positions beside their source rows (lazy crops that do not jump). axe on every step
// (with a row being corrected, at 360 px and desktop) and in both dialogs, no sideways scroll.
// Also: the page's JavaScript within 90 KB gzip, the sample file, and the page without JavaScript.
import { gzipSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, hydrated, launch, signedInContext } from '../helpers/browser.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { withDb } from '../helpers/support.ts';
import { formatMoney } from '../../src/lib/format.ts';
import {
  htmlToPdf,
  ROWS,
  specHtml,
} from '../../src/features/scanner/recognition/fixtures.testkit.ts';

const OLGA = 'olga.demidova@demo.example';
const KB = 1024;
let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launch()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A GOST 21.110 Form 1 sheet: headings, the 1..9 row, a section, three demo-catalogue articles and a free-text row. */
async function gostXlsx(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('Спецификация');
  ws.addRow([
    'Поз.',
    'Наименование и техническая характеристика',
    'Тип, марка, обозначение документа, опросного листа',
    'Код продукции',
    'Поставщик',
    'Ед. измерения',
    'Кол.',
    'Масса 1 ед., кг',
    'Примечание',
  ]);
  ws.addRow([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  ws.addRow(['', 'Шкаф управления насосами']);
  ws.addRow([
    '1.1',
    'Преобразователь частоты 7,5 кВт',
    'DFC-7.5',
    '',
    'Demo Electric',
    'шт.',
    2,
    4.2,
    '',
  ]);
  ws.addRow(['1.2', 'Реле контроля фаз', 'DRL-3F', '', 'Demo Electric', 'шт.', 1, 0.2, '']);
  ws.addRow(['1.3', 'Пускатель для насоса подпитки', '', '', '', 'шт.', 3, 0.9, 'подобрать']);
  ws.addRow([
    '1.4',
    'Опора трубопровода неподвижная Ду80',
    'ОПН-80 серия 5.903-13',
    '',
    '',
    'шт.',
    6,
    3.1,
    '',
  ]);
  ws.columns.forEach((c) => (c.width = 20));
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Elements reaching past the viewport's right edge (none: no sideways scroll). */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    return [...document.querySelectorAll('main *')]
      .filter((e) => e.getBoundingClientRect().right > width + 0.5)
      .map(
        (e) =>
          `${e.tagName.toLowerCase()}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`,
      )
      .slice(0, 8);
  });

/** Buttons, fields and tick boxes of the wizard smaller than 24x24 px (links inside sentences are exempt). */
const smallTargets = (page: Page) =>
  page.locator('.scan-wizard').evaluate((root) =>
    [...root.querySelectorAll('button, input:not([type=hidden]), select, [role=button]')]
      .filter((e) => e.getClientRects().length > 0)
      .map((e) => [e, e.getBoundingClientRect()] as const)
      .filter(([, r]) => r.width < 24 || r.height < 24)
      .map(
        ([e, r]) =>
          `${e.tagName.toLowerCase()}#${e.id} ${Math.round(r.width)}x${Math.round(r.height)}`,
      ),
  );

async function checkStep(page: Page, heading: RegExp) {
  await page.getByRole('heading', { level: 2, name: heading }).waitFor({ timeout: 90_000 });
  expect(await axeViolations(page)).toEqual([]);
  expect(await overflow(page)).toEqual([]);
  expect(await smallTargets(page)).toEqual([]);
}

describe('document scanner', () => {
  it('walks all five steps at 360 px and ends with an order holding the matched items', async () => {
    const context = await signedInContext(browser, server, OLGA, {
      viewport: { width: 360, height: 740 },
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/tools/scanner`);
    await hydrated(page);

    // The warning on entry: a modal dialog with the link to Requests; closing it returns to the page.
    const warning = page.getByRole('dialog', { name: 'Внимание!' });
    await warning.waitFor();
    expect(await warning.textContent()).toContain('стадии тестирования');
    expect(await warning.getByRole('link', { name: '«Обращения»' }).getAttribute('href')).toBe(
      '/support/reports',
    );
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await warning.waitFor({ state: 'hidden' });

    // Step 0: a new order by default, the disabled choices of the spec, the pickers enabled.
    await checkStep(page, /Шаг 1 из 5: Начало/);
    const order = page.getByLabel('Заказ', { exact: true });
    expect(await order.inputValue()).toBe('0');
    expect(await page.locator('#scan-doctype option[value="calculation"]').isDisabled()).toBe(true);
    expect(await page.locator('#scan-section option[value="specification"]').isDisabled()).toBe(
      true,
    );
    // Only a new order takes positions: the others are listed with their status and cannot be chosen.
    const closed = page.locator('#scan-order option[disabled]');
    expect(await closed.count()).toBeGreaterThan(0);
    for (const text of await closed.allTextContents())
      expect(text).toMatch(
        / · (Принят|Ожидает оплаты|В производстве|Отгружен|Выполнен|Отменён) — нельзя дополнить$/,
      );
    for (const text of await page.locator('#scan-order option:not([disabled])').allTextContents())
      expect(text).not.toContain('нельзя дополнить');
    // Found by the search, such an order is not taken either: the reason is said instead.
    const closedNumber = /№ (\S+)/.exec((await closed.first().textContent())!)![1]!;
    await page.getByRole('combobox', { name: /Найти другой заказ/ }).fill(closedNumber);
    await page
      .getByRole('listbox')
      .getByRole('option')
      .filter({ hasText: closedNumber })
      .first()
      .click();
    expect(
      await page
        .getByRole('alert')
        .filter({ hasText: `Заказ № ${closedNumber} уже в статусе` })
        .textContent(),
    ).toMatch(/позиции можно добавить только в новый заказ\.$/);
    expect(await order.inputValue()).toBe('0');
    // An existing order disables the organisation and object; back to a new order enables them.
    const existing = await page
      .locator('#scan-order option:not([value="0"]):not([disabled])')
      .first()
      .getAttribute('value');
    expect(existing).toMatch(/^\d+$/);
    await order.selectOption(existing!);
    expect(await page.locator('#scan-oid').isDisabled()).toBe(true);
    expect(await page.locator('#scan-object').isDisabled()).toBe(true);
    await order.selectOption('0');
    expect(await page.locator('#scan-oid').isDisabled()).toBe(false);
    await page.getByRole('button', { name: 'Далее' }).click();

    // Step 1: the file is required and checked by name first; then upload and recognition progress.
    await checkStep(page, /Шаг 2 из 5: Загрузка документа/);
    expect(await page.locator('#scan-file').getAttribute('accept')).toContain('.xlsx');
    await page.getByRole('button', { name: 'Загрузить и распознать' }).click();
    expect(await page.getByRole('alert').filter({ hasText: 'Выберите файл' }).count()).toBe(1);
    await page
      .locator('#scan-file')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByRole('button', { name: 'Загрузить и распознать' }).click();
    await page.getByText('Этот формат не поддерживается').waitFor();
    // A renamed file passes the name check but not the server's content check: its text, in Russian
    // (no retry: sending the same file again cannot help).
    await page.locator('#scan-file').setInputFiles({
      name: 'renamed.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('just some text, not a PDF'),
    });
    await page.getByRole('button', { name: 'Загрузить и распознать' }).click();
    const refused = page.locator('.scan-failure');
    await refused.waitFor();
    expect(await refused.textContent()).toMatch(/не поддерживается|повреждён/);
    expect(await refused.getByRole('button', { name: 'Повторить' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(new URL(page.url()).search).toBe('');
    await page.locator('#scan-file').setInputFiles({
      name: 'Спецификация ОВ.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await gostXlsx(),
    });
    await page.getByRole('button', { name: 'Загрузить и распознать' }).click();
    // Recognition runs off the request path: the page shows its progress, and the URL already names the scan.
    await page.locator('#scan-recognition-progress').waitFor({ timeout: 30_000 });
    expect(await page.locator('.scan-progress').last().textContent()).toContain(
      'Распознавание «Спецификация ОВ.xlsx»',
    );
    expect(page.url()).toMatch(/\?scan=[\w-]{21}&step=1$/);

    // Step 2: thumbnails 250 px high, all ticked, the suggested columns; the URL resumes after a reload.
    await checkStep(page, /Шаг 3 из 5: Выбор страниц/);
    expect(page.url()).toMatch(/\?scan=[\w-]{21}&step=2$/);
    await page.reload();
    await hydrated(page);
    await checkStep(page, /Шаг 3 из 5: Выбор страниц/);
    const thumb = page.getByRole('img', { name: 'Страница 1' });
    await thumb.waitFor();
    expect(await thumb.getAttribute('height')).toBe('250');
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('.scan-thumb img')].every((i) => i.complete),
    );
    const png = await page.request.get(server.url + (await thumb.getAttribute('src'))!);
    expect([png.status(), png.headers()['content-type']], await png.text()).toEqual([
      200,
      'image/png',
    ]);
    const thumbs = await page
      .locator('.scan-thumb img')
      .evaluateAll((list) => list.map((i) => (i as HTMLImageElement).naturalHeight));
    expect(thumbs).toEqual([250]);
    const box = page.getByRole('checkbox', { name: 'Страница 1' });
    expect(await box.isChecked()).toBe(true);
    expect(await page.getByText(/Выбрано 1 из 1/).count()).toBe(1);
    expect(await page.locator('#scan-col-title').inputValue()).toBe('2');
    expect(await page.locator('#scan-col-count').inputValue()).toBe('7');
    expect(await page.locator('#scan-col-title option:checked').textContent()).toContain(
      'Наименование',
    );
    // Untick with a click, try to go on, tick again with the keyboard.
    await box.click();
    expect(await box.isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Распознать позиции' }).click();
    await page.getByRole('alert').filter({ hasText: 'Выберите хотя бы одну страницу' }).waitFor();
    await box.focus();
    await page.keyboard.press('Space');
    expect(await box.isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Распознать позиции' }).click();

    // Step 3: positions as cards, all ticked; articles of the catalogue matched automatically.
    await checkStep(page, /Шаг 4 из 5: Выбор товаров/);
    const rows = page.locator('table.scan-rows tbody tr:not(.scan-section):not(.scan-source)');
    expect(await rows.count()).toBe(4);
    expect(await page.locator('.scan-section').first().textContent()).toContain(
      'Шкаф управления насосами',
    );
    expect(await page.getByText('Выбрано позиций: 4 из 4').count()).toBe(1);
    const vfd = rows.filter({ hasText: 'DFC-7.5' });
    // The server's own match is named (scan.do answers the item) with its score.
    await vfd.getByText('Преобразователь частоты 7,5 кВт DFC-7.5').waitFor();
    expect(await vfd.textContent()).toMatch(/Подобран автоматически \(совпадение \d+ %\)/);

    // The matching popup for the starter row: prefilled search, a new search, a choice.
    await page
      .getByRole('button', { name: 'Подобрать товар для «Пускатель для насоса подпитки»' })
      .click();
    const popup = page.getByRole('dialog', { name: /Подбор товара/ });
    await popup.waitFor();
    const search = popup.getByLabel('Поиск по каталогу');
    expect(await search.inputValue()).toBe('Пускатель для насоса подпитки');
    await search.fill('DKM-38');
    const choice = popup.getByRole('button', { name: /Выбрать Контактор AC-3 38 А DKM-38/ });
    await choice.waitFor({ timeout: 15_000 });
    expect(await popup.locator('.scan-candidates li').first().textContent()).toMatch(
      /Совпадение \d+ %/,
    );
    // The price per unit is the catalogue's (kopecks shown as roubles, not a hundredth of them).
    const kop = await withDb(server, async (db) =>
      Number(
        (
          await db
            .selectFrom('catalogue_items')
            .select('price_kop')
            .where('title', '=', 'Контактор AC-3 38 А DKM-38')
            .executeTakeFirstOrThrow()
        ).price_kop,
      ),
    );
    expect(kop).toBeGreaterThan(0);
    expect(
      await popup
        .locator('.scan-candidates li')
        .filter({ hasText: 'Контактор AC-3 38 А DKM-38' })
        .first()
        .textContent(),
    ).toContain(`${formatMoney(kop)} ₽ за единицу`);
    expect(await axeViolations(page)).toEqual([]);
    await choice.click();
    await popup.waitFor({ state: 'hidden' });
    const starter = rows.filter({ hasText: 'Пускатель для насоса подпитки' });
    expect(await starter.textContent()).toContain('Контактор AC-3 38 А DKM-38');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Подобрать');

    // A reload here keeps what was done: the choice made in the popup and a position unticked.
    await starter.getByRole('checkbox').uncheck();
    expect(await page.getByText('Выбрано позиций: 3 из 4').count()).toBe(1);
    await page.reload();
    await hydrated(page);
    await checkStep(page, /Шаг 4 из 5: Выбор товаров/);
    await page.getByText('Выбрано позиций: 3 из 4').waitFor();
    const again = page
      .locator('.scan-rows tbody tr')
      .filter({ hasText: 'Пускатель для насоса подпитки' });
    expect(await again.textContent()).toContain('Контактор AC-3 38 А DKM-38');
    expect(await again.getByRole('checkbox').isChecked()).toBe(false);
    await again.getByRole('checkbox').check();
    await page.getByText('Выбрано позиций: 4 из 4').waitFor();

    // The review, keyboard only: the quantity of a matched row and the name of a free-text row corrected.
    const vfdEdit = page.getByRole('button', {
      name: 'Исправить позицию «Преобразователь частоты 7,5 кВт»',
    });
    const vfdEditId = (await vfdEdit.getAttribute('id'))!;
    await vfdEdit.focus();
    await page.keyboard.press('Enter');
    const vfdName = page.getByRole('textbox', { name: 'Наименование, позиция 1.1' });
    await vfdName.waitFor();
    await page.waitForFunction(
      (id) => document.activeElement?.id === id,
      await vfdName.getAttribute('id'),
    );
    // Name, type/mark, unit, quantity: three tabs to the quantity.
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Количество для «Преобразователь частоты 7,5 кВт»',
    );
    // A matched row: the order takes the catalogue item's name, the quantity and unit typed here.
    expect(await vfd.textContent()).toContain(
      'В заказ пойдёт наименование товара каталога; количество и единица — ваши.',
    );
    await page.keyboard.press('Control+A');
    await page.keyboard.type('5');
    // Enter ends the correction, not the whole list: focus is back on the row's button, nothing saved.
    await page.keyboard.press('Enter');
    await page.waitForFunction((id) => document.activeElement?.id === id, vfdEditId);
    expect(await vfd.textContent()).toContain('Исправлено вручную');
    expect(await vfd.textContent()).toContain('Распознано: 2');
    expect(await page.getByRole('heading', { level: 2, name: /Шаг 4 из 5/ }).count()).toBe(1);

    const opora = rows.filter({
      has: page.getByRole('checkbox', { name: /Выбрать позицию 1\.4/ }),
    });
    await page
      .getByRole('button', { name: 'Исправить позицию «Опора трубопровода неподвижная Ду80»' })
      .focus();
    await page.keyboard.press('Enter');
    const oporaName = page.getByRole('textbox', { name: 'Наименование, позиция 1.4' });
    await page.waitForFunction(
      (id) => document.activeElement?.id === id,
      await oporaName.getAttribute('id'),
    );
    // An empty name is marked at once and stops the save.
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    await page.getByText('Укажите наименование').waitFor();
    expect(await oporaName.getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('button', { name: 'Сохранить в заказ' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Исправьте отмеченные позиции перед сохранением' })
      .waitFor();
    await oporaName.focus();
    await page.keyboard.type('Опора неподвижная Ду80 по серии 5.903-13');
    expect(await oporaName.getAttribute('aria-invalid')).toBeNull();
    // Step 4 with a row being corrected: axe, no sideways scroll, targets of 24 px.
    await checkStep(page, /Шаг 4 из 5: Выбор товаров/);
    // The recognised name stays in view under the field, and the cells as read under the row (an office file: no crop).
    expect(await opora.textContent()).toContain('Распознано: Опора трубопровода неподвижная Ду80');
    expect(
      await page
        .locator('tr.scan-source')
        .filter({ hasText: 'В документе: Опора трубопровода неподвижная Ду80' })
        .count(),
    ).toBe(1);
    await page.keyboard.press('Enter');
    await page.getByText('Опора неподвижная Ду80 по серии 5.903-13').waitFor();

    // Prices and the total before saving: the catalogue price of each matched row, the unmatched said.
    const vfdKop = await withDb(server, async (db) =>
      Number(
        (
          await db
            .selectFrom('catalogue_items')
            .select('price_kop')
            .where('title', '=', 'Преобразователь частоты 7,5 кВт DFC-7.5')
            .executeTakeFirstOrThrow()
        ).price_kop,
      ),
    );
    expect(await vfd.textContent()).toContain(
      `Цена: ${formatMoney(vfdKop)} ₽ за ед., сумма ${formatMoney(5 * vfdKop)} ₽`,
    );
    const total = page.locator('.scan-total');
    const shownTotal = ((await total.locator('strong').textContent()) ?? '').replace(
      'Итого по подобранным позициям: ',
      '',
    );
    expect(shownTotal).toMatch(/^\d{1,3}( \d{3})*,\d{2} ₽$/);
    expect(await total.textContent()).toMatch(
      /Не подобрано позиций: [12]\. Они войдут в заказ по цене 0/,
    );

    // A reload keeps the corrections.
    await page.reload();
    await hydrated(page);
    await checkStep(page, /Шаг 4 из 5: Выбор товаров/);
    await page.getByText('Опора неподвижная Ду80 по серии 5.903-13').waitFor();
    expect(
      await page
        .getByRole('spinbutton', { name: 'Количество для «Преобразователь частоты 7,5 кВт»' })
        .inputValue(),
    ).toBe('5');
    expect(
      await rows.filter({ hasText: 'Опора неподвижная Ду80 по серии 5.903-13' }).textContent(),
    ).toContain('Исправлено вручную');
    expect(await page.locator('.scan-total strong').textContent()).toBe(
      `Итого по подобранным позициям: ${shownTotal}`,
    );

    // No position ticked: the message; then all again and save.
    await page.getByLabel('Выбрать все позиции').uncheck();
    await page.getByRole('button', { name: 'Сохранить в заказ' }).click();
    await page.getByRole('alert').filter({ hasText: 'Выберите хотя бы одну позицию' }).waitFor();
    await page.getByLabel('Выбрать все позиции').check();
    await page.getByRole('button', { name: 'Сохранить в заказ' }).click();

    // Step 4: the new order with its link and the counts.
    await checkStep(page, /Шаг 5 из 5: Завершение/);
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: /Создан заказ №/ })
        .count(),
    ).toBe(1);
    expect(await page.getByText(/Подобрано по каталогу: [34]/).count()).toBe(1);
    expect(await page.getByText(/Добавлено свободным текстом: [1-2]/).count()).toBe(1);
    const link = page.getByRole('button', { name: /Открыть заказ №/ });
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/e-commerce\/orders\/\d+\/order$/);
    expect(new URL(page.url()).search).toBe('');

    // The order page holds the matched catalogue items and the corrected free-text position; the
    // order carries the corrected quantity and its total is the one shown before saving.
    await link.click();
    await page.waitForURL(`**${href}`);
    const body = (await page.locator('main').textContent()) ?? '';
    expect(body).toContain('Преобразователь частоты 7,5 кВт DFC-7.5');
    expect(body).toContain('Контактор AC-3 38 А DKM-38');
    expect(body).toContain('Опора неподвижная Ду80 по серии 5.903-13');
    expect(body).not.toContain('Опора трубопровода неподвижная Ду80');
    const orderId = Number(/orders\/(\d+)\//.exec(href!)![1]);
    const saved = await withDb(server, async (db) => ({
      total: Number(
        (
          await db
            .selectFrom('orders')
            .select('total')
            .where('id', '=', orderId)
            .executeTakeFirstOrThrow()
        ).total,
      ),
      items: await db
        .selectFrom('order_items')
        .select(['title', 'quantity', 'price', 'catalogue_id'])
        .where('order_id', '=', orderId)
        .orderBy('position')
        .execute(),
    }));
    const line = (start: string) =>
      saved.items
        .filter((i) => i.title.startsWith(start))
        .map((i) => [Number(i.quantity), Number(i.price), i.catalogue_id === null]);
    expect(line('Преобразователь частоты 7,5 кВт DFC-7.5')).toEqual([[5, vfdKop, false]]);
    expect(line('Опора неподвижная Ду80 по серии 5.903-13')).toEqual([[6, 0, true]]);
    expect(`${formatMoney(saved.total)} ₽`).toBe(shownTotal);
    expect(body).toContain(formatMoney(saved.total));
    await context.close();
  }, 300_000);

  it('appends to an existing order found by the search (desktop), the choice made before hydration kept', async () => {
    const context = await signedInContext(browser, server, OLGA, {
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    // Scripts held back as on a slow link: the order chosen in the server-rendered select survives hydration.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await page.route(/\/_astro\/.+\.js(\?.*)?$/, async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto(`${server.url}/tools/scanner`, { waitUntil: 'commit' });
    const options = page.locator('#scan-order option:not([value="0"]):not([disabled])');
    await options.first().waitFor({ state: 'attached' });
    const second = (await options.last().getAttribute('value'))!;
    await page.locator('#scan-order').selectOption(second);
    release();
    await hydrated(page);
    await page
      .getByRole('dialog', { name: 'Внимание!' })
      .getByRole('button', { name: 'Понятно' })
      .click();
    expect(await page.locator('#scan-order').inputValue()).toBe(second);
    expect(await page.locator('#scan-oid').isDisabled()).toBe(true);

    // The search finds an order by its number (3+ characters) and picks it.
    const text = (await page.locator('#scan-order option:checked').textContent())!;
    const number = /\S+\s(\S+)/.exec(text)![1]!;
    await page.getByRole('combobox', { name: /Найти другой заказ/ }).fill(number);
    const found = page.getByRole('listbox').getByRole('option').filter({ hasText: number }).first();
    await found.waitFor();
    await found.click();
    expect(await page.locator('#scan-order').inputValue()).toBe(second);
    await checkStep(page, /Шаг 1 из 5: Начало/);
    await page.getByRole('button', { name: 'Далее' }).click();

    await checkStep(page, /Шаг 2 из 5: Загрузка документа/);
    expect(await page.getByText(/Позиции будут добавлены в заказ/).count()).toBe(1);
    await page.locator('#scan-file').setInputFiles({
      name: 'spec.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await gostXlsx(),
    });
    await page.getByRole('button', { name: 'Загрузить и распознать' }).click();
    await checkStep(page, /Шаг 3 из 5: Выбор страниц/);
    await page.getByRole('button', { name: 'Распознать позиции' }).click();
    await checkStep(page, /Шаг 4 из 5: Выбор товаров/);
    // Back clears the ticked positions (spec); going on again ticks them all.
    await page.getByRole('button', { name: 'Назад' }).click();
    await checkStep(page, /Шаг 3 из 5: Выбор страниц/);
    await page.getByRole('button', { name: 'Распознать позиции' }).click();
    await checkStep(page, /Шаг 4 из 5: Выбор товаров/);
    expect(await page.getByText('Выбрано позиций: 4 из 4').count()).toBe(1);
    // A row being corrected, at desktop width: axe, no sideways scroll.
    await page.getByRole('button', { name: 'Исправить позицию «Реле контроля фаз»' }).click();
    const relayCount = page.getByRole('spinbutton', { name: 'Количество для «Реле контроля фаз»' });
    await relayCount.fill('3');
    await page.getByRole('textbox', { name: 'Тип, марка, позиция 1.2' }).fill('DRL-3F исп. 2');
    await checkStep(page, /Шаг 4 из 5: Выбор товаров/);
    await page
      .getByRole('button', { name: 'Закончить исправление позиции «Реле контроля фаз»' })
      .click();
    await page.getByRole('checkbox', { name: /Выбрать позицию 1.4/ }).uncheck();
    await page.getByRole('button', { name: 'Сохранить в заказ' }).click();

    await checkStep(page, /Шаг 5 из 5: Завершение/);
    expect(await page.getByText(/Позиции добавлены в заказ №/).count()).toBe(1);
    const href = await page.getByRole('button', { name: /Открыть заказ №/ }).getAttribute('href');
    expect(href).toBe(`/e-commerce/orders/${second}/order`);
    // Another document starts the wizard afresh.
    await page.getByRole('button', { name: 'Распознать другой документ' }).click();
    await checkStep(page, /Шаг 1 из 5: Начало/);
    expect(await page.locator('#scan-order').inputValue()).toBe('0');
    await page.goto(server.url + href);
    const body = (await page.locator('main').textContent()) ?? '';
    expect(body).toContain('Преобразователь частоты 7,5 кВт DFC-7.5');
    expect(body).not.toContain('Опора трубопровода неподвижная Ду80');
    await context.close();
  }, 300_000);

  it('shows each position of a PDF beside its source row, cropped from the page, loaded lazily without a jump', async () => {
    const context = await signedInContext(browser, server, OLGA, {
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/tools/scanner`);
    await hydrated(page);
    await page
      .getByRole('dialog', { name: 'Внимание!' })
      .getByRole('button', { name: 'Понятно' })
      .click();
    await page.getByRole('button', { name: 'Далее' }).click();
    await checkStep(page, /Шаг 2 из 5: Загрузка документа/);
    await page.locator('#scan-file').setInputFiles({
      name: 'spec.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(htmlToPdf({ spec: specHtml(ROWS, true) }).spec!),
    });
    await page.getByRole('button', { name: 'Загрузить и распознать' }).click();
    await checkStep(page, /Шаг 3 из 5: Выбор страниц/);
    await page.getByRole('button', { name: 'Распознать позиции' }).click();
    await checkStep(page, /Шаг 4 из 5: Выбор товаров/);
    const positions = ROWS.filter((r) => r.pos).length;
    const crops = page.locator('tr.scan-source .scan-crop img');
    expect(await crops.count()).toBe(positions);
    const attrs = await crops.evaluateAll((list) =>
      list.map((i) => [
        i.getAttribute('loading'),
        Number(i.getAttribute('width')),
        Number(i.getAttribute('height')),
        i.getAttribute('alt'),
      ]),
    );
    for (const [loading, width, height, alt] of attrs) {
      expect(loading).toBe('lazy');
      expect(width).toBeGreaterThan(100);
      expect(height).toBeGreaterThan(5);
      expect(alt).toBe('Строка документа, страница 1');
    }
    // Once loaded, each image is exactly the size the page reserved for it: nothing jumps.
    const first = crops.first();
    await first.scrollIntoViewIfNeeded();
    const reserved = await first.boundingBox();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('tr.scan-source .scan-crop img');
      return !!img && img.complete && img.naturalWidth > 0;
    });
    const natural = await first.evaluate((i: HTMLImageElement) => [
      i.naturalWidth,
      i.naturalHeight,
      Number(i.getAttribute('width')),
      Number(i.getAttribute('height')),
    ]);
    expect(natural[0]).toBe(natural[2]);
    expect(Math.abs(natural[1]! - natural[3]!)).toBeLessThanOrEqual(1);
    const loaded = await first.boundingBox();
    expect(Math.abs(loaded!.height - reserved!.height)).toBeLessThanOrEqual(1);
    expect(
      await page
        .locator('tr.scan-source')
        .first()
        .evaluate((tr) => tr.previousElementSibling?.textContent ?? ''),
    ).toContain('Насос циркуляционный для системы отопления');
    // The same at phone width: the crop fits the card, no sideways scroll.
    await page.setViewportSize({ width: 360, height: 740 });
    await checkStep(page, /Шаг 4 из 5: Выбор товаров/);
    const box = await first.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(360);
    await context.close();
  }, 300_000);

  it('ships at most 90 KB of JavaScript (gzip) on the scanner page', async () => {
    const context = await signedInContext(browser, server, OLGA);
    const page = await context.newPage();
    const sizes: Array<Promise<number>> = [];
    page.on('requestfinished', (req) => {
      if (req.resourceType() === 'script')
        sizes.push(
          req.response().then(async (r) => gzipSync(await r!.body(), { level: 9 }).length),
        );
    });
    await page.goto(`${server.url}/tools/scanner`, { waitUntil: 'networkidle' });
    await hydrated(page);
    const inline = await page
      .locator('script:not([src])')
      .evaluateAll((els) => els.map((e) => e.textContent ?? '').join('\n'));
    const js = (await Promise.all(sizes)).reduce((a, b) => a + b, 0) + gzipSync(inline).length;
    console.log(
      `scanner page JS: ${(js / KB).toFixed(1)} KB gzip in ${sizes.length} files + inline`,
    );
    expect(js).toBeLessThanOrEqual(90 * KB);
    await context.close();
  });

  it('offers the sample file (which the scanner reads) and, without JavaScript, says the scanner needs it', async () => {
    const context = await signedInContext(browser, server, OLGA, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/tools/scanner`);
    // Playwright's text engine skips <noscript>: look at the box itself.
    const notice = page.locator('.scan-noscript');
    expect(await notice.isVisible()).toBe(true);
    expect(await notice.textContent()).toContain('Сканеру документов нужен JavaScript');
    expect(await notice.getByRole('link').getAttribute('href')).toBe('/tools/scanner/sample.xlsx');
    const sample = await page.request.get(`${server.url}/tools/scanner/sample.xlsx`);
    expect(sample.status()).toBe(200);
    expect(sample.headers()['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await sample.body()) as unknown as ArrayBuffer);
    expect(String(book.worksheets[0]!.getCell(2, 2).value)).toBe(
      'Наименование и техническая характеристика',
    );

    // Our sample is read the way it is meant: its columns suggested from the header, six positions
    // under two sections, the two-line name joined.
    const up = await page.request.post(`${server.url}/api/app/scan.file`, {
      headers: { Origin: server.url },
      multipart: {
        file: {
          name: 'specification-sample.xlsx',
          mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          buffer: await sample.body(),
        },
        order: '0',
      },
    });
    const { uniqid } = (await up.json()) as { uniqid: string };
    expect(up.status(), JSON.stringify(uniqid)).toBe(201);
    let status: { status: string; suggestedMapping: Record<string, number> | null } = {
      status: 'queued',
      suggestedMapping: null,
    };
    // Recognition is over when scan.status says so (the scanner pushes nothing to listen to).
    await expect
      .poll(
        async () =>
          (status = await (
            await page.request.get(`${server.url}/api/app/scan.status?uniqid=${uniqid}`)
          ).json()).status,
        { timeout: 60_000, interval: 250 },
      )
      .toMatch(/^(ready|failed)$/);
    expect(status.status).toBe('ready');
    expect(status.suggestedMapping).toMatchObject({
      pos: 1,
      title: 2,
      marka: 3,
      man: 5,
      unit: 6,
      count: 7,
    });
    const done = await page.request.post(`${server.url}/api/app/scan.do`, {
      headers: { Origin: server.url },
      form: {
        uniqid,
        pages: '1',
        ...Object.fromEntries(
          Object.entries(status.suggestedMapping!).map(([k, v]) => [k, String(v)]),
        ),
      },
    });
    const { entities } = (await done.json()) as {
      entities: Array<{
        pos: string;
        title: string;
        section: string;
        count: number;
        cid: number;
        catalog: { article: string } | null;
      }>;
    };
    expect(entities.map((e) => [e.pos, e.count])).toEqual([
      ['1.1', 2],
      ['1.2', 2],
      ['1.3', 1],
      ['2.1', 2],
      ['2.2', 2],
      ['2.3', 1],
    ]);
    expect(entities[0]!.title).toContain('N=7,5 кВт, 400 В');
    expect(entities[0]!.section).toBe('Насосное оборудование');
    expect(entities[5]!.section).toBe('Автоматизация');
    // Its markings are demo models: all six matched to their items by themselves (issue 22).
    expect(entities.map((e) => (e.cid > 0 ? e.catalog?.article : null))).toEqual([
      'DIL 100/34-7.5/2',
      'DMV 25/42-8-0.75/2',
      'DSHU-2x7.5-F',
      'DFC-7.5',
      'DPT-16',
      'DRL-3F',
    ]);
    await context.close();
  }, 120_000);
});
