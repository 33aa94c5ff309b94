// The selection pages without JavaScript: a GET shows the form (prefilled from the query, e.g. pumps
// carried over to the cabinet page), a POST of the same form runs the same selection as the API and
// the page renders the answer below the form it came from.
import { selectAnswer, type Kind, type SelectAnswer } from './select.server.ts';
import { rawInput } from './calculations.schema.ts';
import { db } from '#lib/db/index.ts';
import { readForm } from '#lib/http/api.ts';

export interface SelectPage {
  values: Record<string, string>;
  answer: SelectAnswer | null;
}

export async function selectPage(kind: Kind, request: Request, url: URL, locals: App.Locals): Promise<SelectPage> {
  if (request.method !== 'POST') {
    const values = Object.fromEntries([...url.searchParams.entries()].filter(([, v]) => v.length <= 1000));
    return { values, answer: null };
  }
  const form = await readForm(request);
  const values = Object.fromEntries(Object.entries(form).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])));
  const answer = await selectAnswer(kind, db(), rawInput(values), locals.t);
  return { values, answer };
}

/** The form field holding an error key (the engine names kopecks, the form asks for roubles). */
export const fieldIdFor = (key: string): string => `f-${{ electricity_kop_kwh: 'electricity_price', load_profile: 'hours_100' }[key] ?? key}`;
