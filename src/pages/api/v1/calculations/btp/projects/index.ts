// GET /api/v1/calculations/btp/projects?q=&status=&after=&limit=: the employee's projects, newest
// first, key-based ({ data: { entities, next } }; pass next as after for the following page).
// POST: a new project ({ title, ...composition fields }) -> { type, id, number }. Customers: 403.
import type { APIRoute } from 'astro';
import { BTP_FIELDS, type BtpField } from '#features/calculations/btp/btp.schema.ts';
import {
  createProject,
  listProjects,
  parseBtpQuery,
  projectNumber,
  requireEmployee,
} from '#features/calculations/btp/btp.server.ts';
import { json, readForm } from '#lib/http/api.ts';

export const GET: APIRoute = async ({ locals, url }) => {
  const user = requireEmployee(locals);
  return json({ data: await listProjects(user.id, parseBtpQuery(url.searchParams)) });
};

export const POST: APIRoute = async ({ locals, request }) => {
  const user = requireEmployee(locals);
  const form = await readForm(request);
  const inputs = Object.fromEntries(
    BTP_FIELDS.flatMap((f) =>
      typeof form[f] === 'string' ? [[f, (form[f] as string).slice(0, 200)]] : [],
    ),
  ) as Partial<Record<BtpField, string>>;
  const id = await createProject(user.id, inputs.title ?? '', inputs);
  return json({ type: 'success', id, number: projectNumber(id) }, 201);
};
