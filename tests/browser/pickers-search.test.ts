// A picker of a user with more objects than its select holds (issue 10): the select shows the
// newest 50 from the bounded "all" call, and a search field finds any other object on the server;
// the found object becomes an option and the chosen value.
import { axeViolations, hydrated } from '../helpers/browser.ts';
import { expect, test as it } from '../helpers/fixtures.ts';

it('shows the newest 50 and finds older objects on the server', async ({
  server,
  db,
  signedIn,
}) => {
  // 120 objects for Olga, one of them named so that only the search finds it.
  const { id: userId } = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'olga.demidova@demo.example')
    .executeTakeFirstOrThrow();
  const t = new Date().toISOString();
  const rows = Array.from({ length: 120 }, (_, n) => {
    const name = n === 5 ? 'Котельная Гранфос' : `Узел ${n}`;
    const address = `г Ижевск, ул Заводская, д ${n}`;
    return {
      user_id: userId,
      name,
      address,
      coords: '56.85, 53.2',
      lat: 56.85,
      lon: 53.2,
      search: `${name} ${address}`.toLowerCase(),
      created_at: t,
      updated_at: t,
    };
  });
  await db.insertInto('objects').values(rows).execute();
  const page = await signedIn('olga.demidova@demo.example');
  await page.goto(`${server.url}/promotions`);
  const links = await page
    .locator('main a[href^="/promotions/"]')
    .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  for (const href of links) {
    await page.goto(href);
    if (await page.locator('#object-picker').count()) break;
  }
  await hydrated(page);
  const search = page.getByRole('combobox', { name: 'Найти в списке' });
  await search.waitFor();
  // The placeholder plus the newest 50.
  expect(await page.locator('#object-picker option').count()).toBe(51);
  expect(
    await page.locator('#object-picker option', { hasText: 'Котельная Гранфос' }).count(),
  ).toBe(0);
  await search.pressSequentially('гранфос', { delay: 20 });
  await page.locator('.picker-search [role=option]').first().waitFor();
  await page.locator('.picker-search [role=option]', { hasText: 'Котельная Гранфос' }).click();
  await page.waitForFunction(() =>
    (
      document.querySelector('#object-picker') as HTMLSelectElement
    ).selectedOptions[0]?.textContent?.startsWith('Котельная Гранфос'),
  );
  expect(
    Number(await page.locator('input[type=hidden][name=object]').inputValue()),
  ).toBeGreaterThan(0);
  expect(await axeViolations(page)).toEqual([]);
});
