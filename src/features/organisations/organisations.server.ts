// Organisations of the signed-in user: list (search, filter, sort, paging), all, one, and creation.
// Organisations are shared: a second user adding the same INN gets linked to the existing row with
// a post of their own. Every query goes through the user's links, so another user's id is not found.
import { sql, type Kysely } from 'kysely';
import { db as defaultDb, now } from '#lib/db/index.ts';
import type { DB } from '#lib/db/schema.ts';
import { containsPattern, searchText, type ListQuery, type ListResult } from '#lib/list.ts';
import { log } from '#lib/log.ts';
import { suggestProvider } from '#lib/suggest/index.ts';
import type { PartySuggestion } from '#lib/suggest/types.ts';
import { ALL_DEFAULT_LIMIT, type AllQuery } from '#features/pickers/pickers.schema.ts';
import { parseWith, isId } from '#lib/validation.ts';
import {
  OrganisationNamedSchema,
  type ORGANISATION_FIELDS,
  type OrganisationCreate,
  type OrganisationItem,
} from './organisations.schema.ts';
import { containsWhere } from '#lib/search.server.ts';

type Field = (typeof ORGANISATION_FIELDS)[number];

const COLUMNS = {
  id: 'organisations.id',
  name: 'organisations.name',
  inn: 'organisations.inn',
  post: 'user_organisations.post',
} as const;
// Lower-cased columns the search and the filters compare with (see the migration's note on `search`).
const SEARCHED = {
  name: 'organisations.search',
  inn: 'organisations.inn',
  post: 'user_organisations.search',
} as const;

function scoped(handle: Kysely<DB>, userId: number) {
  return handle
    .selectFrom('user_organisations')
    .innerJoin('organisations', 'organisations.id', 'user_organisations.organisation_id')
    .where('user_organisations.user_id', '=', userId);
}

const itemColumns = [
  'organisations.id',
  'organisations.name',
  'organisations.inn',
  'organisations.kpp',
  'organisations.address',
  'user_organisations.post',
] as const;

export async function listOrganisations(
  userId: number,
  q: ListQuery<Field>,
  handle: Kysely<DB> = defaultDb(),
): Promise<ListResult<OrganisationItem>> {
  let base = scoped(handle, userId);
  if (q.searchText) {
    const p = containsPattern(q.searchText);
    base = base.where((eb) =>
      eb.or([
        containsWhere(handle, 'organisations', q.searchText),
        sql<boolean>`user_organisations.search like ${p} escape '\\'`,
      ]),
    );
  }
  for (const [field, value] of Object.entries(q.filter) as Array<[Field, string]>) {
    base = base.where(
      sql<boolean>`${sql.ref(SEARCHED[field])} like ${containsPattern(value)} escape '\\'`,
    );
  }
  const { n } = await base
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const entities = await base
    .select([...itemColumns])
    .orderBy(sql.ref(COLUMNS[q.sortField]), q.sortOrder)
    .orderBy('organisations.id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNumber - 1) * q.pageSize)
    .execute();
  return { totalCount: Number(n), entities };
}

/**
 * The user's organisations for pickers: at most `limit`, newest first, optionally only those whose
 * name, INN or post contains `search`; totalCount counts every match.
 */
export async function findOrganisations(
  userId: number,
  q: AllQuery,
  handle: Kysely<DB> = defaultDb(),
): Promise<ListResult<OrganisationItem>> {
  let base = scoped(handle, userId);
  if (q.search) {
    const p = containsPattern(q.search);
    base = base.where((eb) =>
      eb.or([
        containsWhere(handle, 'organisations', q.search),
        sql<boolean>`user_organisations.search like ${p} escape '\\'`,
      ]),
    );
  }
  const { n } = await base
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const entities = await base
    .select([...itemColumns])
    .orderBy('organisations.id', 'desc')
    .limit(q.limit)
    .execute();
  return { totalCount: Number(n), entities };
}

/** The first page of findOrganisations without a search: what server-rendered pickers show before JavaScript. */
export async function allOrganisations(
  userId: number,
  handle: Kysely<DB> = defaultDb(),
): Promise<OrganisationItem[]> {
  return (await findOrganisations(userId, { search: '', limit: ALL_DEFAULT_LIMIT }, handle))
    .entities;
}

export async function getOrganisation(
  userId: number,
  id: number,
  handle: Kysely<DB> = defaultDb(),
): Promise<OrganisationItem | null> {
  if (!isId(id)) return null;
  return (
    (await scoped(handle, userId)
      .select([...itemColumns])
      .where('organisations.id', '=', id)
      .executeTakeFirst()) ?? null
  );
}

/** A new organisation that no suggestion names, sent without a name: field errors of OrganisationNamedSchema. */
export class NameRequiredError extends Error {
  readonly errors: Record<string, string>;
  constructor(errors: Record<string, string>) {
    super('organisation name required');
    this.errors = errors;
  }
}

export class AlreadyLinkedError extends Error {
  readonly organisationId: number;
  constructor(organisationId: number) {
    super('organisation already linked');
    this.organisationId = organisationId;
  }
}

/** What the registry knows about this INN; null when there is no provider or it does not answer. */
async function lookUp(inn: string): Promise<PartySuggestion | null> {
  const provider = suggestProvider();
  if (!provider) return null;
  try {
    return await provider.partyByInn(inn);
  } catch (err) {
    log.warn('organisation lookup failed', { inn, err });
    return null;
  }
}

/**
 * Links the user to the organisation with this INN (created first when new) with the user's post.
 * The name comes from the suggestion service when it knows the INN, else from the form: a new
 * organisation nobody names throws NameRequiredError. Throws AlreadyLinkedError when the user
 * already has it.
 */
export async function createOrganisation(
  userId: number,
  input: OrganisationCreate,
  handle: Kysely<DB> = defaultDb(),
): Promise<OrganisationItem> {
  const party = await lookUp(input.inn);
  const t = now();
  const id = await handle.transaction().execute(async (trx) => {
    let org = await trx
      .selectFrom('organisations')
      .select('id')
      .where('inn', '=', input.inn)
      .executeTakeFirst();
    if (!org) {
      if (!party) {
        const named = parseWith(OrganisationNamedSchema, input);
        if (!named.ok) throw new NameRequiredError(named.errors);
      }
      const name = party?.name ?? input.name;
      org = await trx
        .insertInto('organisations')
        .values({
          name,
          inn: input.inn,
          kpp: party?.kpp ?? null,
          ogrn: party?.ogrn ?? null,
          address: party?.address ?? null,
          search: searchText(name, party?.value, input.inn),
          created_at: t,
          updated_at: t,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    }
    const linked = await trx
      .selectFrom('user_organisations')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('organisation_id', '=', org.id)
      .executeTakeFirst();
    if (linked) throw new AlreadyLinkedError(org.id);
    await trx
      .insertInto('user_organisations')
      .values({
        user_id: userId,
        organisation_id: org.id,
        post: input.post,
        search: searchText(input.post),
        created_at: t,
      })
      .execute();
    return org.id;
  });
  return (await getOrganisation(userId, id, handle))!;
}
