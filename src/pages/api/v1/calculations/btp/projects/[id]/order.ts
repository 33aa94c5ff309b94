// POST /api/v1/calculations/btp/projects/{id}/order: a real order from the calculated project's
// specification -> { type, sales_id, number }. 409 when not calculated or already ordered; 404 for
// another employee's id; 403 for customers.
import type { APIRoute } from 'astro';
import {
  orderProject,
  projectOrThrow,
  requireEmployee,
} from '#features/calculations/btp/btp.server.ts';
import { json } from '#lib/http/api.ts';

export const POST: APIRoute = async ({ locals, params }) => {
  const user = requireEmployee(locals);
  const r = await orderProject(user, await projectOrThrow(user, params.id, locals.t), locals.t);
  return json({ type: 'success', sales_id: r.orderId, number: r.number });
};
