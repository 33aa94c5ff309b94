// Small files of real formats for upload tests, built in memory: a PNG, a PDF, OOXML and plain ZIP
// archives (stored entries, central directory included), an OLE Word document and a Windows executable.

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(b: Uint8Array): number {
  let c = 0xffffffff;
  for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A ZIP with the given entries stored uncompressed. */
export function zip(entries: Record<string, string>): Uint8Array {
  const enc = new TextEncoder();
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const n = enc.encode(name);
    const data = enc.encode(text);
    const crc = crc32(data);
    const local = Buffer.alloc(30 + n.length);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(n.length, 26);
    Buffer.from(n).copy(local, 30);
    const central = Buffer.alloc(46 + n.length);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(n.length, 28);
    central.writeUInt32LE(offset, 42);
    Buffer.from(n).copy(central, 46);
    locals.push(local, Buffer.from(data));
    centrals.push(central);
    offset += local.length + data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length, 8);
  end.writeUInt16LE(centrals.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, dir, end]));
}

export const docx = () => zip({ '[Content_Types].xml': '<Types/>', '_rels/.rels': '<Relationships/>', 'word/document.xml': '<w:document/>' });
export const xlsx = () => zip({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>' });

/** An OLE compound file whose directory holds the given stream (WordDocument for .doc). */
export function ole(stream: string): Uint8Array {
  const b = Buffer.alloc(512 + 512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(b, 0);
  const entry = (at: number, name: string) => {
    Buffer.from(name + '\0', 'utf16le').copy(b, at);
    b.writeUInt16LE((name.length + 1) * 2, at + 64);
  };
  entry(512, 'Root Entry');
  entry(640, stream);
  return new Uint8Array(b);
}

/** A 1x1 PNG. */
export const png = () =>
  new Uint8Array(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'));

export const pdf = (text = 'hello') => new TextEncoder().encode(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

/** The start of a Windows executable (MZ header, then a PE signature), whatever it is named. */
export function exe(size = 4096): Uint8Array {
  const b = new Uint8Array(size);
  b.set([0x4d, 0x5a, 0x90, 0x00, 0x03], 0);
  b.set([0x50, 0x45, 0x00, 0x00], 0x80);
  return b;
}
