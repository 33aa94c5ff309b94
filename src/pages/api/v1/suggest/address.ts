// GET: suggestions of addresses, the supplier's region first (query, count <= 10) -> { enabled, suggestions }.
import type { APIRoute } from 'astro';
import { addressResponse } from '#lib/suggest/proxy.server.ts';

export const GET: APIRoute = ({ url, locals }) => addressResponse(url.searchParams, locals.t);
