// POST (scope production): { months: 1..240, basis: 'shipment' | 'commissioning', start?: YYYY-MM-DD }
// sets the product's warranty; without start it runs from the first shipment (basis shipment) or stays
// "not set" until the commissioning day is given -> type, warranty { status, until, start, months, basis }.
import type { APIRoute } from 'astro';
import { integrationCall } from '#features/integration/route.server.ts';
import { warrantyCall } from '#features/registry/registry.integration.server.ts';
import { routeId } from '#lib/http/respond.ts';

export const POST: APIRoute = (ctx) =>
  integrationCall(ctx, 'production', (body, t) => warrantyCall(routeId(ctx.params.id), body, t));
