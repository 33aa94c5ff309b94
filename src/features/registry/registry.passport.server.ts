// The public passport behind a product's QR label (issue 25, decision 0046): an unguessable token per
// product (base64url of 18 random bytes, never the id or the serial) opens a read-only page without
// sign-in: title, serial, production and shipment days, warranty status and the public documents
// (manual, certificate, passport). Nothing of the owner is read here: no organisation, object, order,
// calculation, price or reader. A stranger's contact request is stored for the back office, which
// pulls it through the integration API. An unknown, malformed or revoked token finds nothing.
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import type { Kysely } from 'kysely';
import { config, localOrigin } from '#lib/config.ts';
import { localDay } from '#lib/dates.ts';
import { db as defaultDb, now } from '#lib/db/index.ts';
import type { DB } from '#lib/db/schema.ts';
import { HttpError } from '#lib/http/api.ts';
import type { T } from '#lib/i18n/index.ts';
import { hit, type Rule } from '#lib/rate-limit.server.ts';
import { isId, parseWith } from '#lib/validation.ts';
import { paths } from '#lib/paths.ts';
import {
  CONTACT_MAX,
  CONTACT_NAME_MAX,
  CONTACT_TEXT_MAX,
  PASSPORT_TOKEN,
  PUBLIC_DOCUMENT_KINDS,
  ContactSchema,
  type ContactInput,
  type DocumentKind,
} from './registry.schema.ts';
import { warrantyOf, type Warranty } from './registry.warranty.server.ts';

const MINUTE = 60_000;

/**
 * Per client address: a fitter scanning every unit of a plant room opens tens of passports; a script
 * walking tokens or downloading in a loop meets 429 long before it learns anything.
 */
