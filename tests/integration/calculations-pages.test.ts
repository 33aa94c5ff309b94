// The selection pages without JavaScript: the form posts to its page and the server answers with the
// ranked list, reasons and the explanation of every number; bad input comes back with the error
// summary and the typed values; a pump result carries its pump over to the cabinet page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';

let server: TestServer;
let cookie: string;
beforeAll(async () => {
  server = await startServer();
  cookie = (await sessionFor(server, 'olga.demidova@demo.example')).cookie;
});
afterAll(async () => {
  await server?.stop();
});

const page = async (path: string, form?: Record<string, string>, lang = 'en') => {
  const headers: Record<string, string> = { Cookie: cookie, 'Accept-Language': lang };
  let body: URLSearchParams | undefined;
  if (form) {
    body = new URLSearchParams(form);
    headers.Origin = server.url;
  }
  const res = await fetch(new URL(path, server.url), {
    method: form ? 'POST' : 'GET',
    headers,
    body,
    redirect: 'manual',
  });
  return { status: res.status, html: await res.text() };
};
const PUMP = '/e-commerce/design/new-calculation/pump';

describe('pump page', () => {
  it('shows the form with selectable units', async () => {
    const r = await page(PUMP);
    expect(r.status).toBe(200);
    expect(r.html).toMatch(/<form method="post"[^>]*id="calc-form"/);
    expect(r.html).toContain('<option value="l/s"');
    expect(r.html).toContain('<option value="kgf/cm2"');
    expect(r.html).not.toContain('id="results-h"');
  });

  it('posts and renders the ranked list with reasons and the explanation', async () => {
    const r = await page(PUMP, {
      q: '60',
      q_unit: 'm3/h',
      h: '13',
      h_unit: 'm',
      h_static: '5',
      temperature_c: '20',
      speed_control: '1',
      sort: 'score',
    });
    expect(r.status).toBe(200);
    expect(r.html).toContain('Selection results');
    expect(r.html.match(/class="calc-item"/g)!.length).toBeGreaterThan(1);
    expect(r.html).toContain('Where these figures come from');
    expect(r.html).toMatch(/Engine version<\/small>|Engine version: pump-engine 1\./);
    expect(r.html).toContain('H_sys(Q) = H_st + k·Q²');
    expect(r.html).toMatch(
      /duty reached by lowering the speed|duty close to the best efficiency point|inside the preferred operating range/,
    );
    expect(r.html).toMatch(
      /href="\/e-commerce\/design\/new-calculation\/control\?pumps=[^"&]+&amp;method=vfd"/,
    );
    // the typed values come back
    expect(r.html).toMatch(/name="q"[^>]*value="60"|value="60"[^>]*name="q"/);
  });

  it('answers 400 with the error summary naming the fields, values kept', async () => {
    const r = await page(PUMP, { q: 'abc', q_unit: 'm3/h', h: '', h_unit: 'm' });
    expect(r.status).toBe(400);
    expect(r.html).toContain('Please correct the fields');
    expect(r.html).toContain('Flow rate: enter a number');
    expect(r.html).toContain('Head: required');
    expect(r.html).toContain('href="#f-q"');
    expect(r.html).toMatch(/value="abc"/);
    const ru = await page(PUMP, { q: '-3', h: '10' }, 'ru');
    expect(ru.html).toContain('Расход: значение должно быть больше нуля');
  });

  it('says why nothing fits', async () => {
    const r = await page(PUMP, { q: '60', q_unit: 'm3/h', h: '400', h_unit: 'm', h_static: '0' });
    expect(r.status).toBe(200);
    expect(r.html).toMatch(/Nothing suitable: /);
    expect(r.html).toMatch(/at 60 m³\/h the best reaches [\d.]+ m of the 400 m asked/);
  });
});

describe('station and control pages', () => {
  it('station: sets with staging table and the cabinet link', async () => {
    const r = await page('/e-commerce/design/new-calculation/station', {
      q: '60',
      q_unit: 'm3/h',
      h: '40',
      h_unit: 'm',
      h_static: '30',
      speed_control: 'on',
      count: '2',
      standby: '1',
    });
    expect(r.status).toBe(200);
    expect(r.html).toContain('Power P₁ by running pumps');
    expect(r.html).toMatch(/DN \d+/);
    expect(r.html).toMatch(/control\?pumps=[^"&]+&amp;duty=2&amp;standby=1&amp;method=vfd/);
    const bad = await page('/e-commerce/design/new-calculation/station', {
      q: '60',
      h: '40',
      count: '9',
    });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('Duty pumps: outside the allowed range');
  });

  it('control: carried-over pumps prefill the form; the post gives currents, breaker, cable, components and cabinets', async () => {
    const got = await page(
      '/e-commerce/design/new-calculation/control?pumps=NO-SUCH&method=vfd&duty=2&standby=1',
    );
    expect(got.html).toContain('name="pumps" value="NO-SUCH"');
    expect(got.html).toMatch(/<option value="vfd" selected/);
    const bad = await page('/e-commerce/design/new-calculation/control', {
      pumps: 'NO-SUCH',
      method: 'vfd',
    });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('Pumps: not in the catalogue');
    const r = await page('/e-commerce/design/new-calculation/control', {
      p2_kw: '11',
      duty: '2',
      standby: '1',
      method: 'soft_starter',
      voltage_v: '400',
      dry_run: '1',
    });
    expect(r.status).toBe(200);
    expect(r.html).toContain('Main breaker');
    expect(r.html).toContain('Soft starter');
    expect(r.html).toContain('Dry-run relay');
    expect(r.html).toMatch(/3×[\d.]+ mm²/);
    expect(r.html).toContain('Cabinets from the catalogue');
  });
});
