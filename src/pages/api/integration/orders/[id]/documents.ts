// POST (scope orders, multipart): file + data { kind: invoice|contract|offer|shipment, title, number?,
// date? } adds a document to the order; the customer is notified -> type, id, file_id (201).
import type { APIRoute } from 'astro';
import { documentCall } from '#features/integration/orders.integration.server.ts';
import { integrationCall } from '#features/integration/route.server.ts';
import { routeId } from '#lib/http/respond.ts';

export const POST: APIRoute = (ctx) =>
  integrationCall(ctx, 'orders', (body, t) => documentCall(routeId(ctx.params.id), body, t), 201);