export const PASSPORT_LIMITS = {
  view: { name: 'passport-view:ip', limit: 120, windowMs: 10 * MINUTE },
  contact: { name: 'passport-contact:ip', limit: 10, windowMs: 60 * MINUTE },
} satisfies Record<string, Rule>;

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail as the last two), or null. */
function ipv6Groups(ip: string): number[] | null {
  let s = ip;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(s);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    s = `${s.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = s.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const fill = tail === undefined ? 0 : 8 - h.length - t.length;
  const all = [...h, ...Array<string>(Math.max(0, fill)).fill('0'), ...t].map((g) =>
    parseInt(g, 16),
  );
  return all.length === 8 && all.every((g) => g >= 0 && g <= 0xffff) ? all : null;
}

/**
 * The rate limit's key of a client address: an IPv4 address itself (also written IPv4-mapped), an
 * IPv6 address its /64 prefix, since one client commonly holds the whole /64.
 */
export function rateKey(address: string): string {
  const ip = address.replace(/%.*$/, '').toLowerCase();
  if (isIP(ip) !== 6) return address;
  const g = ipv6Groups(ip);
  if (!g) return address;
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff)
    return [g[6]! >> 8, g[6]! & 255, g[7]! >> 8, g[7]! & 255].join('.');
  return `${g
    .slice(0, 4)
    .map((x) => x.toString(16))
    .join(':')}::/64`;
}

/**
 * The client's rate-limit key (rateKey) from the address the server saw (forwarded headers only
 * behind a trusted proxy).
 */
export function clientIp(ctx: { clientAddress: string }): string {
  try {
    return ctx.clientAddress ? rateKey(ctx.clientAddress) : 'unknown';
  } catch {
    // No socket address (a synthetic request): every such request shares one bucket.
    return 'unknown';
  }
}

/** Counts one hit of the client address; past the rule's limit the request answers 429. */
export async function limitPassport(
  rule: Rule,
  ip: string,
  t: T,
  handle: Kysely<DB> = defaultDb(),
): Promise<void> {
  const verdict = await hit(rule, ip, handle);
  if (verdict.allowed) return;
  const minutes = Math.max(1, Math.ceil(verdict.retryAfter / 60));
  throw new HttpError(429, t('registry.passport.tooMany', { minutes }), {
    retry_after: verdict.retryAfter,
  });
}

const newToken = (): string => randomBytes(18).toString('base64url');

export interface Passport {
  token: string;
  url: string;
  created_at: string;
}

/** The absolute address of a passport (PUBLIC_URL, else this process's origin: decision 0014). */
export const passportAddress = (token: string): string =>
  `${config().publicUrl ?? localOrigin() ?? ''}${paths.passport.one(token)}`;

const passportOf = (row: { token: string; created_at: string }): Passport => ({
  token: row.token,
  url: passportAddress(row.token),
  created_at: row.created_at,
});

/** The product's passport, made on first use (concurrent first uses agree on one token). */
export async function passportFor(
  productId: number,
  handle: Kysely<DB> = defaultDb(),
): Promise<Passport> {
  await handle
    .insertInto('product_passports')
    .values({ product_id: productId, token: newToken(), created_at: now() })
    .onConflict((oc) => oc.column('product_id').doNothing())
    .execute();
  const row = await handle
    .selectFrom('product_passports')
    .select(['token', 'created_at'])
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  return passportOf(row);
}

/**
 * Revokes the product's passport and issues a new one in one statement: the old address (and every
 * label printed with it) answers 404 from now on.
 */
export async function renewPassport(
  productId: number,
  handle: Kysely<DB> = defaultDb(),
): Promise<Passport> {
  const row = { token: newToken(), created_at: now() };
  await handle
    .insertInto('product_passports')
    .values({ product_id: productId, ...row })
    .onConflict((oc) => oc.column('product_id').doUpdateSet(row))
    .execute();
  return passportOf(row);
}

/** The product a token opens, or null (malformed, unknown or revoked alike). */
export async function productOfToken(
  token: string,
  handle: Kysely<DB> = defaultDb(),
): Promise<number | null> {
  if (!PASSPORT_TOKEN.test(token)) return null;
  const row = await handle
    .selectFrom('product_passports')
    .select('product_id')
    .where('token', '=', token)
    .executeTakeFirst();
  return row?.product_id ?? null;
}

export interface PublicDocument {
  id: number;
  kind: DocumentKind;
  name: string;
  url: string;
}

/** What a stranger sees: nothing that names the owner, the site, the order or its money. */
export interface PublicPassport {
  product_id: number;
  token: string;
  title: string;
  serial: string;
  sku: string | null;
  /** The day the unit was registered in production (YYYY-MM-DD). */
  produced: string;
  /** Shipment days, earliest first (YYYY-MM-DD). */
  shipped: string[];
  warranty: Warranty;
  documents: PublicDocument[];
}

const DOCUMENTS_LIMIT = 100;
const SHIPMENTS_LIMIT = 50;

export async function publicPassport(
  token: string,
  handle: Kysely<DB> = defaultDb(),
): Promise<PublicPassport | null> {
  const productId = await productOfToken(token, handle);
  if (!productId) return null;
  const p = await handle
    .selectFrom('products')
    .select([
      'id',
      'title',
      'serial',
      'sku',
      'created_at',
      'warranty_until',
      'warranty_start',
      'warranty_months',
      'warranty_basis',
    ])
    .where('id', '=', productId)
    .executeTakeFirst();
  if (!p) return null;
  const [shipments, documents] = await Promise.all([
    handle
      .selectFrom('product_shipments')
      .select('date')
      .where('product_id', '=', p.id)
      .orderBy('date')
      .orderBy('id')
      .limit(SHIPMENTS_LIMIT)
      .execute(),
    handle
      .selectFrom('product_documents')
      .select(['id', 'kind', 'name'])
      .where('product_id', '=', p.id)
      .where('kind', 'in', PUBLIC_DOCUMENT_KINDS)
      .orderBy('id')
      .limit(DOCUMENTS_LIMIT)
      .execute(),
  ]);
  return {
    product_id: p.id,
    token,
    title: p.title,
    serial: p.serial,
    sku: p.sku,
    // The supplier's calendar day, as every day of the registry.
    produced: localDay(new Date(p.created_at), config().timeZone),
    shipped: [...new Set(shipments.map((s) => s.date))],
    warranty: warrantyOf(p),
    documents: documents.map((d) => ({
      id: d.id,
      kind: d.kind,
      name: d.name,
      url: paths.passport.document(token, d.id),
    })),
  };
}

/**
 * The download name of a public document: its public name (never the uploaded file's own, which may
 * tell of the supplier's folders or people), with the stored file's extension when it has none.
 */
export function publicFileName(name: string, stored: string): string {
  if (/\.[a-z0-9]{1,8}$/i.test(name)) return name;
  const ext = /\.[a-z0-9]{1,8}$/i.exec(stored)?.[0] ?? '';
  return `${name}${ext}`;
}

/**
 * The stored file of a public document of the token's product, or null: a document of another
 * product, of a kind the passport does not show, or an id out of range finds nothing.
 */
export async function publicDocument(
  token: string,
  documentId: number | null,
  handle: Kysely<DB> = defaultDb(),
): Promise<{ file_id: string; name: string } | null> {
  if (!documentId || !isId(documentId)) return null;
  const productId = await productOfToken(token, handle);
  if (!productId) return null;
  const row = await handle
    .selectFrom('product_documents')
    .select(['file_id', 'name'])
    .where('id', '=', documentId)
    .where('product_id', '=', productId)
    .where('kind', 'in', PUBLIC_DOCUMENT_KINDS)
    .executeTakeFirst();
  return row ?? null;
}

/** Stores a stranger's contact request about the product; answers its id. */
export async function saveContact(
  productId: number,
  input: ContactInput,
  locale: string,
  handle: Kysely<DB> = defaultDb(),
): Promise<number> {
  const row = await handle
    .insertInto('product_contacts')
    .values({
      product_id: productId,
      name: input.name,
      contact: input.contact,
      message: input.message,
      locale,
      created_at: now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface ContactRow {
  id: number;
  product_id: number;
  serial: string;
  title: string;
  name: string;
  contact: string;
  message: string;
  locale: string;
  created_at: string;
}

export const CONTACTS_PULL_LIMIT = 100;

/** Contact requests in id order after `afterId` (key paging), optionally of one product. */
export async function listContacts(
  afterId: number,
  limit: number,
  productId: number | null = null,
  handle: Kysely<DB> = defaultDb(),
): Promise<{ data: ContactRow[]; next_after_id: number | null }> {
  let q = handle
    .selectFrom('product_contacts as c')
    .innerJoin('products as p', 'p.id', 'c.product_id')
    .select([
      'c.id',
      'c.product_id',
      'p.serial',
      'p.title',
      'c.name',
      'c.contact',
      'c.message',
      'c.locale',
      'c.created_at',
    ])
    .where('c.id', '>', afterId)
    .orderBy('c.id')
    .limit(limit);
  if (productId) q = q.where('c.product_id', '=', productId);
  const data = await q.execute();
  return { data, next_after_id: data.length === limit ? data.at(-1)!.id : null };
}

export type ContactOutcome =
  | { ok: true; id: number }
  | {
      ok: false;
      message: string;
      errors: Record<string, string>;
      values: { name: string; contact: string; message: string };
    };

/** Checks a contact form's values (ContactSchema) and stores the request, or answers the refusal. */
export async function submitContact(
  productId: number,
  values: Record<string, unknown>,
  locale: string,
  t: T,
  handle: Kysely<DB> = defaultDb(),
): Promise<ContactOutcome> {
  const parsed = parseWith(ContactSchema, values);
  if (parsed.ok)
    return { ok: true, id: await saveContact(productId, parsed.value, locale, handle) };
  const field = (k: string, max: number) =>
    typeof values[k] === 'string' ? (values[k] as string).slice(0, max) : '';
  return {
    ok: false,
    message: t('registry.passport.contactRefused'),
    errors: Object.fromEntries(Object.entries(parsed.errors).map(([k, m]) => [k, t(m)])),
    values: {
      name: field('name', CONTACT_NAME_MAX),
      contact: field('contact', CONTACT_MAX),
      message: field('message', CONTACT_TEXT_MAX),
    },
  };
}
