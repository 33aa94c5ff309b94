// A minimal zip reader over the central directory, for the containers of .xlsx and .docx. It
// exists so that nothing is unpacked before the declared sizes, the actual sizes and the
// compression ratio have been checked: a zip bomb or an encrypted entry is refused with a
// ScanInputError before exceljs or the XML parser sees a byte.

import zlib from 'node:zlib';
import { ScanInputError } from './types.ts';
import type { ScanFormat } from './types.ts';
import { MAX_UNPACKED_BYTES, MAX_ZIP_ENTRIES, MAX_ZIP_RATIO } from './limits.ts';

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const CEN = 0x02014b50;
const LOC = 0x04034b50;

/** Entries smaller than this may compress beyond the ratio (repetitive XML); the total still counts. */
const RATIO_MIN_ENTRY = 1024 * 1024;

export class ZipArchive {
  readonly entries = new Map<string, ZipEntry>();
  private budget = MAX_UNPACKED_BYTES;
  private readonly bytes: Buffer;
  private readonly format: ScanFormat | undefined;

  constructor(bytes: Buffer, format?: ScanFormat) {
    this.bytes = bytes;
    this.format = format;
    this.readDirectory();
  }

  private fail(code: string, detail: string): never {
    throw new ScanInputError(code, this.format, detail);
  }

  private readDirectory(): void {
    const b = this.bytes;
    if (b.length < 22) this.fail('corrupt', 'too short for a zip');
    let eocd = -1;
    for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 0xffff); i--) {
      if (b.readUInt32LE(i) === EOCD) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) this.fail('corrupt', 'no end of central directory');
    const count = b.readUInt16LE(eocd + 10);
    const dirSize = b.readUInt32LE(eocd + 12);
    const dirOffset = b.readUInt32LE(eocd + 16);
    if (count === 0xffff || dirOffset === 0xffffffff) this.fail('unsupported', 'zip64 container');
    if (count > MAX_ZIP_ENTRIES) this.fail('zipBomb', `${count} entries`);
    if (dirOffset + dirSize > b.length) this.fail('corrupt', 'central directory outside the file');
    let p = dirOffset;
    let declared = 0;
    let packed = 0;
    for (let n = 0; n < count; n++) {
      if (p + 46 > b.length || b.readUInt32LE(p) !== CEN) this.fail('corrupt', 'bad central directory entry');
      const flags = b.readUInt16LE(p + 8);
      const method = b.readUInt16LE(p + 10);
      const crc = b.readUInt32LE(p + 16);
      const compressedSize = b.readUInt32LE(p + 20);
      const size = b.readUInt32LE(p + 24);
      const nameLen = b.readUInt16LE(p + 28);
      const extraLen = b.readUInt16LE(p + 30);
      const commentLen = b.readUInt16LE(p + 32);
      const localOffset = b.readUInt32LE(p + 42);
      const name = b.toString('utf8', p + 46, p + 46 + nameLen);
      p += 46 + nameLen + extraLen + commentLen;
      if (flags & 0x1) this.fail('encrypted', name);
      if (compressedSize === 0xffffffff || size === 0xffffffff) this.fail('unsupported', 'zip64 entry');
      if (method !== 0 && method !== 8) this.fail('unsupported', `compression method ${method}`);
      declared += size;
      packed += compressedSize;
      if (declared > MAX_UNPACKED_BYTES) this.fail('zipBomb', `declared ${declared} bytes unpacked`);
      if (size > RATIO_MIN_ENTRY && size > compressedSize * MAX_ZIP_RATIO) this.fail('zipBomb', `${name} ratio`);
      this.entries.set(name, { name, method, flags, crc, compressedSize, size, localOffset });
    }
    if (declared > RATIO_MIN_ENTRY && declared > Math.max(packed, 1) * MAX_ZIP_RATIO) this.fail('zipBomb', 'overall ratio');
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** Unpack one entry, never beyond its declared size nor the archive's remaining budget. */
  read(name: string): Buffer {
    const e = this.entries.get(name);
    if (!e) this.fail('corrupt', `missing ${name}`);
    const b = this.bytes;
    const o = e.localOffset;
    if (o + 30 > b.length || b.readUInt32LE(o) !== LOC) this.fail('corrupt', `bad local header of ${name}`);
    const start = o + 30 + b.readUInt16LE(o + 26) + b.readUInt16LE(o + 28);
    const end = start + e.compressedSize;
    if (end > b.length) this.fail('corrupt', `${name} runs past the end`);
    const data = b.subarray(start, end);
    let out: Buffer;
    if (e.method === 0) out = Buffer.from(data);
    else {
      const cap = Math.min(e.size, this.budget);
      try {
        out = zlib.inflateRawSync(data, { maxOutputLength: Math.max(cap, 1) });
      } catch (err) {
        if (err instanceof RangeError || (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') this.fail('zipBomb', `${name} unpacks beyond its declared size`);
        this.fail('corrupt', `${name}: ${(err as Error).message}`);
      }
    }
    if (out.length !== e.size) this.fail(out.length > e.size ? 'zipBomb' : 'corrupt', `${name} size differs from the directory`);
    if (zlib.crc32(out) >>> 0 !== e.crc >>> 0) this.fail('corrupt', `${name} checksum`);
    this.budget -= out.length;
    if (this.budget < 0) this.fail('zipBomb', 'unpacked total');
    return out;
  }

  readText(name: string): string {
    return this.read(name).toString('utf8');
  }

  /** Unpack every entry once (checking the actual sizes, ratio and checksums), discarding the output. */
  verifyAll(): void {
    let total = 0;
    for (const name of this.entries.keys()) total += this.read(name).length;
    const packed = [...this.entries.values()].reduce((s, e) => s + e.compressedSize, 0);
    if (total > RATIO_MIN_ENTRY && total > Math.max(packed, 1) * MAX_ZIP_RATIO) this.fail('zipBomb', 'overall ratio');
    this.budget = MAX_UNPACKED_BYTES;
  }
}

/** Open a zip container, refusing bombs, encrypted entries and broken directories. */
export function openZip(bytes: Uint8Array, format?: ScanFormat): ZipArchive {
  const buf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return new ZipArchive(buf, format);
}
