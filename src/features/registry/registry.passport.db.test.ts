// The public passport's server module against a migrated database (both engines): a token made once
// and agreed on, revoked by a new one, looked up only in its shape; the public documents only; the
// contact form's refusals and storage, read back by key paging; the per-address limit. The back
// office's calls (registry.integration.server.ts) run on the process-wide database, which this file
// points at its test database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDatabase } from '../../../tests/helpers/db.ts';
import { HttpError } from '#lib/http/api.ts';
import { translator } from '#lib/i18n/index.ts';
import { contactsCall, passportCall, renewPassportCall } from './registry.integration.server.ts';
import { labelAddress } from './registry.label.server.ts';
import {
  clientIp,
  limitPassport,
  listContacts,
  passportFor,
  productOfToken,
  publicDocument,
  publicFileName,
  rateKey,
  publicPassport,
  renewPassport,
  submitContact,
} from './registry.passport.server.ts';
import { isContact, PASSPORT_TOKEN } from './registry.schema.ts';

const database = migratedDatabase();
const t = translator('en');
const HOLDER = Symbol.for('cabinet.database');
let product: number;
let other: number;
const docs: Record<string, number> = {};

beforeAll(async () => {
  const db = database.db;
  (globalThis as Record<symbol, unknown>)[HOLDER] = {
    db,
    engine: database.engine,
    close: async () => {},
  };
  const at = new Date().toISOString();
  const user = await db
    .insertInto('users')
    .values({
      email: 'owner@passport.example',
      name: 'Owner',
      surname: 'Passport',
      account_type: 'personal',
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const make = async (serial: string) =>
    (
      await db
        .insertInto('products')
        .values({
          serial,
          sku: 'SKU-1',
          title: `Pump ${serial}`,
          description: null,
          picture_file_id: null,
          user_id: user.id,
          organisation_id: null,
          object_id: null,
          status: 1,
          request_id: null,
          order_id: null,
          order_item_id: null,
          search: serial.toLowerCase(),
          warranty_basis: 'shipment',
          warranty_months: 12,
          warranty_start: '2026-01-10',
          warranty_until: '2099-01-09',
          // 01:30 on 5 January in Samara (the supplier's zone), still the 4th in UTC.
          created_at: '2026-01-04T21:30:00.000Z',
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  product = await make('PP-0001');
  other = await make('PP-0002');
  for (const kind of ['manual', 'certificate', 'passport', 'drawing'] as const)
    docs[kind] = (
      await db
        .insertInto('product_documents')
        .values({
          product_id: product,
          kind,
          name: `${kind}.pdf`,
          file_id: `f-${kind}`,
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  for (const date of ['2026-02-01', '2026-01-10', '2026-02-01'])
    await db
      .insertInto('product_shipments')
      .values({ product_id: product, numb: `S-${date}`, date, created_at: at })
      .execute();
});

afterAll(() => {
  delete (globalThis as Record<symbol, unknown>)[HOLDER];
});

describe('passport token', () => {
  it('is made once, random and URL-safe, and concurrent first uses agree on it', async () => {
    const [a, b] = await Promise.all([
      passportFor(product, database.db),
      passportFor(product, database.db),
    ]);
    expect(a.token).toBe(b.token);
    expect(a.token).toMatch(PASSPORT_TOKEN);
    expect(a.url.endsWith(`/passport/${a.token}`)).toBe(true);
    expect((await passportFor(product, database.db)).token).toBe(a.token);
    expect((await passportFor(other, database.db)).token).not.toBe(a.token);
    expect(await productOfToken(a.token, database.db)).toBe(product);
  });

  it('finds nothing for a malformed, unknown or revoked token', async () => {
    const before = (await passportFor(product, database.db)).token;
    for (const bad of ['', 'x', 'A'.repeat(24), '../../etc/passwd', 'a'.repeat(5000), `${before}x`])
      expect(await productOfToken(bad, database.db), bad.slice(0, 30)).toBeNull();
    const renewed = await renewPassport(product, database.db);
    expect(renewed.token).not.toBe(before);
    expect(await productOfToken(before, database.db)).toBeNull();
    expect(await publicPassport(before, database.db)).toBeNull();
    expect(await productOfToken(renewed.token, database.db)).toBe(product);
    expect((await passportFor(product, database.db)).token).toBe(renewed.token);
  });
});

describe('public passport', () => {
  it('shows the public fields and only the public documents', async () => {
    const { token } = await passportFor(product, database.db);
    const p = (await publicPassport(token, database.db))!;
    expect(p).toMatchObject({
      product_id: product,
      title: 'Pump PP-0001',
      serial: 'PP-0001',
      sku: 'SKU-1',
      produced: '2026-01-05',
      shipped: ['2026-01-10', '2026-02-01'],
    });
    expect(p.warranty.status).toBe('active');
    expect(p.documents.map((d) => d.kind).sort()).toEqual(['certificate', 'manual', 'passport']);
    expect(p.documents[0]!.url).toBe(`/passport/${token}/documents/${p.documents[0]!.id}`);
    expect(Object.keys(p).sort()).toEqual(
      [
        'documents',
        'produced',
        'product_id',
        'serial',
        'shipped',
        'sku',
        'title',
        'token',
        'warranty',
      ].sort(),
    );
  });

  it('names a download by the public name, with the stored extension when it has none', () => {
    expect(publicFileName('Operating manual', 'scan_ivanov_2026.PDF')).toBe('Operating manual.PDF');
    expect(publicFileName('Manual.pdf', 'C:/Users/ivanov/draft.pdf')).toBe('Manual.pdf');
    expect(publicFileName('Certificate', 'noext')).toBe('Certificate');
  });

  it("downloads a public document of the token's product only", async () => {
    const { token } = await passportFor(product, database.db);
    const { token: otherToken } = await passportFor(other, database.db);
    expect(await publicDocument(token, docs.manual!, database.db)).toEqual({
      file_id: 'f-manual',
      name: 'manual.pdf',
    });
    expect(await publicDocument(token, docs.drawing!, database.db)).toBeNull();
    expect(await publicDocument(otherToken, docs.manual!, database.db)).toBeNull();
    expect(await publicDocument('nope', docs.manual!, database.db)).toBeNull();
    for (const id of [null, 0, 2_147_483_648, 1e20])
      expect(await publicDocument(token, id, database.db)).toBeNull();
  });
});

describe('contact requests', () => {
  it('refuses each field with its message and keeps what was typed', async () => {
    const r = await submitContact(product, { name: ' ', contact: 'nobody', message: '' }, 'en', t);
    expect(r).toEqual({
      ok: false,
      message: 'Could not send the message',
      errors: {
        name: 'Enter your name (up to 200 characters)',
        contact: 'Enter a phone number or an e-mail address',
        message: 'Write the message (up to 2000 characters)',
      },
      values: { name: ' ', contact: 'nobody', message: '' },
    });
    const long = await submitContact(
      product,
      { name: 'N', contact: 'a@b.example', message: 'x'.repeat(3000), extra: 1 },
      'en',
      t,
    );
    expect(long.ok).toBe(false);
    if (!long.ok) {
      expect(Object.keys(long.errors)).toEqual(['message']);
      expect(long.values.message).toHaveLength(2000);
    }
    const typed = await submitContact(product, { name: 5, contact: [], message: {} }, 'en', t);
    expect(typed.ok).toBe(false);
    if (!typed.ok) expect(Object.keys(typed.errors).sort()).toEqual(['contact', 'message', 'name']);
  });

  it('accepts a phone number or an e-mail address', () => {
    for (const ok of ['+7 (912) 345-67-89', '8 800 100-20-30', 'ivan@example.ru', '123456'])
      expect(isContact(ok), ok).toBe(true);
    for (const bad of ['12345', 'ivan@', '@x.ru', 'call me', '+7 912 abc', '1'.repeat(16)])
      expect(isContact(bad), bad).toBe(false);
  });

  it('stores them and the back office pages through them by key', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await submitContact(
        i === 2 ? other : product,
        { name: ` Anna ${i} `, contact: 'anna@example.ru', message: `Noise ${i}\u0007` },
        'ru',
        t,
      );
      expect(r.ok).toBe(true);
      if (r.ok) ids.push(r.id);
    }
    const first = await listContacts(0, 2, null, database.db);
    expect(first.data.map((c) => c.id)).toEqual(ids.slice(0, 2));
    expect(first.data[0]).toMatchObject({
      product_id: product,
      serial: 'PP-0001',
      name: 'Anna 0',
      contact: 'anna@example.ru',
      message: 'Noise 0',
      locale: 'ru',
    });
    expect(first.next_after_id).toBe(ids[1]);
    const rest = await listContacts(first.next_after_id!, 2, null, database.db);
    expect(rest.data.map((c) => c.id)).toEqual([ids[2]]);
    expect(rest.next_after_id).toBeNull();
    expect((await listContacts(0, 10, other, database.db)).data.map((c) => c.id)).toEqual([ids[2]]);
  });
});

describe("the back office's calls", () => {
  it('reads the passport, renews it, and answers 404 for an unknown product', async () => {
    const read = await passportCall(product, t);
    expect(read.data.token).toMatch(PASSPORT_TOKEN);
    const renewed = await renewPassportCall(product, t);
    expect(renewed.type).toBe('success');
    expect(renewed.data.token).not.toBe(read.data.token);
    expect((await passportCall(product, t)).data.token).toBe(renewed.data.token);
    // The label's QR code encodes the same address.
    expect(await labelAddress(product)).toBe(renewed.data.url);
    for (const id of [null, 999_999])
      await expect(passportCall(id, t)).rejects.toMatchObject({ status: 404 });
    await expect(renewPassportCall(null, t)).rejects.toMatchObject({ status: 404 });
  });

  it('lists contact requests with key paging and refuses bad query parameters by name', async () => {
    const all = await contactsCall(new URLSearchParams(), t);
    expect(all.data.length).toBeGreaterThanOrEqual(3);
    const page = await contactsCall(new URLSearchParams({ limit: '1', after_id: '0' }), t);
    expect(page.data).toHaveLength(1);
    expect(page.meta.next_after_id).toBe(page.data[0]!.id);
    const mine = await contactsCall(new URLSearchParams({ product_id: String(other) }), t);
    expect(mine.data.every((c) => c.product_id === other)).toBe(true);
    for (const [field, value] of [
      ['after_id', '-1'],
      ['after_id', '9223372036854775808'],
      ['limit', '0'],
      ['limit', '101'],
      ['limit', 'ten'],
      ['product_id', 'x'],
      ['product_id', '2147483648'],
    ] as const) {
      const err = await contactsCall(new URLSearchParams({ [field]: value }), t).catch(
        (e: unknown) => e,
      );
      expect(err, `${field}=${value}`).toBeInstanceOf(HttpError);
      expect((err as HttpError).status).toBe(400);
      expect(Object.keys((err as HttpError).body.errors as object)).toEqual([field]);
    }
  });
});

describe('rate limit', () => {
  it('counts per address and refuses past the limit with 429', async () => {
    const rule = { name: 'passport-test', limit: 2, windowMs: 60_000 };
    await limitPassport(rule, '10.0.0.1', t, database.db);
    await limitPassport(rule, '10.0.0.1', t, database.db);
    await limitPassport(rule, '10.0.0.2', t, database.db);
    const err = await limitPassport(rule, '10.0.0.1', t, database.db).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(429);
    expect((err as HttpError).body.message).toBe('Too many requests. Try again in 1 min.');
    expect(clientIp({ clientAddress: '192.0.2.1' })).toBe('192.0.2.1');
    expect(clientIp({ clientAddress: '' })).toBe('unknown');
    const throwing = {
      get clientAddress(): string {
        throw new Error('no socket');
      },
    };
    expect(clientIp(throwing)).toBe('unknown');
    expect(clientIp({ clientAddress: '2001:db8:1:2:aaaa::1' })).toBe('2001:db8:1:2::/64');
  });

  it('keys an IPv6 client by its /64 and an IPv4-mapped one as IPv4', () => {
    expect(rateKey('192.0.2.1')).toBe('192.0.2.1');
    expect(rateKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(rateKey('2001:DB8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(rateKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(rateKey('2001:db8:0:0:1::')).toBe('2001:db8:0:0::/64');
    expect(rateKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(rateKey('::1')).toBe('0:0:0:0::/64');
    expect(rateKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(rateKey('::ffff:c633:6407')).toBe('198.51.100.7');
    expect(rateKey('64:ff9b::198.51.100.7')).toBe('64:ff9b:0:0::/64');
    expect(rateKey('unknown')).toBe('unknown');
  });
});
