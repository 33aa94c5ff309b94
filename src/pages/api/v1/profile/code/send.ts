// POST form: login -> send_type ('email' or 'call'), session, login.
import type { APIRoute } from 'astro';
import { codeSendCall } from '#features/auth/auth.api.server.ts';

export const POST: APIRoute = (ctx) => codeSendCall(ctx);
