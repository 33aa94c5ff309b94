// Rules of alarm limits shared by the integration API (validation) and the poller (evaluation).
// Each limit is its own alarm (ISA-18.2): above hh both h and hh are active. A limit raises once the
// value has stayed beyond it for delay_s and clears once it is back inside by more than the deadband.
import * as v from 'valibot';
import { HttpError } from '#lib/http/api.ts';
import type { T } from '#lib/i18n/index.ts';
import { fieldErrors } from '#lib/validation.ts';
import { limitOrderError, LimitsSchema, type AlarmKind, type Limits } from './alarms.schema.ts';

/**
 * The stored JSON of each tag's limits (null: none), or 400 naming the field
 * (`tags.<i>.limits.<name>`): a shape, range or order error, or limits on a boolean variable.
 */
export function checkLimits(
  tags: Array<{ type: string; limits?: unknown }>,
  t: T,
): Array<string | null> {
  const errors: Record<string, string> = {};
  const out = tags.map((tag, i) => {
    if (tag.limits === null || tag.limits === undefined) return null;
    const at = `tags.${i}.limits`;
    if (tag.type === 'bool') {
      errors[at] = t('integration.scada.limits.bool');
      return null;
    }
    const r = v.safeParse(LimitsSchema, tag.limits);
    if (!r.success) {
      for (const [k, msg] of Object.entries(fieldErrors(r.issues)))
        errors[k ? `${at}.${k}` : at] ??= t(msg);
      return null;
    }
    const bad = limitOrderError(r.output);
    if (bad) {
      errors[`${at}.${bad}`] = t('integration.scada.limits.order');
      return null;
    }
    const x = r.output;
    if (x.hh === null && x.h === null && x.l === null && x.ll === null) return null;
    return JSON.stringify(x);
  });
  if (Object.keys(errors).length) throw new HttpError(400, Object.values(errors)[0]!, { errors });
  return out;
}

export function parseLimits(json: string | null): Limits | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as Limits;
  } catch {
    return null;
  }
}

export const HIGH: ReadonlyArray<'hh' | 'h'> = ['hh', 'h'];
export const LOW: ReadonlyArray<'ll' | 'l'> = ['ll', 'l'];

/** Whether a value is beyond a limit (raising side) or still not back inside by the deadband. */
export function beyond(
  kind: AlarmKind,
  value: number,
  limit: number,
  deadband: number,
  active: boolean,
) {
  const high = kind === 'hh' || kind === 'h';
  const band = active ? deadband : 0;
  return high ? value >= limit - band : value <= limit + band;
}
