// POST form: token (from the link) or session and code (from the call), password, password_confirmation.
import type { APIRoute } from 'astro';
import { recoveryResetCall } from '#features/auth/auth.api.server.ts';

export const POST: APIRoute = (ctx) => recoveryResetCall(ctx);
