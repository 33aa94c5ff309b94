// valibot schemas of the dispatching area: the back office's object configuration (integration API),
// driver settings and tag addresses, and the command a user sends. Pure: islands import it too.
import * as v from 'valibot';

const m = (key: string) => `integration.scada.${key}`;
const text = (max: number) => v.pipe(v.string(m('text')), v.trim(), v.maxLength(max, m('text')));
const num = v.pipe(v.number(m('number')), v.finite(m('number')));
const port = v.optional(
  v.pipe(
    v.number(m('number')),
    v.integer(m('number')),
    v.minValue(1, m('number')),
    v.maxValue(65535, m('number')),
  ),
  502,
);

export const SimulatorDriver = v.object({
  type: v.literal('simulator'),
  poll_ms: v.optional(v.pipe(num, v.minValue(200), v.maxValue(60_000)), 1000),
});
export const ModbusDriver = v.object({
  type: v.literal('modbus-tcp'),
  host: v.pipe(text(253), v.minLength(1, m('text'))),
  port,
  unit_id: v.optional(
    v.pipe(v.number(m('number')), v.integer(), v.minValue(0), v.maxValue(255)),
    1,
  ),
  poll_ms: v.optional(
    v.pipe(num, v.minValue(200, m('number')), v.maxValue(60_000, m('number'))),
    2000,
  ),
  timeout_ms: v.optional(v.pipe(num, v.minValue(100), v.maxValue(30_000)), 1000),
});
export const MqttDriver = v.object({
  type: v.literal('mqtt'),
  url: v.pipe(text(500), v.regex(/^mqtts?:\/\/[^\s]+$/, m('url'))),
  topic_prefix: v.optional(text(200), ''),
  poll_ms: v.optional(v.pipe(num, v.minValue(200), v.maxValue(60_000)), 2000),
  /** The device publishes at least this often: silence longer than this means no link. */
  stale_ms: v.optional(v.nullable(v.pipe(num, v.minValue(500), v.maxValue(86_400_000))), null),
});
export const DriverSchema = v.variant(
  'type',
  [SimulatorDriver, ModbusDriver, MqttDriver],
  m('driver'),
);
export type Driver = v.InferOutput<typeof DriverSchema>;

export const DATATYPES = ['int16', 'uint16', 'int32', 'uint32', 'float32'] as const;
export const ModbusAddress = v.object({
  table: v.picklist(['holding', 'input', 'coil', 'discrete'], m('address')),
  register: v.pipe(
    v.number(m('address')),
    v.integer(m('address')),
    v.minValue(0, m('address')),
    v.maxValue(65535, m('address')),
  ),
  datatype: v.optional(v.picklist(DATATYPES, m('address')), 'uint16'),
  word_order: v.optional(v.picklist(['big', 'little'], m('address')), 'big'),
  scale: v.optional(num, 1),
  offset: v.optional(num, 0),
});
export type ModbusAddress = v.InferOutput<typeof ModbusAddress>;
export const MqttAddress = v.object({
  topic: text(200),
  write_topic: v.optional(text(200)),
  json_path: v.optional(text(100)),
});
export type MqttAddress = v.InferOutput<typeof MqttAddress>;
/** Simulator signal: a named plant-like waveform (see simulator.ts). */
export const SimAddress = v.object({
  signal: v.picklist(
    ['pressure', 'temperature', 'flow', 'pump', 'fault', 'setpoint'],
    m('address'),
  ),
  base: v.optional(num, 0),
});
export type SimAddress = v.InferOutput<typeof SimAddress>;

export const TAG_TYPES = ['float', 'int', 'bool'] as const;
export const TagSchema = v.pipe(
  v.object({
    key: v.pipe(text(100), v.regex(/^[A-Za-z0-9_.-]+$/, m('key'))),
    title: v.pipe(text(200), v.minLength(1, m('text'))),
    type: v.picklist(TAG_TYPES, m('type')),
    unit: v.optional(text(20), ''),
    actions: v.picklist(['Read', 'ReadWrite'], m('actions')),
    field_type: v.optional(v.nullable(v.picklist(['ErrorReset', 'Input'], m('fieldType'))), null),
    min: v.optional(v.nullable(num), null),
    max: v.optional(v.nullable(num), null),
    step: v.optional(v.nullable(num), null),
    deadband: v.optional(v.pipe(num, v.minValue(0)), 0),
    alarm: v.optional(v.boolean(), false),
    /** Analog limits (alarms.schema.ts LimitsSchema), checked after the shape with 400 per field. */
    limits: v.optional(v.nullable(v.unknown()), null),
    address: v.record(v.string(), v.unknown(), m('address')),
  }),
  v.check((t) => t.actions === 'Read' || t.field_type !== null, m('fieldType')),
  v.check((t) => t.min === null || t.max === null || t.min <= t.max, m('range')),
);
export type TagInput = v.InferOutput<typeof TagSchema>;

