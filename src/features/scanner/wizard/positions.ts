// The positions of the scanner wizard's step 4, pure (no React, no DOM): the list as the island
// holds it, the user's choices and corrections, what survives a reload (keepPositions /
// restorePositions), the totals and the payload of scan.save. Re-exported by model.ts.
import { apiPaths } from '#lib/api-paths.ts';
import { MAX_COUNT, PRODUCT_LIMITS } from '#features/scanner/recognition/limits.ts';
import { MAPPING_FIELDS, type ColumnMapping } from '#features/scanner/recognition/types.ts';
import type { CatalogItem, ScanEntity } from '#features/scanner/scanner.schema.ts';

export type Entity = ScanEntity & {
  /** The item is the server's own match (scan.do named it), not one the user chose in the popup. */
  auto?: boolean;
  /** The quantity was typed by the user (the recognised cell was empty or unreadable, or corrected). */
  edited?: boolean;
  /** The values as recognised, kept from the first correction on (shown as read; the save takes the corrected ones). */
  orig?: Pick<ScanEntity, 'title' | 'marka' | 'unit' | 'count'>;
};

/** The texts of a position the review corrects (with the quantity, withCount). */
export const EDIT_FIELDS = ['title', 'marka', 'unit'] as const;
export type EditField = (typeof EDIT_FIELDS)[number];

/** A number as the matcher compares it: decimal comma as a point, no trailing zeros of a fraction, no leading zeros. */
function numberKey(raw: string): string {
  let n = raw.replace(',', '.');
  if (n.includes('.')) n = n.replace(/0+$/, '').replace(/\.$/, '');
  return n.replace(/^0+(?=\d)/, '');
}

/**
 * Splits a text into pieces, marking the numbers listed in `differs` (as scan.candidates names them),
 * so the popup can highlight what tells two close items apart (DFC-55 / DFC-5.5).
 */
export function markNumbers(
  text: string,
  differs: readonly string[] | undefined,
): Array<{ text: string; mark: boolean }> {
  if (!differs?.length) return [{ text, mark: false }];
  const out: Array<{ text: string; mark: boolean }> = [];
  let at = 0;
  for (const m of text.matchAll(/\d+(?:[.,]\d+)?/g)) {
    if (!differs.includes(numberKey(m[0]))) continue;
    if (m.index > at) out.push({ text: text.slice(at, m.index), mark: false });
    out.push({ text: m[0], mark: true });
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push({ text: text.slice(at), mark: false });
  return out;
}

/** Text the matching popup searches with first: the row's name and marking. */
export function rowQuery(e: Pick<Entity, 'title' | 'marka'>): string {
  return [e.title, e.marka]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' ')
    .slice(0, 200);
}

/** Replaces the entity with this index by the chosen catalogue item (spec: the choice replaces the item by pos). */
export function withChoice(list: Entity[], index: number, item: CatalogItem | null): Entity[] {
  return list.map((e) =>
    e.index === index ? { ...e, cid: item?.cid ?? 0, catalog: item, auto: false } : e,
  );
}

/** The pages and columns a list of positions was built with (scan.do's pages and mapping). */
export interface KeptBasis {
  mapping: ColumnMapping;
  pages: readonly number[];
}

/** What the person did at the positions step, kept in sessionStorage so that a reload there loses none of it. */
export interface PositionsKept {
  /** The mapping and pages the list was built with: kept work applies to a list built the same way only. */
  mapping: ColumnMapping;
  pages: number[];
  /** Every row's fingerprint as recognised (rowKey), by index: a row's work comes back only onto the same row. */
  keys: Record<number, string>;
  ticked: number[];
  confirmed: Record<number, number>;
  /** The rows changed by hand: a choice in the popup (or a match removed), typed quantities and corrected texts. */
  rows: Array<
    Pick<Entity, 'index' | 'cid' | 'catalog' | 'count' | 'edited' | 'orig'> &
      Partial<Pick<Entity, EditField>>
  >;
}

/** A short hash of a text (FNV-1a, 32 bits, hex): fingerprints stay small in sessionStorage. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/**
 * The fingerprint of a row as recognised: its position number, name, type/mark and quantity as read
 * (the recognised values kept in orig once corrected, never the corrections).
 */
export function rowKey(e: Pick<Entity, 'pos' | 'title' | 'marka' | 'count' | 'orig'>): string {
  const read = e.orig ?? e;
  return hash(JSON.stringify([e.pos, read.title, read.marka, read.count]));
}

const basisKey = (b: { mapping: ColumnMapping; pages: readonly number[] }): string =>
  JSON.stringify([
    MAPPING_FIELDS.map((f) => Number(b.mapping[f])),
    [...new Set(b.pages.map(Number))].sort((x, y) => x - y),
  ]);

