// POST (scope notifications): { user_id | email, module, title, text?, url?, icon?, pid? } sends a
// notification to one customer (live in their open pages) -> type, id (201).
import type { APIRoute } from 'astro';
import { notificationCall } from '#features/integration/content.integration.server.ts';
import { integrationCall } from '#features/integration/route.server.ts';

export const POST: APIRoute = (ctx) => integrationCall(ctx, 'notifications', notificationCall, 201);
