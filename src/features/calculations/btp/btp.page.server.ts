// The substation pages' form posts and views: the list (search, status, key-based paging), the free
// start (creates a project and opens it), and the project page (calculate and save, order). Pages
// stay thin: they call these and render or redirect.
import type { User } from '#lib/db/schema.ts';
import { HttpError, readForm } from '#lib/http/api.ts';
import { BTP_FIELDS, btpRaw, withDefaults, type BtpField } from './btp.schema.ts';
import {
  calculateProject,
  createProject,
  getProject,
  listProjects,
  orderProject,
  parseBtpQuery,
  placeProject,
  selectBtp,
  sheetHeading,
  type BtpAnswer,
  type BtpProject,
} from './btp.server.ts';
import { parseId } from '#lib/validation.ts';
import { paths } from '#lib/paths.ts';

export const listView = async (user: User, url: URL) => {
  const q = parseBtpQuery(url.searchParams);
  return { q, ...(await listProjects(user.id, q)) };
};

/** POST of /btp/free (or the list's button): a new project from the worked example, then its page. */
export async function startPost(user: User, request: Request): Promise<string> {
  const form = await readForm(request);
  const title = typeof form.title === 'string' ? form.title : '';
  return paths.design.newCalculation.btp.project(await createProject(user.id, title));
}

export interface ProjectPage {
  project: BtpProject;
  values: Record<BtpField, string>;
  answer: BtpAnswer | null;
  status: number;
  message: string | null;
  redirect: string | null;
}

const idOf = parseId;
/** A picker's value: empty is none, digits an id, anything else undefined (refused). */
export const placeField = (x: unknown): number | null | undefined =>
  typeof x !== 'string' || x.trim() === '' ? null : (parseId(x.trim()) ?? undefined);

/** GET shows the saved inputs and result; POST action=calculate saves and redirects (PRG) or answers 400 with the form; action=order opens the order. */
export async function projectPage(
  user: User,
  id: string | undefined,
  request: Request,
  t: App.Locals['t'],
): Promise<ProjectPage | null> {
  const n = idOf(id);
  const project = n === null ? null : await getProject(user.id, n);
  if (!project) return null;
  const page: ProjectPage = {
    project,
    values: project.inputs,
    answer: null,
    status: 200,
    message: null,
    redirect: null,
  };
  if (request.method !== 'POST') {
    // A draft whose saved inputs do not calculate (a refused recalculation, a PUT with errors): the
    // form shows what was typed with the field errors, as the refused POST did.
    if (!project.result && project.status === 'draft') {
      const answer = await selectBtp(btpRaw(project.inputs), t);
      if (answer.status !== 200) return { ...page, answer };
    }
    return page;
  }
  const form = await readForm(request);
  try {
    if (form.action === 'place') {
      const oid = placeField(form.oid),
        object = placeField(form.object);
      if (oid === undefined || object === undefined)
        return {
          ...page,
          status: 400,
          message: t('calcBtp.errors.number', {
            field: t(`calcBtp.fields.${oid === undefined ? 'oid' : 'object'}`),
          }),
        };
      const errors = await placeProject(user, project, oid, object, t);
      if (Object.keys(errors).length)
        return { ...page, status: 404, message: Object.values(errors)[0]! };
      return { ...page, redirect: paths.design.newCalculation.btp.project(project.id) };
    }
    if (form.action === 'order') {
      const r = await orderProject(user, project, t);
      return { ...page, redirect: paths.orders.one(r.orderId) };
    }
    const values = Object.fromEntries(
      BTP_FIELDS.flatMap((f) => (typeof form[f] === 'string' ? [[f, form[f] as string]] : [])),
    );
    const answer = await calculateProject(user, project, values, t);
    if (answer.status === 200)
      return {
        ...page,
        redirect: `${paths.design.newCalculation.btp.project(project.id)}#btp-result`,
      };
    return {
      ...page,
      values: withDefaults({ ...project.inputs, ...values }),
      answer,
      status: answer.status,
    };
  } catch (err) {
    if (err instanceof HttpError) return { ...page, status: err.status, message: err.message };
    throw err;
  }
}

/** A calculated project's sheet pages (scheme, specification, explanation, offer): the owner's calculated project and its heading, or null (the 404 page). */
export async function calculatedSheet(
  user: User,
  id: string | undefined,
  t: App.Locals['t'],
): Promise<{
  project: BtpProject & { result: NonNullable<BtpProject['result']> };
  heading: string;
} | null> {
  const n = parseId(id);
  const p = n === null ? null : await getProject(user.id, n);
  if (!p?.result) return null;
  return {
    project: p as BtpProject & { result: NonNullable<BtpProject['result']> },
    heading: sheetHeading(p, t),
  };
}
