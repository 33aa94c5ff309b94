// A saved calculation as an .xlsx workbook (exceljs): the offer (chosen items, prices, total), the
// result list with its figures, and the inputs. Numbers stay numbers so the engineer can compute on.
import ExcelJS from 'exceljs';
import type { T } from '#lib/i18n/index.ts';
import type { Component } from '#features/calculations/engine/index.ts';
import type { PumpEntityView, StationEntityView } from '../select.server.ts';
import type { CalculationDetails } from './saved.server.ts';

const r3 = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? Math.round(x * 1000) / 1000 : null);

function resultRows(c: CalculationDetails, t: T): { head: string[]; rows: unknown[][] } {
  const es = c.result?.entities ?? [];
  if (c.kind === 'pump')
    return {
      head: [t('calcPumps.page.sku'), t('calcPumps.saved.item'), 'Q, m3/h', 'H, m', 'η', 'P1, kW', 'P2, kW', 'NPSHr, m', 'n/n0', 'Q/Q_BEP', `${t('calcPumps.page.annualKwh')}, kWh`, `${t('calcPumps.page.lcc')}, ₽`, `${t('calcPumps.page.priceItem')}, ₽`],
      rows: (es as PumpEntityView[]).map((e) => [e.sku, e.title, r3(e.duty.q_m3h), r3(e.duty.h_m), r3(e.duty.eta), r3(e.duty.p1_kw), r3(e.duty.p2_kw), r3(e.duty.npshr_m), r3(e.duty.speed_ratio), r3(e.bep_ratio), r3(e.annual_kwh), e.lcc_kop / 100, e.price_kop / 100]),
    };
  if (c.kind === 'station')
    return {
      head: [t('calcPumps.page.sku'), t('calcPumps.saved.item'), t('calcPumps.fields.count'), t('calcPumps.fields.standby'), `${t('calcPumps.page.perPump')}, m3/h`, 'P1, kW', `${t('calcPumps.page.annualKwh')}, kWh`, 'DN', t('calcPumps.page.cabinet'), `${t('calcPumps.page.priceItem')}, ₽`],
      rows: (es as StationEntityView[]).map((e) => [e.sku, e.title, e.duty_count, e.standby_count, r3(e.station.per_pump_q_m3h), r3(e.station.duty_p1_kw), r3(e.station.annual_kwh), e.station.manifold?.dn ?? null, e.cabinet?.sku ?? '', e.price]),
    };
  const el = c.result?.electrics as { components?: Component[] } | undefined;
  return {
    head: [t('calcPumps.page.component'), t('calcPumps.page.count'), 'A', 'kW'],
    rows: ((el?.components ?? []) as Component[]).map((x) => [t(`calcPumps.component.${x.kind}`), x.count, x.rating_a, x.rating_kw]),
  };
}

export async function calculationXlsx(c: CalculationDetails, t: T): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = (name: string, head: string[], rows: unknown[][]) => {
    const ws = book.addWorksheet(name.slice(0, 31));
    ws.addRow([`${c.request}: ${c.title}`]).font = { bold: true };
    ws.addRow(head).font = { bold: true };
    for (const row of rows) ws.addRow(row);
    ws.columns.forEach((col) => (col.width = 18));
    return ws;
  };
  const offer = sheet(t('calcPumps.saved.offer'), [t('calcPumps.page.sku'), t('calcPumps.saved.item'), t('calcPumps.page.count'), `${t('calcPumps.page.priceItem')}, ₽`, `${t('calcPumps.saved.sum')}, ₽`],
    c.chosen.map((i) => [i.sku, i.title, i.quantity, i.price_kop / 100, (i.price_kop * i.quantity) / 100]));
  offer.addRow(['', t('calcPumps.saved.total'), '', '', c.total_kop / 100]).font = { bold: true };
  const r = resultRows(c, t);
  sheet(t('calcPumps.page.results'), r.head, r.rows);
  sheet(t('calcPumps.page.inputs'), ['', ''], Object.entries(c.inputs));
  return Buffer.from(await book.xlsx.writeBuffer());
}
