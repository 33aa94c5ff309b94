// The warranty as the back office sets it (term, basis, optional start day) and the last day it covers,
// kept in products.warranty_until so the list reads the status from the row it already fetches. The
// start is the explicit day, else the first shipment's day (basis shipment) or the first commissioning
// service event's day (basis commissioning); without either it stays "not set".
import type { Kysely } from 'kysely';
import { config } from '#lib/config.ts';
import { localDay } from '#lib/dates.ts';
import { db as defaultDb, now } from '#lib/db/index.ts';
import type { DB } from '#lib/db/schema.ts';
import type { WarrantyBasis } from './registry.schema.ts';
import { warrantyState, warrantyUntil, type WarrantyState } from './registry.warranty.ts';

export interface Warranty {
  status: WarrantyState;
  /** The last day covered (YYYY-MM-DD), or null. */
  until: string | null;
  start: string | null;
  months: number | null;
  basis: WarrantyBasis | null;
}

/** Today in the supplier's time zone (YYYY-MM-DD). */
export const today = (): string => localDay(new Date(), config().timeZone);

/** Recomputes warranty_until from the stored term, basis and start (inside the caller's transaction). */
export async function refreshWarranty(
  handle: Kysely<DB>,
  productId: number,
): Promise<string | null> {
  // The product's row lock first (a no-op write): a concurrent shipment, service event or new term
  // then waits, and each statement below reads what the other committed (PostgreSQL's read
  // committed; SQLite's transactions are serialised by begin immediate).
  await handle
    .updateTable('products')
    .set((eb) => ({ warranty_until: eb.ref('warranty_until') }))
    .where('id', '=', productId)
    .execute();
  const p = await handle
    .selectFrom('products')
    .select(['warranty_basis', 'warranty_months', 'warranty_start'])
    .where('id', '=', productId)
    .executeTakeFirst();
  if (!p) return null;
  let start = p.warranty_start;
  if (!start && p.warranty_basis === 'shipment') {
    const first = await handle
      .selectFrom('product_shipments')
      .select('date')
      .where('product_id', '=', productId)
      .orderBy('date')
      .limit(1)
      .executeTakeFirst();
    start = first?.date ?? null;
  }
  if (!start && p.warranty_basis === 'commissioning') {
    const first = await handle
      .selectFrom('product_service')
      .select('date')
      .where('product_id', '=', productId)
      .where('kind', '=', 'commissioning')
      .orderBy('date')
      .limit(1)
      .executeTakeFirst();
    start = first?.date ?? null;
  }
  const until = warrantyUntil(start, p.warranty_months);
  await handle
    .updateTable('products')
    .set({ warranty_until: until })
    .where('id', '=', productId)
    .execute();
  return until;
}

/** Sets the term, basis and start of the product's warranty (one transaction with the recompute). */
export async function setWarranty(
  productId: number,
  w: { months: number; basis: WarrantyBasis; start: string | null },
  handle: Kysely<DB> = defaultDb(),
): Promise<string | null> {
  return handle.transaction().execute(async (trx) => {
    await trx
      .updateTable('products')
      .set({
        warranty_months: w.months,
        warranty_basis: w.basis,
        warranty_start: w.start,
        updated_at: now(),
      })
      .where('id', '=', productId)
      .execute();
    return refreshWarranty(trx, productId);
  });
}

/** The warranty of a product row as the page and the API show it. */
export function warrantyOf(
  p: {
    warranty_until: string | null;
    warranty_start?: string | null;
    warranty_months?: number | null;
    warranty_basis?: WarrantyBasis | null;
  },
  day: string = today(),
): Warranty {
  return {
    status: warrantyState(p.warranty_until, day),
    until: p.warranty_until,
    start: p.warranty_start ?? null,
    months: p.warranty_months ?? null,
    basis: p.warranty_basis ?? null,
  };
}
