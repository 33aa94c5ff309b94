// POST (scope production): data { numb, date (YYYY-MM-DD), attach?: [{ file_id, name? }] } plus any
// uploaded file fields (multipart) adds a shipment document; the owner is notified -> type, id, attach (201).
import type { APIRoute } from 'astro';
import { integrationCall } from '#features/integration/route.server.ts';
import { shipmentCall } from '#features/registry/registry.integration.server.ts';
import { routeId } from '#lib/http/respond.ts';

export const POST: APIRoute = (ctx) =>
  integrationCall(
    ctx,
    'production',
    (body, t) => shipmentCall(routeId(ctx.params.id), body, t),
    201,
  );
