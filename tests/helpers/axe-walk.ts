// Axe over a page and the states a person opens on it, for the route walk of
// tests/browser/mobile.test.ts (issue 23: axe once per route instead of scattered through the
// journeys). For the page as loaded, then on it: each dialog an opener in the content opens, the
// first form submitted empty (its error state), and each suggestion list typed into and with its
// first option highlighted; once per user and width, the chrome's dropdowns and popovers.
// Every state waits for its own event (a dialog open, a response, a load, an error shown), never
// for time. Each finding names the page, the state, the rule, its impact and up to five nodes.
// WALK_LOG=1 prints the time each page and its states took.
import type { Locator, Page } from 'playwright-core';
import { axeViolations } from './browser.ts';

/** What the walk found: "path [state] rule (impact): help — nodes". */
export type Findings = string[];

// Typed into a suggestion field until one gives options: the suggestion provider's fake data (all in
// Izhevsk), then demo organisations ("ОБЩЕСТВО ...") and demo objects ("Котельная ...").
const QUERIES = ['ижевск', 'общ', 'кот'];
// Where an empty form is still a click away from a real effect; forms without a visible field to
// leave empty (delete, mark read, sign out) are never submitted.
const NEVER_SUBMIT = /logout|delete|remove|cancel/i;

/** Scrolls `el` into view and waits until the island around it (if any) has hydrated. */
async function live(page: Page, el: Locator): Promise<void> {
  await el.scrollIntoViewIfNeeded();
  await page.waitForFunction((e) => !e?.closest('astro-island[ssr]'), await el.elementHandle(), {
    timeout: 15_000,
  });
}

