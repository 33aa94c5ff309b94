// The scanner calls (src/pages/api/app/scan.*.ts are thin routes over these). Legacy answers:
// { type: 'success', ... } or { type: 'error', error, errors? } with a 4xx/5xx status; `error` is the
// spec's catalogue text of the call ("Can't find scan!", "Can't get ScanFile!", "Can't get
// product!"), `errors` names the field and the reason, both in the user's language. scan.save is
// scanner.save.server.ts.
import * as v from 'valibot';
import { checkPlace } from '#features/orders/orders.api.server.ts';
import { ownOrder, takesNewLines } from '#features/orders/orders.server.ts';
import type { User } from '#lib/db/schema.ts';
import { HttpError, type FormValues } from '#lib/http/api.ts';
import type { T } from '#lib/i18n/index.ts';
import { hit, type Rule } from '#lib/rate-limit.server.ts';
import { fieldErrors } from '#lib/validation.ts';
import type { CatalogueHit, Owner, Scored, Why } from './match.server.ts';
import {
  refusalOf,
  rowText,
  runTask,
  scanCompute,
  type ComputeTask,
  type PositionsResult,
  type PositionsTask,
} from './positions.server.ts';
import { declaredFormat, sniffFormat } from './recognition/sniff.ts';
import {
  ScanInputError,
  type ColumnMapping,
  type RecognisedRow,
  type ScanFormat,
} from './recognition/types.ts';
import {
  CandidatesSchema,
  CatalogSchema,
  columnLimit,
  DoSchema,
  isUniqid,
  MAX_COLUMN,
  MAPPING_FIELDS,
  PRODUCT_LIMITS,
  StartSchema,
  type Candidate,
  type CatalogItem,
  type ScanEntity,
} from './scanner.schema.ts';
import {
  createScan,
  PendingLimit,
  pendingScans,
  uploadLimitBytes,
  findScan,
  scanDb,
  scanEngine,
  statusView,
  summaryOf,
  thumbnail,
  type ScanHead as ScanRow,
} from './scanner.server.ts';
import { cropGeometry, type CropGeometry } from './crop.ts';
import { inRenderSlot, RENDER_RETRY_AFTER, RenderQueueFull } from './render-slots.ts';

/** Uploads per user and hour (each one costs a recognition job). */
export const UPLOADS_PER_HOUR: Rule = { name: 'scanner-upload', limit: 30, windowMs: 3600_000 };
/** Documents of one user waiting for or in recognition at once: the queue is shared, so one user cannot hold it for hours. */
export const MAX_PENDING_PER_USER = 3;

const MIME: Record<ScanFormat, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  jpg: 'image/jpeg',
  png: 'image/png',
};

/** A refused call in the legacy shape; `errors` values are already translated. */
export function failure(
  status: number,
  message: string,
  errors?: Record<string, string>,
  extra: Record<string, unknown> = {},
): HttpError {
  return new HttpError(status, message, {
    type: 'error',
    error: message,
    ...(errors && Object.keys(errors).length ? { errors } : {}),
    ...extra,
  });
}

export const translate = (errors: Record<string, string>, t: T) =>
  Object.fromEntries(Object.entries(errors).map(([k, key]) => [k, t(key)]));
const notFound = (t: T) => failure(404, t('scanner.api.notFound'));

/** The user's scan named by `uniqid`, or 404 "Can't find scan!" (unknown, another user's, expired). */
export async function scanOrThrow(user: User, uniqid: unknown, t: T): Promise<ScanRow> {
  const row = isUniqid(uniqid) ? await findScan(user.id, uniqid) : null;
  if (!row) throw notFound(t);
  return row;
}

/** A scan whose recognition finished; 409 while it runs, 422 with its reason when it failed. */
export function readyOrThrow(row: ScanRow, t: T, call: string): void {
  if (row.status === 'ready') return;
  const view = statusView(row, t);
  if (row.status === 'failed')
    throw failure(422, t(call), { uniqid: view.error ?? t('scanner.api.failed') });
  throw failure(409, t(call), { uniqid: t('scanner.api.notReady') }, { status: row.status });
}

