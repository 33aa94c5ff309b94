// One wrapper for every /api/integration/** route: key and scope check, body reading for writes,
// an audit line per call, and errors as JSON { message, errors } with their status.
import type { APIContext } from 'astro';
import type { IntegrationScope } from '#lib/config.ts';
import { json } from '#lib/http/api.ts';
import { respond } from '#lib/http/respond.ts';
import type { T } from '#lib/i18n/index.ts';
import { log } from '#lib/log.ts';
import { readBody, type IntegrationBody } from './body.server.ts';
import { requireKey } from './keys.server.ts';

type Work = (body: IntegrationBody, t: T) => Promise<unknown>;

export function integrationCall(
  ctx: APIContext,
  scope: IntegrationScope,
  work: Work,
  status = 200,
): Promise<Response> {
  const t = ctx.locals.t;
  return respond(t, 'integration.errors.failed', async () => {
    const key = requireKey(ctx.request, scope, t);
    const body =
      ctx.request.method === 'GET' ? { data: {}, files: {} } : await readBody(ctx.request, t);
    const result = await work(body, t);
    log.info('integration call', {
      key: key.name,
      method: ctx.request.method,
      path: ctx.url.pathname,
    });
    return json(result, status);
  });
}
