// GET (scope orders): orders in id order for the back office to pull. Query: after_id, limit (<= 100),
// status, updated_since (ISO time) -> data[] with customer, organisation, object and items; meta.next_after_id.
import type { APIRoute } from 'astro';
import { listCall } from '#features/integration/orders.integration.server.ts';
import { integrationCall } from '#features/integration/route.server.ts';

export const GET: APIRoute = (ctx) =>
  integrationCall(ctx, 'orders', (_body, t) => listCall(ctx.url.searchParams, t));
