// GET (scope production): contact requests strangers sent from products' public passports, in id order
// for the back office to pull. Query: after_id (0 = from the first), limit (<= 100), product_id ->
// data[] { id, product_id, serial, title, name, contact, message, locale, created_at };
// meta.next_after_id (decision 0046).
import type { APIRoute } from 'astro';
import { integrationCall } from '#features/integration/route.server.ts';
import { contactsCall } from '#features/registry/registry.integration.server.ts';

export const GET: APIRoute = (ctx) =>
  integrationCall(ctx, 'production', (_body, t) => contactsCall(ctx.url.searchParams, t));
