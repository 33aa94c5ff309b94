// The promotions page: one page of cards by key (older ones after ?before=<id>).
// And what the promotion page's order form offers before its pickers take over: the user's organisations
// and the newest objects, at most PICKER_FIRST of each (an account may hold 100,000 objects; the
// pickers search the rest on the server).
import { listObjects } from '#features/objects/objects.server.ts';
import type { ObjectItem } from '#features/objects/objects.schema.ts';
import { listOrganisations } from '#features/organisations/organisations.server.ts';
import type { OrganisationItem } from '#features/organisations/organisations.schema.ts';
import { parseListQuery } from '#lib/list.ts';
import { listPromotions, type PromotionItem } from './promotions.server.ts';

export const PICKER_FIRST = 50;

export async function pickerChoices(
  userId: number,
): Promise<{ organisations: OrganisationItem[]; objects: ObjectItem[] }> {
  const first = { ...parseListQuery(new URLSearchParams(), []), pageSize: PICKER_FIRST };
  const [organisations, objects] = await Promise.all([
    listOrganisations(userId, first),
    listObjects(userId, first),
  ]);
  return { organisations: organisations.entities, objects: objects.entities };
}

export const PROMOTIONS_PAGE = 24;

export async function promotionsPage(
  url: URL,
): Promise<{ items: PromotionItem[]; older: number | null; paged: boolean }> {
  const raw = url.searchParams.get('before');
  const beforeId = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
  const rows = await listPromotions({ limit: PROMOTIONS_PAGE + 1, beforeId });
  const items = rows.slice(0, PROMOTIONS_PAGE);
  return {
    items,
    older: rows.length > PROMOTIONS_PAGE ? items.at(-1)!.id : null,
    paged: beforeId !== undefined,
  };
}
