// GET (scope promotions): the promotion as stored, published or not -> data.
// PATCH: changes the given fields; `products` replaces the rows (rows with an id are updated, rows
// left out removed, rows without an id added) -> type, id, data.
import type { APIRoute } from 'astro';
import {
  showPromotionCall,
  updatePromotionCall,
} from '#features/integration/content.integration.server.ts';
import { integrationCall } from '#features/integration/route.server.ts';
import { routeId } from '#lib/http/respond.ts';

export const GET: APIRoute = (ctx) =>
  integrationCall(ctx, 'promotions', (_body, t) => showPromotionCall(routeId(ctx.params.id), t));

export const PATCH: APIRoute = (ctx) =>
  integrationCall(ctx, 'promotions', (body, t) =>
    updatePromotionCall(routeId(ctx.params.id), body, t),
  );