export const ObjectSchema = v.object({
  title: v.pipe(text(200), v.minLength(1, m('text'))),
  /** The organisation's INN (the back office knows INNs, not our ids). */
  oid: v.optional(
    v.nullable(v.pipe(v.string(m('oid')), v.regex(/^\d{10}(\d{2})?$/, m('oid')))),
    null,
  ),
  address: v.optional(text(500), ''),
  driver: DriverSchema,
  tags: v.pipe(v.array(TagSchema, m('tags')), v.maxLength(200, m('tags'))),
  grants: v.optional(
    v.pipe(
      v.array(
        v.object({
          email: v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email(m('email'))),
          control: v.optional(v.boolean(), false),
        }),
      ),
      v.maxLength(500),
    ),
    [],
  ),
});
export type ObjectInput = v.InferOutput<typeof ObjectSchema>;

/** The address schema of a tag for each driver type. */
export const addressSchemaFor = (driver: Driver['type']) =>
  driver === 'modbus-tcp' ? ModbusAddress : driver === 'mqtt' ? MqttAddress : SimAddress;

/** POST /api/v1/scada/action: tag_id and the value (true for an error reset). */
export const ActionSchema = v.object({
  tag_id: v.pipe(
    v.string('scada.action.tag'),
    v.regex(/^\d{1,9}$/, 'scada.action.tag'),
    v.transform(Number),
  ),
  value: v.pipe(
    v.optional(v.string('scada.action.empty'), ''),
    v.trim(),
    v.maxLength(40, 'scada.action.type'),
  ),
});

/** A command value for a tag: the number it means, or the message key of why not. Shared by island and server. */
export function commandValue(
  tag: {
    type: string;
    field_type: string | null;
    min: number | null;
    max: number | null;
    step?: number | null;
  },
  raw: string,
): { ok: true; value: number } | { ok: false; error: string } {
  const s = raw.trim();
  if (!s) return { ok: false, error: 'scada.action.empty' };
  if (tag.field_type === 'ErrorReset')
    return s === 'true' || s === '1'
      ? { ok: true, value: 1 }
      : { ok: false, error: 'scada.action.type' };
  if (tag.type === 'bool')
    return s === 'true' || s === '1'
      ? { ok: true, value: 1 }
      : s === 'false' || s === '0'
        ? { ok: true, value: 0 }
        : { ok: false, error: 'scada.action.type' };
  const n = Number(s.replace(',', '.'));
  if (!/^-?\d+([.,]\d+)?$/.test(s) || !Number.isFinite(n))
    return { ok: false, error: 'scada.action.type' };
  if (tag.type === 'int' && !Number.isInteger(n)) return { ok: false, error: 'scada.action.type' };
  if ((tag.min !== null && n < tag.min) || (tag.max !== null && n > tag.max))
    return { ok: false, error: 'scada.action.range' };
  // The input's step, counted from the minimum (or 0) as the browser's step does: 6.33 is refused
  // with step 0.1; the tolerance absorbs decimal representation (0.1 * 63 is 6.300000000000001).
  if (tag.step && tag.step > 0) {
    const k = (n - (tag.min ?? 0)) / tag.step;
    if (Math.abs(k - Math.round(k)) > 1e-6) return { ok: false, error: 'scada.action.step' };
  }
  return { ok: true, value: roundAt(tag, n) };
}

/**
 * Decimals a variable's values are given with where they leave the server (API, stream, audit,
 * reports): none for integers and booleans, the step's decimals when it has a step (0.1 -> 1), else
 * 3 (what the pages show). A float32 register read as 6.329999923706055 leaves as 6.33.
 */
export function precisionOf(tag: { type: string; step?: number | null }): number {
  if (tag.type !== 'float') return 0;
  if (tag.step && tag.step > 0) {
    const text = String(tag.step);
    const exp = /e-(\d+)$/.exec(text);
    const decimals = exp ? Number(exp[1]) : (text.split('.')[1]?.length ?? 0);
    return Math.min(6, Math.max(decimals, 0));
  }
  return 3;
}

/** A value rounded at its variable's precision (null stays null). */
export function roundAt<N extends number | null>(
  tag: { type: string; step?: number | null },
  x: N,
): N {
  if (x === null || !Number.isFinite(x)) return x;
  const f = 10 ** precisionOf(tag);
  return (Math.round((x as number) * f) / f) as N;
}

/** A variable as the pages and the island see it (the server reads it, the island shows it). */
export interface ScadaTag {
  id: number;
  idx: number;
  title: string;
  type: string;
  unit: string;
  actions: string;
  field_type: string | null;
  min: number | null;
  max: number | null;
  step: number | null;
  /** 1: a boolean whose 1 is an alarm (shown in the alarm colour). */
  alarm: number;
}
