// Issue 11, phones: every page of the cabinet at 360x740 (the menu model's routes, the sign-in
// pages, and one detail page of each kind found on the list pages through the demo data). A page
// fails when it scrolls sideways or when a visible control is covered by another element (the
// element at the centre of a link, button or field is not that control). The chrome's controls
// (header, drawer, dropdowns, profile side links) must also fit at 320 px and be at least 24x24 px.
// Pages of other areas may fail while they are reworked: the failures name page and control.
//
// Issue 23, accessibility: the same walk runs axe (WCAG 2.2 A/AA tags) on every page it visits, at
// 360 px and at 1280 px, and on the states opened there (tests/helpers/axe-walk.ts): the chrome's
// dropdowns and popovers (once per user and width), dialogs opened from the content, the route
// dialogs (/new), the first post form submitted empty, and suggestion lists with an option
// highlighted. Every impact level fails the suite (minor, moderate, serious and critical): the pages
// are clean today, so any new finding is a regression. The journeys keep axe only for states the walk
// cannot reach (results of a calculation, a scan's steps, a chat after sending, live values).
import type { Page } from 'playwright-core';
import { mayAccess } from '../../src/features/chrome/guard.ts';
import { SITE_MAP, type MenuEntry, type MenuUser } from '../../src/features/chrome/menu.ts';
import { axeChrome, axePage, type Findings } from '../helpers/axe-walk.ts';
import { PHONE } from '../helpers/browser.ts';
import { expect } from '../helpers/fixtures.ts';
import { test as it } from '../helpers/profile-browser.ts';
import type { TestServer } from '../helpers/server.ts';

const DESKTOP = { width: 1280, height: 800 };
const AUTH = ['/auth/fast', '/auth/login', '/auth/registration', '/auth/forgot-password'];

const USERS: { email: string; roles: MenuUser }[] = [
  { email: 'olga.demidova@demo.example', roles: { is_admin: 0, is_employee: 0, module_scada: 0 } },
  { email: 'dmitry.volkov@demo.example', roles: { is_admin: 0, is_employee: 0, module_scada: 1 } },
  { email: 'marina.kotova@demo.example', roles: { is_admin: 1, is_employee: 1, module_scada: 0 } },
];
const hrefs = (entries: readonly MenuEntry[]): MenuEntry[] =>
  entries.flatMap((e) => [...(e.href ? [e] : []), ...hrefs(e.children ?? [])]);
const PROFILE = [
  '/user-info/profile/personal-information',
  '/user-info/profile/change-password',
  '/user-info/profile/builder',
];