export function keepPositions(
  list: Entity[],
  ticked: ReadonlySet<number>,
  confirmed: Record<number, number>,
  basis: KeptBasis,
): PositionsKept {
  const chosen = new Set(Object.keys(confirmed).map(Number));
  const rows = list
    .filter((e) => e.edited || e.orig || chosen.has(e.index))
    .map(({ index, cid, catalog, count, edited, orig, title, marka, unit }) => ({
      index,
      cid,
      catalog,
      count,
      edited,
      ...(orig ? { orig, title, marka, unit } : {}),
    }));
  const keys = Object.fromEntries(list.map((e) => [e.index, rowKey(e)]));
  return {
    mapping: { ...basis.mapping },
    pages: [...basis.pages],
    keys,
    ticked: [...ticked],
    confirmed,
    rows,
  };
}

/** A kept text: a string within the field's limit, else the row's own. */
const keptText = (value: unknown, field: EditField, own: string): string =>
  typeof value === 'string' ? value.slice(0, PRODUCT_LIMITS[field]) : own;

/** Kept recognised values of the shape orig has, else null. */
function keptOrig(value: unknown): Entity['orig'] | null {
  if (!value || typeof value !== 'object') return null;
  const o = value as Record<string, unknown>;
  const texts = EDIT_FIELDS.every((f) => typeof o[f] === 'string');
  const count = o.count === null || (typeof o.count === 'number' && Number.isFinite(o.count));
  return texts && count
    ? {
        title: o.title as string,
        marka: o.marka as string,
        unit: o.unit as string,
        count: o.count as number | null,
      }
    : null;
}

/**
 * The rows of a scan.do run again on reload, with what the person had done to them. Nothing comes
 * back when the list was built with other pages or columns (another tab, an older kept format); of
 * the rest, a row's choice, corrections and tick come back only onto a row recognised the same
 * (same fingerprint at the same index); any other row is as recognised now (ticked, unchosen).
 */
export function restorePositions(
  list: Entity[],
  kept: PositionsKept,
  basis: KeptBasis,
): { entities: Entity[]; ticked: Set<number>; confirmed: Record<number, number> } {
  const fresh = {
    entities: list,
    ticked: new Set(list.map((e) => e.index)),
    confirmed: {} as Record<number, number>,
  };
  const k = kept as Partial<PositionsKept> | null;
  if (
    !k ||
    typeof k !== 'object' ||
    !k.mapping ||
    typeof k.mapping !== 'object' ||
    !Array.isArray(k.pages) ||
    !k.keys ||
    typeof k.keys !== 'object'
  )
    return fresh;
  if (
    !Array.isArray(k.ticked) ||
    !Array.isArray(k.rows) ||
    !k.confirmed ||
    typeof k.confirmed !== 'object'
  )
    return fresh;
  if (basisKey({ mapping: k.mapping, pages: k.pages }) !== basisKey(basis)) return fresh;
  const keys = k.keys;
  const same = new Set(list.filter((e) => keys[e.index] === rowKey(e)).map((e) => e.index));
  const byIndex = new Map(
    k.rows.filter((r) => r && typeof r === 'object' && same.has(r.index)).map((r) => [r.index, r]),
  );
  const entities = list.map((e) => {
    const r = byIndex.get(e.index);
    if (!r) return e;
    const out: Entity = {
      ...e,
      cid: Number.isInteger(r.cid) && r.cid >= 0 ? r.cid : 0,
      catalog: r.catalog ?? null,
      count: typeof r.count === 'number' && Number.isFinite(r.count) ? r.count : null,
      auto: false,
    };
    if (r.edited) out.edited = true;
    else delete out.edited;
    // Corrections apply to the same row as recognised; the recognised values stay those kept.
    if (r.orig) {
      out.orig = keptOrig(r.orig) ?? {
        title: e.title,
        marka: e.marka,
        unit: e.unit,
        count: e.count,
      };
      for (const f of EDIT_FIELDS) out[f] = keptText(r[f], f, e[f]);
    }
    return out;
  });
  const keptTicks = new Set(k.ticked);
  const ticked = new Set(
    list.filter((e) => (same.has(e.index) ? keptTicks.has(e.index) : true)).map((e) => e.index),
  );
  const confirmed = Object.fromEntries(
    Object.entries(k.confirmed).filter(([i, cid]) => same.has(Number(i)) && Number.isInteger(cid)),
  ) as Record<number, number>;
  return { entities, ticked, confirmed };
}

/** The rows of scan.do as the list keeps them: a row the server matched by itself is marked as such. */
export function fromScan(list: ScanEntity[]): Entity[] {
  return list.map((e) => ({
    ...e,
    catalog: e.catalog ?? null,
    auto: e.cid > 0 && Boolean(e.catalog),
  }));
}

/** Sets a typed quantity on the entity with this index (kept editable while the user types). */
export function withCount(list: Entity[], index: number, count: number | null): Entity[] {
  return list.map((e) =>
    e.index === index ? { ...e, count, edited: true, orig: e.orig ?? recognised(e) } : e,
  );
}

const recognised = (e: Entity): NonNullable<Entity['orig']> => ({
  title: e.title,
  marka: e.marka,
  unit: e.unit,
  count: e.count,
});

