// The QR code of a product's printable label: an SVG drawn on the server from the code's modules
// (qrcode-generator computes them), one path, no script, so the label prints without JavaScript.
// It encodes the product's public passport (decision 0046), an absolute address: PUBLIC_URL, else
// this process's own origin (never a request header, see docs/decisions/0014-link-origin.md).
import qrcode from 'qrcode-generator';
import { passportFor } from './registry.passport.server.ts';

/** The address the label's QR code encodes: the product's public passport (made on first use). */
export async function labelAddress(productId: number): Promise<string> {
  return (await passportFor(productId)).url;
}

/** Square modules with a 4-module quiet zone; `label` names the image for screen readers. */
export function qrSvg(text: string, label: string): string {
  const q = qrcode(0, 'M');
  q.addData(text);
  q.make();
  const n = q.getModuleCount();
  const size = n + 8;
  let d = '';
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) if (q.isDark(r, c)) d += `M${c + 4} ${r + 4}h1v1h-1z`;
  const esc = label.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" role="img" aria-label="${esc}" shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="#fff"/><path d="${d}" fill="#000"/></svg>`;
}
