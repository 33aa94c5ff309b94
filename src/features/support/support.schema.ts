// Input schemas of the support calls, shared by the API, the form posts of the pages and the bug
// report dialog. Messages are dictionary keys (see #lib/validation.ts).
import * as v from 'valibot';
import { textField } from '#lib/validation.ts';
import { DEFAULT_REPORT_TYPE, MESSAGE_MAX, REPORT_TYPES, TITLE_MAX } from './support.types.ts';

const id = (message: string) =>
  v.pipe(v.string(message), v.trim(), v.regex(/^\d{1,9}$/, message), v.transform(Number));

/** Create a request: title (topic), type, optional message; page url of a bug report. */
export const CreateSchema = v.object({
  title: v.pipe(
    textField(),
    v.nonEmpty('support.validation.title'),
    v.maxLength(TITLE_MAX, 'support.validation.titleLong'),
  ),
  type: v.pipe(
    v.optional(v.string(), DEFAULT_REPORT_TYPE),
    v.trim(),
    v.picklist(REPORT_TYPES, 'support.validation.type'),
  ),
  message: v.pipe(textField(), v.maxLength(MESSAGE_MAX, 'support.validation.messageLong')),
  url: v.pipe(
    textField(),
    v.maxLength(1000),
    v.transform((s) => (/^https?:\/\/|^\//.test(s) ? s : '')),
  ),
});

/** The bug report dialog also requires the message. */
export const BugReportSchema = v.object({
  ...CreateSchema.entries,
  type: v.pipe(
    v.optional(v.string(), ''),
    v.trim(),
    v.picklist(REPORT_TYPES, 'support.validation.type'),
  ),
  message: v.pipe(
    textField(),
    v.nonEmpty('support.validation.message'),
    v.maxLength(MESSAGE_MAX, 'support.validation.messageLong'),
  ),
});

/** A chat message: empty or whitespace-only is refused. */
export const MessageSchema = v.object({
  support_id: id('support.validation.request'),
  message: v.pipe(
    textField(),
    v.nonEmpty('support.validation.message'),
    v.maxLength(MESSAGE_MAX, 'support.validation.messageLong'),
  ),
});

/** A file for a request, with an optional text that goes in the same message. */
export const MediaSchema = v.object({
  support_id: id('support.validation.request'),
  message: v.pipe(textField(), v.maxLength(MESSAGE_MAX, 'support.validation.messageLong')),
});

/** Closing (0) or reopening (1) a request on the desk. */
export const StatusSchema = v.object({
  support_id: id('support.validation.request'),
  status: v.pipe(
    v.string('support.validation.status'),
    v.trim(),
    v.picklist(['0', '1'], 'support.validation.status'),
    v.transform(Number),
  ),
});

/** Desk filters (query string): status open|closed|all, type, customer id, page. */
export const DeskFilterSchema = v.object({
  status: v.fallback(v.picklist(['open', 'closed', 'all']), 'open'),
  type: v.fallback(v.picklist(['', ...REPORT_TYPES]), ''),
  customer: v.fallback(v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)), 0),
  page: v.fallback(v.pipe(v.string(), v.regex(/^\d{1,4}$/), v.transform(Number), v.minValue(1)), 1),
});
export type DeskFilter = v.InferOutput<typeof DeskFilterSchema>;

const key = v.fallback(v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)), 0);

/** A customer's list (query string): searchText (3+ characters, as the list boxes), before (id key), limit. */
export const OwnListSchema = v.object({
  searchText: v.fallback(v.pipe(v.string(), v.trim(), v.maxLength(200)), ''),
  before: key,
  limit: key,
});

/** A chat page (query string): messages before this id (older pages), limit. */
export const ChatPageSchema = v.object({ before: key, limit: key });
