// Small files of real formats for upload tests, built in memory: a PNG, a PDF, OOXML and plain ZIP
// archives (stored or deflated entries, central directory included), an OLE Word document and a Windows executable.
import { crc32, deflateRawSync } from 'node:zlib';

/** One entry of a test archive; `declared` lies about the unpacked size in both headers, `flags` sets the general-purpose bits (bit 0: encrypted). */
export interface ZipEntry {
  name: string;
  data: Uint8Array | string;
  /** Deflate the data (method 8); stored (method 0) otherwise. */
  deflate?: boolean;
  declared?: number;
  flags?: number;
}

/** A ZIP archive of the given entries with its central directory (names in UTF-8, flag bit 11 set unless `flags` says otherwise). */
export function zipArchive(entries: ZipEntry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const data = typeof e.data === 'string' ? Buffer.from(e.data, 'utf8') : Buffer.from(e.data);
    const body = e.deflate ? deflateRawSync(data) : data;
    const name = Buffer.from(e.name, 'utf8');
    const size = e.declared ?? data.length;
    const crc = crc32(data) >>> 0;
    const flags = e.flags ?? 0x0800;
    const method = e.deflate ? 8 : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(flags, 8);
    dir.writeUInt16LE(method, 10);
    dir.writeUInt32LE(crc, 16);
    dir.writeUInt32LE(body.length, 20);
    dir.writeUInt32LE(size, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    parts.push(local, name, body);
    central.push(dir, name);
    offset += 30 + name.length + body.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

/** A ZIP with the given entries stored uncompressed. */
export const zip = (entries: Record<string, string>, deflate = false): Uint8Array<ArrayBuffer> =>
  new Uint8Array(
    zipArchive(Object.entries(entries).map(([name, data]) => ({ name, data, deflate }))),
  );

export const docx = () =>
  zip({
    '[Content_Types].xml': '<Types/>',
    '_rels/.rels': '<Relationships/>',
    'word/document.xml': '<w:document/>',
  });
export const xlsx = () =>
  zip({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>' });

/** An OLE compound file whose directory holds the given stream (WordDocument for .doc). */
export function ole(stream: string): Uint8Array {
  const b = Buffer.alloc(512 + 512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(b, 0);
  const entry = (at: number, name: string) => {
    Buffer.from(name + '\0', 'utf16le').copy(b, at);
    b.writeUInt16LE((name.length + 1) * 2, at + 64);
    b[at + 66] = name === 'Root Entry' ? 5 : 2; // object type: root storage, stream
  };
  entry(512, 'Root Entry');
  entry(640, stream);
  return new Uint8Array(b);
}

/** A 1x1 PNG. */
export const png = () =>
  new Uint8Array(
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    ),
  );

export const pdf = (text = 'hello') =>
  new TextEncoder().encode(
    `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );

/** The start of a Windows executable (MZ header, then a PE signature), whatever it is named. */
export function exe(size = 4096): Uint8Array {
  const b = new Uint8Array(size);
  b.set([0x4d, 0x5a, 0x90, 0x00, 0x03], 0);
  b.set([0x50, 0x45, 0x00, 0x00], 0x80);
  return b;
}
