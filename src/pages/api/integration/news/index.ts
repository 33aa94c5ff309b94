// POST (scope news; JSON, or multipart with data + image): { title, url, description?, published_at? }
// publishes a news item on the home dashboard -> type, id (201).
import type { APIRoute } from 'astro';
import { publishNewsCall } from '#features/integration/content.integration.server.ts';
import { integrationCall } from '#features/integration/route.server.ts';

export const POST: APIRoute = (ctx) => integrationCall(ctx, 'news', publishNewsCall, 201);
