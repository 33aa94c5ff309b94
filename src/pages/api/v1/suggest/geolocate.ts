// GET: suggestions of reverse geocoding: the nearest address to lat, lon -> { enabled, suggestions }.
import type { APIRoute } from 'astro';
import { geolocateResponse } from '#lib/suggest/proxy.server.ts';

export const GET: APIRoute = ({ url, locals }) => geolocateResponse(url.searchParams, locals.t);
