// The flow meter page without JavaScript: one form holds the location pickers (region → city → heat
// supply organisation) and the calculation fields. Its "Show" button sends the whole form as a GET
// that reloads with the next list and every value typed so far (a query of location fields only, a
// link, gets the worked example around it); a POST of the form runs the same calculation as the API
// and the page renders the answer below it. Lists are bounded (100 per picker).
import { db } from '#lib/db/index.ts';
import { calculatorPage } from '#features/calculations/kit/kit.page.server.ts';
import type { FlowMeterAnswer } from './flow-meter.server.ts';
import { EXAMPLE, LOCATION } from './flow-meter.example.ts';

export { EXAMPLE, LOCATION };
import { CODE, LIST_LIMIT } from './reference.schema.ts';
import {
  getCity,
  getOrganisation,
  getRegion,
  listCities,
  listOrganisations,
  listRegions,
  refDb,
  type CityEntity,
  type OrganisationEntity,
  type RegionEntity,
} from './reference.server.ts';
import * as v from 'valibot';

export interface FlowMeterPage {
  values: Record<string, string>;
  answer: FlowMeterAnswer | null;
  regions: RegionEntity[];
  cities: CityEntity[];
  organisations: OrganisationEntity[];
  organisation: OrganisationEntity | null;
}

const code = (x: string | undefined) => (x && v.is(CODE, x) ? x : undefined);

/** The kit's page (kit/kit.page.server.ts: example around a location-only query, POST answered) with the location pickers' lists. */
export async function flowMeterPage(
  request: Request,
  url: URL,
  locals: App.Locals,
): Promise<FlowMeterPage> {
  const { values, answer } = await calculatorPage('flow-meter', request, url, locals);
  const d = refDb(db());
  const all = { q: '', limit: LIST_LIMIT.max };
  const region =
    code(values.region) && (await getRegion(d, values.region!)) ? values.region! : undefined;
  const city = region && code(values.city) ? await getCity(d, values.city!) : null;
  const cityCode = city && city.region === region ? city.code : undefined;
  const organisations = cityCode ? await listOrganisations(d, cityCode, all) : [];
  return {
    values,
    answer,
    regions: await listRegions(d, all),
    cities: region ? await listCities(d, region, all) : [],
    organisations,
    organisation:
      organisations.find((o) => o.code === values.organisation) ??
      (cityCode && code(values.organisation)
        ? await orgIn(d, values.organisation!, cityCode)
        : null),
  };
}

async function orgIn(
  d: ReturnType<typeof refDb>,
  code: string,
  city: string,
): Promise<OrganisationEntity | null> {
  const o = await getOrganisation(d, code);
  return o && o.city === city ? o : null;
}