/** Sideways scrolling and covered controls on the page as it is now. */
function problemsOnPage(): string[] {
  const out: string[] = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > innerWidth + 1)
    out.push(`scrolls sideways by ${doc.scrollWidth - innerWidth} px`);
  const name = (el: Element) => {
    const text = (
      el.getAttribute('aria-label') ||
      (el as HTMLElement).innerText ||
      el.getAttribute('name') ||
      el.id ||
      ''
    )
      .trim()
      .replace(/\s+/g, ' ')
      .slice(0, 40);
    return `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''} "${text}"`;
  };
  // Hidden by an ancestor the way screen-reader-only content is (clip, clip-path, zero opacity).
  const srOnly = (el: Element) => {
    for (let x: Element | null = el; x; x = x.parentElement) {
      const s = getComputedStyle(x);
      if (s.clip !== 'auto' || s.clipPath !== 'none' || s.opacity === '0') return true;
    }
    return false;
  };
  // An open dialog (modal, or rendered open without JavaScript) is what the person can tap.
  const dialog = [...document.querySelectorAll('dialog[open]')].at(-1);
  const scope = dialog ?? document;
  const controls = [
    ...scope.querySelectorAll(
      'a[href], button, input:not([type=hidden]), select, textarea, summary',
    ),
  ].filter((el) => {
    const r = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    // Visually hidden helpers (skip links, sr-only) and controls not shown at all are not tapped.
    const closed = el.closest('details:not([open])');
    const offDocument = r.bottom + scrollY <= 0 || r.right + scrollX <= 0;
    return (
      r.width >= 2 &&
      r.height >= 2 &&
      style.visibility !== 'hidden' &&
      style.opacity !== '0' &&
      style.clipPath === 'none' &&
      style.clip === 'auto' &&
      el.getClientRects().length > 0 &&
      !el.closest('[inert]') &&
      !offDocument &&
      (!closed || el === closed.querySelector(':scope > summary')) &&
      !srOnly(el)
    );
  });
  // First as the page stands (nothing scrolled: a floating message or bar over a control counts),
  // then each control scrolled to the middle of the screen.
  for (const el of controls) {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    if (x < 0 || x >= innerWidth || y < 0 || y >= innerHeight) continue;
    const top = document.elementFromPoint(x, y);
    if (!top) continue;
    const ok =
      !!top &&
      (el === top ||
        el.contains(top) ||
        top.contains(el) ||
        (el.id !== '' && top.closest(`label[for="${CSS.escape(el.id)}"]`) !== null) ||
        (el.closest('label') !== null && el.closest('label') === top.closest('label')));
    if (!ok) out.push(`${name(el)} is covered by ${top ? name(top) : 'nothing'} where it stands`);
  }
  for (const el of controls.slice(0, 200)) {
    el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    if (x < 0 || x > innerWidth || y < 0 || y > innerHeight) {
      out.push(`${name(el)} lies outside the screen`);
      continue;
    }
    const top = document.elementFromPoint(x, y);
    // The control itself, something inside it, or its own label (checkboxes drawn by the label).
    const ok =
      !!top &&
      (el === top ||
        el.contains(top) ||
        top.contains(el) ||
        (el.id !== '' && top.closest(`label[for="${CSS.escape(el.id)}"]`) !== null) ||
        (el.closest('label') !== null && el.closest('label') === top.closest('label')));
    if (!ok) out.push(`${name(el)} is covered by ${top ? name(top) : 'nothing'}`);
  }
  scrollTo(0, 0);
  return out;
}

/** The chrome at this width: header, drawer, dropdowns and profile links inside the screen and tappable. */
async function chromeProblems(page: Page): Promise<string[]> {
  const out: string[] = [];
  const check = (where: string) =>
    page.evaluate((where) => {
      const bad: string[] = [];
      for (const el of document.querySelectorAll(where)) {
        const r = el.getBoundingClientRect();
        const closed = el.closest('details:not([open])');
        if (
          !el.getClientRects().length ||
          r.width < 2 ||
          (closed && el !== closed.querySelector(':scope > summary'))
        )
          continue;
        // Visually hidden helpers (the skip link until focused) are not tapped.
        if (r.bottom <= 0 || getComputedStyle(el).clip !== 'auto') continue;
        const label = `${el.tagName.toLowerCase()} "${((el as HTMLElement).innerText || el.getAttribute('aria-label') || '').trim().slice(0, 30)}"`;
        if (r.left < -1 || r.right > innerWidth + 1)
          bad.push(
            `${label} sticks out of the screen (${Math.round(r.left)}..${Math.round(r.right)})`,
          );
        if (r.width < 24 || r.height < 24)
          bad.push(`${label} is ${Math.round(r.width)}x${Math.round(r.height)} px (< 24x24)`);
      }
      return bad;
    }, where);
  out.push(
    ...(await check(
      '.site-header a[href], .site-header button, .site-header summary, .profile-side nav a',
    )),
  );
  for (const summary of await page.locator('.site-header details > summary').all()) {
    if (!(await summary.isVisible())) continue;
    await summary.click();
    out.push(
      ...(await check('.site-header details[open] a[href], .site-header details[open] button')).map(
        (p) => `dropdown: ${p}`,
      ),
    );
    await summary.click();
  }
  const menu = page.locator('.menu-btn');
  if (await menu.isVisible()) {
    await menu.click();
    await page.locator('#aside').waitFor({ state: 'visible' });
    await page.waitForFunction(() =>
      document.getAnimations().every((a) => a.playState !== 'running'),
    );
    out.push(
      ...(await check('#aside a[href], #aside button, #aside summary')).map((p) => `drawer: ${p}`),
    );
    await page.keyboard.press('Escape');
  }
  return out;
}

