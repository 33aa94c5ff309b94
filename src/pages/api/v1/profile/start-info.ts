// POST: closes the start-info dialog until the next sign-in (form post: back to `back`; JSON: 204).
import type { APIRoute } from 'astro';
import { startInfoCall } from '#features/auth/auth.api.server.ts';

export const POST: APIRoute = (ctx) => startInfoCall(ctx);
