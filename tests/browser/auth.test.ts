// Sign-in journeys in Chromium: registration (corporate, personal, without JavaScript), code sign-in
// by e-mail (dev outbox) and by call (fake provider), password, recovery by link, logout, 'continue
// as', and the guards in both directions.
import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { hydrated } from '../helpers/browser.ts';
import { FAKE_CALL_KEY, startFakeCalls } from '../helpers/fake-calls.ts';
import { expect, test as base } from '../helpers/fixtures.ts';
import { lastOutbox, outbox } from '../helpers/mail.ts';
import type { TestServer } from '../helpers/server.ts';

// The server sends call codes to a fake call provider started before it.
const it = base
  .extend('calls', { scope: 'worker' }, async ({}, { onCleanup }) => {
    const calls = await startFakeCalls();
    onCleanup(() => calls.close());
    return calls;
  })
  .extend('serverEnv', { scope: 'worker' }, async ({ calls }) => ({
    CALL_PROVIDER_URL: calls.url,
    CALL_PROVIDER_KEY: FAKE_CALL_KEY,
  }));

const path = (page: Page) => new URL(page.url()).pathname;

async function closeStartInfo(page: Page, how: 'button' | 'escape' = 'button') {
  const dialog = page.getByRole('dialog', { name: 'Что даёт личный кабинет?' });
  await dialog.waitFor();
  expect(await page.locator('[data-start-info]').evaluate((d) => d.matches(':modal'))).toBe(true);
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/profile/start-info') && r.status() === 204,
  );
  if (how === 'button') await dialog.getByRole('button', { name: 'Закрыть' }).click();
  else await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await saved;
}

async function codeSignIn(
  server: TestServer,
  page: Page,
  login: string,
  code: () => Promise<string>,
) {
  await page.goto(`${server.url}/auth/fast`);
  await page.getByLabel('Телефон или E-mail').fill(login);
  await page.getByRole('button', { name: 'Получить код' }).click();
  await page.waitForURL('**/auth/code');
  await page.getByLabel('Код', { exact: true }).fill(await code());
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.waitForURL('**/home');
  return page;
}

describe('guards', () => {
  it('sends a signed-out visitor to fast sign-in, and the sign-in area to its start', async ({
    server,
    anonymous,
  }) => {
    const page = await anonymous();
    for (const p of ['/home', '/user-info/profile', '/auth', '/auth/unknown/path']) {
      await page.goto(`${server.url}${p}`);
      expect(path(page), p).toBe('/auth/fast');
    }
  });
});