interface WalkOptions {
  /** Follow one detail page of each kind (and the route dialogs) linked from the content. */
  details?: boolean;
  /** Check the layout (sideways scrolling, covered controls) into `failures`. */
  layout?: boolean;
  /** Run axe on each page and its states into this list (tests/helpers/axe-walk.ts). */
  axe?: Findings;
  /** Label of the findings: the width. */
  label?: string;
}

async function walk(
  server: TestServer,
  page: Page,
  paths: string[],
  failures: Map<string, string[]>,
  { details = true, layout = true, axe, label = '' }: WalkOptions = {},
) {
  const seen = new Set<string>();
  const queue = [...paths];
  let chromeChecked = false;
  while (queue.length) {
    const path = queue.shift()!;
    let problems: string[] = [];
    let loaded = false;
    try {
      const res = await page.goto(`${server.url}${path}`);
      loaded = !(res && res.status() >= 400);
      if (!loaded) problems = [`answers ${res!.status()}`];
      else if (layout) problems = await page.evaluate(problemsOnPage);
    } catch (err) {
      problems = [`does not load: ${(err as Error).message.split('\n')[0]}`];
    }
    if (problems.length) failures.set(path, problems);
    const links = !details || !loaded ? [] : await detailLinks(page);
    if (axe && loaded) {
      const where = `${label} ${path}`;
      if (!chromeChecked && (await page.locator('.site-header').count())) {
        chromeChecked = true;
        await axeChrome(page, where, axe);
      }
      await axePage(page, where, axe);
    }
    if (!details) continue;
    // One detail page of each kind linked from here (digits in the path or an id in the query).
    // Pages only: downloads (a file extension or the download attribute) are not pages to look at.
    for (const href of links) {
      const [pathname = '', search = ''] = href.split('#')[0]!.split('?');
      // A route dialog (".../new", "?new=1") is a state of its list page: the walk opens it too,
      // once. Other links that differ only in their query (list filters, tabs) are the same page.
      const dialog = /\/new$/.test(pathname) || /(^|&)new=1(&|$)/.test(search);
      const kind = dialog ? `${pathname}?new` : pathname.replace(/\d+/g, 'N');
      if (
        (!/N/.test(kind) && !dialog) ||
        seen.has(kind) ||
        /\/(files|media)\//.test(href) ||
        paths.includes(pathname)
      )
        continue;
      seen.add(kind);
      queue.push(href);
    }
  }
}

