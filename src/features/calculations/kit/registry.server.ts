// The calculator registry: one entry per calculation kind (pump, station, control, to1, to2, to3,
// flow-meter, btp), registered by its module in ./calculators/ (one import line in
// ./calculators/index.server.ts). The one API route src/pages/api/v1/calculations/[kind]/select.ts
// and the one page handler (./page.server.ts) find a kind here; an unknown kind is 404.
//
// Contract: select() answers the public selection of POST /api/v1/calculations/<kind>/select from the
// form or JSON values as posted, in the kit's one reply type SelectionReply { status, body } (./reply.ts): 400 with
// body.errors {field: message} on bad input, never 500. The saved calculations keep their own registry
// (saved/kinds.server.ts: chosen items, .xlsx, datasheet); its select() is the save layer's rerun. The
// two differ only for the heat exchangers: the public answer tags each pack with its save `pick`
// (hxSelectAnswer), the rerun does not (hxSelectForSave) — decision 0033.
import type { Kysely } from 'kysely';
import type { DB, User } from '#lib/db/schema.ts';
import { HttpError } from '#lib/http/api.ts';
import type { T } from '#lib/i18n/index.ts';
import type { SelectionReply } from './reply.ts';

export interface CalcContext {
  db: Kysely<DB>;
  t: T;
  /** The signed-in user (the API route requires one; a page may be shown before signing in). */
  user: User | null;
}

export interface CalculatorPageOptions<A extends SelectionReply> {
  /** A worked example: what an empty form shows (heat exchangers, flow meter). */
  example?: Record<string, string>;
  /** The longest query value a GET keeps (default 200; the pump forms carry pumps over in the query). */
  queryMax?: number;
  /** The GET's values from its query; default: the query, or the example when there is none. */
  prefill?(query: Record<string, string>): Record<string, string>;
  /** The answer to a POST of the page's form; default select(). */
  answer?(ctx: CalcContext, values: Record<string, string>): Promise<A>;
}

export interface Calculator<A extends SelectionReply = SelectionReply> {
  kind: string;
  /** The form page. */
  formPath: string;
  /** Only employees use it: anyone else gets 403 with `refusal` (a dictionary key). */
  requires?: 'employee';
  refusal?: string;
  select(ctx: CalcContext, values: Record<string, unknown>): Promise<A>;
  page?: CalculatorPageOptions<A>;
}

// Process-wide per module copy; every caller imports ./calculators/index.server.ts, which registers them all.
const REGISTRY = new Map<string, Calculator>();

export function registerCalculator<A extends SelectionReply>(c: Calculator<A>): void {
  REGISTRY.set(c.kind, c as unknown as Calculator);
}

/** The registered calculator, or undefined (the route's 404). */
export const calculator = (kind: string): Calculator | undefined => REGISTRY.get(kind);

export const calculatorKinds = (): string[] => [...REGISTRY.keys()];

/** The calculator's role guard: 401 without a user, 403 (its refusal text) for a non-employee on an employees-only kind. */
export function allowedUser(c: Calculator, locals: App.Locals): User {
  if (!locals.user) throw new HttpError(401, locals.t('errors.unauthorized'));
  if (c.requires === 'employee' && locals.user.is_employee !== 1)
    throw new HttpError(403, c.refusal ?? 'errors.unauthorized');
  return locals.user;
}
