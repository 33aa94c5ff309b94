// Profile journeys in Chromium: personal information with avatar and address suggestions, password
// change (a wrong current password is refused), layout settings kept after a reload; axe on each page.
import sharp from 'sharp';
import { describe } from 'vitest';
import { axeViolations } from '../helpers/browser.ts';
import { expect } from '../helpers/fixtures.ts';
import { test as it } from '../helpers/profile-browser.ts';
import { sessionFor } from '../helpers/session.ts';

describe('personal information', () => {
  it('shows every rule of the form next to its field and in the summary', async ({
    server,
    userPage,
  }) => {
    const page = await userPage('olga.demidova@demo.example');
    await page.goto(`${server.url}/user-info/profile/personal-information`);
    await page.fill('#f-name', '');
    await page.fill('#f-email', 'olga@');
    await page.fill('#f-phone', '12345');
    await page.click('#profile-form button[type=submit]');
    await page.waitForURL(/personal-information$/);
    expect(await page.locator('#f-name-error').textContent()).toBe('Укажите имя');
    expect(await page.locator('#f-email-error').textContent()).toBe('Неверный формат e-mail');
    expect(await page.locator('#f-phone-error').textContent()).toBe('Некорректный номер телефона');
    expect(await page.locator('#error-summary li').count()).toBe(3);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('error-summary');
    expect(await page.locator('#f-email').inputValue()).toBe('olga@');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('saves the fields and an avatar, and the left side shows them', async ({
    server,
    userPage,
  }) => {
    const page = await userPage('olga.demidova@demo.example');
    await page.goto(`${server.url}/user-info/profile/personal-information`);
    await page.fill('#f-name', 'Ольга Н.');
    await page.fill('#f-phone', '+7 900 000-00-01');
    await page.fill('#f-birthday', '1985-04-12');
    const png = await sharp({
      create: { width: 400, height: 300, channels: 3, background: '#ad1457' },
    })
      .png()
      .toBuffer();
    await page.setInputFiles('#f-avatar', { name: 'me.png', mimeType: 'image/png', buffer: png });
    await page.click('#profile-form button[type=submit]');
    await page.waitForURL(/\?saved=1$/);
    expect(
      await page.getByRole('status').filter({ hasText: 'Данные успешно сохранены' }).count(),
    ).toBe(1);
    expect(await page.locator('.profile-side .who-name strong').textContent()).toBe(
      'Ольга Н. Демидова',
    );
    expect(await page.locator('.profile-side dd').nth(1).textContent()).toBe('+79000000001');
    const src = await page.locator('.profile-side img.avatar').getAttribute('src');
    expect(src).toMatch(/^\/files\/[A-Za-z0-9_-]{21}$/);
    const size = await page
      .locator('.profile-side img.avatar')
      .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth);
    expect(size).toBe(256);
  });

  it('suggests addresses for the place field', async ({ server, userPage }) => {
    const page = await userPage('olga.demidova@demo.example');
    await page.goto(`${server.url}/user-info/profile/personal-information`);
    const place = page.locator('#f-place[role=combobox]');
    await place.fill('');
    await place.pressSequentially('ленина', { delay: 20 });
    await page.getByRole('option').first().waitFor();
    expect(await page.getByRole('option').count()).toBe(1);
    await place.press('ArrowDown');
    await place.press('Enter');
    expect(await place.inputValue()).toBe('426011, Удмуртская Респ, г Ижевск, ул Ленина, д 21');
    await page.click('#profile-form button[type=submit]');
    await page.waitForURL(/\?saved=1$/);
    expect(await page.locator('.profile-side dd').nth(2).textContent()).toBe(
      '426011, Удмуртская Респ, г Ижевск, ул Ленина, д 21',
    );
  });
});

describe('change password', () => {
  it('refuses a wrong current password, then changes it and resets the form', async ({
    server,
    userPage,
  }) => {
    const other = await sessionFor(server, 'marina.kotova@demo.example');
    const page = await userPage('marina.kotova@demo.example');
    await page.goto(`${server.url}/user-info/profile/change-password`);
    await page.fill('#f-oldPassword', 'Wrong2026');
    await page.fill('#f-newPassword', 'Better2027');
    await page.fill('#f-verifyPassword', 'Better2027');
    await page.click('#password-form button[type=submit]');
    await page.locator('#f-oldPassword-error').waitFor();
    expect(await page.locator('#f-oldPassword-error').textContent()).toBe('Неверный пароль');
    expect(await page.locator('#snackbar').textContent()).toBe('Произошла ошибка');
    expect(await page.locator('#snackbar').getAttribute('role')).toBe('status');
    expect(await axeViolations(page)).toEqual([]);

    await page.fill('#f-oldPassword', 'Demo2026');
    await page.click('#password-form button[type=submit]');
    await page.locator('#snackbar', { hasText: 'Пароль успешно изменён' }).waitFor();
    expect(await page.locator('#f-oldPassword-error').count()).toBe(0);
    await page.waitForFunction(
      () => (document.getElementById('f-newPassword') as HTMLInputElement).value === '',
      null,
      { timeout: 3000 },
    );
    const res = await fetch(`${server.url}/api/v1/objects/all`, {
      headers: { Authorization: `Bearer ${other.token}` },
    });
    expect(res.status).toBe(401);
    await page.reload();
    expect(page.url()).toMatch(/change-password$/);
  });

  it('works without JavaScript', async ({ server, userPage }) => {
    const page = await userPage('sergey.ivanov@demo.example', { javaScriptEnabled: false });
    await page.goto(`${server.url}/user-info/profile/change-password`);
    await page.fill('#f-oldPassword', 'Demo2026');
    await page.fill('#f-newPassword', 'short');
    await page.fill('#f-verifyPassword', 'other');
    await page.click('#password-form button[type=submit]');
    expect(await page.locator('#f-newPassword-error').textContent()).toBe('Пароль слишком простой');
    expect(await page.locator('#f-verifyPassword-error').textContent()).toBe(
      'Пароль и подтверждение не совпадают',
    );
    await page.fill('#f-oldPassword', 'Demo2026');
    await page.fill('#f-newPassword', 'Better2027');
    await page.fill('#f-verifyPassword', 'Better2027');
    await page.click('#password-form button[type=submit]');
    await page.waitForURL(/changed=1$/);
    expect(await page.locator('#snackbar').textContent()).toBe('Пароль успешно изменён');
  });
});

describe('settings (builder)', () => {
  it('saves the layout, which the chrome renders after a reload, and remembers the tab', async ({
    server,
    userPage,
  }) => {
    const page = await userPage('dmitry.volkov@demo.example');
    await page.goto(`${server.url}/user-info/profile/builder`);
    expect(await page.locator('.panel-header').isVisible()).toBe(true);
    await page.locator('label.tab', { hasText: 'Подзаголовок' }).click();
    expect(await page.locator('.panel-header').isVisible()).toBe(false);
    await page.getByRole('switch', { name: 'Показывать подзаголовок' }).uncheck();
    await page.locator('label.tab', { hasText: 'Подвал' }).click();
    await page.getByLabel('Вид подвала').selectOption('extended');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForURL(/done=saved/);
    expect(await page.getByRole('status').filter({ hasText: 'Настройки сохранены' }).count()).toBe(
      1,
    );

    await page.goto(`${server.url}/user-info/profile/builder`);
    expect(await page.locator('#tab-footer').isChecked()).toBe(true);
    expect(await page.getByLabel('Вид подвала').inputValue()).toBe('extended');
    expect(await page.locator('main#content > h1').count()).toBe(1);
    expect(
      await page
        .locator('input[name="subheader.display"]')
        .evaluate((x: HTMLInputElement) => x.checked),
    ).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Сбросить' }).click();
    await page.waitForURL(/done=reset/);
    expect(await page.getByLabel('Вид подвала').inputValue()).toBe('compact');
    expect(await page.locator('main#content > h1').count()).toBe(0);
  });

  it('works without JavaScript (tabs are radio buttons)', async ({ server, userPage }) => {
    const page = await userPage('dmitry.volkov@demo.example', { javaScriptEnabled: false });
    await page.goto(`${server.url}/user-info/profile/builder`);
    await page.locator('label.tab', { hasText: 'Содержимое' }).click();
    await page.getByLabel('Ширина содержимого').selectOption('fluid');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForURL(/done=saved&tab=content/);
    expect(await page.locator('#tab-content').isChecked()).toBe(true);
    expect(await page.getByLabel('Ширина содержимого').inputValue()).toBe('fluid');
    expect(await page.locator('main#content').getAttribute('class')).toContain('container-fluid');
  });
});
