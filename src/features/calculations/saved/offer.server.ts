// The printable commercial offer of a saved calculation and the datasheet of one chosen item. Both
// are read-only views of the stored snapshot (prices as saved), scoped to the owner: another user's
// or an unknown id is null (the page answers 404).
import { getObject } from '#features/objects/objects.server.ts';
import type { ObjectItem } from '#features/objects/objects.schema.ts';
import { getOrganisation } from '#features/organisations/organisations.server.ts';
import type { OrganisationItem } from '#features/organisations/organisations.schema.ts';
import { config } from '#lib/config.ts';
import { db } from '#lib/db/index.ts';
import type { User } from '#lib/db/schema.ts';
import { routeId } from '#lib/http/respond.ts';
import type { T } from '#lib/i18n/index.ts';
import { calcKind } from './kinds/index.server.ts';
import type { Datasheet } from './kinds.server.ts';
import { getCalculation, type CalculationDetails, type ChosenItem } from './saved.server.ts';
import { paths, withQuery } from '#lib/paths.ts';

/** VAT included in catalogue prices: 22 % (Russian Tax Code art. 164 p. 3 as of 1 January 2026). */
export const VAT_PERCENT = 22;
/** How long an offer's prices hold, from the day the calculation was saved. */
export const OFFER_VALID_DAYS = 30;

export interface OfferLine extends ChosenItem {
  n: number;
  sum_kop: number;
}

export interface Offer {
  c: CalculationDetails;
  supplier: { name: string | null; details: string };
  organisation: OrganisationItem | null;
  object: ObjectItem | null;
  contact: { name: string; post: string | null; email: string; phone: string | null };
  lines: OfferLine[];
  total_kop: number;
  vat_kop: number;
  valid_until: string;
}

const idOf = routeId;

/** What a commercial offer must say about the supplier: the name, the INN, an address and contacts. */
export const SUPPLIER_PARTS = ['name', 'inn', 'address', 'contacts'] as const;
export type SupplierPart = (typeof SUPPLIER_PARTS)[number];

// The Russian abbreviations (INN, KPP, OGRN in Cyrillic) are written as escapes: no Cyrillic in code.
const INN = /(?:\u0418\u041d\u041d|INN)\s*:?\s*(?:\d{10}|\d{12})(?!\d)/i;
const PHONE = /(?<![\d+])\+?\d[\d\s()-]{8,18}\d(?!\d)/;
const EMAIL = /[^\s@;,]+@[^\s@;,]+\.[^\s@;,]+/;

/**
 * The parts missing from the supplier's configuration (SUPPLIER_NAME; SUPPLIER_DETAILS as one text:
 * address, INN/KPP, phone or e-mail, separated by ';'). The address is a part of the text that is
 * neither the INN/KPP nor a contact and carries a letter and a number (street and house, or index).
 */
export function missingSupplierParts(
  s: { name?: string; details?: string } | undefined,
): SupplierPart[] {
  const name = s?.name?.trim() ?? '';
  const details = s?.details?.trim() ?? '';
  const parts = details
    .split(';')
    .map((x) => x.trim())
    .filter(Boolean);
  const isContact = (x: string) => PHONE.test(x) || EMAIL.test(x);
  const isTax = (x: string) =>
    INN.test(x) ||
    /^(?:\u041a\u041f\u041f|KPP|\u041e\u0413\u0420\u041d|OGRN)(?![\p{L}\d])/iu.test(x);
  const has: Record<SupplierPart, boolean> = {
    name: name.length > 0,
    inn: INN.test(details),
    address: parts.some((x) => !isTax(x) && !isContact(x) && /\p{L}{2}/u.test(x) && /\d/.test(x)),
    contacts: parts.some((x) => !isTax(x) && isContact(x)),
  };
  return SUPPLIER_PARTS.filter((p) => !has[p]);
}

/** Refused in production: an offer is a document the customer signs against; without the supplier's details it is not one. */
export class OfferRefused extends Error {
  readonly missing: SupplierPart[];
  constructor(missing: SupplierPart[]) {
    super(`offer refused: supplier ${missing.join(', ')} not configured`);
    this.name = 'OfferRefused';
    this.missing = missing;
  }
}

/** The sender address of MAIL_FROM ('Name <a@b>' or 'a@b'). */
const mailAddress = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from;

/** The offer of the user's calculation; null for another user's or an unknown one. Throws OfferRefused in production without the supplier's details. */
export async function offerFor(user: User, id: string | undefined): Promise<Offer | null> {
  const n = idOf(id);
  const c = n === null ? null : await getCalculation(user.id, n);
  if (!c) return null;
  const [organisation, object] = await Promise.all([
    c.organisation_id === null ? null : getOrganisation(user.id, c.organisation_id),
    c.object_id === null ? null : getObject(user.id, c.object_id),
  ]);
  const lines = c.chosen.map((i, k) => ({ ...i, n: k + 1, sum_kop: i.price_kop * i.quantity }));
  const total = lines.reduce((s, l) => s + l.sum_kop, 0);
  const cfg = config();
  const missing = missingSupplierParts(cfg.supplier);
  if (cfg.production && missing.length) throw new OfferRefused(missing);
  const valid = new Date(Date.parse(c.created_at) + OFFER_VALID_DAYS * 86_400_000);
  return {
    c,
    supplier: {
      name: cfg.supplier?.name ?? null,
      details: cfg.supplier?.details ?? mailAddress(cfg.mailFrom),
    },
    organisation,
    object,
    contact: {
      name: [user.name, user.surname].filter(Boolean).join(' '),
      post: user.post,
      email: user.email,
      phone: user.phone,
    },
    lines,
    total_kop: total,
    vat_kop: Math.round((total * VAT_PERCENT) / (100 + VAT_PERCENT)),
    valid_until: Number.isFinite(valid.getTime()) ? valid.toISOString() : c.created_at,
  };
}

/**
 * The datasheet of a chosen item: `cid` is its catalogue id; `line` (the item's index in the offer,
 * from 1) picks among items of the same id. Null when the calculation or the item is not the user's.
 */
export async function datasheetFor(
  user: User,
  id: string | undefined,
  cid: string | undefined,
  line: string | null,
  t: T,
  locale: string,
): Promise<{ c: CalculationDetails; item: ChosenItem; sheet: Datasheet } | null> {
  const n = idOf(id);
  const itemId = idOf(cid);
  const c = n === null || itemId === null ? null : await getCalculation(user.id, n);
  if (!c) return null;
  const k = idOf(line ?? undefined);
  const index =
    k !== null && c.chosen[k - 1]?.cid === itemId
      ? k - 1
      : c.chosen.findIndex((i) => i.cid === itemId);
  const item = c.chosen[index];
  const kind = calcKind(c.kind);
  if (!item || !kind) return null;
  const sheet = await kind.datasheet(c, item, { db: db(), t, locale, line: index });
  return sheet ? { c, item, sheet } : null;
}

/** Link to an item's datasheet; the line is added only where its id repeats in the offer. */
export function datasheetUrl(c: Pick<CalculationDetails, 'id' | 'chosen'>, index: number): string {
  const item = c.chosen[index]!;
  const repeated = c.chosen.filter((i) => i.cid === item.cid).length > 1;
  return withQuery(paths.design.calculations.datasheet(c.id, item.cid), {
    line: repeated ? index + 1 : undefined,
  });
}