describe('registration', () => {
  it('registers a corporate account step by step, Next held back until each step is valid', async ({
    server,
    anonymous,
  }) => {
    const page = await anonymous();
    await page.goto(`${server.url}/auth/registration`);
    await hydrated(page);
    const next = page.getByRole('button', { name: 'Далее' });
    await expect(next.isDisabled()).resolves.toBe(true);
    await page.getByLabel('Ваша фамилия').fill('Кузнецов');
    await page.getByLabel('Ваше имя').fill('Павел');
    await expect(next.isDisabled()).resolves.toBe(true);
    await page.getByLabel('Ваше отчество').fill('Олегович');
    await next.click();
    await page.getByRole('heading', { name: 'Данные: Данные о вас' }).waitFor();
    await page.getByLabel('E-mail').fill('pavel@kuznetsov.example');
    await page.getByLabel('Телефон').fill('8 (912) 555-44-33');
    await page.getByLabel('Организация').check();
    await page.getByLabel('Должность').fill('Главный механик');
    await page.getByLabel('ИНН организации').fill('7707083894');
    await page.getByLabel('ИНН организации').blur();
    await page.getByText('Некорректный ИНН').waitFor();
    await expect(next.isDisabled()).resolves.toBe(true);
    await page.getByLabel('ИНН организации').fill('7707083893');
    await next.click();
    await page.getByLabel('Пароль', { exact: true }).fill('Mechanic2026');
    await page.getByLabel('Повторите пароль').fill('Mechanic2027');
    await page.getByLabel('Повторите пароль').blur();
    await page.getByText('Пароли не совпадают').waitFor();
    await page.getByLabel('Повторите пароль').fill('Mechanic2026');
    await page.getByRole('button', { name: 'Назад' }).click();
    await expect(page.getByLabel('Должность').inputValue()).resolves.toBe('Главный механик');
    await next.click();
    await page.getByLabel(/Я принимаю условия/).check();
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await page.waitForURL('**/home?welcome=registered');
    await page.getByText('Вы успешно зарегистрировались.').waitFor();
    await closeStartInfo(page);
    await page.reload();
    expect(await page.locator('[data-start-info]').count()).toBe(0);
  });

  it('registers a personal account, and shows the Error dialog for a taken e-mail', async ({
    server,
    anonymous,
  }) => {
    const page = await anonymous();
    await page.goto(`${server.url}/auth/registration`);
    const fillAll = async (email: string) => {
      await page.getByLabel('Ваша фамилия').fill('Орлова');
      await page.getByLabel('Ваше имя').fill('Нина');
      await page.getByLabel('Ваше отчество').fill('Ивановна');
      await page.getByRole('button', { name: 'Далее' }).click();
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Телефон').fill('+7 912 555 11 22');
      await page.getByRole('button', { name: 'Далее' }).click();
      await page.getByLabel('Пароль', { exact: true }).fill('Orlova2026');
      await page.getByLabel('Повторите пароль').fill('Orlova2026');
      await page.getByLabel(/Я принимаю условия/).check();
      await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    };
    await fillAll('olga.demidova@demo.example');
    const dialog = page.getByRole('dialog', { name: 'Ошибка' });
    await dialog.getByText('Пользователь с таким E-mail уже зарегистрирован').waitFor();
    await dialog.getByRole('button', { name: 'Продолжить' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // The wizard reopens at the step with the error, keeping what was typed.
    await expect(page.getByLabel('Телефон').inputValue()).resolves.toBe('+7 912 555 11 22');
    await page.getByLabel('E-mail').fill('nina@orlova.example');
    await page.getByRole('button', { name: 'Далее' }).click();
    await page.getByLabel('Пароль', { exact: true }).fill('Orlova2026');
    await page.getByLabel('Повторите пароль').fill('Orlova2026');
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await page.waitForURL('**/home?welcome=registered');
  });

  it('works without JavaScript: all steps in one form', async ({ server, anonymous }) => {
    const page = await anonymous({ javaScriptEnabled: false });
    await page.goto(`${server.url}/auth/registration`);
    await page.getByLabel('Ваша фамилия').fill('Белов');
    await page.getByLabel('Ваше имя').fill('Игорь');
    await page.getByLabel('Ваше отчество').fill('Андреевич');
    await page.getByLabel('E-mail').fill('igor@belov.example');
    await page.getByLabel('Телефон').fill('89125550000');
    await page.getByLabel('Пароль', { exact: true }).fill('Belov2026');
    await page.getByLabel('Повторите пароль').fill('Belov2027');
    await page.getByLabel(/Я принимаю условия/).check();
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await page.getByText('Пароли не совпадают').first().waitFor();
    await page.getByLabel('Пароль', { exact: true }).fill('Belov2026');
    await page.getByLabel('Повторите пароль').fill('Belov2026');
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await page.waitForURL('**/home?welcome=registered');
    await page.getByRole('button', { name: 'Закрыть' }).click();
    await page.waitForURL('**/home?welcome=registered');
    expect(await page.locator('[data-start-info]').count()).toBe(0);
  });
});

describe('sign-in', () => {
  it('signs in by e-mail code; a wrong code shows a red alert', async ({ server, anonymous }) => {
    const page = await anonymous();
    await page.goto(`${server.url}/auth/fast`);
    const since = outbox(server.database.dataDir).length;
    await page.getByLabel('Телефон или E-mail').fill('Sergey.Ivanov@demo.example');
    await page.getByRole('button', { name: 'Получить код' }).click();
    await page.waitForURL('**/auth/code');
    await page.getByRole('heading', { name: 'Введите E-mail код' }).waitFor();
    const code = (
      await lastOutbox(server.database.dataDir, 'sergey.ivanov@demo.example', 'email', since)
    ).code!;
    const input = page.getByLabel('Код', { exact: true });
    await expect(input.getAttribute('autocomplete')).resolves.toBe('one-time-code');
    await expect(input.getAttribute('inputmode')).resolves.toBe('numeric');
    await input.fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Не удалось проверить код!');
    await page.getByLabel('Код', { exact: true }).fill(`${code.slice(0, 3)} ${code.slice(3)}`);
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.waitForURL('**/home');
    await closeStartInfo(page, 'escape');
    await page.reload();
    expect(await page.locator('[data-start-info]').count()).toBe(0);
  });

  it('signs in by the last 4 digits of a call from the provider', async ({
    server,
    anonymous,
    calls,
  }) => {
    const page = await anonymous();
    await page.goto(`${server.url}/auth/fast`);
    await page.getByLabel('Телефон или E-mail').fill('+7 (900) 000-00-02');
    await page.getByRole('button', { name: 'Получить код' }).click();
    await page.waitForURL('**/auth/code');
    await page.getByRole('heading', { name: 'Введите код', exact: true }).waitFor();
    await page
      .getByText(
        /В течение минуты на номер \+7 \*\*\* \*\*\*-00-02 поступит звонок\. Введите последние 4 цифры номера/,
      )
      .waitFor();
    // The countdown is the island's (without JavaScript the server enforces the wait instead): the
    // resend button turns disabled once it has hydrated, with the seconds left next to it.
    const resend = page.getByRole('button', { name: 'Отправить код ещё раз' });
    await page.locator('button[value="resend"]:disabled').waitFor({ timeout: 15_000 });
    expect(await resend.isDisabled()).toBe(true);
    await page.getByLabel('Код', { exact: true }).fill(calls.lastCode('+79000000002')!);
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.waitForURL('**/home');
  });

  it('goes back from the code page and returns there only while a code is pending', async ({
    server,
    anonymous,
  }) => {
    const page = await anonymous();
    await page.goto(`${server.url}/auth/code`);
    expect(path(page)).toBe('/auth/fast');
    await page.getByLabel('Телефон или E-mail').fill('dmitry.volkov@demo.example');
    await page.getByRole('button', { name: 'Получить код' }).click();
    await page.waitForURL('**/auth/code');
    await page.getByRole('button', { name: 'Назад' }).click();
    await page.waitForURL('**/auth/fast');
    await page.goto(`${server.url}/auth/code`);
    expect(path(page)).toBe('/auth/fast');
  });

  it('signs in with a password after an Error dialog for a wrong one; signed-in users leave /auth', async ({
    server,
    anonymous,
  }) => {
    const page = await anonymous();
    await page.goto(`${server.url}/auth/login`);
    await page.getByLabel('Телефон или E-mail').fill('dmitry.volkov@demo.example');
    await page.getByLabel('Пароль').fill('Wrong2026');
    await page.getByRole('button', { name: 'Войти' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ошибка' });
    await dialog.getByText('Неверные данные для входа').waitFor();
    expect(await page.locator('[data-auth-error]').evaluate((d) => d.matches(':modal'))).toBe(true);
    await dialog.getByRole('button', { name: 'Продолжить' }).click();
    await page.getByLabel('Пароль').fill('Demo2026');
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.waitForURL('**/home');
    for (const p of ['/auth/fast', '/auth/login', '/auth/registration']) {
      await page.goto(`${server.url}${p}`);
      expect(path(page), p).toBe('/home');
    }
    await page.goto(`${server.url}/logout`);
    expect(path(page)).toBe('/auth/login');
    await page.goto(`${server.url}/home`);
    expect(path(page)).toBe('/auth/fast');
  });

  it("offers 'continue as' to the remembered user, still asking for a code", async ({
    server,
    anonymous,
  }) => {
    let since = outbox(server.database.dataDir).length;
    const page = await codeSignIn(
      server,
      await anonymous(),
      'marina.kotova@demo.example',
      async () =>
        (await lastOutbox(server.database.dataDir, 'marina.kotova@demo.example', 'email', since))
          .code!,
    );
    await page.goto(`${server.url}/logout`);
    await page.goto(`${server.url}/auth/fast`);
    const card = page.getByRole('region', { name: 'Продолжить как' });
    await card.getByText('Марина Котова').waitFor();
    since = outbox(server.database.dataDir).length;
    await card.getByRole('button', { name: 'Войти как Марина Котова' }).click();
    await page.waitForURL('**/auth/code');
    await page.getByText('ma***@demo.example', { exact: false }).waitFor();
    await page
      .getByLabel('Код', { exact: true })
      .fill(
        (await lastOutbox(server.database.dataDir, 'marina.kotova@demo.example', 'email', since))
          .code!,
      );
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.waitForURL('**/home');
    await page.goto(`${server.url}/logout`);
    await page.goto(`${server.url}/auth/fast`);
    await page.getByRole('button', { name: 'Это не я' }).click();
    await page.waitForURL('**/auth/fast');
    expect(await page.getByRole('region', { name: 'Продолжить как' }).count()).toBe(0);
  });
});

describe('recovery', () => {
  it('resets the password by the e-mailed link', async ({ server, anonymous }) => {
    const page = await anonymous();
    await page.goto(`${server.url}/auth/login`);
    await page.getByRole('link', { name: 'Забыли пароль?' }).click();
    await page.getByRole('heading', { name: 'Восстановление пароля' }).waitFor();
    const since = outbox(server.database.dataDir).length;
    await page.getByLabel('Телефон или E-mail').fill('olga.demidova@demo.example');
    await page.getByRole('button', { name: 'Восстановить' }).click();
    await page
      .getByRole('status')
      .getByText(/мы отправили на него ссылку/)
      .waitFor();
    await page.getByRole('link', { name: 'Вернуться к авторизации' }).waitFor();
    const { url } = await lastOutbox(
      server.database.dataDir,
      'olga.demidova@demo.example',
      'email',
      since,
    );
    await page.goto(url!);
    await page.getByLabel('Новый пароль').fill('Restored2026');
    await page.getByLabel('Повторите пароль').fill('Restored2026');
    await page.getByRole('button', { name: 'Сохранить пароль' }).click();
    await page.getByText('Пароль успешно восстановлен.').waitFor();
    await page.getByRole('link', { name: 'Вернуться к авторизации' }).click();
    await page.getByLabel('Телефон или E-mail').fill('olga.demidova@demo.example');
    await page.getByLabel('Пароль').fill('Restored2026');
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.waitForURL('**/home');
    await page.goto(url!);
    expect(path(page)).toBe('/home');
  });
});