/** "Order No. 000012 is already “Accepted”: positions can be added to a new order only." */
export const closedText = (o: { number: string; status: string; archived: number }, t: T) =>
  t('scanner.api.validation.orderClosed', {
    number: o.number,
    status: o.archived ? t('scanner.api.validation.archived') : t(`orders.status.${o.status}`),
  });

// --- scan.file ---------------------------------------------------------------------------------

export async function scanFile(user: User, form: FormValues, t: T) {
  const call = 'scanner.api.file';
  const parsed = v.safeParse(StartSchema, {
    order: form.order,
    docType: form.docType,
    section: form.section,
    oid: form.oid,
    object: form.object,
  });
  const errors: Record<string, string> = parsed.success
    ? {}
    : translate(fieldErrors(parsed.issues), t);
  const file = form.file;
  if (!(file instanceof File) || file.size === 0) errors.file = t('scanner.api.validation.file');
  if (Object.keys(errors).length || !parsed.success) throw failure(422, t(call), errors);
  const start = parsed.output;
  const limit = uploadLimitBytes();
  if ((file as File).size > limit)
    throw failure(413, t(call), {
      file: t('scanner.errors.tooLarge', { format: '', size: Math.round(limit / 1048576) }),
    });
  // Step 0's choices must be the user's own (an existing order fixes organisation and object).
  const placeErrors: Record<string, string> = {};
  if (start.order) {
    const order = await ownOrder(user.id, start.order);
    if (!order) placeErrors.order = t('scanner.api.validation.orderNotFound');
    else if (!takesNewLines(order)) placeErrors.order = closedText(order, t);
  } else
    Object.assign(placeErrors, await checkPlace(user, start.oid || null, start.object || null, t));
  if (Object.keys(placeErrors).length) throw failure(422, t(call), placeErrors);
  const name = (file as File).name || 'document';
  const bytes = new Uint8Array(await (file as File).arrayBuffer());
  let format: ScanFormat;
  try {
    format = sniffFormat(bytes, name).format;
  } catch (err) {
    if (err instanceof ScanInputError)
      throw failure(err.code === 'tooLarge' ? 413 : 415, t(call), {
        file: t(`scanner.errors.${err.code}`, {
          format: (err.format ?? declaredFormat(name) ?? 'file').toUpperCase(),
          size: Math.round(uploadLimitBytes() / 1048576),
        }),
      });
    throw err;
  }
  const pending = await pendingScans(user.id, MAX_PENDING_PER_USER);
  if (pending >= MAX_PENDING_PER_USER)
    throw failure(
      429,
      t(call),
      { file: t('scanner.api.busy', { count: pending }) },
      { retryAfter: 30 },
    );
  const verdict = await hit(UPLOADS_PER_HOUR, String(user.id));
  if (!verdict.allowed)
    throw failure(
      429,
      t(call),
      { file: t('scanner.api.tooMany', { minutes: Math.ceil(verdict.retryAfter / 60) }) },
      { retryAfter: verdict.retryAfter },
    );
  let uniqid: string;
  try {
    // The early count above spares storing the file in the common case; this one decides (atomic with the insert).
    uniqid = await createScan(
      user.id,
      start,
      { bytes, name, format, mime: MIME[format] },
      MAX_PENDING_PER_USER,
    );
  } catch (err) {
    if (err instanceof PendingLimit)
      throw failure(
        429,
        t(call),
        { file: t('scanner.api.busy', { count: err.count }) },
        { retryAfter: 30 },
      );
    throw err;
  }
  return { type: 'success', uniqid };
}

// --- scan.status, scan.pdf, scan.thumb -------------------------------------------------------------

export async function scanStatus(user: User, values: FormValues, t: T) {
  const row = await scanOrThrow(user, values.uniqid, t);
  return { type: 'success', ...statusView(row, t) };
}

export async function scanPdf(
  user: User,
  values: FormValues,
  t: T,
): Promise<{ row: ScanRow; fileId: string }> {
  const row = await scanOrThrow(user, values.uniqid, t);
  readyOrThrow(row, t, 'scanner.api.file');
  if (!row.pdf_file) throw failure(404, t('scanner.api.file'), { uniqid: t('scanner.api.lost') });
  return { row, fileId: row.pdf_file };
}

