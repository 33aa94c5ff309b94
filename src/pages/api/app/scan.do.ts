// POST scan.do: uniqid, column mapping (pos, title, marka, sku, man, unit, count: 1..9, 0 = absent)
// and pages (comma-separated) -> the recognised positions with their best catalogue match.
import type { APIRoute } from 'astro';
import { scanDo } from '#features/scanner/scanner.api.server.ts';
import { respond } from '#lib/http/respond.ts';
import { json } from '#lib/http/api.ts';
import { legacyValues } from '#lib/http/legacy.ts';
import { requireUser } from '#lib/http/user.ts';

export const POST: APIRoute = async ({ locals, url, request }) =>
  respond(locals.t, 'scanner.api.product', async () =>
    json(await scanDo(requireUser(locals), await legacyValues(url, request), locals.t)),
  );
