// The allow-list HTML sanitiser for rich text the back office sends (promotion and news texts) before
// it reaches set:html. Parsing is sanitize-html's (htmlparser2, a spec-minded tokenizer that is fuzzed
// and maintained), not ours: see docs/decisions for why. Our part is the policy: which tags and
// attributes pass, which link targets are safe, and that external links open in a new tab.
import sanitize from 'sanitize-html';

const ALLOWED = [
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'sub',
  'sup',
  'small',
  'ul',
  'ol',
  'li',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'a',
  'span',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'hr',
];
/** Elements dropped together with everything inside them (the library drops only the tag otherwise). */
const DROP_WITH_CONTENT = [
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'textarea',
  'select',
  'option',
  'svg',
  'math',
  'head',
  'title',
  'xmp',
  'plaintext',
  'noembed',
  'noframes',
];
const SPAN = /^\d{1,2}$/;

/** http(s), mailto, a path in the site or a fragment; everything else (javascript:, data:) is refused. */
export function safeHref(raw: string): string | null {
  // The parser has decoded entities already; controls and spaces inside a scheme are ignored by browsers.
  const value = raw.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (/^(https?:|mailto:)/i.test(value)) return value;
  // Protocol-relative addresses and any other scheme are refused; the rest is a relative link.
  if (/^[/\\]{2}/.test(value) || /^[a-z][a-z0-9+.-]*:/i.test(value)) return null;
  return value || null;
}

const OPTIONS: sanitize.IOptions = {
  allowedTags: ALLOWED,
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  // Our safeHref decides about schemes (it also refuses protocol-relative and backslash tricks).
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: [],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROP_WITH_CONTENT,
  allowedSchemesByTag: {},
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true },
  transformTags: {
    a: (tagName, attribs) => {
      const out: Record<string, string> = {};
      const href = attribs.href !== undefined ? safeHref(attribs.href) : null;
      if (href !== null) {
        out.href = href;
        if (/^https?:/i.test(href))
          Object.assign(out, { target: '_blank', rel: 'noopener noreferrer nofollow' });
      }
      if (attribs.title !== undefined) out.title = attribs.title;
      return { tagName, attribs: out };
    },
    td: spans,
    th: spans,
  },
};

/** colspan/rowspan only as small whole numbers. */
function spans(tagName: string, attribs: sanitize.Attributes) {
  const out: Record<string, string> = {};
  for (const name of ['colspan', 'rowspan'])
    if (attribs[name] !== undefined && SPAN.test(attribs[name]!.trim()))
      out[name] = String(Number(attribs[name]));
  return { tagName, attribs: out };
}

export function sanitizeHtml(input: string): string {
  return sanitize(String(input ?? ''), OPTIONS);
}
