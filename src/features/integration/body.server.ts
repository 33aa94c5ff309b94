// Request bodies of the integration API: JSON, or multipart/form-data whose `data` field holds the
// JSON and whose file fields carry uploads (documents, pictures). Values keep their JSON types.
import { HttpError } from '#lib/http/api.ts';
import { isBodyTooLarge } from '#lib/http/body-limit.ts';
import { stripControlsDeep } from '#lib/http/controls.ts';
import { JsonTooDeepError, parseJsonBounded } from '#lib/http/json-depth.ts';
import type { T } from '#lib/i18n/index.ts';
import type * as v from 'valibot';
import { parseWith } from '#lib/validation.ts';

export interface IntegrationBody {
  data: Record<string, unknown>;
  files: Record<string, File>;
}

export async function readBody(request: Request, t: T): Promise<IntegrationBody> {
  const type = request.headers.get('content-type') ?? '';
  const bad = () => new HttpError(400, t('integration.errors.body'));
  try {
    let raw: unknown = {};
    const files: Record<string, File> = {};
    if (type.includes('application/json')) raw = parseJsonBounded(await request.text());
    else if (type.includes('multipart/form-data')) {
      const form = await request.formData();
      for (const [name, value] of form.entries())
        if (value instanceof File && !(name in files)) files[name] = value;
      const data = form.get('data');
      raw = typeof data === 'string' && data.trim() ? parseJsonBounded(data) : {};
    } else throw bad();
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw bad();
    // Control characters out, as for every other body (PostgreSQL refuses U+0000 in text).
    return { data: stripControlsDeep(raw) as Record<string, unknown>, files };
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if (isBodyTooLarge(err)) throw new HttpError(413, t('integration.errors.tooLarge'));
    if (err instanceof JsonTooDeepError)
      throw new HttpError(400, t('http.tooDeep'), { errors: { body: t('http.tooDeep') } });
    throw bad();
  }
}

/** Validates with the schema or answers 422 with per-field messages (dictionary keys translated). */
export function validate<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
  t: T,
): v.InferOutput<S> {
  const r = parseWith(schema, input);
  if (r.ok) return r.value;
  const errors = Object.fromEntries(
    Object.entries(r.errors).map(([k, m]) => [
      k || 'body',
      m.startsWith('integration.') ? t(m) : m,
    ]),
  );
  throw new HttpError(422, t('integration.errors.invalid'), { errors });
}
