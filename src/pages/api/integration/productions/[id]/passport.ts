// GET (scope production): the product's public passport -> data { token, url, created_at }, made on
// first use (the label's QR code encodes url). POST: revokes it and issues a new one -> type, data: the
// old address answers 404 from now on, like any unknown one (decision 0046).
import type { APIRoute } from 'astro';
import { integrationCall } from '#features/integration/route.server.ts';
import { passportCall, renewPassportCall } from '#features/registry/registry.integration.server.ts';
import { routeId } from '#lib/http/respond.ts';

export const GET: APIRoute = (ctx) =>
  integrationCall(ctx, 'production', (_body, t) => passportCall(routeId(ctx.params.id), t));

export const POST: APIRoute = (ctx) =>
  integrationCall(ctx, 'production', (_body, t) => renewPassportCall(routeId(ctx.params.id), t));
