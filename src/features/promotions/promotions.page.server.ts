// What the promotion page's order form offers before its pickers take over: the user's organisations
// and the newest objects, at most PICKER_FIRST of each (an account may hold 100,000 objects; the
// pickers search the rest on the server).
import { listObjects } from '#features/objects/objects.server.ts';
import type { ObjectItem } from '#features/objects/objects.schema.ts';
import { listOrganisations } from '#features/organisations/organisations.server.ts';
import type { OrganisationItem } from '#features/organisations/organisations.schema.ts';
import { parseListQuery } from '#lib/list.ts';

export const PICKER_FIRST = 50;

export async function pickerChoices(userId: number): Promise<{ organisations: OrganisationItem[]; objects: ObjectItem[] }> {
  const first = { ...parseListQuery(new URLSearchParams(), []), pageSize: PICKER_FIRST };
  const [organisations, objects] = await Promise.all([listOrganisations(userId, first), listObjects(userId, first)]);
  return { organisations: organisations.entities, objects: objects.entities };
}