/** Sets a corrected name, type/mark or unit on the entity with this index (the recognised values are kept in orig). */
export function withEdit(list: Entity[], index: number, field: EditField, value: string): Entity[] {
  return list.map((e) =>
    e.index === index
      ? { ...e, [field]: value.slice(0, PRODUCT_LIMITS[field]), orig: e.orig ?? recognised(e) }
      : e,
  );
}

/** Whether a position differs from what was recognised (a correction the save will carry). */
export function isCorrected(e: Entity): boolean {
  return !!e.orig && (EDIT_FIELDS.some((f) => e[f] !== e.orig![f]) || e.count !== e.orig.count);
}

/** Back to the values as recognised (the catalogue choice stays). */
export function withoutEdits(list: Entity[], index: number): Entity[] {
  return list.map((e) => {
    if (e.index !== index || !e.orig) return e;
    const { orig, edited: _edited, ...rest } = e;
    return { ...rest, ...orig };
  });
}

/**
 * What stops a position from being saved, by field (i18n keys under scanner.wizard.positions.*), as
 * scan.save checks it: a name, texts within their limits, a quantity above 0 and at most MAX_COUNT.
 */
export function positionProblems(
  e: Pick<Entity, EditField | 'count'>,
): Partial<Record<EditField | 'count', string>> {
  const out: Partial<Record<EditField | 'count', string>> = {};
  if (!e.title.trim()) out.title = 'titleRequired';
  for (const f of EDIT_FIELDS) if (e[f].trim().length > PRODUCT_LIMITS[f]) out[f] = 'tooLong';
  if (e.count === null || !Number.isFinite(e.count) || e.count <= 0) out.count = 'countPositive';
  else if (e.count > MAX_COUNT) out.count = 'countMax';
  return out;
}

/** The catalogue price of a matched position per unit, in kopecks (the server's, as the order gets it); null when not matched. */
export function priceKop(e: Pick<Entity, 'cid' | 'catalog'>): number | null {
  if (!(e.cid > 0) || !e.catalog || e.catalog.cid !== e.cid) return null;
  const kop = e.catalog.price_kop ?? Math.round(e.catalog.price * 100);
  return Number.isFinite(kop) && kop >= 0 ? kop : null;
}

/** A line's sum in kopecks as the order counts it (orders' lineSum: quantity × price, rounded); 0 unmatched. */
export function lineKop(e: Pick<Entity, 'cid' | 'catalog' | 'count'>): number {
  const price = priceKop(e);
  return price === null || e.count === null || !Number.isFinite(e.count) || e.count <= 0
    ? 0
    : Math.round(e.count * price);
}

/** The order total of the ticked positions in kopecks, and how many of them are matched (priced) and not (price 0). */
export function orderTotal(
  list: Entity[],
  ticked: ReadonlySet<number>,
): { kop: number; matched: number; unmatched: number } {
  let kop = 0;
  let matched = 0;
  let unmatched = 0;
  for (const e of list) {
    if (!ticked.has(e.index)) continue;
    if (priceKop(e) === null) unmatched++;
    else {
      matched++;
      kop += lineKop(e);
    }
  }
  return { kop, matched, unmatched };
}

/** The source crop of a position (a band of its page), or null when its place on the page is not known. */
export function cropUrl(uniqid: string, e: Pick<Entity, 'page' | 'box'>): string | null {
  if (!e.box || !(e.box.bottom > e.box.top)) return null;
  return apiPaths.app('scan.crop', {
    uniqid,
    page: e.page,
    top: Math.floor(e.box.top),
    bottom: Math.ceil(e.box.bottom),
  });
}

/** The form fields of scan.save for the ticked positions. */
export function saveFields(p: {
  uniqid: string;
  order: number;
  mapping: ColumnMapping;
  entities: Entity[];
  ticked: ReadonlySet<number>;
  confirmed: Record<number, number>;
}): Array<[string, string]> {
  const fields: Array<[string, string]> = [
    ['uniqid', p.uniqid],
    ['module', 'orders'],
    ['pid', String(p.order)],
  ];
  for (const f of MAPPING_FIELDS) fields.push([f, String(p.mapping[f])]);
  const chosen = p.entities.filter((e) => p.ticked.has(e.index));
  for (const e of chosen) {
    const { index, pos, title, marka, sku, man, unit, count, cid } = e;
    fields.push([
      'products[]',
      JSON.stringify({ index, pos, title, marka, sku, man, unit, count, cid }),
    ]);
  }
  const newCid = Object.fromEntries(
    chosen
      .filter((e) => p.confirmed[e.index] !== undefined && e.cid === p.confirmed[e.index])
      .map((e) => [String(e.index), e.cid]),
  );
  fields.push(['newCid', JSON.stringify(newCid)]);
  return fields;
}

/** Groups positions under their section headings, in document order. */
export function bySection(list: Entity[]): Array<{ section: string; rows: Entity[] }> {
  const out: Array<{ section: string; rows: Entity[] }> = [];
  for (const e of list) {
    const last = out.at(-1);
    if (last && last.section === e.section) last.rows.push(e);
    else out.push({ section: e.section, rows: [e] });
  }
  return out;
}
