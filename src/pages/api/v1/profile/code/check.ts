// POST form: session, type, code, login -> token; a failure answers type 'error' with its error text.
import type { APIRoute } from 'astro';
import { codeCheckCall } from '#features/auth/auth.api.server.ts';

export const POST: APIRoute = (ctx) => codeCheckCall(ctx);
