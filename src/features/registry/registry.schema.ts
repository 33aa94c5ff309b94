// Product registry: constants, URLs and the valibot schemas of the back office's calls. Pure.
import * as v from 'valibot';
import { isCalendarDate } from '#lib/dates.ts';
import { stripControls } from '#lib/http/controls.ts';
import { isFileId } from '#lib/storage/types.ts';
import { OP_FLOW_UNITS, OP_HEAD_UNITS, OP_POWER_UNITS } from './oppoint.ts';

export const DOCUMENT_KINDS = ['passport', 'manual', 'certificate', 'drawing'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** What starts a warranty when the back office gives no explicit start day. */
export const WARRANTY_BASES = ['shipment', 'commissioning'] as const;
export type WarrantyBasis = (typeof WARRANTY_BASES)[number];
export const WARRANTY_MAX_MONTHS = 240;

/** A claim's states in their order; the back office moves it along CLAIM_MOVES only. */
export const CLAIM_STATES = ['submitted', 'accepted', 'repair', 'resolved', 'rejected'] as const;
export type ClaimState = (typeof CLAIM_STATES)[number];
export const CLAIM_MOVES: Record<ClaimState, readonly ClaimState[]> = {
  submitted: ['accepted', 'rejected'],
  accepted: ['repair', 'resolved', 'rejected'],
  repair: ['resolved'],
  resolved: [],
  rejected: [],
};
/** The states a claim may come from to reach `to`. */
export const claimSources = (to: ClaimState): ClaimState[] =>
  CLAIM_STATES.filter((from) => CLAIM_MOVES[from].includes(to));
export const CLAIM_TEXT_MAX = 5000;
export const CLAIM_PHOTOS_MAX = 5;

/** Kinds of service events (the service history beside the production timeline). */
export const SERVICE_KINDS = [
  'commissioning',
  'maintenance',
  'inspection',
  'verification',
  'repair',
  'part',
] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number];

/** The kinds of work a maintenance plan schedules (decision 0047): periodic service kinds. */
export const PLAN_KINDS = ['maintenance', 'inspection', 'verification', 'part'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];
export const isPlanKind = (k: string): k is PlanKind =>
  (PLAN_KINDS as readonly string[]).includes(k);
export const PLAN_MAX_MONTHS = 120;
/** A reminder before the due day, and one once it has passed. */
export type ReminderKind = 'soon' | 'overdue';

/** 0 in production (warning badge), 1 ready (success badge). */
export const PRODUCT_STATUSES = [0, 1] as const;

/** List filters (`status`, organisation `oid`) and sort fields of /productions and the API. */
export const LIST_FIELDS = ['status', 'oid', 'serial', 'title'] as const;
export type RegistryField = (typeof LIST_FIELDS)[number];

/** Live events on the readers' user topics (`user:<id>`): the open product page refreshes its parts. */
export const PRODUCT_CHANGED = 'production.changed';

const text = (max: number) =>
  v.pipe(v.string(), v.trim(), v.maxLength(max, 'registry.validation.text'));
const required = (max: number) => v.pipe(text(max), v.minLength(1, 'registry.validation.text'));
const status = v.picklist(PRODUCT_STATUSES, 'registry.validation.status');
const fileId = v.pipe(v.string(), v.check(isFileId, 'registry.validation.fileId'));
const calendarDate = v.pipe(v.string(), v.check(isCalendarDate, 'registry.validation.date'));
const instant = v.pipe(
  v.string(),
  v.check((s) => !Number.isNaN(Date.parse(s)), 'registry.validation.instant'),
);
const id = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647));

export const CreateSchema = v.object({
  order_id: id,
  request_id: v.optional(v.nullable(id)),
  products: v.pipe(
    v.array(
      v.object({
        serial: v.pipe(required(100), v.regex(/^[\w./-]+$/, 'registry.validation.serial')),
        order_item_id: v.optional(v.nullable(id)),
        sku: v.optional(v.nullable(text(100))),
        title: v.optional(v.nullable(text(300))),
        description: v.optional(v.nullable(text(4000))),
        picture_file_id: v.optional(v.nullable(fileId)),
        status: v.optional(status, 0),
      }),
    ),
    v.minLength(1, 'registry.validation.products'),
    v.maxLength(500, 'registry.validation.products'),
  ),
});

