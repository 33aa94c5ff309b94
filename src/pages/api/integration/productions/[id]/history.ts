// POST (scope production): { date? (ISO time, default now), title, description?, status? (1 marks a
// milestone) } adds a production history entry; the owner is notified, open pages update -> type, id (201).
import type { APIRoute } from 'astro';
import { integrationCall } from '#features/integration/route.server.ts';
import { historyCall } from '#features/registry/registry.integration.server.ts';
import { routeId } from '#lib/http/respond.ts';

export const POST: APIRoute = (ctx) =>
  integrationCall(
    ctx,
    'production',
    (body, t) => historyCall(routeId(ctx.params.id), body, t),
    201,
  );
