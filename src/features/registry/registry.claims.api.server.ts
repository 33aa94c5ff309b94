// The owner's claim form, shared by POST /api/v1/productions/{id}/claims and the product page's form
// post: the description (required, up to 5000 characters) and up to five photos, each checked by the
// support attachments' rules (size limit, content sniffer, extension fitting the content) and refused
// unless it is an image. Answers the claim, or a refusal naming the field.
import { checkUpload, FileRefused } from '#features/support/support.files.server.ts';
import { readForm, readFormData } from '#lib/http/api.ts';
import type { T } from '#lib/i18n/index.ts';
import { parseWith } from '#lib/validation.ts';
import { fileClaim, type Claim } from './registry.claims.server.ts';
import { CLAIM_PHOTOS_MAX, ClaimSchema } from './registry.schema.ts';

export type ClaimOutcome =
  | { ok: true; claim: Claim }
  | {
      ok: false;
      status: number;
      message: string;
      errors: Record<string, string>;
      values: { description: string };
    };

const IMAGE = /^image\/(png|jpeg|webp|gif)$/;

export async function submitClaim(
  user: { id: number },
  productId: number | null,
  request: Request,
  t: T,
): Promise<ClaimOutcome | null> {
  const json = /json/i.test(request.headers.get('content-type') ?? '');
  const form = json ? null : await readFormData(request);
  const values = json
    ? await readForm(request)
    : // A form posts line breaks as CRLF; the claim keeps them as typed.
      { description: String(form!.get('description') ?? '').replace(/\r\n?/g, '\n') };
  const photos = (form?.getAll('photos') ?? []).filter(
    (f): f is File => f instanceof File && f.size > 0,
  );
  const refuse = (status: number, errors: Record<string, string>): ClaimOutcome => ({
    ok: false,
    status,
    message: t('registry.errors.claim'),
    errors,
    values: { description: String(values.description ?? '').slice(0, 5000) },
  });
  const parsed = parseWith(ClaimSchema, values);
  if (!parsed.ok)
    return refuse(
      422,
      Object.fromEntries(Object.entries(parsed.errors).map(([k, m]) => [k, t(m)])),
    );
  if (photos.length > CLAIM_PHOTOS_MAX)
    return refuse(422, { photos: t('registry.validation.photos', { max: CLAIM_PHOTOS_MAX }) });
  const checked = [];
  for (const photo of photos) {
    try {
      const c = await checkUpload(photo);
      if (!IMAGE.test(c.mime)) return refuse(415, { photos: t('registry.validation.photoType') });
      checked.push(c);
    } catch (err) {
      if (err instanceof FileRefused) return refuse(err.status, { photos: t(err.key, err.params) });
      throw err;
    }
  }
  const claim = await fileClaim(
    user,
    productId,
    parsed.value.description,
    checked,
    t,
    request.headers.get('user-agent'),
  );
  return claim ? { ok: true, claim } : null;
}
