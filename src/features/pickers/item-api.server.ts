// The HTTP answers every "items of the user" area gives (organisations, objects; later registry,
// calculations, dispatching): the list call, the pickers' bounded "all" call, one item, and a
// create call, from the area's own queries and rules. Failures carry the area's catalogue messages
// (dictionary keys); another user's or an unknown id answers 404.
import type { User } from '#lib/db/schema.ts';
import { json } from '#lib/http/api.ts';
import type { T } from '#lib/i18n/index.ts';
import { ListQueryError, parseListQuery, type ListQuery, type ListResult } from '#lib/list.ts';
import { log } from '#lib/log.ts';
import { translateErrors, type FieldErrors } from '#lib/validation.ts';
import { parseAllQuery, type AllQuery } from './pickers.schema.ts';
import { parseId } from '#lib/validation.ts';

export type SubmitResult<I> = { ok: true; item: I } | { ok: false; status: number; message: string; errors: FieldErrors };

export interface ItemArea<F extends string, I> {
  /** Log name, e.g. 'organisation'. */
  name: string;
  /** Dictionary keys: list and "all" failures, and the entity's name for 404. */
  keys: { list: string; all: string; entity: string };
  fields: readonly F[];
  list(userId: number, q: ListQuery<F>): Promise<ListResult<I>>;
  find(userId: number, q: AllQuery): Promise<ListResult<I>>;
  get(userId: number, id: number): Promise<I | null>;
  submit(user: User, values: Record<string, unknown>): Promise<SubmitResult<I>>;
}

export function itemAnswers<F extends string, I>(area: ItemArea<F, I>) {
  return {
    async createResponse(user: User, values: Record<string, unknown>, t: T): Promise<Response> {
      const r = await area.submit(user, values);
      if (r.ok) return json({ data: r.item }, 201);
      return json({ message: t(r.message), errors: translateErrors(r.errors, t) }, r.status);
    },
    async listResponse(user: User, params: URLSearchParams, t: T): Promise<Response> {
      try {
        return json({ data: await area.list(user.id, parseListQuery(params, area.fields)) });
      } catch (err) {
        if (err instanceof ListQueryError) return json({ message: t(area.keys.list), errors: { filter: err.message } }, 400);
        log.error(`${area.name} list failed`, { user: user.id, err });
        return json({ message: t(area.keys.list) }, 500);
      }
    },
    /** The pickers' call: ?search= and ?limit= (default 50, at most 100) -> data.totalCount (all matches), data.entities. */
    async allResponse(user: User, params: URLSearchParams, t: T): Promise<Response> {
      try {
        return json({ data: await area.find(user.id, parseAllQuery(params)) });
      } catch (err) {
        log.error(`${area.name} list (all) failed`, { user: user.id, err });
        return json({ message: t(area.keys.all) }, 500);
      }
    },
    async showResponse(user: User, id: string | undefined, t: T): Promise<Response> {
      const n = parseId(id);
      const item = n === null ? null : await area.get(user.id, n);
      if (!item) return json({ message: t('errors.notFound', { name: t(area.keys.entity) }) }, 404);
      return json({ data: item });
    },
  };
}
