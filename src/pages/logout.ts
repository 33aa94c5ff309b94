// Sign out: ends this browser's session on the server and goes to password sign-in.
import type { APIRoute } from 'astro';
import { signOutBrowser } from '#features/auth/web.server.ts';

const logout: APIRoute = async (ctx) => {
  await signOutBrowser(ctx);
  return ctx.redirect('/auth/login', 303);
};

export const GET = logout;
export const POST = logout;
