// POST (scope production): { status: 0 | 1 } sets the production status (0 in production, 1 ready);
// a change notifies the owner -> type, changed, status.
import type { APIRoute } from 'astro';
import { integrationCall } from '#features/integration/route.server.ts';
import { statusCall } from '#features/registry/registry.integration.server.ts';
import { routeId } from '#lib/http/respond.ts';

export const POST: APIRoute = (ctx) =>
  integrationCall(ctx, 'production', (body, t) => statusCall(routeId(ctx.params.id), body, t));
