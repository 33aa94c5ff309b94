// POST (scope orders): { title, url (https) } attaches a document to a saved calculation; the customer is notified -> type, id (201).
import type { APIRoute } from 'astro';
import { documentCall } from '#features/calculations/saved/saved.integration.server.ts';
import { integrationCall } from '#features/integration/route.server.ts';
import { routeId } from '#lib/http/respond.ts';

export const POST: APIRoute = (ctx) =>
  integrationCall(ctx, 'orders', (body, t) => documentCall(routeId(ctx.params.id), body, t), 201);
