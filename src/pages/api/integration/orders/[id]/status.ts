// POST (scope orders): { status, comment?, number? } sets the order's status (and the ERP's order
// number); the customer is notified -> type, changed, order {id, number, status}.
import type { APIRoute } from 'astro';
import { statusCall } from '#features/integration/orders.integration.server.ts';
import { integrationCall } from '#features/integration/route.server.ts';
import { routeId } from '#lib/http/respond.ts';

export const POST: APIRoute = (ctx) =>
  integrationCall(ctx, 'orders', (body, t) => statusCall(routeId(ctx.params.id), body, t));