/** Links of the content to pages (not downloads: a file extension or the download attribute). */
function detailLinks(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('main a[href^="/"]:not([download])')]
      .map((a) => a.getAttribute('href')!)
      .filter((h) => !/\.[a-z0-9]{2,5}$/i.test(h.split(/[?#]/)[0]!)),
  );
}

/** Each user's routes of the site map (and the profile pages), every route once over the users. */
function routesPerUser(): Array<{ email: string; paths: string[] }> {
  const done = new Set<string>();
  return USERS.map(({ email, roles }) => {
    const paths = [
      ...hrefs(SITE_MAP)
        .filter((e) => mayAccess(e.href!, roles))
        .map((e) => e.href!),
      ...PROFILE,
    ].filter((p) => !done.has(p));
    paths.forEach((p) => done.add(p));
    return { email, paths };
  });
}

it('no page scrolls sideways at 360 px and no control is covered', async ({
  server,
  signedIn,
  anonymous,
}) => {
  const failures = new Map<string, string[]>();
  await walk(server, await anonymous({ viewport: PHONE }), AUTH, failures, { details: false });
  for (const { email, paths } of routesPerUser())
    await walk(server, await signedIn(email, { viewport: PHONE }), paths, failures);
  const report = [...failures]
    .map(([path, problems]) => `${path}\n  ${problems.slice(0, 8).join('\n  ')}`)
    .join('\n');
  if (report) console.log(`pages with problems at 360 px:\n${report}`);
  expect([...failures.keys()]).toEqual([]);
});

// Bounded: one test per width and eight routes of a user (the first with the sign-in pages), each
// route with its detail pages, at most two dialogs, two suggestion fields and one empty submit.
// The parts run side by side (it.concurrent, two at a time: the browser project's maxConcurrency),
// each in its own context on the file's one server and Chromium: axe works in Chromium's renderers
// and the server answers, so two parts overlap their waits on a two-core machine (docs/performance.md,
// "Test suite").
const CHUNK = 8;
for (const [name, viewport] of [
  ['360 px', PHONE],
  ['1280 px', DESKTOP],
] as const) {
  routesPerUser().forEach(({ email, paths }, user) => {
    const who = email.split('@')[0]!;
    for (let at = 0; at < paths.length; at += CHUNK) {
      const part = paths.slice(at, at + CHUNK);
      it.concurrent(
        `axe finds nothing at ${name} on ${who}'s routes ${at + 1}-${at + part.length} and their opened states`,
        { timeout: 300_000 },
        async ({ server, signedIn, anonymous }) => {
          const found: Findings = [];
          const failures = new Map<string, string[]>();
          const options = { viewport, reducedMotion: 'reduce' as const };
          if (user === 0 && at === 0)
            await walk(server, await anonymous(options), AUTH, failures, {
              details: false,
              layout: false,
              axe: found,
              label: name,
            });
          await walk(server, await signedIn(email, options), part, failures, {
            layout: false,
            axe: found,
            label: `${name} ${who}`,
          });
          if (found.length) console.log(`axe at ${name}:\n  ${found.join('\n  ')}`);
          expect({ found, failures: [...failures.keys()] }).toEqual({ found: [], failures: [] });
        },
      );
    }
  });
}

it('the chrome fits at 320 px with tappable controls, dropdowns and drawer included', async ({
  server,
  signedIn,
}) => {
  const failures: string[] = [];
  for (const width of [320, 360]) {
    const page = await signedIn('olga.demidova@demo.example', { viewport: { width, height: 700 } });
    for (const path of ['/home', ...PROFILE]) {
      await page.goto(`${server.url}${path}`);
      failures.push(...(await chromeProblems(page)).map((p) => `${width} px ${path}: ${p}`));
    }
  }
  expect(failures).toEqual([]);
});

it('the profile forms with their error messages cover nothing at 360 px', async ({
  server,
  signedIn,
}) => {
  const page = await signedIn('olga.demidova@demo.example', { viewport: PHONE });
  const failures: string[] = [];
  await page.goto(`${server.url}/user-info/profile/change-password`);
  await page.locator('#f-oldPassword').fill('Wrong-pass-1');
  await page.locator('#f-newPassword').fill('simple');
  await page.locator('#f-verifyPassword').fill('other');
  await page.getByRole('button', { name: 'Сменить пароль' }).click();
  await page.locator('#snackbar:not(:empty)').waitFor();
  failures.push(
    ...(await page.evaluate(problemsOnPage)).map((p) => `change-password (script): ${p}`),
  );
  // Without the page's script the server answers the post with the messages in place.
  const plain = await page.context().newPage();
  await plain.route('**/_astro/*.js', (route) => route.abort());
  await plain.goto(`${server.url}/user-info/profile/change-password`);
  await plain.getByRole('button', { name: 'Сменить пароль' }).click();
  await plain.locator('#snackbar:not(:empty)').waitFor();
  failures.push(
    ...(await plain.evaluate(problemsOnPage)).map((p) => `change-password (form post): ${p}`),
  );
  await page.goto(`${server.url}/user-info/profile/personal-information`);
  await page.locator('#f-email').fill('not-an-address');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await page.locator('.error-text').first().waitFor();
  failures.push(...(await page.evaluate(problemsOnPage)).map((p) => `personal-information: ${p}`));
  expect(failures).toEqual([]);
});
