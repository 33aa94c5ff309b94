// GET ?t_c=&p_mpa= (p absolute): properties of water or steam at that state, region chosen by
// IAPWS-IF97 -> { region, rho, v, h, s, cp, cv, w, mu, lambda, pr } in kg/m3, m3/kg, kJ/kg,
// kJ/(kg K), m/s, Pa s, W/(m K). Bad or out-of-range input: 400 { message, errors: { field } }.
import type { APIRoute } from 'astro';
import { lookupWater } from '#features/properties/properties.lookup.ts';
import { HttpError, json } from '#lib/http/api.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = ({ locals, url }) => {
  requireUser(locals);
  const r = lookupWater(Object.fromEntries(url.searchParams), locals.t);
  if (!r.ok) throw new HttpError(400, locals.t('properties.errors.invalid'), { errors: r.errors });
  const { t_c: _t, p_mpa: _p, ...answer } = r.value;
  return json(answer);
};
