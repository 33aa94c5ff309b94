// POST scan.file?token= (multipart): file, order (0 = new), docType, section, oid, object -> uniqid;
// the recognition job is queued (poll scan.status).
import type { APIRoute } from 'astro';
import { scanFile } from '#features/scanner/scanner.api.server.ts';
import { respond } from '#lib/http/respond.ts';
import { json, readForm } from '#lib/http/api.ts';
import { requireUser } from '#lib/http/user.ts';

export const POST: APIRoute = async ({ locals, request }) =>
  respond(locals.t, 'scanner.api.file', async () =>
    json(await scanFile(requireUser(locals), await readForm(request), locals.t), 201),
  );
