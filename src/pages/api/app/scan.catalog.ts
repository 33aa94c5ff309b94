// POST scan.catalog: uniqid, cid, pos (or index) -> the catalogue item in `catalog`.
import type { APIRoute } from 'astro';
import { answer, scanCatalog } from '#features/scanner/scanner.api.server.ts';
import { json } from '#lib/http/api.ts';
import { legacyValues } from '#lib/http/legacy.ts';
import { requireUser } from '#lib/http/user.ts';

export const POST: APIRoute = async ({ locals, url, request }) =>
  answer(locals.t, 'scanner.api.product', async () => json(await scanCatalog(requireUser(locals), await legacyValues(url, request), locals.t)));
