// What a failed request answers, decided in one place for pages and the API: an HttpError keeps its
// status and message, an oversized body is 413, a database that cannot be reached or a full disk is
// 503 with Retry-After (the request may succeed in a minute, and says so in the user's language),
// anything else is 500 and gets logged with its stack. The statuses and the one body shape are
// docs/decisions/0034-one-error-policy.md; failureResponse() is the one place that writes them.
import { SQLITE_FULL, isSqliteUnavailable } from '#lib/db/sqlite-codes.ts';
import { ListQueryError } from '#lib/list.ts';
import { isBodyTooLarge } from './body-limit.ts';
import { HttpError, json } from './api.ts';

export interface Failure {
  status: number;
  /** Already translated. */
  message: string;
  errors?: Record<string, string>;
  /** Seconds, for 503. */
  retryAfter?: number;
  /** Unexpected: the caller logs it with its stack. */
  unexpected: boolean;
  /** The documented extras of a refusal (legacy `type`/`error`, `ok: false`, `status` of a provider). */
  extra?: Record<string, unknown>;
}

export const RETRY_AFTER_SECONDS = 30;

// PostgreSQL SQLSTATE classes 08 (connection), 53 (insufficient resources, 53100 = disk full),
// 57P01..57P03 (server shutting down or not accepting connections), 3D000 (the database does not
// exist: dropped) and 42P01 (undefined table: our schema is gone, e.g. re-created empty). Our
// queries name only tables the start-up migrations created, so a missing one is the database's
// state, not the request's fault: try again once an operator has restored it.
const PG_UNAVAILABLE = /^(08|53|57P0[1-3]|3D000$|42P01$)/;
const NET = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EPIPE',
  'EAI_AGAIN',
]);
const PG_LOST =
  /Connection terminated|not currently accepting connections|terminating connection|the database system is (starting up|shutting down)|timeout exceeded when trying to connect/i;

/** 'disk' for a full disk, 'database' for a database that cannot be used now, else null. */
export function unavailableCause(err: unknown): 'disk' | 'database' | null {
  for (
    let e: unknown = err, depth = 0;
    e && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const x = e as { code?: unknown; errcode?: unknown; message?: unknown };
    if (
      x.code === 'ENOSPC' ||
      x.code === 'EDQUOT' ||
      x.code === '53100' ||
      x.errcode === SQLITE_FULL
    )
      return 'disk';
    // SQLite's codes of a locked, gone, damaged or full database (lib/db/sqlite-codes.ts).
    if (isSqliteUnavailable(e)) return 'database';
    if (typeof x.code === 'string' && (PG_UNAVAILABLE.test(x.code) || NET.has(x.code)))
      return 'database';
    if (typeof x.message === 'string' && PG_LOST.test(x.message)) return 'database';
    if (e instanceof AggregateError && e.errors.some((inner) => unavailableCause(inner)))
      return 'database';
  }
  return null;
}

/**
 * The answer for an error thrown while handling a request. `callKey` is the dictionary key of the
 * call's catalogue message (e.g. "Can't find promotions!"): an unexpected failure answers it
 * instead of the generic text.
 */
export function failureOf(err: unknown, t: (key: string) => string, callKey?: string): Failure {
  if (err instanceof HttpError) {
    const {
      message,
      errors,
      retryAfter: seconds,
      ...extra
    } = err.body as {
      message: string;
      errors?: Record<string, string>;
      retryAfter?: unknown;
      [extra: string]: unknown;
    };
    // Sign-in limits name it `retry_after` in the body (kept there); either one sets the header.
    const retryAfter = seconds ?? extra.retry_after;
    return {
      status: err.status,
      message: t(message),
      ...(errors && Object.keys(errors).length ? { errors } : {}),
      ...(typeof retryAfter === 'number' ? { retryAfter } : {}),
      ...(Object.keys(extra).length ? { extra } : {}),
      unexpected: false,
    };
  }
  // A list call's query the server cannot use (filter, operator, sort field): the parameter is malformed.
  if (err instanceof ListQueryError)
    return {
      status: 400,
      message: t(callKey ?? 'http.badBody'),
      errors: { filter: err.message },
      unexpected: false,
    };
  if (isBodyTooLarge(err)) return { status: 413, message: t('http.tooLarge'), unexpected: false };
  const cause = unavailableCause(err);
  // Unavailability is logged too (operators need it), but it is not a bug of the request.
  if (cause)
    return {
      status: 503,
      message: t(cause === 'disk' ? 'http.diskFull' : 'http.unavailable'),
      retryAfter: RETRY_AFTER_SECONDS,
      unexpected: false,
    };
  return { status: 500, message: t(callKey ?? 'http.serverError'), unexpected: true };
}

/** The one error body: { message, errors? } plus the refusal's documented extras; Retry-After when it says when. */
export function failureResponse(f: Failure, headers: Record<string, string> = {}): Response {
  const h = f.retryAfter ? { 'Retry-After': String(f.retryAfter), ...headers } : headers;
  return json(
    { ...f.extra, message: f.message, ...(f.errors ? { errors: f.errors } : {}) },
    f.status,
    h,
  );
}
