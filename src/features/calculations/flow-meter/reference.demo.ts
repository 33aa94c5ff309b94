// Demo reference data for a few regions, every row marked demo (and "(demo)" in its name, in
// Russian, in reference.demo.json): the regions, cities and heat supply organisations are real
// places, the organisations and their requirements are invented to show how the selection answers
// different technical conditions. The rows are data, so they live in JSON beside this typed view.
import demo from './reference.demo.json' with { type: 'json' };
import type { CityInput, OrganisationInput, RegionInput } from './reference.schema.ts';

export const DEMO_REGIONS = demo.regions as Array<[string, RegionInput]>;
export const DEMO_CITIES = demo.cities as Array<[string, CityInput]>;
export const DEMO_ORGANISATIONS = demo.organisations as unknown as Array<
  [string, OrganisationInput]
>;
