// The back office's catalogue calls (scope catalogue): PUT a JSON array of items (idempotent by
// sku; every item is checked and written on its own and answered with its own status and
// translated errors), GET one item by sku, DELETE one by sku. The body is a bare JSON array, which
// the shared integration body reader refuses, so it is read here with the same limits.
import type { APIContext } from 'astro';
import { requireKey } from '#features/integration/keys.server.ts';
import { database } from '#lib/db/index.ts';
import { HttpError, json } from '#lib/http/api.ts';
import { stripControlsDeep } from '#lib/http/controls.ts';
import { JsonTooDeepError, parseJsonBounded } from '#lib/http/json-depth.ts';
import { isBodyTooLarge } from '#lib/http/body-limit.ts';
import { respond } from '#lib/http/respond.ts';
import type { T } from '#lib/i18n/index.ts';
import { log } from '#lib/log.ts';
import { deleteItem, getItem, importItems } from './catalogue.server.ts';
import { SKU } from './catalogue.schema.ts';
import * as v from 'valibot';

/** Items per call; with the default 1 MB body limit about 500 pumps with full curves fit. */
export const MAX_ITEMS = 500;

async function readItems(request: Request, t: T): Promise<unknown[]> {
  if (!(request.headers.get('content-type') ?? '').includes('application/json'))
    throw new HttpError(400, t('catalogue.errors.body'));
  let data: unknown;
  try {
    // Depth bounded before anything walks the items; control characters out as for every other
    // body: PostgreSQL refuses U+0000 in text and jsonb, which failed the whole batch with a 500.
    data = stripControlsDeep(parseJsonBounded(await request.text()));
  } catch (err) {
    if (isBodyTooLarge(err)) throw new HttpError(413, t('integration.errors.tooLarge'));
    if (err instanceof JsonTooDeepError)
      throw new HttpError(400, t('http.tooDeep'), { errors: { body: t('http.tooDeep') } });
    throw new HttpError(400, t('catalogue.errors.body'));
  }
  if (!Array.isArray(data)) throw new HttpError(400, t('catalogue.errors.body'));
  if (data.length > MAX_ITEMS)
    throw new HttpError(413, t('catalogue.errors.tooMany', { max: MAX_ITEMS }));
  return data;
}

function call(ctx: APIContext, work: (t: T) => Promise<Response>): Promise<Response> {
  const t = ctx.locals.t;
  return respond(t, 'catalogue.errors.failed', async () => {
    const key = requireKey(ctx.request, 'catalogue', t);
    const res = await work(t);
    log.info('integration call', {
      key: key.name,
      method: ctx.request.method,
      path: ctx.url.pathname,
      status: res.status,
    });
    return res;
  });
}

export const putItems = (ctx: APIContext) =>
  call(ctx, async (t) => {
    const { db, engine } = database();
    const results = await importItems(db, engine, await readItems(ctx.request, t));
    const count = { created: 0, updated: 0, unchanged: 0, invalid: 0 };
    for (const r of results) count[r.status]++;
    return json({
      type: count.invalid ? 'warning' : 'success',
      ...count,
      results: results.map((r) =>
        r.errors
          ? {
              ...r,
              errors: Object.fromEntries(Object.entries(r.errors).map(([f, k]) => [f, t(k)])),
            }
          : r,
      ),
    });
  });

/** The sku of the path; one that cannot be decoded (a malformed %-sequence) is not found. */
function skuOf(ctx: APIContext, t: T): string {
  let raw: string;
  try {
    raw = decodeURIComponent(ctx.params.sku ?? '');
  } catch {
    throw new HttpError(404, t('catalogue.errors.notFound'));
  }
  const r = v.safeParse(SKU, raw);
  if (!r.success) throw new HttpError(404, t('catalogue.errors.notFound'));
  return r.output;
}

export const getItemCall = (ctx: APIContext) =>
  call(ctx, async (t) => {
    const item = await getItem(database().db, skuOf(ctx, t));
    if (!item) throw new HttpError(404, t('catalogue.errors.notFound'));
    return json({ type: 'success', data: item });
  });

export const deleteItemCall = (ctx: APIContext) =>
  call(ctx, async (t) => {
    const sku = skuOf(ctx, t);
    const { db, engine } = database();
    if (!(await deleteItem(db, engine, sku)))
      throw new HttpError(404, t('catalogue.errors.notFound'));
    return json({ type: 'success', sku });
  });
