// The back office's content calls: promotions (with product rows and pictures), news, and
// notifications sent to one customer.
import * as v from 'valibot';
import { publishNews, NewsSchema } from '#features/news/news.server.ts';
import { NOTIFICATION_MODULES } from '#features/notifications/notifications.schema.ts';
import { notify } from '#features/notifications/notifications.server.ts';
import {
  adminPromotion,
  createPromotion,
  UnknownProductError,
  updatePromotion,
  type PromotionImages,
} from '#features/promotions/promotions.admin.server.ts';
import {
  PromotionCreateSchema,
  PromotionUpdateSchema,
} from '#features/promotions/promotions.schema.ts';
import { db } from '#lib/db/index.ts';
import { HttpError } from '#lib/http/api.ts';
import type { T } from '#lib/i18n/index.ts';
import { storeMedia, type MediaKind } from '#lib/media.server.ts';
import { validate, type IntegrationBody } from './body.server.ts';
import { MAX_ID } from '#lib/validation.ts';

/** Pictures are stored by the back office, not by a user. */
const NO_OWNER = 0;

async function picture(
  file: File | undefined,
  kind: MediaKind,
  field: string,
  t: T,
): Promise<string | undefined> {
  if (!file) return undefined;
  const id = await storeMedia(new Uint8Array(await file.arrayBuffer()), kind, NO_OWNER);
  if (!id)
    throw new HttpError(422, t('integration.errors.invalid'), {
      errors: { [field]: t('integration.validation.image') },
    });
  return id;
}

/** `image` for the promotion, `product_image_<n>` for the n-th (from 0) row of `products`. */
async function promotionImages(body: IntegrationBody, t: T): Promise<PromotionImages> {
  const products: Record<number, string> = {};
  for (const [field, file] of Object.entries(body.files)) {
    const m = /^product_image_(\d{1,3})$/.exec(field);
    if (m) products[Number(m[1])] = (await picture(file, 'promotion', field, t))!;
  }
  return { image: await picture(body.files.image, 'promotion', 'image', t), products };
}

function unknownProduct(err: unknown, t: T): never {
  if (err instanceof UnknownProductError)
    throw new HttpError(422, t('integration.errors.invalid'), {
      errors: { products: t('integration.validation.product', { id: err.productId }) },
    });
  throw err;
}

export async function createPromotionCall(body: IntegrationBody, t: T) {
  const input = validate(PromotionCreateSchema, body.data, t);
  const images = await promotionImages(body, t);
  const id = await createPromotion(input, images, t('orders.units.pcs')).catch((err) =>
    unknownProduct(err, t),
  );
  return { type: 'success', id, data: await adminPromotion(id) };
}

export async function updatePromotionCall(id: number | null, body: IntegrationBody, t: T) {
  const input = validate(PromotionUpdateSchema, body.data, t);
  if (!id || !(await adminPromotion(id))) throw new HttpError(404, t('promotions.errors.show'));
  const images = await promotionImages(body, t);
  try {
    await updatePromotion(id, input, images, t('orders.units.pcs'));
  } catch (err) {
    if (err instanceof RangeError)
      throw new HttpError(422, t('integration.errors.invalid'), {
        errors: { date_end: t('integration.validation.dates') },
      });
    unknownProduct(err, t);
  }
  return { type: 'success', id, data: await adminPromotion(id) };
}

export async function showPromotionCall(id: number | null, t: T) {
  const data = id ? await adminPromotion(id) : null;
  if (!data) throw new HttpError(404, t('promotions.errors.show'));
  return { data };
}

export async function publishNewsCall(body: IntegrationBody, t: T) {
  const input = validate(NewsSchema, body.data, t);
  const image = await picture(body.files.image, 'news', 'image', t);
  return { type: 'success', id: await publishNews(input, image ?? null) };
}

const NotificationSchema = v.pipe(
  v.object({
    user_id: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_ID))),
    email: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email())),
    module: v.picklist(NOTIFICATION_MODULES),
    title: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(300)),
    text: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(4000)), ''),
    url: v.optional(
      v.nullable(
        v.pipe(
          v.string(),
          v.trim(),
          v.maxLength(1000),
          v.check(
            (s) => s === '' || /^(\/(?![/\\])|https?:\/\/)/i.test(s),
            'integration.validation.url',
          ),
        ),
      ),
    ),
    icon: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(40)))),
    pid: v.optional(
      v.nullable(v.pipe(v.number(), v.integer(), v.minValue(-MAX_ID - 1), v.maxValue(MAX_ID))),
    ),
  }),
  v.check(
    (n) => n.user_id !== undefined || n.email !== undefined,
    'integration.validation.recipient',
  ),
);

export async function notificationCall(body: IntegrationBody, t: T) {
  const input = validate(NotificationSchema, body.data, t);
  let q = db().selectFrom('users').select('id');
  q =
    input.user_id !== undefined
      ? q.where('id', '=', input.user_id)
      : q.where('email', '=', input.email!);
  const user = await q.executeTakeFirst();
  if (!user) throw new HttpError(404, t('errors.notFound', { name: t('integration.user') }));
  const n = await notify(user.id, {
    module: input.module,
    title: input.title,
    text: input.text,
    url: input.url || null,
    icon: input.icon ?? null,
    pid: input.pid ?? null,
  });
  return { type: 'success', id: n.id };
}
