// POST scan.save: uniqid, products[] (JSON each), module ('orders'), pid (order to append to, 0 =
// new), the mapping fields, newCid (JSON index -> cid the user confirmed) -> the saved order.
import type { APIRoute } from 'astro';
import { respond } from '#lib/http/respond.ts';
import { scanSave } from '#features/scanner/scanner.save.server.ts';
import { json, readFormData } from '#lib/http/api.ts';
import { requireUser } from '#lib/http/user.ts';

export const POST: APIRoute = async ({ locals, url, request }) =>
  respond(locals.t, 'scanner.api.save', async () => {
    const form = await readFormData(request);
    if (!form.has('uniqid') && url.searchParams.has('uniqid'))
      form.set('uniqid', url.searchParams.get('uniqid')!);
    return json(await scanSave(requireUser(locals), form, locals.t), 201);
  });
