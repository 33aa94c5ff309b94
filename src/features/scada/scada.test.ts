// Pure parts of dispatching: the Modbus register codec and read planning, command value checks
// (shared by island and server), MQTT payloads, the simulator's fault and reset, report periods.
import { describe, expect, it } from 'vitest';
import { decode, encode, planReads } from './drivers/modbus-codec.ts';
import { payloadValue } from './drivers/mqtt.ts';
import { openSimulator } from './drivers/simulator.ts';
import { periodBounds } from './reports.server.ts';
import { commandValue, type ModbusAddress } from './scada.schema.ts';

const a = (x: Partial<ModbusAddress>): ModbusAddress => ({
  table: 'holding',
  register: 0,
  datatype: 'uint16',
  word_order: 'big',
  scale: 1,
  offset: 0,
  ...x,
});

describe('Modbus codec', () => {
  it('decodes signed and unsigned 16-bit values with scale and offset; 0xFFFF is not available', () => {
    expect(decode(a({ datatype: 'int16', scale: 0.1 }), [0xfffb])).toBeCloseTo(-0.5);
    expect(decode(a({ scale: 0.01, offset: 1 }), [1234])).toBeCloseTo(13.34);
    expect(decode(a({}), [0xffff])).toBeNull();
    expect(decode(a({ datatype: 'int16' }), [0xffff])).toBeNull();
  });
  it('decodes 32-bit values in both word orders; both words 0xFFFF is not available', () => {
    expect(decode(a({ datatype: 'int32' }), [0xfffe, 0x7960])).toBe(-100000);
    expect(decode(a({ datatype: 'uint32', word_order: 'little' }), [0x0001, 0x0002])).toBe(
      0x00020001,
    );
    expect(
      decode(
        a({ datatype: 'float32', word_order: 'little' }),
        encode(a({ datatype: 'float32', word_order: 'little' }), 21.5),
      ),
    ).toBe(21.5);
    expect(decode(a({ datatype: 'float32' }), [0xffff, 0xffff])).toBeNull();
  });
  it('reads a float32 NaN or infinity as no value (never into alarms, answers or CSV)', () => {
    // 0x7FC0 0000 is a quiet NaN, 0x7F80 0000 +infinity, 0xFF80 0000 -infinity.
    expect(decode(a({ datatype: 'float32' }), [0x7fc0, 0x0000])).toBeNull();
    expect(decode(a({ datatype: 'float32' }), [0x7f80, 0x0000])).toBeNull();
    expect(decode(a({ datatype: 'float32', scale: 2 }), [0xff80, 0x0000])).toBeNull();
    // The largest float32 times a scale past Number's range is no value either.
    expect(decode(a({ datatype: 'float32', scale: 1e300 }), [0x7f7f, 0xffff])).toBeNull();
  });
  it('encodes the inverse of decode for every datatype', () => {
    for (const datatype of ['int16', 'uint16', 'int32', 'uint32', 'float32'] as const) {
      for (const word_order of ['big', 'little'] as const) {
        const addr = a({ datatype, word_order, scale: 0.1, offset: 2 });
        expect(decode(addr, encode(addr, 42.5))).toBeCloseTo(42.5, 4);
      }
    }
  });
  it('groups registers into blocks of at most 120 per table', () => {
    const blocks = planReads([
      a({ register: 0 }),
      a({ register: 4, datatype: 'float32' }),
      a({ register: 200 }),
      a({ table: 'coil', register: 0 }),
    ]);
    expect(blocks.map((b) => [b.table, b.start, b.count, b.tags])).toEqual([
      ['coil', 0, 1, [3]],
      ['holding', 0, 6, [0, 1]],
      ['holding', 200, 1, [2]],
    ]);
  });
});

describe('command values', () => {
  const input = { type: 'float', field_type: 'Input', min: 1, max: 10 };
  it('refuses empty, non-numeric and out-of-range values with their messages', () => {
    expect(commandValue(input, ' ')).toEqual({ ok: false, error: 'scada.action.empty' });
    expect(commandValue(input, 'abc')).toEqual({ ok: false, error: 'scada.action.type' });
    expect(commandValue(input, '1e3')).toEqual({ ok: false, error: 'scada.action.type' });
    expect(commandValue(input, '10.5')).toEqual({ ok: false, error: 'scada.action.range' });
    expect(commandValue({ ...input, type: 'int' }, '2.5')).toEqual({
      ok: false,
      error: 'scada.action.type',
    });
  });
  it('accepts a decimal comma, and true for an error reset', () => {
    expect(commandValue(input, '6,5')).toEqual({ ok: true, value: 6.5 });
    expect(
      commandValue({ type: 'bool', field_type: 'ErrorReset', min: null, max: null }, 'true'),
    ).toEqual({ ok: true, value: 1 });
    expect(
      commandValue({ type: 'bool', field_type: 'ErrorReset', min: null, max: null }, '5'),
    ).toEqual({ ok: false, error: 'scada.action.type' });
  });
});

describe('MQTT payloads', () => {
  it('reads plain numbers, booleans and JSON paths', () => {
    expect(payloadValue(' 71.25 ')).toBe(71.25);
    expect(payloadValue('true')).toBe(1);
    expect(payloadValue('{"pressure":{"value":4.5}}', 'pressure.value')).toBe(4.5);
    expect(payloadValue('{"pressure":{}}', 'pressure.value')).toBeNull();
    expect(payloadValue('offline')).toBeNull();
  });
});

describe('simulator', () => {
  it('starts with a fault, clears it on reset (pumps run again) and raises the next one 10 minutes later', async () => {
    let now = 1_000_000;
    const tags = [
      {
        id: 1,
        idx: 0,
        type: 'bool',
        field_type: 'ErrorReset',
        address: { signal: 'fault', base: 0 },
      },
      { id: 2, idx: 1, type: 'bool', field_type: null, address: { signal: 'pump', base: 0 } },
      {
        id: 3,
        idx: 2,
        type: 'float',
        field_type: 'Input',
        address: { signal: 'setpoint', base: 5.5 },
      },
    ];
    const sim = openSimulator(1, tags, () => now);
    expect(await sim.read()).toEqual([1, 0, 5.5]);
    await sim.write(tags[0]!, 1);
    await sim.write(tags[2]!, 6);
    expect(await sim.read()).toEqual([0, 1, 6]);
    now += 599_000;
    expect((await sim.read())[0]).toBe(0);
    now += 2_000;
    expect((await sim.read())[0]).toBe(1);
  });
});

describe('report periods', () => {
  it('uses calendar days and months in the time zone and refuses others', () => {
    expect(periodBounds('day', '2026-11-23', 'Europe/Samara')).toEqual({
      from: '2026-11-22T20:00:00.000Z',
      to: '2026-11-23T20:00:00.000Z',
    });
    expect(periodBounds('month', '2026-12', 'Europe/Samara')).toEqual({
      from: '2026-11-30T20:00:00.000Z',
      to: '2026-12-31T20:00:00.000Z',
    });
    expect(periodBounds('day', '2026-02-30', 'Europe/Samara')).toBeNull();
    expect(periodBounds('month', '2026-13', 'Europe/Samara')).toBeNull();
  });
});
