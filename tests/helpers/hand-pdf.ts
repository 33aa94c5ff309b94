// PDFs written byte by byte for the scanner's hostile-input tests: any object list (a lying page
// count, a page-tree cycle, a Flate bomb) with a correct cross-reference table, so only the fault the
// test means is in the file. The bomb's stream is deflated in chunks: the test never holds the
// gigabytes it claims to unpack.
import { createDeflate } from 'node:zlib';

/** A PDF of `objects` (object i + 1 is objects[i]; a Buffer body is written as is), root object 1. */
export function handPdf(objects: Array<string | Buffer>, root = 1): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let at = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(at);
    const chunk = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(chunk);
    at += chunk.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
  ].join('\n');
  parts.push(
    Buffer.from(
      `${xref}\ntrailer\n<< /Size ${objects.length + 1} /Root ${root} 0 R >>\nstartxref\n${at}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(parts);
}

/** A stream object: its dictionary entries and data (Length filled in). */
export const streamObject = (dict: string, data: Buffer): Buffer =>
  Buffer.concat([
    Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);

/** `total` bytes of `byte` deflated, fed to zlib 1 MB at a time. */
export async function deflatedRepeat(total: number, byte = 0x20): Promise<Buffer> {
  const z = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  z.on('data', (b: Buffer) => out.push(b));
  const done = new Promise<void>((resolve, reject) => {
    z.on('end', resolve);
    z.on('error', reject);
  });
  const chunk = Buffer.alloc(1 << 20, byte);
  for (let sent = 0; sent < total; sent += chunk.length) {
    if (!z.write(chunk.subarray(0, Math.min(chunk.length, total - sent))))
      await new Promise((r) => z.once('drain', r));
  }
  z.end();
  await done;
  return Buffer.concat(out);
}

/** One page whose content stream is `content` (a Buffer is taken as already Flate-encoded). */
export function onePage(
  content: string | Buffer,
  pages = '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
): Buffer {
  const stream =
    typeof content === 'string'
      ? streamObject('', Buffer.from(content, 'latin1'))
      : streamObject('/Filter /FlateDecode', content);
  return handPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    pages,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    stream,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ]);
}
