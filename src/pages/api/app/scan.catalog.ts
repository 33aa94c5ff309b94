// POST scan.catalog: uniqid, cid, pos (or index) -> the catalogue item in `catalog`.
import type { APIRoute } from 'astro';
import { scanCatalog } from '#features/scanner/scanner.api.server.ts';
import { respond } from '#lib/http/respond.ts';
import { json } from '#lib/http/api.ts';
import { legacyValues } from '#lib/http/legacy.ts';
import { requireUser } from '#lib/http/user.ts';

export const POST: APIRoute = async ({ locals, url, request }) =>
  respond(locals.t, 'scanner.api.product', async () =>
    json(await scanCatalog(requireUser(locals), await legacyValues(url, request), locals.t)),
  );
