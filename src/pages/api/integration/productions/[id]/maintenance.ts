// PUT (scope production): { plan: [{ kind: maintenance | inspection | verification | part,
// interval_months?: 1..120, next_due?: YYYY-MM-DD, last_done?: YYYY-MM-DD }] } replaces the product's
// maintenance plan (each kind at most once; [] clears it); a missing next due day is the last done
// day (or the last service event of the kind, or commissioning) plus the interval -> type, plan[]
// with each row's status (scheduled | soon | overdue).
import type { APIRoute } from 'astro';
import { integrationCall } from '#features/integration/route.server.ts';
import { maintenanceCall } from '#features/registry/registry.integration.server.ts';
import { routeId } from '#lib/http/respond.ts';

export const PUT: APIRoute = (ctx) =>
  integrationCall(ctx, 'production', (body, t) => maintenanceCall(routeId(ctx.params.id), body, t));
