// The built-in simulator: deterministic plant-like signals (pressure, temperature and flow waves,
// pump states) so demo objects are alive without field hardware. A fault is active from the start
// and every 10 minutes after; an ErrorReset clears it and the pumps run again.
import type { SimAddress } from '../scada.schema.ts';
import type { DriverSession, TagSpec } from './types.ts';

const FAULT_EVERY = 600_000;

export function openSimulator(
  objectId: number,
  tags: TagSpec[],
  clock: () => number = Date.now,
): DriverSession {
  const phase = (objectId * 7919) % 60_000;
  let faultSince = clock();
  let resetAt = -Infinity;
  const setpoints = new Map<number, number>();
  const faultActive = (t: number) => {
    // A new fault is raised at each 10-minute mark after the last reset (or at start).
    const raised = faultSince + Math.floor((t - faultSince) / FAULT_EVERY) * FAULT_EVERY;
    return raised > resetAt;
  };
  const value = (tag: TagSpec, t: number): number => {
    const a = tag.address as unknown as SimAddress;
    const wave = (period: number) => Math.sin((2 * Math.PI * (t + phase)) / period);
    const fault = faultActive(t);
    switch (a.signal) {
      case 'pressure':
        return round(a.base + (fault ? -0.8 : 0) + 0.15 * wave(60_000) + 0.05 * wave(7_000));
      case 'temperature':
        return round(a.base + 1.5 * wave(900_000) + 0.2 * wave(45_000));
      case 'flow':
        return round(fault ? 0 : a.base * (1 + 0.08 * wave(120_000)));
      case 'pump':
        return fault ? 0 : 1;
      case 'fault':
        return fault ? 1 : 0;
      case 'setpoint':
        return setpoints.get(tag.id) ?? a.base;
    }
  };
  return {
    async read() {
      const t = clock();
      return tags.map((tag) => value(tag, t));
    },
    async write(tag, v) {
      const a = tag.address as unknown as SimAddress;
      if (a.signal === 'fault' || tag.field_type === 'ErrorReset') {
        resetAt = clock();
        faultSince = resetAt;
      } else if (a.signal === 'setpoint') setpoints.set(tag.id, v);
      else throw new Error('simulator: this signal is read-only');
    },
    async close() {},
  };
}

const round = (x: number) => Math.round(x * 1000) / 1000;