export const HistorySchema = v.object({
  date: v.optional(v.nullable(instant)),
  title: required(300),
  description: v.optional(v.nullable(text(4000))),
  status: v.optional(status, 0),
});

export const StatusSchema = v.object({ status });

export const DocumentSchema = v.object({
  kind: v.picklist(DOCUMENT_KINDS, 'registry.validation.kind'),
  name: v.optional(v.nullable(text(300))),
  file_id: v.optional(v.nullable(fileId)),
});

export const ShipmentSchema = v.object({
  numb: required(60),
  date: calendarDate,
  attach: v.optional(
    v.pipe(
      v.array(v.object({ file_id: fileId, name: v.optional(v.nullable(text(300))) })),
      v.maxLength(50),
    ),
    [],
  ),
});

export const GrantSchema = v.object({
  emails: v.pipe(
    v.array(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email('registry.validation.email'))),
    v.minLength(1),
    v.maxLength(100),
  ),
  revoke: v.optional(v.boolean(), false),
});

/**
 * The warranty: term in months and what starts it; `start` (a calendar day) when the back office knows
 * it, otherwise the first shipment's day (basis shipment) or the commissioning day once known.
 */
export const WarrantySchema = v.object({
  months: v.pipe(
    v.number('registry.validation.months'),
    v.integer('registry.validation.months'),
    v.minValue(1, 'registry.validation.months'),
    v.maxValue(WARRANTY_MAX_MONTHS, 'registry.validation.months'),
  ),
  basis: v.picklist(WARRANTY_BASES, 'registry.validation.basis'),
  start: v.optional(v.nullable(calendarDate)),
});

/** The owner's claim: the fault in words (photos travel as files of the same form). */
export const ClaimSchema = v.object({
  description: v.pipe(
    v.string('registry.validation.claimText'),
    v.trim(),
    v.minLength(1, 'registry.validation.claimText'),
    v.maxLength(CLAIM_TEXT_MAX, 'registry.validation.claimText'),
  ),
});

/** The back office's move of a claim to its next state, with an optional comment for the owner. */
export const ClaimMoveSchema = v.object({
  state: v.picklist(CLAIM_STATES, 'registry.validation.claimState'),
  comment: v.optional(v.nullable(text(2000))),
});

/**
 * The maintenance plan, replacing the product's: per kind of work (each at most once) the interval in
 * months and/or the next due day, and the last day it was done. The caller derives a missing next due
 * day from the last one (or the service history) and the interval.
 */
export const PlanSchema = v.object(
  {
    plan: v.pipe(
      v.array(
        v.object(
          {
            kind: v.picklist(PLAN_KINDS, 'registry.validation.planKind'),
            interval_months: v.optional(
              v.nullable(
                v.pipe(
                  v.number('registry.validation.interval'),
                  v.integer('registry.validation.interval'),
                  v.minValue(1, 'registry.validation.interval'),
                  v.maxValue(PLAN_MAX_MONTHS, 'registry.validation.interval'),
                ),
              ),
            ),
            next_due: v.optional(v.nullable(calendarDate)),
            last_done: v.optional(v.nullable(calendarDate)),
            // A row that is not an object, or has no kind (its only required key).
          },
          'registry.validation.planKind',
        ),
        'registry.validation.plan',
      ),
      v.maxLength(PLAN_KINDS.length, 'registry.validation.planRepeated'),
      v.check(
        (rows) => new Set(rows.map((r) => r.kind)).size === rows.length,
        'registry.validation.planRepeated',
      ),
    ),
    // Not an object, or no plan (its only key).
  },
  'registry.validation.plan',
);

/** A service event from the back office; a commissioning one starts a commissioning-based warranty. */
export const ServiceSchema = v.object({
  kind: v.picklist(SERVICE_KINDS, 'registry.validation.serviceKind'),
  date: calendarDate,
  title: required(300),
  description: v.optional(v.nullable(text(4000))),
});

