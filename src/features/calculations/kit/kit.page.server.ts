// The one page handler of the calculator pages (pump, station, control, to1-3, flow meter) without
// JavaScript: a GET shows the form (its values from the query, or the calculator's worked example), a
// POST of the same form runs the calculator registered for the kind (./registry.server.ts) and the
// page renders the answer below the form it came from, with the answer's status. The .astro pages
// stay thin: `const page = await calculatorPage('<kind>', Astro.request, Astro.url, Astro.locals)`.
import { db } from '#lib/db/index.ts';
import { readForm } from '#lib/http/api.ts';
import type { FlowMeterAnswer } from '#features/calculations/flow-meter/flow-meter.server.ts';
import type { HxAnswer } from '#features/calculations/hx/hx.server.ts';
import type { SelectAnswer } from '#features/calculations/select.server.ts';
import type { SelectionReply } from './reply.ts';
import { calculator } from './calculators/index.server.ts';

/** The answer each page kind renders. */
export interface PageAnswers {
  pump: SelectAnswer;
  station: SelectAnswer;
  control: SelectAnswer;
  to1: HxAnswer;
  to2: HxAnswer;
  to3: HxAnswer;
  'flow-meter': FlowMeterAnswer;
}
export type PageKind = keyof PageAnswers;

export interface CalculatorPage<A extends SelectionReply = SelectionReply> {
  values: Record<string, string>;
  answer: A | null;
}

/** The text values of a form or query (files and longer texts than `max` left out; max only on a query). */
const texts = (entries: Iterable<[string, unknown]>, max = Infinity): Record<string, string> =>
  Object.fromEntries(
    [...entries].flatMap(([k, v]) => (typeof v === 'string' && v.length <= max ? [[k, v]] : [])),
  );

export async function calculatorPage<K extends PageKind>(
  kind: K,
  request: Request,
  url: URL,
  locals: App.Locals,
): Promise<CalculatorPage<PageAnswers[K]>> {
  const c = calculator(kind);
  if (!c) throw new Error(`calculator ${kind} is not registered`);
  const page = c.page ?? {};
  if (request.method !== 'POST') {
    const query = texts(url.searchParams.entries(), page.queryMax ?? 200);
    const values = page.prefill
      ? page.prefill(query)
      : Object.keys(query).length
        ? query
        : (page.example ?? {});
    return { values, answer: null };
  }
  const values = texts(Object.entries(await readForm(request)));
  const ctx = { db: db(), t: locals.t, user: locals.user ?? null };
  const answer = await (page.answer ? page.answer(ctx, values) : c.select(ctx, values));
  return { values, answer: answer as PageAnswers[K] };
}
