// GET: suggestions of organisations by INN, OGRN or name (query, count <= 20) -> { enabled, suggestions }.
import type { APIRoute } from 'astro';
import { partyResponse } from '#lib/suggest/proxy.server.ts';

export const GET: APIRoute = ({ url, locals }) => partyResponse(url.searchParams, locals.t);
