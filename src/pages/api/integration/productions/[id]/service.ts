// POST (scope production): { kind: commissioning | maintenance | repair | part, date: YYYY-MM-DD,
// title, description? } adds a service event to the product's service history (shown beside the
// production timeline); a commissioning event starts a commissioning-based warranty -> type, id.
import type { APIRoute } from 'astro';
import { integrationCall } from '#features/integration/route.server.ts';
import { serviceCall } from '#features/registry/registry.integration.server.ts';
import { routeId } from '#lib/http/respond.ts';

export const POST: APIRoute = (ctx) =>
  integrationCall(ctx, 'production', (body, t) => serviceCall(routeId(ctx.params.id), body, t));
