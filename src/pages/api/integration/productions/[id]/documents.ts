// POST (scope production): multipart file + data { kind: passport|manual|certificate|drawing, name? },
// or JSON { kind, name?, file_id } naming a stored file; the owner is notified -> type, id, file_id (201).
import type { APIRoute } from 'astro';
import { integrationCall } from '#features/integration/route.server.ts';
import { documentCall } from '#features/registry/registry.integration.server.ts';
import { routeId } from '#lib/http/respond.ts';

export const POST: APIRoute = (ctx) =>
  integrationCall(
    ctx,
    'production',
    (body, t) => documentCall(routeId(ctx.params.id), body, t),
    201,
  );
