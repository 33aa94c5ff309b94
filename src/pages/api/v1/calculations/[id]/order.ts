// POST /api/v1/calculations/{id}/order: a real order with the chosen items at their prices -> { type, sales_id, number }.
import type { APIRoute } from 'astro';
import { orderCalculation } from '#features/calculations/saved/saved.api.server.ts';
import { json } from '#lib/http/api.ts';
import { requireUser } from '#lib/http/user.ts';

export const POST: APIRoute = async ({ locals, params }) => {
  const r = await orderCalculation(requireUser(locals), params.id, locals.t);
  return json({ type: 'success', sales_id: r.orderId, number: r.number, id: r.calculationId });
};
