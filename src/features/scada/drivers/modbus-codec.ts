// Register codec for Modbus: 16- and 32-bit integers and IEEE floats spread over two registers in
// either word order, scale and offset, and the 0xFFFF "not available" convention. Pure.
import type { ModbusAddress } from '../scada.schema.ts';

export const NA = 0xffff;

export const widthOf = (datatype: ModbusAddress['datatype']): number =>
  datatype === 'int16' || datatype === 'uint16' ? 1 : 2;

/** Engineering value from raw registers (starting at the tag's register), or null for N/A. */
export function decode(a: ModbusAddress, words: number[]): number | null {
  if (a.table === 'coil' || a.table === 'discrete') return words[0] ? 1 : 0;
  const [w0, w1] = words as [number, number];
  if (widthOf(a.datatype) === 1) {
    if (w0 === NA) return null;
    const raw = a.datatype === 'int16' ? (w0 << 16) >> 16 : w0;
    return raw * a.scale + a.offset;
  }
  if (w0 === NA && w1 === NA) return null;
  const [hi, lo] = a.word_order === 'little' ? [w1, w0] : [w0, w1];
  const buf = Buffer.alloc(4);
  buf.writeUInt16BE(hi, 0);
  buf.writeUInt16BE(lo, 2);
  const raw =
    a.datatype === 'int32'
      ? buf.readInt32BE(0)
      : a.datatype === 'uint32'
        ? buf.readUInt32BE(0)
        : buf.readFloatBE(0);
  // A float32 register can hold NaN or an infinity (a sensor fault, a wrong word order): no value.
  const value = raw * a.scale + a.offset;
  return Number.isFinite(value) ? value : null;
}

/** Registers to write for an engineering value (inverse of decode). */
export function encode(a: ModbusAddress, value: number): number[] {
  const raw = (value - a.offset) / a.scale;
  const buf = Buffer.alloc(4);
  switch (a.datatype) {
    case 'int16':
      return [Math.round(raw) & 0xffff];
    case 'uint16':
      return [Math.max(0, Math.min(0xfffe, Math.round(raw)))];
    case 'int32':
      buf.writeInt32BE(Math.round(raw), 0);
      break;
    case 'uint32':
      buf.writeUInt32BE(Math.max(0, Math.round(raw)), 0);
      break;
    default:
      buf.writeFloatBE(raw, 0);
  }
  const hi = buf.readUInt16BE(0);
  const lo = buf.readUInt16BE(2);
  return a.word_order === 'little' ? [lo, hi] : [hi, lo];
}

export interface Block {
  table: ModbusAddress['table'];
  start: number;
  count: number;
  /** Indexes (into the tag list) served by this block. */
  tags: number[];
}

/** Groups tags into as few read requests as possible (at most `max` registers each). */
export function planReads(addresses: ModbusAddress[], max = 120): Block[] {
  const order = addresses
    .map((a, i) => ({ a, i }))
    .sort((x, y) =>
      x.a.table === y.a.table ? x.a.register - y.a.register : x.a.table < y.a.table ? -1 : 1,
    );
  const blocks: Block[] = [];
  for (const { a, i } of order) {
    const end = a.register + widthOf(a.datatype);
    const last = blocks.at(-1);
    if (last && last.table === a.table && end - last.start <= max) {
      last.count = Math.max(last.count, end - last.start);
      last.tags.push(i);
    } else blocks.push({ table: a.table, start: a.register, count: end - a.register, tags: [i] });
  }
  return blocks;
}
