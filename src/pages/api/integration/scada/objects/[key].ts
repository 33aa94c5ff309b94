// PUT (scope scada): create or replace a dispatching object by the back office's key, with its
// driver, variables and grants -> data { id, key, created, tags [{ key, id, idx }], grants }.
import type { APIRoute } from 'astro';
import { integrationCall } from '#features/integration/route.server.ts';
import { putObjectCall } from '#features/scada/scada.integration.server.ts';

export const PUT: APIRoute = (ctx) =>
  integrationCall(ctx, 'scada', (body, t) => putObjectCall(ctx.params.key, body.data, t));
