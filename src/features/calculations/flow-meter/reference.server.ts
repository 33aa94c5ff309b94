// Reference data of heat metering: regions, cities of a region, heat supply organisations of a city.
// Lists are bounded (limit ≤ 100), searched by a lower-cased name and paged by key (name, code) on
// the parent's index; writes are idempotent by code. A region with cities (a city with
// organisations) is not deleted: the answer says it is in use. Also the demo seed: the demo regions
// and the demo metering equipment of the catalogue, each written only when none is there yet.
import { sql, type Kysely } from 'kysely';
import { upsertItem } from '#features/catalogue/catalogue.server.ts';
import { checkItem } from '#features/catalogue/catalogue.schema.ts';
import { engineOf } from '#lib/db/migrations/helpers.ts';
import type { DB } from '#lib/db/schema.ts';
import type { Requirements } from './engine.ts';
import { demoMeteringItems } from './catalogue.demo.ts';
import { DEMO_CITIES, DEMO_ORGANISATIONS, DEMO_REGIONS } from './reference.demo.ts';
import {
  parseRequirements,
  requirementsOf,
  type CityInput,
  type ListQuery,
  type OrganisationInput,
  type ReferenceKind,
  type RegionInput,
} from './reference.schema.ts';
import type { ReferenceTables } from './reference.tables.ts';

export type RefDb = Kysely<DB & ReferenceTables>;
const TABLE = {
  regions: 'flow_meter_regions',
  cities: 'flow_meter_cities',
  organisations: 'flow_meter_organisations',
} as const;

export interface RegionEntity {
  code: string;
  name: string;
  demo: boolean;
}
export interface CityEntity extends RegionEntity {
  region: string;
}
export interface OrganisationEntity extends RegionEntity {
  city: string;
  inn: string | null;
  requirements: Requirements;
}

const searchOf = (name: string) => name.toLowerCase();
const likeText = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const now = () => new Date().toISOString();

/** One page of a list: where (parent, search) and after (name, code) of the given code, in name order. */
// One query over three tables of the same shape: rows come back untyped.
async function page(
  db: RefDb,
  table: (typeof TABLE)[ReferenceKind],
  parent: { column: 'region_code' | 'city_code'; value: string } | null,
  q: ListQuery,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<any[]> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const d = db as unknown as Kysely<any>;
  let after: { name: string; code: string } | undefined;
  if (q.after)
    after = await d
      .selectFrom(table)
      .select(['name', 'code'])
      .where('code', '=', q.after)
      .executeTakeFirst();
  let query = d.selectFrom(table).selectAll();
  if (parent) query = query.where(parent.column, '=', parent.value);
  if (q.q) query = query.where(sql<boolean>`search like ${likeText(q.q)} escape '\\'`);
  if (after) {
    const a = after;
    query = query.where((eb) =>
      eb.or([eb('name', '>', a.name), eb.and([eb('name', '=', a.name), eb('code', '>', a.code)])]),
    );
  }
  return query.orderBy('name').orderBy('code').limit(q.limit).execute();
}

/** The shared handle typed with the reference tables (migration 0016). */
export const refDb = (db: Kysely<DB>): RefDb => db as unknown as RefDb;

export async function listRegions(db: RefDb, q: ListQuery): Promise<RegionEntity[]> {
  const rows = await page(db, TABLE.regions, null, q);
  return rows.map((r: { code: string; name: string; demo: number }) => ({
    code: r.code,
    name: r.name,
    demo: r.demo === 1,
  }));
}

export async function listCities(db: RefDb, region: string, q: ListQuery): Promise<CityEntity[]> {
  const rows = (await page(
    db,
    TABLE.cities,
    { column: 'region_code', value: region },
    q,
  )) as Array<{ code: string; name: string; demo: number; region_code: string }>;
  return rows.map((r) => ({
    code: r.code,
    name: r.name,
    region: r.region_code,
    demo: r.demo === 1,
  }));
}

const orgEntity = (r: {
  code: string;
  name: string;
  demo: number;
  city_code: string;
  inn: string | null;
  requirements: string;
}): OrganisationEntity => ({
  code: r.code,
  name: r.name,
  city: r.city_code,
  inn: r.inn,
  demo: r.demo === 1,
  requirements: parseRequirements(r.requirements),
});

export async function listOrganisations(
  db: RefDb,
  city: string,
  q: ListQuery,
): Promise<OrganisationEntity[]> {
  const rows = (await page(
    db,
    TABLE.organisations,
    { column: 'city_code', value: city },
    q,
  )) as Array<Parameters<typeof orgEntity>[0]>;
  return rows.map(orgEntity);
}

