// The back office's reference calls (scope reference): PUT /api/integration/reference/{kind}/{code}
// creates or replaces one region, city or heat supply organisation (idempotent by code), GET
// answers it, DELETE removes it (409 while cities or organisations still point at it). An unknown
// kind or a malformed code is 404; a city naming an unknown region (an organisation an unknown
// city) is 422 with the field named.
import type { APIContext } from 'astro';
import * as v from 'valibot';
import { validate } from '#features/integration/body.server.ts';
import { integrationCall } from '#features/integration/route.server.ts';
import { requireKey } from '#features/integration/keys.server.ts';
import { HttpError, json } from '#lib/http/api.ts';
import { respond } from '#lib/http/respond.ts';
import { log } from '#lib/log.ts';
import { db } from '#lib/db/index.ts';
import type { T } from '#lib/i18n/index.ts';
import {
  CitySchema,
  CODE,
  OrganisationSchema,
  REFERENCE_KINDS,
  RegionSchema,
  type ReferenceKind,
} from './reference.schema.ts';
import {
  deleteReference,
  getCity,
  getOrganisation,
  getRegion,
  InUseError,
  MissingParentError,
  putCity,
  putOrganisation,
  putRegion,
  refDb,
} from './reference.server.ts';

const rdb = () => refDb(db());

/** GET and DELETE carry no body (the shared wrapper reads one for every non-GET call). */
function bodiless(ctx: APIContext, work: (t: T) => Promise<unknown>): Promise<Response> {
  const t = ctx.locals.t;
  return respond(t, 'integration.errors.failed', async () => {
    const key = requireKey(ctx.request, 'reference', t);
    const result = await work(t);
    log.info('integration call', {
      key: key.name,
      method: ctx.request.method,
      path: ctx.url.pathname,
    });
    return json(result);
  });
}

function target(ctx: APIContext, t: T): { kind: ReferenceKind; code: string } {
  const kind = ctx.params.kind as ReferenceKind;
  // Astro hands the parameter over decoded: decoding it again would turn a '%' into a URIError (500).
  const code = v.safeParse(CODE, ctx.params.code ?? '');
  if (!(REFERENCE_KINDS as readonly string[]).includes(kind) || !code.success)
    throw new HttpError(404, t('calcFlow.errors.notFound'));
  return { kind, code: code.output };
}

const getOne = (kind: ReferenceKind, code: string) =>
  kind === 'regions'
    ? getRegion(rdb(), code)
    : kind === 'cities'
      ? getCity(rdb(), code)
      : getOrganisation(rdb(), code);

/** Translates the validation keys of calcFlow.validation.* (validate() translates only integration.*). */
function checked<S extends v.GenericSchema>(schema: S, data: unknown, t: T): v.InferOutput<S> {
  try {
    return validate(schema, data, t);
  } catch (err) {
    if (err instanceof HttpError && err.body.errors) {
      const errors = Object.fromEntries(
        Object.entries(err.body.errors as Record<string, string>).map(([k, m]) => [
          k,
          m.startsWith('calcFlow.') ? t(m) : m,
        ]),
      );
      throw new HttpError(err.status, String(err.body.message), { errors });
    }
    throw err;
  }
}

export const putReferenceCall = (ctx: APIContext) =>
  integrationCall(ctx, 'reference', async (body, t) => {
    const { kind, code } = target(ctx, t);
    let status: 'created' | 'updated';
    try {
      if (kind === 'regions')
        status = await putRegion(rdb(), code, checked(RegionSchema, body.data, t));
      else if (kind === 'cities')
        status = await putCity(rdb(), code, checked(CitySchema, body.data, t));
      else status = await putOrganisation(rdb(), code, checked(OrganisationSchema, body.data, t));
    } catch (err) {
      if (err instanceof MissingParentError) {
        const field = err.message;
        throw new HttpError(422, t('integration.errors.invalid'), {
          errors: { [field]: t(`calcFlow.validation.unknown_${field}`) },
        });
      }
      throw err;
    }
    return { type: 'success', status, data: await getOne(kind, code) };
  });

export const getReferenceCall = (ctx: APIContext) =>
  bodiless(ctx, async (t) => {
    const { kind, code } = target(ctx, t);
    const data = await getOne(kind, code);
    if (!data) throw new HttpError(404, t('calcFlow.errors.notFound'));
    return { type: 'success', data };
  });

export const deleteReferenceCall = (ctx: APIContext) =>
  bodiless(ctx, async (t) => {
    const { kind, code } = target(ctx, t);
    try {
      if (!(await deleteReference(rdb(), kind, code)))
        throw new HttpError(404, t('calcFlow.errors.notFound'));
    } catch (err) {
      if (err instanceof InUseError)
        throw new HttpError(409, t(`calcFlow.errors.inUse.${err.message}`));
      throw err;
    }
    return { type: 'success', code };
  });
