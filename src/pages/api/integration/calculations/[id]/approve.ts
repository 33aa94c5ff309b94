// POST (scope orders): { comment? } approves a saved calculation; the customer is notified -> type, changed, calculation {id, request, status}.
import type { APIRoute } from 'astro';
import { approveCall } from '#features/calculations/saved/saved.integration.server.ts';
import { integrationCall } from '#features/integration/route.server.ts';
import { routeId } from '#lib/http/respond.ts';

export const POST: APIRoute = (ctx) =>
  integrationCall(ctx, 'orders', (body, t) => approveCall(routeId(ctx.params.id), body, t));
