// POST (scope orders; JSON, or multipart with a file): { text, manager? } adds the manager's message
// to the order's conversation; the customer is notified -> type, id (201).
import type { APIRoute } from 'astro';
import { messageCall } from '#features/integration/orders.integration.server.ts';
import { integrationCall } from '#features/integration/route.server.ts';
import { routeId } from '#lib/http/respond.ts';

export const POST: APIRoute = (ctx) =>
  integrationCall(ctx, 'orders', (body, t) => messageCall(routeId(ctx.params.id), body, t), 201);
