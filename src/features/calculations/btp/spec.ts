// The equipment specification of a substation in the columns of GOST 21.110 Form 1 (position, name
// and technical characteristic, type, code, supplier, unit, quantity, mass of one unit, note), one
// section per circuit, with the positions the scheme sheet labels. Catalogue items (pumps) carry
// their sku and price; exchangers their demo price and mass; the rest is priced by the manager.
import type { T } from '#lib/i18n/index.ts';
import type { BtpResult, CircuitId, CircuitOut } from './compose.ts';

export interface SpecRow {
  pos: string;
  /** What the scheme draws for it. */
  kind: 'exchanger' | 'pump' | 'valve' | 'vessel' | 'safety' | 'filter' | 'meter' | 'controller';
  name: string;
  type: string;
  code: string;
  supplier: string;
  unit: string;
  qty: number;
  mass: number | null;
  note: string;
  price_kop: number;
  /** A catalogue item (looked up by its sku when ordering). */
  catalogue: boolean;
}

export interface SpecSection {
  circuit: CircuitId;
  title: string;
  rows: SpecRow[];
}

export const GOST_COLUMNS = [
  'pos',
  'name',
  'type',
  'code',
  'supplier',
  'unit',
  'qty',
  'mass',
  'note',
] as const;

const n = (x: number, d = 2) => Number(x.toFixed(d));

function rowsOf(c: CircuitOut, section: number, t: T): SpecRow[] {
  const rows: SpecRow[] = [];
  const add = (r: Omit<SpecRow, 'pos'>) =>
    rows.push({ pos: `${section}.${rows.length + 1}`, ...r });
  const pcs = t('calcBtp.spec.pcs'),
    set = t('calcBtp.spec.set');
  if (c.meter) {
    add({
      kind: 'meter',
      name: t('calcBtp.spec.meter', {
        dn: c.meter.dn ?? '—',
        q: n(c.meter.q_m3h),
        v: n(c.meter.velocity),
      }),
      type: '',
      code: '',
      supplier: '',
      unit: set,
      qty: 1,
      mass: null,
      note: t('calcBtp.spec.meterNote'),
      price_kop: 0,
      catalogue: false,
    });
  }
  for (const e of c.exchangers) {
    const ch = e.chosen;
    add({
      kind: 'exchanger',
      name: t(e.stage ? 'calcBtp.spec.exchangerStage' : 'calcBtp.spec.exchanger', {
        stage: e.stage ?? '',
        q: n(e.q_kw, 1),
        pin: n(e.primary.t_in, 1),
        pout: n(e.primary.t_out, 1),
        sin: n(e.secondary.t_in, 1),
        sout: n(e.secondary.t_out, 1),
        plates: ch?.plates.value ?? '—',
        area: ch ? n(ch.area.value) : '—',
      }),
      type: ch?.model.name ?? '',
      code: ch?.model.id ?? '',
      supplier: ch
        ? t(ch.model.demo ? 'calcBtp.spec.demoSupplier' : 'calcBtp.spec.ownSupplier')
        : '',
      unit: pcs,
      qty: 1,
      mass: ch ? n(ch.mass.value, 1) : null,
      note: ch
        ? t('calcBtp.spec.exchangerNote', {
            margin: n(ch.margin.value, 1),
            dp1: n(ch.hot.dp.value, 1),
            dp2: n(ch.cold.dp.value, 1),
          })
        : t('calcBtp.warn.exchanger_none'),
      price_kop: ch ? Math.round(ch.price.value) : 0,
      catalogue: false,
    });
  }
  if (c.valve) {
    const v = c.valve;
    add({
      kind: 'valve',
      name: t('calcBtp.spec.valve', { kvs: v.kvs ?? '—', dn: v.dn ?? '—' }),
      type: '',
      code: '',
      supplier: '',
      unit: pcs,
      qty: 1,
      mass: null,
      note: t('calcBtp.spec.valveNote', {
        kv: n(v.kv),
        dp: n(v.dp_at_kvs_bar, 3),
        a: n(v.authority),
      }),
      price_kop: 0,
      catalogue: false,
    });
  }
  for (const p of c.pumps) {
    const ch = p.chosen;
    add({
      kind: 'pump',
      name: t(`calcBtp.spec.pump.${p.role}`, { q: n(p.q_m3h), h: n(p.h_m, 1) }),
      type: ch?.model ?? '',
      code: ch?.sku ?? '',
      supplier: ch?.manufacturer ?? '',
      unit: pcs,
      qty: p.duty_count + p.standby_count,
      mass: null,
      note: ch
        ? t('calcBtp.spec.pumpNote', { duty: p.duty_count, standby: p.standby_count })
        : t('calcBtp.warn.pump_none'),
      price_kop: ch?.price_kop ?? 0,
      catalogue: ch !== null,
    });
  }
  if (c.vessel) {
    add({
      kind: 'vessel',
      name: t('calcBtp.spec.vessel', {
        v: c.vessel.nominal_l ?? n(c.vessel.required_l, 0),
        p0: n(c.vessel.precharge_bar),
      }),
      type: '',
      code: '',
      supplier: '',
      unit: pcs,
      qty: 1,
      mass: null,
      note: t('calcBtp.spec.vesselNote', {
        req: n(c.vessel.required_l, 1),
        e: n(c.vessel.expansion_coefficient, 4),
      }),
      price_kop: 0,
      catalogue: false,
    });
  }
  if (c.safety)
    add({
      kind: 'safety',
      name: t('calcBtp.spec.safety', { dn: c.safety.dn, p: n(c.safety.set_bar, 1) }),
      type: '',
      code: '',
      supplier: '',
      unit: pcs,
      qty: 1,
      mass: null,
      note: '',
      price_kop: 0,
      catalogue: false,
    });
  for (const f of c.filters)
    add({
      kind: 'filter',
      name: t('calcBtp.spec.filter', { dn: f.dn ?? '—' }),
      type: '',
      code: '',
      supplier: '',
      unit: pcs,
      qty: 1,
      mass: null,
      note: t(`calcBtp.spec.filterPlace.${f.place}`),
      price_kop: 0,
      catalogue: false,
    });
  if (c.controller)
    add({
      kind: 'controller',
      name: t('calcBtp.spec.controller', { n: c.controller.circuits }),
      type: '',
      code: '',
      supplier: '',
      unit: set,
      qty: 1,
      mass: null,
      note: '',
      price_kop: 0,
      catalogue: false,
    });
  return rows;
}

export function specification(
  r: BtpResult,
  t: T,
): { sections: SpecSection[]; total_kop: number; unpriced: number } {
  const sections = r.circuits.map((c, i) => ({
    circuit: c.id,
    title: t(`calcBtp.circuit.${c.id}`),
    rows: rowsOf(c, i + 1, t),
  }));
  const rows = sections.flatMap((s) => s.rows);
  return {
    sections,
    total_kop: rows.reduce((s, x) => s + x.price_kop * x.qty, 0),
    unpriced: rows.filter((x) => x.price_kop === 0).length,
  };
}
