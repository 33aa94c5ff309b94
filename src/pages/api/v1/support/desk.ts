// GET (employees): all customers' requests with filters status=open|closed|all, type, customer, page.
import type { APIRoute } from 'astro';
import { deskResponse } from '#features/support/support.api.server.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = ({ locals, url }) =>
  deskResponse(requireUser(locals), url.searchParams, locals.t);
