// GET (scope orders): one order with items, status history, documents and the conversation,
// including the customer's messages (they move the order's updated_at, see GET /orders) -> data.
import type { APIRoute } from 'astro';
import { showCall } from '#features/integration/orders.integration.server.ts';
import { integrationCall } from '#features/integration/route.server.ts';
import { routeId } from '#lib/http/respond.ts';

export const GET: APIRoute = (ctx) =>
  integrationCall(ctx, 'orders', (_body, t) => showCall(routeId(ctx.params.id), t));
