// Schemes uploaded by the back office (issue 24): an SVG per object, read by a real XML parser
// (saxes) and written out again from the parsed tree, keeping only an allow-list of SVG elements and
// presentation attributes. Refused, naming what: a DOCTYPE (entity bombs, external entities), a
// processing instruction, a script, foreignObject, any element or attribute outside the lists, on*
// handlers, style (CSS can fetch), a reference other than '#id' (href, xlink:href, url(...)), more
// than SCHEME_MAX_BYTES or SCHEME_MAX_ELEMENTS. Bindings name element ids of the drawing and the
// object's variables: value text, state colour, alarm blink.
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import type { Kysely } from 'kysely';
import type { DB } from '#lib/db/schema.ts';
import { db as defaultDb } from '#lib/db/index.ts';
import { HttpError } from '#lib/http/api.ts';

export const SCHEME_MAX_BYTES = 384 * 1024;
export const SCHEME_MAX_ELEMENTS = 5000;
const MAX_DEPTH = 64;
const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';

const ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'title',
  'desc',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'linearGradient',
  'radialGradient',
  'stop',
  'use',
  'symbol',
  'clipPath',
  'pattern',
  'marker',
]);
const ATTRIBUTES = new Set(
  `id class x y x1 y1 x2 y2 cx cy r rx ry fx fy dx dy width height d points transform fill fill-rule
  fill-opacity stroke stroke-width stroke-linecap stroke-linejoin stroke-dasharray stroke-dashoffset
  stroke-opacity stroke-miterlimit opacity font-size font-family font-weight font-style text-anchor
  dominant-baseline letter-spacing viewBox preserveAspectRatio offset stop-color stop-opacity
  gradientUnits gradientTransform spreadMethod patternUnits patternContentUnits patternTransform
  clip-path clip-rule clipPathUnits marker-start marker-mid marker-end markerWidth markerHeight
  markerUnits refX refY orient visibility display href xlink:href xmlns xmlns:xlink version`.split(
    /\s+/,
  ),
);
const LOCAL_REF = /^#[A-Za-z_][\w.:-]{0,99}$/;

export class SchemeRefused extends Error {
  /** What was refused, as written in the file (an element, an attribute, a reference, a limit). */
  readonly what: string;
  constructor(what: string) {
    super(`scheme refused: ${what}`);
    this.what = what;
  }
}

const esc = (s: string) =>
  s
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