/** Document kinds a product's public passport lists (a drawing stays with the owner). */
export const PUBLIC_DOCUMENT_KINDS = [
  'manual',
  'certificate',
  'passport',
] as const satisfies readonly DocumentKind[];

/** A passport token: base64url of 18 random bytes (144 bits). Anything else is not looked up. */
export const PASSPORT_TOKEN = /^[A-Za-z0-9_-]{24}$/;

export const CONTACT_NAME_MAX = 200;
export const CONTACT_MAX = 200;
export const CONTACT_TEXT_MAX = 2000;

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:".]+(\.[^\s@<>()[\]\\,;:".]+)+$/;
/** A phone number in any common notation: 6 to 15 digits, with +, spaces, dashes, brackets, dots. */
const PHONE = /^\+?[\d\s().-]+$/;
export const isContact = (s: string): boolean => {
  if (s.includes('@')) return EMAIL.test(s);
  const digits = s.replace(/\D/g, '').length;
  return PHONE.test(s) && digits >= 6 && digits <= 15;
};

const formText = (max: number, message: string) =>
  v.pipe(
    v.optional(v.string(message), ''),
    v.transform(stripControls),
    v.trim(),
    v.minLength(1, message),
    v.maxLength(max, message),
  );

/**
 * A stranger's contact request from the public passport (the page's plain form and its tests share
 * it): a name, a phone number or an e-mail address to answer to, and the message.
 */
export const ContactSchema = v.object({
  name: formText(CONTACT_NAME_MAX, 'registry.validation.contactName'),
  contact: v.pipe(
    formText(CONTACT_MAX, 'registry.validation.contact'),
    v.check(isContact, 'registry.validation.contact'),
  ),
  message: formText(CONTACT_TEXT_MAX, 'registry.validation.contactText'),
});
export type ContactInput = v.InferOutput<typeof ContactSchema>;
const opKey = v.pipe(
  v.string('registry.op.validation.key'),
  v.trim(),
  v.minLength(1, 'registry.op.validation.key'),
  v.maxLength(64, 'registry.op.validation.key'),
);
const opVariable = <U extends readonly string[]>(units: U, fallback: U[number], message: string) =>
  v.object(
    { key: opKey, unit: v.optional(v.picklist(units, message), fallback as never) },
    'registry.op.validation.variableObject',
  );

const opLinkEntries = v.object({
  object_id: v.optional(
    v.pipe(
      v.number('registry.op.validation.objectId'),
      v.integer('registry.op.validation.objectId'),
      v.minValue(1, 'registry.op.validation.objectId'),
      v.maxValue(2_147_483_647, 'registry.op.validation.objectId'),
    ),
  ),
  flow: v.optional(opVariable(OP_FLOW_UNITS, 'm3/h', 'registry.op.validation.flowUnit')),
  head: v.optional(opVariable(OP_HEAD_UNITS, 'm', 'registry.op.validation.headUnit')),
  power: v.optional(
    v.nullable(opVariable(OP_POWER_UNITS, 'kW', 'registry.op.validation.powerUnit')),
    null,
  ),
  speed: v.optional(
    v.nullable(v.object({ key: opKey }, 'registry.op.validation.variableObject')),
    null,
  ),
});
/**
 * The back office's link of a product to the dispatching object where it is installed and the
 * variables (keys of the object's variables) that measure it, each in its unit: flow and head (or a
 * differential pressure) required, electrical power and speed (rpm) optional.
 */
export const OperatingLinkSchema = v.pipe(
  opLinkEntries,
  // Required entries, refused with their own message when absent (valibot's is "Invalid key").
  v.forward(
    v.partialCheck(
      [['object_id']],
      (i) => i.object_id !== undefined,
      'registry.op.validation.objectId',
    ),
    ['object_id'],
  ),
  v.forward(
    v.partialCheck([['flow']], (i) => i.flow !== undefined, 'registry.op.validation.flow'),
    ['flow'],
  ),
  v.forward(
    v.partialCheck([['head']], (i) => i.head !== undefined, 'registry.op.validation.head'),
    ['head'],
  ),
);
