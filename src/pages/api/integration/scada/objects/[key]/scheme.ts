// PUT (scope scada): the object's scheme, an SVG drawing with bindings of its element ids to the
// object's variables (value text, state colour, alarm blink), sanitised on the server; `svg: null`
// removes it -> data { object_id, elements, bindings, updated_at }. 400 names what was refused.
import type { APIRoute } from 'astro';
import { integrationCall } from '#features/integration/route.server.ts';
import { putSchemeCall } from '#features/scada/scheme.server.ts';

export const PUT: APIRoute = (ctx) =>
  integrationCall(ctx, 'scada', (body, t) => putSchemeCall(ctx.params.key, body.data, t));
