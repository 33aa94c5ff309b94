// Back-office reference data of heat metering (scope reference), kind regions | cities | organisations:
// PUT creates or replaces by code, GET answers it, DELETE removes it (docs/integration-api.md).
import type { APIRoute } from 'astro';
import {
  deleteReferenceCall,
  getReferenceCall,
  putReferenceCall,
} from '#features/calculations/flow-meter/reference.integration.server.ts';

export const PUT: APIRoute = (ctx) => putReferenceCall(ctx);
export const GET: APIRoute = (ctx) => getReferenceCall(ctx);
export const DELETE: APIRoute = (ctx) => deleteReferenceCall(ctx);