export async function getRegion(db: RefDb, code: string): Promise<RegionEntity | null> {
  const r = await db
    .selectFrom('flow_meter_regions')
    .selectAll()
    .where('code', '=', code)
    .executeTakeFirst();
  return r ? { code: r.code, name: r.name, demo: r.demo === 1 } : null;
}
export async function getCity(db: RefDb, code: string): Promise<CityEntity | null> {
  const r = await db
    .selectFrom('flow_meter_cities')
    .selectAll()
    .where('code', '=', code)
    .executeTakeFirst();
  return r ? { code: r.code, name: r.name, region: r.region_code, demo: r.demo === 1 } : null;
}
export async function getOrganisation(db: RefDb, code: string): Promise<OrganisationEntity | null> {
  const r = await db
    .selectFrom('flow_meter_organisations')
    .selectAll()
    .where('code', '=', code)
    .executeTakeFirst();
  return r ? orgEntity(r) : null;
}

export class MissingParentError extends Error {}
export class InUseError extends Error {}

async function upsert(
  db: RefDb,
  table: (typeof TABLE)[ReferenceKind],
  code: string,
  values: Record<string, unknown>,
): Promise<'created' | 'updated'> {
  const d = db as unknown as Kysely<
    Record<string, { id: number; code: string; created_at: string; updated_at: string }>
  >;
  const t = now();
  const existing = await d
    .selectFrom(table)
    .select('id')
    .where('code', '=', code)
    .executeTakeFirst();
  if (existing) {
    await d
      .updateTable(table)
      .set({ ...values, updated_at: t })
      .where('code', '=', code)
      .execute();
    return 'updated';
  }
  await d
    .insertInto(table)
    .values({ ...values, code, created_at: t, updated_at: t } as never)
    .execute();
  return 'created';
}

export const putRegion = (db: RefDb, code: string, x: RegionInput) =>
  upsert(db, TABLE.regions, code, { name: x.name, search: searchOf(x.name), demo: x.demo ? 1 : 0 });

export async function putCity(db: RefDb, code: string, x: CityInput) {
  if (!(await getRegion(db, x.region))) throw new MissingParentError('region');
  return upsert(db, TABLE.cities, code, {
    region_code: x.region,
    name: x.name,
    search: searchOf(x.name),
    demo: x.demo ? 1 : 0,
  });
}

export async function putOrganisation(db: RefDb, code: string, x: OrganisationInput) {
  if (!(await getCity(db, x.city))) throw new MissingParentError('city');
  return upsert(db, TABLE.organisations, code, {
    city_code: x.city,
    name: x.name,
    inn: x.inn,
    requirements: JSON.stringify(requirementsOf(x.requirements)),
    search: searchOf(x.name),
    demo: x.demo ? 1 : 0,
  });
}

/** Deletes by code: false when absent; InUseError when children still point at it. */
export async function deleteReference(
  db: RefDb,
  kind: ReferenceKind,
  code: string,
): Promise<boolean> {
  if (
    kind === 'regions' &&
    (await db
      .selectFrom('flow_meter_cities')
      .select('id')
      .where('region_code', '=', code)
      .limit(1)
      .executeTakeFirst())
  )
    throw new InUseError('cities');
  if (
    kind === 'cities' &&
    (await db
      .selectFrom('flow_meter_organisations')
      .select('id')
      .where('city_code', '=', code)
      .limit(1)
      .executeTakeFirst())
  )
    throw new InUseError('organisations');
  const d = db as unknown as Kysely<Record<string, { code: string }>>;
  const r = await d.deleteFrom(TABLE[kind]).where('code', '=', code).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Demo regions, cities, organisations and metering equipment, each only when none is there yet. */
export async function seedFlowMeterDemo(db: Kysely<DB>): Promise<void> {
  const rdb = refDb(db);
  if (!(await rdb.selectFrom('flow_meter_regions').select('id').limit(1).executeTakeFirst())) {
    for (const [code, x] of DEMO_REGIONS) await putRegion(rdb, code, x);
    for (const [code, x] of DEMO_CITIES) await putCity(rdb, code, x);
    for (const [code, x] of DEMO_ORGANISATIONS) await putOrganisation(rdb, code, x);
  }
  if (
    !(await db
      .selectFrom('catalogue_items')
      .select('id')
      .where('kind', '=', 'flow_meter')
      .limit(1)
      .executeTakeFirst())
  ) {
    const engine = await engineOf(db);
    for (const input of demoMeteringItems()) {
      const c = checkItem(input);
      // Generated by our own code and covered by a unit test: a failure is a bug.
      if (!c.ok) throw new Error(`demo metering item ${c.sku}: ${JSON.stringify(c.errors)}`);
      await upsertItem(db, engine, c.item);
    }
  }
}
