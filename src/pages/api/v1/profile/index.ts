// GET (bearer or cookie): the signed-in user with isAdmin and isEmployee.
import type { APIRoute } from 'astro';
import { profileCall } from '#features/auth/auth.api.server.ts';

export const GET: APIRoute = (ctx) => profileCall(ctx);
