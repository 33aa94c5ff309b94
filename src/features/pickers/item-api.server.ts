// The HTTP answers every "items of the user" area gives (organisations, objects; later registry,
// calculations, dispatching): the list call, the pickers' bounded "all" call, one item, and a
// create call, from the area's own queries and rules. Failures carry the area's catalogue messages
// (dictionary keys); another user's or an unknown id answers 404. Every answer goes through respond()
// (docs/decisions/0034-one-error-policy.md): this module only names each call's catalogue message.
import type { User } from '#lib/db/schema.ts';
import { HttpError, json } from '#lib/http/api.ts';
import { respond } from '#lib/http/respond.ts';
import type { T } from '#lib/i18n/index.ts';
import { parseListQuery, type ListQuery, type ListResult } from '#lib/list.ts';
import { translateErrors, type FieldErrors } from '#lib/validation.ts';
import { parseAllQuery, type AllQuery } from './pickers.schema.ts';
import { parseId } from '#lib/validation.ts';

export type SubmitResult<I> =
  { ok: true; item: I } | { ok: false; status: number; message: string; errors: FieldErrors };

export interface ItemArea<F extends string, I> {
  /** Log name, e.g. 'organisation'. */
  name: string;
  /** Dictionary keys: list, "all" and save failures, and the entity's name for 404. */
  keys: { list: string; all: string; save: string; entity: string };
  fields: readonly F[];
  list(userId: number, q: ListQuery<F>): Promise<ListResult<I>>;
  find(userId: number, q: AllQuery): Promise<ListResult<I>>;
  get(userId: number, id: number): Promise<I | null>;
  submit(user: User, values: Record<string, unknown>): Promise<SubmitResult<I>>;
}

export function itemAnswers<F extends string, I>(area: ItemArea<F, I>) {
  return {
    /** A refusal answers the area's status, catalogue message and translated field errors (decision 0034). */
    createResponse: (user: User, values: Record<string, unknown>, t: T): Promise<Response> =>
      respond(t, area.keys.save, async () => {
        const r = await area.submit(user, values);
        if (!r.ok)
          throw new HttpError(r.status, t(r.message), { errors: translateErrors(r.errors, t) });
        return json({ data: r.item }, 201);
      }),
    listResponse: (user: User, params: URLSearchParams, t: T): Promise<Response> =>
      respond(t, area.keys.list, async () =>
        json({ data: await area.list(user.id, parseListQuery(params, area.fields)) }),
      ),
    /** The pickers' call: ?search= and ?limit= (default 50, at most 100) -> data.totalCount (all matches), data.entities. */
    allResponse: (user: User, params: URLSearchParams, t: T): Promise<Response> =>
      respond(t, area.keys.all, async () =>
        json({ data: await area.find(user.id, parseAllQuery(params)) }),
      ),
    showResponse: (user: User, id: string | undefined, t: T): Promise<Response> =>
      respond(t, area.keys.entity, async () => {
        const n = parseId(id);
        const item = n === null ? null : await area.get(user.id, n);
        if (!item) throw new HttpError(404, t('errors.notFound', { name: t(area.keys.entity) }));
        return json({ data: item });
      }),
  };
}
