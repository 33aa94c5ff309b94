// POST (scope production): { state: accepted | repair | resolved | rejected, comment? } moves the claim
// of the product along its allowed steps (submitted -> accepted | rejected; accepted -> repair |
// resolved | rejected; repair -> resolved) and notifies the claimant -> type, data (the claim). An
// illegal move: 409; an unknown claim or one of another product: 404.
import type { APIRoute } from 'astro';
import { integrationCall } from '#features/integration/route.server.ts';
import { claimMoveCall } from '#features/registry/registry.integration.server.ts';
import { routeId } from '#lib/http/respond.ts';

export const POST: APIRoute = (ctx) =>
  integrationCall(ctx, 'production', (body, t) =>
    claimMoveCall(routeId(ctx.params.id), routeId(ctx.params.claim), body, t),
  );
