// The flow meter page without JavaScript: one form holds the location pickers (region → city → heat
// supply organisation) and the calculation fields. Its "Show" button sends the whole form as a GET
// that reloads with the next list and every value typed so far (a query of location fields only, a
// link, gets the worked example around it); a POST of the form runs the same calculation as the API
// and the page renders the answer below it. Lists are bounded (100 per picker).
import { db } from '#lib/db/index.ts';
import { readForm } from '#lib/http/api.ts';
import { flowMeterAnswer, type FlowMeterAnswer } from './flow-meter.server.ts';
import { CODE, LIST_LIMIT } from './reference.schema.ts';
import { getCity, getOrganisation, getRegion, listCities, listOrganisations, listRegions, refDb, type CityEntity, type OrganisationEntity, type RegionEntity } from './reference.server.ts';
import * as v from 'valibot';

export interface FlowMeterPage {
  values: Record<string, string>;
  answer: FlowMeterAnswer | null;
  regions: RegionEntity[];
  cities: CityEntity[];
  organisations: OrganisationEntity[];
  organisation: OrganisationEntity | null;
}

/** A worked example: 1 Gcal/h, 95/70 °C, closed dependent scheme, DN100 pipes. */
export const EXAMPLE: Record<string, string> = {
  scheme: 'closed_dependent', mode: 'loads', q_heat: '1', q_dhw: '', q_unit: 'Gcal/h', t_supply: '95', t_return: '70', t_dhw: '60', t_cold: '5',
  p: '6', p_unit: 'bar', p_kind: 'gauge', min_share: '10', make_up: '2', flow_unit: 't/h', dn_supply: '100', dn_return: '100', margin: '90', v_min: '0.3', v_max: '5', dp_unit: 'kPa',
};
const LOCATION = ['region', 'city', 'organisation'] as const;
const code = (x: string | undefined) => (x && v.is(CODE, x) ? x : undefined);

export async function flowMeterPage(request: Request, url: URL, t: App.Locals['t']): Promise<FlowMeterPage> {
  let values: Record<string, string>;
  let answer: FlowMeterAnswer | null = null;
  if (request.method === 'POST') {
    const form = await readForm(request);
    values = Object.fromEntries(Object.entries(form).flatMap(([k, x]) => (typeof x === 'string' ? [[k, x]] : [])));
    answer = await flowMeterAnswer(db(), values, t);
  } else {
    const query = Object.fromEntries([...url.searchParams.entries()].filter(([, x]) => x.length <= 200));
    const onlyLocation = Object.keys(query).every((k) => (LOCATION as readonly string[]).includes(k));
    values = onlyLocation ? { ...EXAMPLE, ...query } : query;
  }
  const d = refDb(db());
  const all = { q: '', limit: LIST_LIMIT.max };
  const region = code(values.region) && (await getRegion(d, values.region!)) ? values.region! : undefined;
  const city = region && code(values.city) ? await getCity(d, values.city!) : null;
  const cityCode = city && city.region === region ? city.code : undefined;
  const organisations = cityCode ? await listOrganisations(d, cityCode, all) : [];
  return {
    values,
    answer,
    regions: await listRegions(d, all),
    cities: region ? await listCities(d, region, all) : [],
    organisations,
    organisation: organisations.find((o) => o.code === values.organisation) ?? (cityCode && code(values.organisation) ? await orgIn(d, values.organisation!, cityCode) : null),
  };
}

async function orgIn(d: ReturnType<typeof refDb>, code: string, city: string): Promise<OrganisationEntity | null> {
  const o = await getOrganisation(d, code);
  return o && o.city === city ? o : null;
}
