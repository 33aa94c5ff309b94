// POST (scope promotions; JSON, or multipart with data + image + product_image_<n>): creates a
// promotion with its product rows -> type, id, data (201).
import type { APIRoute } from 'astro';
import { createPromotionCall } from '#features/integration/content.integration.server.ts';
import { integrationCall } from '#features/integration/route.server.ts';

export const POST: APIRoute = (ctx) => integrationCall(ctx, 'promotions', createPromotionCall, 201);
