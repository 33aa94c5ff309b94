// GET ?t_c= or ?p_mpa= (p absolute): the saturation state -> { t_sat_c, p_sat_mpa, h_liquid,
// h_vapour, r, rho_liquid, rho_vapour } in °C, MPa, kJ/kg, kg/m3. Exactly one of the two
// parameters; bad or out-of-range input: 400 { message, errors: { field } }.
import type { APIRoute } from 'astro';
import { lookupSaturation } from '#features/properties/properties.lookup.ts';
import { HttpError, json } from '#lib/http/api.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = ({ locals, url }) => {
  requireUser(locals);
  const r = lookupSaturation(Object.fromEntries(url.searchParams), locals.t);
  if (!r.ok) throw new HttpError(400, locals.t('properties.errors.invalid'), { errors: r.errors });
  return json(r.value);
};
