// GET scan.status?uniqid=&token=: recognition state and what the page step needs (pages, columns,
// headers, suggested and chosen mapping). The wizard polls it.
import type { APIRoute } from 'astro';
import { scanStatus } from '#features/scanner/scanner.api.server.ts';
import { respond } from '#lib/http/respond.ts';
import { json } from '#lib/http/api.ts';
import { legacyValues } from '#lib/http/legacy.ts';
import { requireUser } from '#lib/http/user.ts';

const handle: APIRoute = async ({ locals, url, request }) =>
  respond(locals.t, 'scanner.api.notFound', async () =>
    json(await scanStatus(requireUser(locals), await legacyValues(url, request), locals.t)),
  );

export const GET = handle;
export const POST = handle;
