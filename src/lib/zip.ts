// The one ZIP reader: entry names for content sniffing (no decompression) and a guarded archive for
// the containers of .xlsx and .docx. The archive unpacks nothing before the declared sizes, the
// actual sizes and the compression ratio have been checked, so a zip bomb or an encrypted entry is
// refused before exceljs or the XML parser sees a byte. Failures go through the caller's `fail`, so
// each user (the scanner: ScanInputError) keeps its own error type.
import zlib from 'node:zlib';

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

const bufferOf = (b: Uint8Array): Buffer =>
  Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength);

/** Offset of the end-of-central-directory record: the last 22 bytes plus a comment (< 64 KiB). */
function findEocd(b: Buffer): number {
  for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 0xffff); i--)
    if (b.readUInt32LE(i) === EOCD) return i;
  return -1;
}

/** One central-directory entry at `p`, and where the next one starts; null when it does not read. */
function entryAt(b: Buffer, p: number): { entry: ZipEntry; next: number } | null {
  if (p < 0 || p + 46 > b.length || b.readUInt32LE(p) !== CEN) return null;
  const nameLen = b.readUInt16LE(p + 28);
  if (p + 46 + nameLen > b.length) return null;
  const entry: ZipEntry = {
    name: b.toString('utf8', p + 46, p + 46 + nameLen),
    flags: b.readUInt16LE(p + 8),
    method: b.readUInt16LE(p + 10),
    crc: b.readUInt32LE(p + 16),
    compressedSize: b.readUInt32LE(p + 20),
    size: b.readUInt32LE(p + 24),
    localOffset: b.readUInt32LE(p + 42),
  };
  return { entry, next: p + 46 + nameLen + b.readUInt16LE(p + 30) + b.readUInt16LE(p + 32) };
}

/**
 * Entry names from the central directory, for sniffing (nothing is unpacked). A Zip64 or damaged
 * end record falls back to the first central-directory signature. Null when no directory is found.
 */
export function zipEntryNames(bytes: Uint8Array, max = 10_000): string[] | null {
  const b = bufferOf(bytes);
  const eocd = findEocd(b);
  let p = -1;
  let count = max;
  if (eocd >= 0) {
    count = Math.min(b.readUInt16LE(eocd + 10), max);
    const offset = b.readUInt32LE(eocd + 16);
    if (offset !== 0xffffffff && offset < b.length) p = offset;
    else if (count === 0) return [];
  }
  if (p < 0) p = b.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  if (p < 0) return eocd >= 0 ? [] : null;
  const names: string[] = [];
  for (let n = 0; n < count; n++) {
    const e = entryAt(b, p);
    if (!e) break;
    names.push(e.entry.name);
    p = e.next;
  }
  return names;
}

export interface ZipLimits {
  /** Total bytes all entries may unpack to. */
  maxUnpacked: number;
  maxEntries: number;
  /** Largest unpacked / packed ratio of an entry over 1 MiB and of the whole archive. */
  maxRatio: number;
  /** Throws the caller's error: code 'corrupt', 'unsupported', 'encrypted' or 'zipBomb'. */
  fail(code: 'corrupt' | 'unsupported' | 'encrypted' | 'zipBomb', detail: string): never;
}

/** Entries smaller than this may compress beyond the ratio (repetitive XML); the total still counts. */
const RATIO_MIN_ENTRY = 1024 * 1024;

export class ZipArchive {
  readonly entries = new Map<string, ZipEntry>();
  private budget: number;
  private readonly bytes: Buffer;
  private readonly limits: ZipLimits;

  constructor(bytes: Uint8Array, limits: ZipLimits) {
    this.bytes = bufferOf(bytes);
    this.limits = limits;
    this.budget = limits.maxUnpacked;
    this.readDirectory();
  }

  private fail(code: Parameters<ZipLimits['fail']>[0], detail: string): never {
    return this.limits.fail(code, detail);
  }

  private readDirectory(): void {
    const { maxEntries, maxUnpacked, maxRatio } = this.limits;
    const b = this.bytes;
    if (b.length < 22) this.fail('corrupt', 'too short for a zip');
    const eocd = findEocd(b);
    if (eocd < 0) this.fail('corrupt', 'no end of central directory');
    const count = b.readUInt16LE(eocd + 10);
    const dirSize = b.readUInt32LE(eocd + 12);
    const dirOffset = b.readUInt32LE(eocd + 16);
    if (count === 0xffff || dirOffset === 0xffffffff) this.fail('unsupported', 'zip64 container');
    if (count > maxEntries) this.fail('zipBomb', `${count} entries`);
    if (dirOffset + dirSize > b.length) this.fail('corrupt', 'central directory outside the file');
    let p = dirOffset;
    let declared = 0;
    let packed = 0;
    for (let n = 0; n < count; n++) {
      const read = entryAt(b, p);
      if (!read) this.fail('corrupt', 'bad central directory entry');
      const { entry: e, next } = read;
      p = next;
      if (e.flags & 0x1) this.fail('encrypted', e.name);
      if (e.compressedSize === 0xffffffff || e.size === 0xffffffff)
        this.fail('unsupported', 'zip64 entry');
      if (e.method !== 0 && e.method !== 8)
        this.fail('unsupported', `compression method ${e.method}`);
      declared += e.size;
      packed += e.compressedSize;
      if (declared > maxUnpacked) this.fail('zipBomb', `declared ${declared} bytes unpacked`);
      if (e.size > RATIO_MIN_ENTRY && e.size > e.compressedSize * maxRatio)
        this.fail('zipBomb', `${e.name} ratio`);
      this.entries.set(e.name, e);
    }
    if (declared > RATIO_MIN_ENTRY && declared > Math.max(packed, 1) * maxRatio)
      this.fail('zipBomb', 'overall ratio');
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
    if (o + 30 > b.length || b.readUInt32LE(o) !== LOC)
      this.fail('corrupt', `bad local header of ${name}`);
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
        if (err instanceof RangeError || (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
          this.fail('zipBomb', `${name} unpacks beyond its declared size`);
        this.fail('corrupt', `${name}: ${(err as Error).message}`);
      }
    }
    if (out.length !== e.size)
      this.fail(
        out.length > e.size ? 'zipBomb' : 'corrupt',
        `${name} size differs from the directory`,
      );
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
    if (total > RATIO_MIN_ENTRY && total > Math.max(packed, 1) * this.limits.maxRatio)
      this.fail('zipBomb', 'overall ratio');
    this.budget = this.limits.maxUnpacked;
  }
}
