// GET: the objects map's content for a bounding box: bbox=south,west,north,east, zoom (0-19) ->
// data.total, data.cells [{ lat, lon, count, id?, name?, address? }], data.truncated. Objects are
// grouped on the server (see objects.map.server.ts), so the answer stays small at any number of objects.
import type { APIRoute } from 'astro';
import { mapResponse } from '#features/objects/objects.api.server.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = ({ locals, url }) =>
  mapResponse(requireUser(locals), url.searchParams, locals.t);
