// PUT (scope orders): { items: [{ catalogue_id?, title, sku?, unit?, quantity, price, discount_price? }] }
// replaces the order's lines with priced ones (kopecks) and recomputes the total -> type, total.
import type { APIRoute } from 'astro';
import { itemsCall } from '#features/integration/orders.integration.server.ts';
import { integrationCall } from '#features/integration/route.server.ts';
import { routeId } from '#lib/http/respond.ts';

export const PUT: APIRoute = (ctx) =>
  integrationCall(ctx, 'orders', (body, t) => itemsCall(routeId(ctx.params.id), body, t));