const frames = (page: Page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

async function check(
  page: Page,
  where: string,
  state: string,
  out: Findings,
  include?: string,
): Promise<void> {
  for (const v of await axeViolations(page, include))
    out.push(`${where} [${state}] ${v.id} (${v.impact}): ${v.help} — ${v.nodes.join(', ')}`);
}

async function visible(list: Locator, max: number): Promise<Locator[]> {
  const shown: Locator[] = [];
  for (const item of await list.all()) {
    if (shown.length >= max) break;
    if (await item.isVisible()) shown.push(item);
  }
  return shown;
}

/** The chrome's dropdowns (details) and popovers (user panel, phone drawer), each opened and checked. */
export async function axeChrome(page: Page, where: string, out: Findings): Promise<void> {
  for (const summary of await visible(page.locator('.site-header details > summary'), 6)) {
    const name = ((await summary.getAttribute('aria-label')) ?? (await summary.innerText()))
      .trim()
      .slice(0, 30);
    // Clicked through the DOM: on wide screens the main menu's summary is covered by its own
    // details box at the centre point, which a pointer click would hit.
    await summary.evaluate((s: HTMLElement) => s.click());
    await summary.locator('xpath=..').and(page.locator('details[open]')).waitFor();
    // The dropdown itself: the page under it was checked closed, and links it lies over (the
    // breadcrumb under the main menu) would count as crowded targets though no one can reach them.
    await check(page, where, `dropdown "${name}"`, out, '.site-header details[open]');
    await summary.evaluate((s: HTMLElement) => s.click());
  }
  for (const opener of await visible(page.locator('.site-header [popovertarget]'), 3)) {
    const id = (await opener.getAttribute('popovertarget'))!;
    await opener.click();
    await page.locator(`[id="${id}"]:popover-open`).waitFor();
    await page.waitForFunction(() =>
      document.getAnimations().every((a) => a.playState !== 'running'),
    );
    await check(page, where, `popover #${id}`, out);
    await page.keyboard.press('Escape');
    await page.locator(`[id="${id}"]:popover-open`).waitFor({ state: 'detached' });
  }
}

/** Types into each suggestion field of `scope` until options appear, highlights the first, checks. */
async function suggestions(
  page: Page,
  scope: Locator,
  where: string,
  out: Findings,
): Promise<void> {
  for (const field of await visible(scope.locator('input[role=combobox]'), 2)) {
    const id = await field.getAttribute('id');
    await live(page, field);
    for (const query of QUERIES) {
      // The list's request is the first fetch after typing (the debounce starts on input).
      const answered = page.waitForResponse((r) => r.request().resourceType() === 'fetch', {
        timeout: 10_000,
      });
      await field.fill(query);
      await answered;
      await frames(page);
      if ((await field.getAttribute('aria-expanded')) !== 'true') continue;
      await field.press('ArrowDown');
      await page
        .locator(
          `[id="${await field.getAttribute('aria-controls')}"] [role=option][aria-selected=true]`,
        )
        .waitFor();
      await check(page, where, `suggestions of #${id} ("${query}", first highlighted)`, out);
      await field.press('Escape');
      break;
    }
    await field.fill('');
  }
}

/**
 * The first post form of `scope` with a visible field, its fields emptied and submitted: the page's
 * error state (messages by the fields, an error summary or a message). A form the browser's own
 * validation stops (no novalidate) shows nothing axe can see and is left alone.
 */
async function emptySubmit(
  page: Page,
  scope: Locator,
  where: string,
  out: Findings,
): Promise<boolean> {
  for (const form of await visible(scope.locator('form'), 4)) {
    const action = (await form.getAttribute('action')) ?? '';
    const method = ((await form.getAttribute('method')) ?? 'post').toLowerCase();
    if (method !== 'post' || NEVER_SUBMIT.test(action)) continue;
    const fields = await visible(
      form.locator(
        'input[type=text], input[type=email], input[type=tel], input[type=number], input[type=password], input:not([type]), textarea',
      ),
      20,
    );
    const submit = (
      await visible(
        form.locator(
          ':is(button[type=submit], button:not([type]), input[type=submit]):not([aria-hidden=true], [tabindex="-1"])',
        ),
        1,
      )
    )[0];
    if (
      !fields.length ||
      !submit ||
      NEVER_SUBMIT.test((await submit.innerText().catch(() => '')) ?? '')
    )
      continue;
    await live(page, form);
    for (const f of fields) if (!(await f.isDisabled()) && (await f.isEditable())) await f.fill('');
    if (await form.evaluate((f: HTMLFormElement) => !f.noValidate && !f.checkValidity())) continue;
    const shown =
      '[aria-invalid="true"], #error-summary, .error-text, [role=alert]:not(:empty), #snackbar:not(:empty)';
    // Either the page's script shows the messages in place, or the server answers the post with them.
    const loaded = page.waitForEvent('load', { timeout: 15_000 });
    loaded.catch(() => {});
    await submit.click();
    await Promise.race([loaded, page.locator(shown).first().waitFor({ timeout: 15_000 })]);
    await page.waitForLoadState();
    await check(page, where, 'form submitted empty', out);
    return true;
  }
  return false;
}

/** Dialogs opened from the content (bug report, a picker's "add"): each checked, its states too. */
async function dialogs(page: Page, where: string, out: Findings): Promise<boolean> {
  for (const opener of await visible(
    page.locator('main [data-bug-report-open], main .picker-add'),
    2,
  )) {
    const name = ((await opener.getAttribute('aria-label')) ?? (await opener.innerText()))
      .trim()
      .slice(0, 30);
    await opener.click();
    const dialog = page.locator('dialog[open]').last();
    await dialog.waitFor();
    await page.waitForFunction(() =>
      document.getAnimations().every((a) => a.playState !== 'running'),
    );
    await check(page, where, `dialog "${name}"`, out);
    await suggestions(page, dialog, `${where} dialog "${name}"`, out);
    if (await emptySubmit(page, dialog, `${where} dialog "${name}"`, out)) return true;
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  }
  return false;
}

/**
 * Axe on the page as it stands and on its states. A page that shows a dialog of its own (a route
 * dialog such as /user-info/my-organisations/new) is checked inside it. The page may have moved on
 * (an empty form posted): the walk goes to its next address anyway.
 */
export async function axePage(page: Page, where: string, out: Findings): Promise<void> {
  const started = Date.now();
  try {
    await statesOf(page, where, out);
  } finally {
    if (process.env.WALK_LOG) console.log(`${where}: ${Date.now() - started} ms`);
  }
}

async function statesOf(page: Page, where: string, out: Findings): Promise<void> {
  await page.waitForLoadState();
  await check(page, where, 'page', out);
  const own = page.locator('dialog[open]');
  const scope = (await own.count()) ? own.last() : page.locator('main');
  await suggestions(page, scope, where, out);
  if (!(await own.count()) && (await dialogs(page, where, out))) return;
  await emptySubmit(page, scope, where, out);
}