function checkValue(name: string, value: string) {
  if (name === 'href' || name === 'xlink:href') {
    if (!LOCAL_REF.test(value)) throw new SchemeRefused(`${name}="${value.slice(0, 80)}"`);
    return;
  }
  if (name === 'xmlns' && value !== SVG_NS)
    throw new SchemeRefused(`xmlns="${value.slice(0, 80)}"`);
  if (name === 'xmlns:xlink' && value !== XLINK_NS)
    throw new SchemeRefused(`xmlns:xlink="${value.slice(0, 80)}"`);
  // A backslash is a CSS escape in presentation attributes (`\75 rl(...)` reads as url(...)): none.
  if (value.includes('\\')) throw new SchemeRefused(`${name}="${value.slice(0, 80)}"`);
  if (/(?:javascript|vbscript|data)\s*:|expression\s*\(|@import/i.test(value))
    throw new SchemeRefused(`${name}="${value.slice(0, 80)}"`);
  for (const m of value.matchAll(/url\s*\(([^)]*)\)/gi))
    if (!LOCAL_REF.test(m[1]!.trim().replace(/^['"]|['"]$/g, '')))
      throw new SchemeRefused(`${name}="${value.slice(0, 80)}"`);
}

/**
 * The drawing re-serialised from its parsed tree, with the ids it holds; throws SchemeRefused.
 * Comments are dropped; text is kept (escaped); the root must be <svg>.
 */
export function sanitizeSvg(source: string): { svg: string; ids: string[] } {
  if (Buffer.byteLength(source, 'utf8') > SCHEME_MAX_BYTES)
    throw new SchemeRefused(`size > ${SCHEME_MAX_BYTES} bytes`);
  const parser = new SaxesParser();
  const out: string[] = [];
  const ids: string[] = [];
  const open: string[] = [];
  let elements = 0;
  let rooted = false;
  let failed: SchemeRefused | null = null;
  const fail = (what: string) => {
    failed ??= new SchemeRefused(what);
    throw failed;
  };
  parser.on('doctype', () => fail('DOCTYPE'));
  parser.on('processinginstruction', (pi) => fail(`<?${pi.target}?>`));
  parser.on('opentag', (tag: SaxesTagPlain) => {
    if (++elements > SCHEME_MAX_ELEMENTS) fail(`elements > ${SCHEME_MAX_ELEMENTS}`);
    if (open.length >= MAX_DEPTH) fail(`depth > ${MAX_DEPTH}`);
    if (!open.length && (rooted || tag.name !== 'svg')) fail(`<${tag.name}> as the root`);
    rooted = true;
    if (!ELEMENTS.has(tag.name)) fail(`<${tag.name}>`);
    const attrs: string[] = [];
    for (const [name, value] of Object.entries(tag.attributes)) {
      if (/^on/i.test(name) || !ATTRIBUTES.has(name)) fail(name);
      checkValue(name, value);
      if (name === 'id') ids.push(value);
      if (name === 'xmlns' || name === 'xmlns:xlink') continue;
      attrs.push(` ${name}="${esc(value)}"`);
    }
    if (!open.length) attrs.unshift(` xmlns="${SVG_NS}" xmlns:xlink="${XLINK_NS}"`);
    out.push(`<${tag.name}${attrs.join('')}>`);
    open.push(tag.name);
  });
  parser.on('closetag', (tag) => {
    open.pop();
    out.push(`</${tag.name}>`);
  });
  parser.on('text', (text) => {
    if (open.length) out.push(esc(text));
  });
  parser.on('cdata', (text) => {
    if (open.length) out.push(esc(text));
  });
  try {
    parser.write(source).close();
  } catch (err) {
    if (err instanceof SchemeRefused) throw err;
    // Not well-formed XML (an undeclared entity, a broken tag): refused as such, with the parser's words.
    throw new SchemeRefused(`XML: ${(err as Error).message.slice(0, 120)}`);
  }
  if (failed) throw failed;
  if (!rooted) throw new SchemeRefused('<svg> as the root');
  if (new Set(ids).size !== ids.length) throw new SchemeRefused('duplicate id');
  return { svg: out.join(''), ids };
}

export const BINDING_KINDS = ['value', 'state', 'alarm'] as const;
export type BindingKind = (typeof BINDING_KINDS)[number];
export interface Binding {
  /** An element id of the drawing. */
  element: string;
  /** The variable's key (as in the object's configuration). */
  tag: string;
  kind: BindingKind;
}
export interface StoredScheme {
  svg: string;
  bindings: Binding[];
  updated_at: string;
}

export async function putScheme(
  objectId: number,
  svg: string,
  bindings: Binding[],
  handle: Kysely<DB> = defaultDb(),
) {
  const now = new Date().toISOString();
  const row = { svg, bindings: JSON.stringify(bindings), updated_at: now };
  await handle
    .insertInto('scada_schemes')
    .values({ object_id: objectId, ...row })
    .onConflict((oc) => oc.column('object_id').doUpdateSet(row))
    .execute();
  return now;
}

export async function deleteScheme(objectId: number, handle: Kysely<DB> = defaultDb()) {
  await handle.deleteFrom('scada_schemes').where('object_id', '=', objectId).execute();
}

export async function schemeOf(
  objectId: number,
  handle: Kysely<DB> = defaultDb(),
): Promise<StoredScheme | null> {
  const row = await handle
    .selectFrom('scada_schemes')
    .select(['svg', 'bindings', 'updated_at'])
    .where('object_id', '=', objectId)
    .executeTakeFirst();
  return row ? { ...row, bindings: JSON.parse(row.bindings) as Binding[] } : null;
}

type T = (key: string, vars?: Record<string, string | number>) => string;

/**
 * PUT /api/integration/scada/objects/{key}/scheme: { svg, bindings [{ element, tag, kind }] } ->
 * { object_id, elements, bindings, updated_at }; `svg: null` removes the scheme (the generated
 * layout is shown again). 400 names what was refused (errors.svg, errors.bindings).
 */
export async function putSchemeCall(
  key: string | undefined,
  data: Record<string, unknown>,
  t: T,
  handle: Kysely<DB> = defaultDb(),
): Promise<unknown> {
  const object =
    key && /^[A-Za-z0-9_.-]{1,100}$/.test(key)
      ? await handle
          .selectFrom('scada_objects')
          .select('id')
          .where('key', '=', key)
          .executeTakeFirst()
      : undefined;
  if (!object) throw new HttpError(404, t('errors.notFound', { name: t('scada.entity') }));
  const refuse = (field: string, text: string) =>
    new HttpError(400, t('integration.errors.invalid'), { errors: { [field]: text } });
  if (data.svg === null) {
    await deleteScheme(object.id, handle);
    return { data: { object_id: object.id, elements: 0, bindings: 0, updated_at: null } };
  }
  if (typeof data.svg !== 'string' || !data.svg.trim())
    throw refuse('svg', t('integration.scada.scheme.svg'));
  let clean: { svg: string; ids: string[] };
  try {
    clean = sanitizeSvg(data.svg);
  } catch (err) {
    if (err instanceof SchemeRefused)
      throw refuse('svg', t('integration.scada.scheme.refused', { what: err.what }));
    throw err;
  }
  const raw = data.bindings ?? [];
  if (!Array.isArray(raw) || raw.length > 500)
    throw refuse('bindings', t('integration.scada.scheme.bindings'));
  const tags = await handle
    .selectFrom('scada_tags')
    .select('key')
    .where('object_id', '=', object.id)
    .where('idx', '>=', 0)
    .execute();
  const ids = new Set(clean.ids);
  const keys = new Set(tags.map((x) => x.key));
  const bindings: Binding[] = raw.map((b: unknown, i) => {
    const o = (b && typeof b === 'object' ? b : {}) as Record<string, unknown>;
    const element = typeof o.element === 'string' ? o.element : '';
    const tag = typeof o.tag === 'string' ? o.tag : '';
    const kind = o.kind as BindingKind;
    if (!ids.has(element) || !keys.has(tag) || !BINDING_KINDS.includes(kind))
      throw refuse(
        'bindings',
        t('integration.scada.scheme.binding', { n: i + 1, element, tag: tag || '—' }),
      );
    return { element, tag, kind };
  });
  const updated_at = await putScheme(object.id, clean.svg, bindings, handle);
  return {
    data: {
      object_id: object.id,
      elements: clean.ids.length,
      bindings: bindings.length,
      updated_at,
    },
  };
}

/** Variable keys of an object -> their live index (bindings name variables by key). */
export async function tagKeysOf(
  objectId: number,
  handle: Kysely<DB> = defaultDb(),
): Promise<Map<string, number>> {
  const rows = await handle
    .selectFrom('scada_tags')
    .select(['key', 'idx'])
    .where('object_id', '=', objectId)
    .where('idx', '>=', 0)
    .execute();
  return new Map(rows.map((r) => [r.key, r.idx]));
}
