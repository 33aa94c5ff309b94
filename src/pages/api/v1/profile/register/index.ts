// POST form: the registration fields -> access_token (a bearer session).
import type { APIRoute } from 'astro';
import { registerCall } from '#features/auth/auth.api.server.ts';

export const POST: APIRoute = (ctx) => registerCall(ctx);
