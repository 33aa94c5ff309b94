// Claims about one product (decision 0043): the owner (or a colleague granted the product)
// describes the fault and attaches photos; the claim's conversation is a support request of type
// 'claim' linked to the product (photos are its first messages' files, so the support chat, its files
// and the desk serve it as they serve any request). The back office moves the claim along CLAIM_MOVES
// only: one conditional UPDATE decides, a move from the wrong state answers 409. Each move is a dated
// step and notifies the claimant.
import { notify } from '#features/notifications/notifications.server.ts';
import { addMessage, createRequest } from '#features/support/support.actions.server.ts';
import { db, now } from '#lib/db/index.ts';
import { HttpError } from '#lib/http/api.ts';
import { DEFAULT_LOCALE, isLocale, translator, type T } from '#lib/i18n/index.ts';
import { paths } from '#lib/paths.ts';
import { findProduct, productChanged } from './registry.events.server.ts';
import { claimSources, type ClaimState } from './registry.schema.ts';
import { canSee } from './registry.server.ts';

/** A product shows this many claims, newest first; each its steps in order. */
export const CLAIMS_LIMIT = 50;
export const CLAIM_TYPE = 'claim';

export interface ClaimStep {
  state: ClaimState;
  at: string;
  comment: string | null;
}

export interface Claim {
  id: number;
  product_id: number;
  description: string;
  state: ClaimState;
  created_at: string;
  updated_at: string;
  /** The conversation (support request) of the claim. */
  request_id: number;
  steps: ClaimStep[];
}

type Photo = { bytes: Uint8Array; mime: string; name: string };

/**
 * Files a claim about the product for the user (who must see the product); photos are checked by the
 * caller (content sniffer, size, images only). Returns the claim, or null when the product is not the
 * user's.
 */
export async function fileClaim(
  user: { id: number },
  productId: number | null,
  description: string,
  photos: Photo[],
  t: T,
  userAgent: string | null,
): Promise<Claim | null> {
  if (!productId || !(await canSee(user.id, productId))) return null;
  const p = (await findProduct(productId))!;
  const requestId = await createRequest(
    user,
    {
      title: t('registry.claim.subject', { title: p.title, serial: p.serial }).slice(0, 200),
      type: CLAIM_TYPE,
      message: description,
      url: paths.productions.one(p.id),
    },
    userAgent,
  );
  const at = now();
  const id = await db()
    .transaction()
    .execute(async (trx) => {
      const { id } = await trx
        .insertInto('product_claims')
        .values({
          product_id: p.id,
          user_id: user.id,
          request_id: requestId,
          description,
          state: 'submitted',
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('product_claim_steps')
        .values({ claim_id: id, state: 'submitted', comment: null, at })
        .execute();
      return id;
    });
  if (photos.length) {
    const request = await db()
      .selectFrom('support_requests')
      .selectAll()
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    for (const photo of photos) await addMessage(user, { ...request, side: 'customer' }, '', photo);
  }
  await productChanged(p, 'claims');
  return (await claimsOf(p.id, id))[0]!;
}

/** The product's claims (newest first, bounded) with their steps; one claim when `only` is given. */
export async function claimsOf(productId: number, only?: number): Promise<Claim[]> {
  const claims = await db()
    .selectFrom('product_claims')
    .select(['id', 'product_id', 'description', 'state', 'created_at', 'updated_at', 'request_id'])
    .where('product_id', '=', productId)
    .$if(only !== undefined, (q) => q.where('id', '=', only!))
    .orderBy('id', 'desc')
    .limit(CLAIMS_LIMIT)
    .execute();
  if (claims.length === 0) return [];
  const steps = await db()
    .selectFrom('product_claim_steps')
    .select(['claim_id', 'state', 'comment', 'at'])
    .where(
      'claim_id',
      'in',
      claims.map((c) => c.id),
    )
    .orderBy('id')
    .execute();
  return claims.map((c) => ({
    ...c,
    steps: steps
      .filter((s) => s.claim_id === c.id)
      .map((s) => ({ state: s.state, at: s.at, comment: s.comment })),
  }));
}

/** The claims of a product the user sees, or null when the product is not theirs (404). */
export async function claimsFor(userId: number, productId: number | null): Promise<Claim[] | null> {
  if (!productId || !(await canSee(userId, productId))) return null;
  return claimsOf(productId);
}

/**
 * Moves a claim to `to` when its current state allows it: the UPDATE's condition decides, so two
 * moves at once cannot both pass. 404 for an unknown claim, 409 for a move its state does not allow.
 */
export async function moveClaim(
  productId: number | null,
  claimId: number | null,
  to: ClaimState,
  comment: string | null,
  t: T,
): Promise<Claim> {
  const claim =
    claimId && productId
      ? await db()
          .selectFrom('product_claims')
          .select(['id', 'product_id', 'user_id', 'state'])
          .where('id', '=', claimId)
          .where('product_id', '=', productId)
          .executeTakeFirst()
      : undefined;
  if (!claim) throw new HttpError(404, t('registry.errors.claimNotFound'));
  const sources = claimSources(to);
  const at = now();
  const moved = await db()
    .transaction()
    .execute(async (trx) => {
      const r = sources.length
        ? await trx
            .updateTable('product_claims')
            .set({ state: to, updated_at: at })
            .where('id', '=', claim.id)
            .where('state', 'in', sources)
            .executeTakeFirst()
        : { numUpdatedRows: 0n };
      if (Number(r.numUpdatedRows) === 0) return false;
      await trx
        .insertInto('product_claim_steps')
        .values({ claim_id: claim.id, state: to, comment, at })
        .execute();
      return true;
    });
  if (!moved) {
    const current = await db()
      .selectFrom('product_claims')
      .select('state')
      .where('id', '=', claim.id)
      .executeTakeFirst();
    const state = current?.state ?? claim.state;
    throw new HttpError(
      409,
      t('registry.errors.claimMove', {
        from: t(`registry.claim.state.${state}`),
        to: t(`registry.claim.state.${to}`),
      }),
    );
  }
  const p = (await findProduct(claim.product_id))!;
  // The claimant, and the product's owner when a colleague filed it.
  for (const userId of new Set([claim.user_id, p.user_id]))
    await notifyClaimant(userId, p, claim.id, to, comment);
  await productChanged(p, 'claims');
  return (await claimsOf(claim.product_id, claim.id))[0]!;
}

async function notifyClaimant(
  userId: number,
  p: { id: number; title: string; serial: string },
  claimId: number,
  state: ClaimState,
  comment: string | null,
) {
  const u = await db()
    .selectFrom('users')
    .select('locale')
    .where('id', '=', userId)
    .executeTakeFirst();
  const t = translator(isLocale(u?.locale) ? u.locale : DEFAULT_LOCALE);
  await notify(userId, {
    module: 'sales',
    icon: 'support',
    pid: p.id,
    url: `${paths.productions.one(p.id)}#claim-${claimId}`,
    title: t('registry.notify.claim', {
      title: p.title,
      serial: p.serial,
      state: t(`registry.claim.state.${state}`),
    }),
    text: comment ?? '',
  });
}
