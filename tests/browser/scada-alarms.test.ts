// Alarms in the browser (issue 24): a Modbus TCP device configured with analog limits through the
// integration API goes above HH; the alarm reaches the bell live and the object's Аварии tab, the
// operator acknowledges it there, and once the value is back inside the deadband the alarm clears
// and leaves the active list. Axe on the alarms tab, the list across objects and the events tab; the
// tab fits 360 px.
import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { axeViolations, hydrated } from '../helpers/browser.ts';
import { expect, test } from '../helpers/fixtures.ts';
import { freePort, modbusDevice } from '../integration/scada-modbus-server.ts';
import { putObject, scadaEnv } from '../integration/scada-helpers.ts';

const it = test.extend('serverEnv', { scope: 'worker' }, scadaEnv);

const row = (page: Page) => page.locator('tr[data-alarm]', { hasText: 'Pressure' });

describe('alarms journey', () => {
  it('raises an analog alarm, shows it in the bell and the list, acknowledges it and sees it clear', async ({
    server,
    signedIn,
  }) => {
    const port = await freePort();
    const device = await modbusDevice(port);
    try {
      device.holding.set(0, 500); // 50.0 bar
      const r = await putObject(server, 'alarm-browser', {
        title: 'Alarm bench',
        driver: { type: 'modbus-tcp', host: '127.0.0.1', port, poll_ms: 300, timeout_ms: 300 },
        tags: [
          {
            key: 'p',
            title: 'Pressure',
            type: 'float',
            unit: 'bar',
            actions: 'Read',
            limits: { hh: 90, h: 80, deadband: 2 },
            address: { table: 'holding', register: 0, datatype: 'uint16', scale: 0.1 },
          },
        ],
        grants: [{ email: 'dmitry.volkov@demo.example', control: true }],
      });
      expect(r.status).toBe(200);
      const id = r.data.data.id as number;
      const page = await signedIn('dmitry.volkov@demo.example');
      const ready = new Promise<void>((resolve) =>
        page.on('websocket', (ws) =>
          ws.on('framereceived', (f) => String(f.payload).includes('"ready"') && resolve()),
        ),
      );
      // The alarm feed (the menu badge's socket): the count each alarm frame carries.
      const told: number[] = [];
      page.on('websocket', (ws) =>
        ws.on('framereceived', (f) => {
          const text = String(f.payload);
          if (text.startsWith('{"type":"alarm"')) told.push(JSON.parse(text).active);
        }),
      );
      await page.goto(`${server.url}/tools/scada/${id}?tab=alarms`);
      await ready;
      await hydrated(page);
      expect(await page.locator('.scada-tabs [aria-current="page"]').innerText()).toBe('Аварии');

      device.holding.set(0, 955); // 95.5 bar: above h and hh
      // The bell: the new notification arrives live.
      await page.waitForFunction(
        () =>
          [...document.querySelectorAll('#nf [data-tab="all"] li')].some((li) =>
            li.textContent?.includes('Pressure'),
          ),
        undefined,
        { timeout: 10_000 },
      );
      // The menu badge follows the feed without a reload.
      await expect.poll(() => told.length, { timeout: 10_000 }).toBeGreaterThan(0);
      const menuBadge = () =>
        page.locator('[data-scada-alarms]').first().getAttribute('data-scada-alarms');
      await expect.poll(async () => (await menuBadge()) === String(told.at(-1))).toBe(true);
      // The list: both limits, active and unacknowledged.
      await expect.poll(() => row(page).count(), { timeout: 10_000 }).toBe(2);
      const hh = row(page).filter({ hasText: 'Верхний аварийный (HH)' });
      expect(await hh.getAttribute('data-state')).toBe('unack');
      expect(await axeViolations(page)).toEqual([]);

      await hh.getByRole('textbox').fill('Проверено');
      await hh.getByRole('button', { name: 'Квитировать' }).click();
      await expect.poll(() => hh.getAttribute('data-state')).toBe('ack');
      await expect.poll(() => hh.innerText()).toContain('Проверено');

      // The list across objects shows it too, with its object.
      const list = await signedIn('dmitry.volkov@demo.example');
      await list.goto(`${server.url}/tools/scada/alarms`);
      await hydrated(list);
      expect(await row(list).count()).toBe(2);
      expect(await row(list).first().getByRole('link', { name: 'Alarm bench' }).count()).toBe(1);
      expect(await axeViolations(list)).toEqual([]);
      // The dispatching list counts the active alarms and links to the list.
      await list.goto(`${server.url}/tools/scada`);
      expect(await list.locator('.scada-alarm-count').innerText()).toMatch(
        /^Активных аварий: \d+$/,
      );
      // The dispatching menu entry carries the count of active alarms.
      const badge = await list
        .locator('[data-scada-alarms]')
        .first()
        .getAttribute('data-scada-alarms');
      expect(Number(badge)).toBeGreaterThan(0);

      device.holding.set(0, 500); // back to 50.0: both clear
      // HH acknowledged and cleared: normal, out of the active list; H cleared but unacknowledged.
      await expect.poll(() => row(page).count(), { timeout: 10_000 }).toBe(1);
      await expect.poll(() => row(page).getAttribute('data-state')).toBe('cleared_unack');
      await row(page).getByRole('button', { name: 'Квитировать' }).click();
      await expect.poll(() => row(page).count()).toBe(0);

      // The journal shows the whole story.
      await page.goto(`${server.url}/tools/scada/${id}?tab=events`);
      for (const kind of ['alarm_raised', 'alarm_acked', 'alarm_cleared'])
        expect(await page.locator(`tr[data-event="${kind}"]`).count()).toBeGreaterThan(0);
      expect(await axeViolations(page)).toEqual([]);

      // 360 px: the alarms tab fits without sideways scrolling.
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto(`${server.url}/tools/scada/${id}?tab=alarms`);
      await hydrated(page);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    } finally {
      // Not awaited: the server's open Modbus connection keeps the device's close waiting until the
      // worker-scoped server stops.
      void device.stop();
    }
  }, 240_000); // three axe runs and a second page: about a minute on a busy machine
});
