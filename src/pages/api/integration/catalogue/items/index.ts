// PUT (scope catalogue): a JSON array of catalogue items, idempotent by sku -> type ('success', or
// 'warning' when some items were invalid), counts and one result per item (docs/integration-api.md).
import type { APIRoute } from 'astro';
import { putItems } from '#features/catalogue/catalogue.integration.server.ts';

export const PUT: APIRoute = (ctx) => putItems(ctx);
