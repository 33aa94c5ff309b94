// Company and industry news published by the back office; the home page lists the newest.
import * as v from 'valibot';
import { db, now } from '#lib/db/index.ts';
import { paths } from '#lib/paths.ts';

export const HOME_NEWS = 3;

export interface NewsItem {
  id: number;
  title: string;
  url: string;
  preview: string | null;
  description: string;
}

export const NewsSchema = v.object({
  title: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(300)),
  url: v.pipe(v.string(), v.trim(), v.url(), v.regex(/^https?:\/\//i), v.maxLength(1000)),
  description: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(2000)), ''),
  published_at: v.optional(v.pipe(v.string(), v.isoTimestamp())),
});
export type NewsInput = v.InferOutput<typeof NewsSchema>;

export async function listNews(limit = HOME_NEWS): Promise<NewsItem[]> {
  const rows = await db()
    .selectFrom('news')
    .selectAll()
    .where('published_at', '<=', now())
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    url: r.url,
    preview: r.image_id ? paths.media.one(r.image_id) : null,
    description: r.description,
  }));
}

export async function publishNews(input: NewsInput, imageId: string | null): Promise<number> {
  const publishedAt = input.published_at ? new Date(input.published_at).toISOString() : now();
  const { id } = await db()
    .insertInto('news')
    .values({
      title: input.title,
      url: input.url,
      description: input.description,
      image_id: imageId,
      published_at: publishedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
