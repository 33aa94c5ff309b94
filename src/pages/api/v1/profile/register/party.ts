// GET: organisation suggestions for the registration wizard (query, count <= 20) -> { enabled,
// suggestions }. Anonymous, so it is limited per IP to keep the provider's quota safe.
import type { APIRoute } from 'astro';
import { authCtx, enforce, LIMITS } from '#features/auth/auth.context.server.ts';
import { partyResponse } from '#lib/suggest/proxy.server.ts';

export const GET: APIRoute = async (ctx) => {
  const auth = authCtx(ctx);
  await enforce(auth.t, LIMITS.partySuggestPerIp, auth.ip);
  return partyResponse(ctx.url.searchParams, ctx.locals.t);
};
