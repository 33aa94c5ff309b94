// The home dashboard's data: version and change log (from the product's CHANGELOG.md, bundled at
// build time), the calculation and order counters, the newest notifications, promotions and news.
import changelogText from '../../../CHANGELOG.md?raw';
import { countCalculations } from '#features/calculations/calculations.server.ts';
import { listNews, type NewsItem } from '#features/news/news.server.ts';
import {
  latestNotifications,
  type NotificationItem,
} from '#features/notifications/notifications.server.ts';
import { HOME_NOTIFICATIONS } from '#features/notifications/notifications.schema.ts';
import { countOrders } from '#features/orders/orders.server.ts';
import { listPromotions, type PromotionItem } from '#features/promotions/promotions.server.ts';
import { parseChangelog, type ChangeLog } from './changelog.ts';

export const HOME_PROMOTIONS = 5;

const changelog: ChangeLog = parseChangelog(changelogText);

export interface HomeData extends ChangeLog {
  request_count: number;
  sales_count: number;
  news: NewsItem[];
}

/** The fields of GET /api/v1/home. */
export async function homeData(userId: number): Promise<HomeData> {
  const [request_count, sales_count, news] = await Promise.all([
    countCalculations(userId),
    countOrders(userId),
    listNews(),
  ]);
  return { ...changelog, request_count, sales_count, news };
}

/** Everything the home page shows: the API's fields plus the notification and promotion cards. */
export async function homePage(
  userId: number,
): Promise<HomeData & { notifications: NotificationItem[]; promotions: PromotionItem[] }> {
  const [data, notifications, promotions] = await Promise.all([
    homeData(userId),
    latestNotifications(userId, HOME_NOTIFICATIONS),
    listPromotions({ currentOnly: true, limit: HOME_PROMOTIONS }),
  ]);
  return { ...data, notifications, promotions };
}
