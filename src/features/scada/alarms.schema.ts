// Alarms and the events journal of dispatching (issue 24): the analog limits the back office sets
// per variable, the alarm kinds and states, the events a journal shows, and the ack body. Pure:
// islands import it too.
import * as v from 'valibot';

export const ALARM_KINDS = ['hh', 'h', 'l', 'll', 'fault', 'link'] as const;
export type AlarmKind = (typeof ALARM_KINDS)[number];
export const EVENT_KINDS = [
  'alarm_raised',
  'alarm_cleared',
  'alarm_acked',
  'link_lost',
  'link_restored',
  'command',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];
/** Largest magnitude of a limit: beyond any field value a 32-bit register or float can carry. */
export const LIMIT_MAX = 1e12;
export const DELAY_MAX_S = 3600;
export const COMMENT_MAX = 500;

const m = (key: string) => `integration.scada.limits.${key}`;
const limit = v.optional(
  v.nullable(
    v.pipe(
      v.number(m('number')),
      v.finite(m('number')),
      v.minValue(-LIMIT_MAX, m('number')),
      v.maxValue(LIMIT_MAX, m('number')),
    ),
  ),
  null,
);

/** `limits` of a variable: any of hh > h > l > ll, a clearing deadband and a raising delay. */
export const LimitsSchema = v.pipe(
  v.object(
    {
      hh: limit,
      h: limit,
      l: limit,
      ll: limit,
      deadband: v.optional(
        v.pipe(
          v.number(m('deadband')),
          v.finite(m('deadband')),
          v.minValue(0, m('deadband')),
          v.maxValue(LIMIT_MAX, m('deadband')),
        ),
        0,
      ),
      delay_s: v.optional(
        v.pipe(
          v.number(m('delay')),
          v.integer(m('delay')),
          v.minValue(0, m('delay')),
          v.maxValue(DELAY_MAX_S, m('delay')),
        ),
        0,
      ),
    },
    m('object'),
  ),
);
export type Limits = v.InferOutput<typeof LimitsSchema>;

/** The first limit out of the order ll < l < h < hh (each one that is set), or null. */
export function limitOrderError(x: Limits): 'hh' | 'h' | 'l' | null {
  const order = [
    ['ll', x.ll],
    ['l', x.l],
    ['h', x.h],
    ['hh', x.hh],
  ] as const;
  let prev: number | null = null;
  for (const [key, value] of order) {
    if (value === null) continue;
    if (prev !== null && value <= prev) return key as 'hh' | 'h' | 'l';
    prev = value;
  }
  return null;
}

/** POST /api/v1/scada/alarms/{id}/ack: an optional comment. */
export const AckSchema = v.object({
  comment: v.optional(
    v.pipe(
      v.string('scada.alarms.comment'),
      v.trim(),
      v.maxLength(COMMENT_MAX, 'scada.alarms.comment'),
    ),
    '',
  ),
});

/** An alarm as the API, the pages and the island show it. */
export interface AlarmItem {
  id: number;
  object_id: number;
  object_title?: string;
  tag_id: number | null;
  tag_title: string | null;
  kind: AlarmKind;
  value: number | null;
  limit: number | null;
  /** Decimals of the variable (scada.schema.ts precisionOf): value and limit are rounded at them. */
  digits: number;
  raised_at: string;
  cleared_at: string | null;
  acknowledged_at: string | null;
  acknowledged_by: string | null;
  comment: string | null;
}

/** ISA-18.2 state of an alarm row. */
export type AlarmState = 'unack' | 'ack' | 'cleared_unack' | 'normal';
export const alarmState = (a: Pick<AlarmItem, 'cleared_at' | 'acknowledged_at'>): AlarmState =>
  a.cleared_at === null
    ? a.acknowledged_at === null
      ? 'unack'
      : 'ack'
    : a.acknowledged_at === null
      ? 'cleared_unack'
      : 'normal';

export interface EventItem {
  id: number;
  at: string;
  kind: EventKind;
  alarm_id: number | null;
  alarm_kind: AlarmKind | null;
  tag_title: string | null;
  user: string | null;
  value: number | null;
  /** Decimals of the variable: the value is rounded at them. */
  digits: number;
  detail: string | null;
}