export async function scanThumb(
  user: User,
  values: FormValues,
  t: T,
  render: (pdf: Uint8Array, page: number) => Promise<Uint8Array>,
): Promise<Uint8Array> {
  const row = await scanOrThrow(user, values.uniqid, t);
  readyOrThrow(row, t, 'scanner.api.file');
  const pages = summaryOf(row)?.pages.length ?? 0;
  const raw = typeof values.page === 'string' ? values.page.trim() : '';
  const page = /^\d{1,4}$/.test(raw) ? Number(raw) : 0;
  if (page < 1 || page > pages)
    throw failure(422, t('scanner.api.file'), {
      page: t('scanner.api.validation.page', { max: pages }),
    });
  const png = await thumbnail(row, page, (pdf, n) => rendered(() => render(pdf, n), page, t)).catch(
    (err: unknown) => renderRefusal(err, page, t),
  );
  if (!png) throw failure(404, t('scanner.api.file'), { uniqid: t('scanner.api.lost') });
  return png;
}

/** Office documents are laid out again by LibreOffice: their rows have no place on its pages to crop. */
const OFFICE: ReadonlySet<string> = new Set<ScanFormat>(['xlsx', 'xls', 'docx', 'doc']);

/** A page render in one of the process's few render slots; a full queue is 503 with Retry-After. */
async function rendered<R>(work: () => Promise<R>, page: number, t: T): Promise<R> {
  try {
    return await inRenderSlot(work);
  } catch (err) {
    if (err instanceof RenderQueueFull)
      throw failure(
        503,
        t('scanner.api.file'),
        { page: t('scanner.api.renderBusy', { seconds: RENDER_RETRY_AFTER }) },
        { retryAfter: RENDER_RETRY_AFTER },
      );
    throw err;
  }
}

/**
 * A page the scan's summary lists but its PDF lacks: office documents count their pages from the
 * page breaks Word recorded, LibreOffice's PDF may hold fewer. pdftoppm's refusal is 404, not 500.
 */
function renderRefusal(err: unknown, page: number, t: T): never {
  if (err instanceof RangeError && /no page/.test(err.message))
    throw failure(404, t('scanner.api.file'), {
      page: t('scanner.api.validation.pageMissing', { page }),
    });
  throw err;
}

/** The page number of a request: 1..`pages`; malformed is 400, past the document 404 (never a 500). */
function pageOf(values: FormValues, pages: number, t: T): number {
  const raw = typeof values.page === 'string' ? values.page.trim() : '';
  if (!/^\d{1,4}$/.test(raw) || Number(raw) < 1)
    throw failure(400, t('scanner.api.file'), {
      page: t('scanner.api.validation.page', { max: pages }),
    });
  const page = Number(raw);
  if (page > pages)
    throw failure(404, t('scanner.api.file'), {
      page: t('scanner.api.validation.page', { max: pages }),
    });
  return page;
}

/** Page renderings for crops under way, by scan and page. */
const cropPages = new Map<string, Promise<Uint8Array | null>>();

/** A whole number of points 0..99999 (a band edge), or null. */
const pointOf = (raw: unknown): number | null =>
  typeof raw === 'string' && /^\d{1,5}$/.test(raw.trim()) ? Number(raw.trim()) : null;

/**
 * GET scan.crop?uniqid=&page=&top=&bottom=: the source crop of a position, a band of its page
 * (points from the top, as scan.do's box) rendered from the scan's PDF like the thumbnails. Every
 * parameter is checked: another user's scan 404, a page past the document 404, a band off the page 400.
 */
