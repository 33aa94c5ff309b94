// Kysely types of news (migration 0004_orders_notifications_promotions): company and industry news
// published by the back office; the cabinet links out to the article.
import type { Generated, Selectable } from 'kysely';

export interface NewsTable {
  id: Generated<number>;
  title: string;
  url: string;
  description: string;
  image_id: string | null;
  published_at: string;
}

export interface NewsTables {
  news: NewsTable;
}

export type NewsRow = Selectable<NewsTable>;
