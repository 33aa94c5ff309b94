// GET (scope production): one product as the customer sees it (§3 Product) with its shipments,
// the owner's id and who may read it (owner and granted colleagues).
import type { APIRoute } from 'astro';
import { integrationCall } from '#features/integration/route.server.ts';
import { showCall } from '#features/registry/registry.integration.server.ts';
import { routeId } from '#lib/http/respond.ts';

export const GET: APIRoute = (ctx) =>
  integrationCall(ctx, 'production', (_body, t) => showCall(routeId(ctx.params.id), t));