export async function scanCrop(
  user: User,
  values: FormValues,
  t: T,
  render: {
    page: (pdf: Uint8Array, page: number, scale: number) => Promise<Uint8Array>;
    cut: (png: Uint8Array, band: CropGeometry, key: string) => Promise<Uint8Array>;
  },
): Promise<Uint8Array> {
  const row = await scanOrThrow(user, values.uniqid, t);
  readyOrThrow(row, t, 'scanner.api.file');
  const sizes = summaryOf(row)?.pages ?? [];
  const page = pageOf(values, sizes.length, t);
  const size = sizes[page - 1]!;
  if (OFFICE.has(row.format) || (size.source !== 'text' && size.source !== 'ocr'))
    throw failure(404, t('scanner.api.file'), { page: t('scanner.api.validation.noCrop') });
  const top = pointOf(values.top);
  const bottom = pointOf(values.bottom);
  const errors: Record<string, string> = {};
  const limit = Math.ceil(size.height);
  if (top === null || top >= limit) errors.top = t('scanner.api.validation.band', { max: limit });
  if (bottom === null || bottom > limit + 1 || (top !== null && bottom <= top))
    errors.bottom = t('scanner.api.validation.band', { max: limit });
  const band =
    top !== null && bottom !== null ? cropGeometry(size, top, Math.min(bottom, size.height)) : null;
  if (Object.keys(errors).length || !band)
    throw failure(
      400,
      t('scanner.api.file'),
      Object.keys(errors).length
        ? errors
        : { top: t('scanner.api.validation.band', { max: limit }) },
    );
  // The page is rendered once at the crops' scale and kept with the scan; each crop is cut from it.
  // The crops of one list load together: they wait for one rendering instead of each starting one.
  const key = `${row.id}:${page}`;
  let pending = cropPages.get(key);
  if (!pending) {
    pending = thumbnail(
      row,
      page,
      (pdf, n) => rendered(() => render.page(pdf, n, band.scale), page, t),
      `crop-${page}`,
    ).finally(() => cropPages.delete(key));
    cropPages.set(key, pending);
  }
  const full = await pending.catch((err: unknown) => renderRefusal(err, page, t));
  if (!full) throw failure(404, t('scanner.api.file'), { uniqid: t('scanner.api.lost') });
  try {
    return await render.cut(full, band, `${row.id}:${page}:${band.scale}`);
  } catch (err) {
    // The rendered page is smaller than the summary says (a band below its end).
    if (err instanceof RangeError)
      throw failure(400, t('scanner.api.file'), {
        top: t('scanner.api.validation.band', { max: limit }),
      });
    throw err;
  }
}

// --- scan.do ---------------------------------------------------------------------------------------

const whyText = (why: Why[], t: T) => why.map((w) => t(w.key, w.params));
const ownerOf = (row: ScanRow, organisationId: number | null = row.organisation_id): Owner => ({
  userId: row.user_id,
  organisationId,
});

function parseChoice(
  values: FormValues,
  row: ScanRow,
  t: T,
): { mapping: ColumnMapping; pages: number[] } {
  const input = {
    mapping: Object.fromEntries(MAPPING_FIELDS.map((f) => [f, values[f]])),
    pages: values.pages,
  };
  const parsed = v.safeParse(DoSchema, input);
  const errors: Record<string, string> = {};
  if (!parsed.success)
    for (const [k, key] of Object.entries(fieldErrors(parsed.issues)))
      errors[k.replace(/^mapping\./, '')] = t(key, { max: MAX_COLUMN });
  const summary = summaryOf(row);
  const count = summary?.pages.length ?? 0;
  if (parsed.success && parsed.output.pages.some((p) => p > count))
    errors.pages = t('scanner.api.validation.pageRange', { max: count });
  // Columns the document has (the spec's 1..9 at least): a column beyond them names nothing.
  const limit = columnLimit(summary?.columnCount ?? 0);
  if (parsed.success)
    for (const f of MAPPING_FIELDS)
      if (parsed.output.mapping[f] > limit)
        errors[f] = t('scanner.api.validation.columnRange', { max: limit });
  if (!parsed.success || Object.keys(errors).length)
    throw failure(422, t('scanner.api.product'), errors);
  return parsed.output;
}

export { rowText };

/**
 * The positions of the chosen pages (the first MAX_PRODUCTS, how many in all, and their matches when
 * an owner is given) or the popup's candidates, computed in the compute pool's worker threads: a
 * large document takes seconds of CPU, and catalogue text search on SQLite runs synchronously;
 * neither may hold the event loop (decision 0029). Without the pool (`astro dev`) they are
 * built here. A full pool answers 429 and a task over its time limit 503, both saying why.
 */
