// POST: ends the session (bearer token or cookie) the request was made with.
import type { APIRoute } from 'astro';
import { logoutCall } from '#features/auth/auth.api.server.ts';

export const POST: APIRoute = (ctx) => logoutCall(ctx);
