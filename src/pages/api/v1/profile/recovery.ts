// POST form: login -> a reset link by e-mail, or a call (send_type 'call' and session); errors on failure.
import type { APIRoute } from 'astro';
import { recoveryCall } from '#features/auth/auth.api.server.ts';

export const POST: APIRoute = (ctx) => recoveryCall(ctx);
