// POST (scope production): { order_id, request_id?, products: [{ serial, order_item_id?, sku?, title?,
// description?, picture_file_id?, status? }] } creates one product per unit of an order, owned by the
// order's customer (organisation and object from the order); title and sku default to the order line's.
// The customer is notified once -> type, ids (201). Serials are unique: a taken one answers 422.
import type { APIRoute } from 'astro';
import { integrationCall } from '#features/integration/route.server.ts';
import { createCall } from '#features/registry/registry.integration.server.ts';

export const POST: APIRoute = (ctx) =>
  integrationCall(ctx, 'production', (body, t) => createCall(body, t), 201);
