// GET (scope catalogue): the stored item -> data. DELETE: removes it -> type, sku; unknown sku 404.
import type { APIRoute } from 'astro';
import { deleteItemCall, getItemCall } from '#features/catalogue/catalogue.integration.server.ts';

export const GET: APIRoute = (ctx) => getItemCall(ctx);
export const DELETE: APIRoute = (ctx) => deleteItemCall(ctx);