async function offLoop(row: ScanRow, task: ComputeTask, t: T): Promise<PositionsResult | Scored[]> {
  const pool = scanCompute();
  if (!pool) return runTask(scanDb(), scanEngine(), task);
  try {
    return await ('positions' in task
      ? pool.positions(row.user_id, task.positions)
      : pool.candidates(row.user_id, task.candidates));
  } catch (err) {
    const refused = refusalOf(err);
    if (!refused) throw err;
    if (refused === 'busy')
      throw failure(
        429,
        t('scanner.api.product'),
        { uniqid: t('scanner.api.computeBusy') },
        { retryAfter: 10 },
      );
    throw failure(503, t('scanner.api.product'), { uniqid: t('scanner.api.computeTimeout') });
  }
}
const positions = (row: ScanRow, task: PositionsTask, t: T) =>
  offLoop(row, { positions: task }, t) as Promise<PositionsResult>;

const matchOf = (m: Scored | null, t: T) =>
  m
    ? {
        cid: m.item.id,
        score: m.score,
        why: whyText(m.why, t),
        ...(m.hold && !m.confident ? { hold: t(m.hold.key, m.hold.params) } : {}),
      }
    : null;

/** A catalogue row as matching and scan.catalog read it (PostgreSQL may answer a bigint price as a string). */
type ItemRow = Omit<CatalogueHit, 'model' | 'price_kop'> & {
  model: string | null;
  price_kop: number | string;
};

/** A catalogue item as the wizard shows it (scan.catalog, and scan.do for the rows it matched by itself). */
function catalogItemOf(item: ItemRow, t: T): CatalogItem {
  const price_kop = Number(item.price_kop);
  return {
    cid: item.id,
    title: item.title,
    article: item.model || item.sku,
    sku: item.sku,
    man: item.manufacturer,
    unit: t('orders.units.pcs'),
    price: price_kop / 100,
    price_kop,
  };
}

export async function scanDo(user: User, values: FormValues, t: T) {
  const row = await scanOrThrow(user, values.uniqid, t);
  readyOrThrow(row, t, 'scanner.api.product');
  const { mapping, pages } = parseChoice(values, row, t);
  // The choice is stored by the worker, and only when it changed (see PositionsTask.remember).
  const changed =
    row.mapping !== JSON.stringify(mapping) || row.checked_pages !== JSON.stringify(pages);
  const work = positions(
    row,
    {
      scanId: row.id,
      mapping,
      pages,
      owner: ownerOf(row, await placeOrganisation(row)),
      remember: changed,
    },
    t,
  );
  // The matching popup's next searches read these rows (lastRows) instead of building them again.
  remember(
    rowsKey(row, mapping, pages),
    work.then((p) => p.rows),
  );
  const { rows, total, matches: found } = await work;
  const matches = found ?? [];
  const entities: ScanEntity[] = rows.map((r, i) => {
    const m = matches[i] ?? null;
    return {
      index: r.index,
      page: r.page,
      section: r.section,
      // Cut to what scan.save takes (a wrongly mapped column can join a whole page into one cell).
      pos: r.pos.slice(0, PRODUCT_LIMITS.pos),
      title: r.title.slice(0, PRODUCT_LIMITS.title),
      marka: r.marka.slice(0, PRODUCT_LIMITS.marka),
      sku: r.sku.slice(0, PRODUCT_LIMITS.sku),
      man: r.man.slice(0, PRODUCT_LIMITS.man),
      unit: r.unit.slice(0, PRODUCT_LIMITS.unit),
      count: r.count,
      ...(r.countText !== undefined ? { countText: r.countText } : {}),
      ...(r.box ? { box: r.box } : {}),
      cid: m?.confident ? m.item.id : 0,
      match: matchOf(m, t),
      catalog: m?.confident ? catalogItemOf(m.item, t) : null,
    };
  });
  // More positions than one save takes: the list holds the first MAX_PRODUCTS and says so.
  return {
    type: 'success',
    entities,
    total,
    ...(total > rows.length
      ? { warning: t('scanner.api.truncated', { shown: rows.length, total }) }
      : {}),
  };
}

