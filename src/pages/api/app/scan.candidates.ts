// GET scan.candidates?uniqid=&index=&q=: the top 5 catalogue items for a recognised position (q
// replaces the position's own text), each with its score and why.
import type { APIRoute } from 'astro';
import { scanCandidates } from '#features/scanner/scanner.api.server.ts';
import { respond } from '#lib/http/respond.ts';
import { json } from '#lib/http/api.ts';
import { legacyValues } from '#lib/http/legacy.ts';
import { requireUser } from '#lib/http/user.ts';

const handle: APIRoute = async ({ locals, url, request }) =>
  respond(locals.t, 'scanner.api.product', async () =>
    json(await scanCandidates(requireUser(locals), await legacyValues(url, request), locals.t)),
  );

export const GET = handle;
export const POST = handle;
