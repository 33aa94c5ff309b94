// The pump's operating point in the browser: a product linked to a real Modbus device serving the
// design point shows the curve, both points and "runs as designed"; the device's registers move away
// from the design and the open page shows the drift warnings and the energy cost without a reload
// (the island polls); the section is axe clean; unlinked, the open page drops the figures.
import { describe } from 'vitest';
import { axeViolations } from '../helpers/browser.ts';
import { expect, test } from '../helpers/fixtures.ts';
import {
  LINK,
  OLGA,
  operatingPointEnv,
  pumpProduct,
  startDevice,
} from '../integration/operating-point-setup.ts';

const it = test
  .extend('serverEnv', { scope: 'worker' }, operatingPointEnv(6.5))
  .extend('bench', { scope: 'worker' }, async ({}, { onCleanup }) => {
    const bench = await startDevice();
    onCleanup(() => bench.device.stop());
    return bench;
  });

describe('operating point', () => {
  it('shows the design and the live point, then the drift warning live', async ({
    server,
    signedIn,
    bench,
  }) => {
    const { productId, objectId, call, api, olga } = await pumpProduct(
      server,
      bench.port,
      'OPB-0001',
    );
    const linked = await call(`/api/integration/productions/${productId}/operating-point`, {
      json: { ...LINK, object_id: objectId },
    });
    expect(linked.status).toBe(200);
    const url = `/api/v1/productions/${productId}/operating-point`;
    const d = (await api(url, { token: olga.token })).data.data.point.design;
    bench.at(d.q_m3h, d.h_m, d.p1_kw, d.rho_kg_m3);
    await expect
      .poll(async () => (await api(url, { token: olga.token })).data.data.point.state, {
        timeout: 10_000,
      })
      .toBe('live');

    const page = await signedIn(OLGA);
    page.context().setDefaultTimeout(15_000);
    await page.goto(`${server.url}/productions/${productId}`);
    const section = page.locator('section.oppoint');
    await section.locator('[data-oppoint-ok]').waitFor();
    expect(await section.locator('polyline.oppoint-curve').count()).toBe(1);
    expect(await section.locator('circle.oppoint-design').count()).toBe(1);
    expect(await section.locator('rect.oppoint-live').count()).toBe(1);
    expect(await axeViolations(page, 'section.oppoint')).toEqual([]);

    bench.at(d.q_m3h * 1.25, d.h_m * 0.8, d.p1_kw + 1, d.rho_kg_m3);
    await section.locator('[data-oppoint-warnings]').waitFor();
    expect(await section.locator('[data-oppoint-warnings] li').allTextContents()).toEqual(
      expect.arrayContaining([
        'Расход отклонился от расчётного на 25,0 % (порог 10 %)',
        'Напор отклонился от расчётного на 20,0 % (порог 10 %)',
      ]),
    );
    expect(await section.locator('rect.oppoint-drift').count()).toBe(1);
    expect(await section.locator('[data-oppoint-energy]').textContent()).toContain(
      `${new Intl.NumberFormat('ru').format(8760)} кВт·ч в год сверх расчёта`,
    );

    // The back office removes the link: the open page stops showing the figures.
    await call(`/api/integration/productions/${productId}/operating-point`, {
      json: { object_id: null },
    });
    await page.locator('section.oppoint[data-oppoint-state="gone"]').waitFor();
    expect(await page.locator('section.oppoint table').count()).toBe(0);
  });
});
