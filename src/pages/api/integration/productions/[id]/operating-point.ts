// POST (scope production): { object_id, flow: { key, unit? m3/h | l/s | t/h }, head: { key, unit? m |
// kPa | bar | kgf/cm2 | MPa (a differential pressure) }, power?: { key, unit? kW | W }, speed?: { key }
// (rpm) } links the product to the dispatching object where it is installed, naming the object's
// variables that measure it -> { type, data } (the link); { object_id: null } removes it ->
// { type, removed }. 400 naming the field; an unknown product 404 (decision 0048).
import type { APIRoute } from 'astro';
import { integrationCall } from '#features/integration/route.server.ts';
import { operatingLinkCall } from '#features/registry/registry.integration.server.ts';
import { routeId } from '#lib/http/respond.ts';

export const POST: APIRoute = (ctx) =>
  integrationCall(ctx, 'production', (body, t) =>
    operatingLinkCall(routeId(ctx.params.id), body, t),
  );
