// GET scan.status?uniqid=&token=: recognition state and what the page step needs (pages, columns,
// headers, suggested and chosen mapping). The wizard polls it.
import type { APIRoute } from 'astro';
import { answer, scanStatus } from '#features/scanner/scanner.api.server.ts';
import { json } from '#lib/http/api.ts';
import { legacyValues } from '#lib/http/legacy.ts';
import { requireUser } from '#lib/http/user.ts';

const handle: APIRoute = async ({ locals, url, request }) =>
  answer(locals.t, 'scanner.api.notFound', async () => json(await scanStatus(requireUser(locals), await legacyValues(url, request), locals.t)));

export const GET = handle;
export const POST = handle;
