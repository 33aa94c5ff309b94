// playwright-core driving Debian's Chromium (/usr/bin/chromium), never a downloaded browser.
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import type { TestServer } from './server.ts';
import { sessionFor } from './session.ts';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
  });
}

/** A browser context already signed in as the demo user with this e-mail. */
export async function signedInContext(
  browser: Browser,
  server: TestServer,
  email: string,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<BrowserContext> {
  const { token } = await sessionFor(server, email);
  const context = await browser.newContext({ locale: 'ru-RU', ...options });
  // start_info=hidden: the start-info dialog (shown after every sign-in) was already closed, so it
  // does not cover the page under test; tests/browser/auth.test.ts covers the dialog itself.
  await context.addCookies([
    { name: 'sid', value: token, url: server.url, httpOnly: true, sameSite: 'Lax' },
    { name: 'start_info', value: 'hidden', url: server.url, httpOnly: true, sameSite: 'Lax' },
  ]);
  return context;
}

/** WCAG 2.2 A/AA violations on the current page, or only inside `include` (empty array when clean). */
export async function axeViolations(page: Page, include?: string) {
  // Colours are sampled from the screen: let the content fade-in and colour transitions finish first.
  // (Endless ones, such as a busy spinner, are not waited for.)
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity,
        ),
    undefined,
    { timeout: 5_000 },
  );
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const results = await builder
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
  }));
}

/** Waits until every React island on the page has hydrated (Astro drops their `ssr` attribute). */
export async function hydrated(page: Page, timeout = 15_000): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'), undefined, {
    timeout,
  });
}

/** A phone-sized screen: every page must fit it without sideways scrolling. */
export const PHONE = { width: 360, height: 740 };

/** True when the page does not scroll sideways (run inside the page). */
export const noSideScroll = () =>
  document.documentElement.scrollWidth <= document.documentElement.clientWidth;

type Violations = Awaited<ReturnType<typeof axeViolations>>;
/** The page does not scroll sideways and is axe clean (after `except` drops known exceptions). */
export async function expectClean(
  page: Page,
  except: (found: Violations) => Violations = (found) => found,
): Promise<void> {
  expect(await page.evaluate(noSideScroll)).toBe(true);
  expect(except(await axeViolations(page))).toEqual([]);
}

/** Clicks and waits for the next document's own load event (waitForLoadState would answer for the page still shown). */
export function navigate(page: Page, click: () => Promise<unknown>) {
  return Promise.all([page.waitForEvent('load'), click()]);
}
