// A strict allow-list HTML sanitiser for rich text the back office sends (promotion texts). The
// output is rebuilt from scratch: only allowed tags with allowed attributes are written, every text
// run and attribute value is escaped again, tags are balanced, and the content of script-like
// elements is dropped. Anything not understood becomes text, so nothing executable can pass.

const ALLOWED = new Set(['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'sub', 'sup', 'small', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'a', 'span', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'hr']);
const VOID = new Set(['br', 'hr']);
/** Elements dropped together with everything inside them. */
const DROP_WITH_CONTENT = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'textarea', 'select', 'svg', 'math', 'head', 'title', 'xmp', 'plaintext', 'noembed', 'noframes']);
const ATTRIBUTES: Record<string, string[]> = { a: ['href', 'title'], th: ['colspan', 'rowspan'], td: ['colspan', 'rowspan'] };

const TOKEN = /<!--[\s\S]*?(?:-->|$)|<![^>]*>?|<\?[^>]*>?|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|</g;
const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

const escapeText = (s: string): string => s.replace(/&(?!(?:[a-zA-Z][a-zA-Z0-9]{1,31}|#\d{1,7}|#x[0-9a-fA-F]{1,6});)/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string): string => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function decodeEntities(s: string): string {
  return s
    .replace(/&#x([0-9a-f]{1,6});?/gi, (_, h: string) => String.fromCodePoint(Math.min(parseInt(h, 16), 0x10ffff)))
    .replace(/&#(\d{1,7});?/g, (_, d: string) => String.fromCodePoint(Math.min(Number(d), 0x10ffff)))
    .replace(/&(amp|lt|gt|quot|apos|colon|tab|newline);?/gi, (_, n: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", colon: ':', tab: '\t', newline: '\n' })[n.toLowerCase()]!);
}

/** http(s), mailto, a path in the site or a fragment; everything else (javascript:, data:) is refused. */
export function safeHref(raw: string): string | null {
  const value = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (/^(https?:|mailto:)/i.test(value)) return value;
  // Protocol-relative addresses and any other scheme are refused; the rest is a relative link.
  if (/^[/\\]{2}/.test(value) || /^[a-z][a-z0-9+.-]*:/i.test(value)) return null;
  return value || null;
}

function attributes(tag: string, raw: string): string {
  const allowed = ATTRIBUTES[tag];
  if (!allowed) return '';
  let out = '';
  for (const m of raw.matchAll(ATTR)) {
    const name = m[1]!.toLowerCase();
    const value = m[2] ?? m[3] ?? m[4] ?? '';
    if (!allowed.includes(name) || out.includes(` ${name}=`)) continue;
    if (name === 'href') {
      const href = safeHref(value);
      if (href === null) continue;
      out += ` href="${escapeAttr(href)}"`;
      if (/^https?:/i.test(href)) out += ' target="_blank" rel="noopener noreferrer nofollow"';
    } else if (name === 'colspan' || name === 'rowspan') {
      if (/^\d{1,2}$/.test(value.trim())) out += ` ${name}="${Number(value)}"`;
    } else out += ` ${name}="${escapeAttr(decodeEntities(value))}"`;
  }
  return out;
}

export function sanitizeHtml(input: string): string {
  const html = String(input ?? '');
  const open: string[] = [];
  let out = '';
  let last = 0;
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(html); m; m = TOKEN.exec(html)) {
    out += escapeText(html.slice(last, m.index));
    last = TOKEN.lastIndex;
    const [token, slash, rawName, rawAttrs] = m;
    if (token === '<') {
      out += '&lt;';
      continue;
    }
    if (!rawName) continue; // comments, doctype, processing instructions
    const tag = rawName.toLowerCase();
    if (!slash && DROP_WITH_CONTENT.has(tag)) {
      const end = new RegExp(`</${tag}\\s*>`, 'ig');
      end.lastIndex = last;
      const close = end.exec(html);
      last = close ? end.lastIndex : html.length;
      TOKEN.lastIndex = last;
      continue;
    }
    if (!ALLOWED.has(tag)) continue;
    if (slash) {
      const at = open.lastIndexOf(tag);
      if (at === -1) continue;
      while (open.length > at) out += `</${open.pop()}>`;
    } else if (VOID.has(tag)) out += `<${tag}>`;
    else {
      open.push(tag);
      out += `<${tag}${attributes(tag, rawAttrs ?? '')}>`;
    }
  }
  out += escapeText(html.slice(last));
  while (open.length) out += `</${open.pop()}>`;
  return out;
}
