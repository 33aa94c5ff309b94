// POST form: login, password -> access_token (a bearer session).
import type { APIRoute } from 'astro';
import { loginCall } from '#features/auth/auth.api.server.ts';

export const POST: APIRoute = (ctx) => loginCall(ctx);
