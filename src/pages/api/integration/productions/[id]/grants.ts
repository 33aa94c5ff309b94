// POST (scope production): { emails: [...], revoke?: false } lets colleagues see the product (or takes
// that back with revoke: true). Sharing an organisation grants nothing; only this call does -> type, changed.
import type { APIRoute } from 'astro';
import { integrationCall } from '#features/integration/route.server.ts';
import { grantCall } from '#features/registry/registry.integration.server.ts';
import { routeId } from '#lib/http/respond.ts';

export const POST: APIRoute = (ctx) =>
  integrationCall(ctx, 'production', (body, t) => grantCall(routeId(ctx.params.id), body, t));