/** The organisation whose learned matches apply: the chosen order's, else the one chosen at step 0. */
async function placeOrganisation(row: ScanRow): Promise<number | null> {
  if (!row.order_id) return row.organisation_id;
  const o = await scanDb()
    .selectFrom('orders')
    .select('organisation_id')
    .where('id', '=', row.order_id)
    .where('user_id', '=', row.user_id)
    .executeTakeFirst();
  return o?.organisation_id ?? row.organisation_id;
}

// --- scan.candidates, scan.catalog -----------------------------------------------------------------

function candidateOf(s: Scored, t: T): Candidate {
  const { sku: _sku, ...item } = catalogItemOf(s.item, t);
  return {
    ...item,
    price_kop: item.price_kop!,
    score: s.score,
    why: whyText(s.why, t),
    ...(s.differs?.length ? { differs: s.differs } : {}),
  };
}

/**
 * The rows of the last scan.do (its mapping and pages), kept for the few scans in use (keyed by
 * the scan and that choice; a recognised document never changes), so the matching popup's searches
 * do not rebuild the whole document on every keystroke. Promises are kept, so searches sent while
 * the rows are being built wait for that one build; a failed build is forgotten.
 */
const recentRows = new Map<string, Promise<RecognisedRow[]>>();
const RECENT_SCANS = 16;
const rowsKey = (row: ScanRow, mapping: ColumnMapping, pages: number[]) =>
  `${row.id}|${JSON.stringify(mapping)}|${JSON.stringify(pages)}`;
function remember(key: string, rows: Promise<RecognisedRow[]>): Promise<RecognisedRow[]> {
  recentRows.delete(key);
  recentRows.set(key, rows);
  if (recentRows.size > RECENT_SCANS) recentRows.delete(recentRows.keys().next().value!);
  rows.catch(() => (recentRows.get(key) === rows ? recentRows.delete(key) : undefined));
  return rows;
}
async function lastRows(row: ScanRow, t: T): Promise<RecognisedRow[]> {
  const view = statusView(row, (k) => k);
  const key = rowsKey(row, view.mapping, view.checkedPages);
  const hit = recentRows.get(key);
  if (hit) return remember(key, hit);
  return remember(
    key,
    positions(row, { scanId: row.id, mapping: view.mapping, pages: view.checkedPages }, t).then(
      (p) => p.rows,
    ),
  );
}

export async function scanCandidates(user: User, values: FormValues, t: T) {
  const row = await scanOrThrow(user, values.uniqid, t);
  readyOrThrow(row, t, 'scanner.api.product');
  const parsed = v.safeParse(CandidatesSchema, { index: values.index, q: values.q });
  if (!parsed.success)
    throw failure(422, t('scanner.api.product'), translate(fieldErrors(parsed.issues), t));
  const target = (await lastRows(row, t)).find((r) => r.index === parsed.output.index);
  if (!target)
    throw failure(404, t('scanner.api.product'), {
      index: t('scanner.api.validation.indexNotFound'),
    });
  const list = (await offLoop(
    row,
    {
      candidates: {
        owner: ownerOf(row, await placeOrganisation(row)),
        row: rowText(target),
        q: parsed.output.q,
      },
    },
    t,
  )) as Scored[];
  return { type: 'success', index: target.index, candidates: list.map((s) => candidateOf(s, t)) };
}

export async function scanCatalog(user: User, values: FormValues, t: T) {
  await scanOrThrow(user, values.uniqid, t);
  const parsed = v.safeParse(CatalogSchema, {
    cid: values.cid,
    pos: values.pos,
    index: values.index,
  });
  if (!parsed.success)
    throw failure(422, t('scanner.api.product'), translate(fieldErrors(parsed.issues), t));
  const item = await scanDb()
    .selectFrom('catalogue_items')
    .select(['id', 'sku', 'title', 'model', 'manufacturer', 'price_kop'])
    .where('id', '=', parsed.output.cid)
    .executeTakeFirst();
  if (!item)
    throw failure(404, t('scanner.api.product'), { cid: t('scanner.api.validation.cidNotFound') });
  return {
    type: 'success',
    catalog: catalogItemOf(item, t),
    pos: parsed.output.pos,
    index: parsed.output.index,
  };
}
