// GET /api/v1/flow-meter/regions: the reference list as { type, entity } (see docs/api.md, Flow meter).
import type { APIRoute } from 'astro';
import { referenceList } from '#features/calculations/flow-meter/flow-meter.api.server.ts';

export const GET: APIRoute = (ctx) => referenceList(ctx, 'regions');
