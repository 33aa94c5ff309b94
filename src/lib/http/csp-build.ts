// Computes the CSP script hashes from the build when the server starts (see csp.ts): the compiled
// pages hold every `<script is:inline>` as text, and Astro's own island and hydration scripts come
// from its package. Imported by the server entry only (it reads files and Astro's runtime).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const sha256 = (text: string): string =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

type Resolve = (name: string) => string | null;

/**
 * The text of a JavaScript template literal body (the compiled page's markup). Substitutions are
 * allowed only when they name a string constant (e.g. a cookie name), resolved through `resolve`.
 */
function cook(raw: string, resolve: Resolve = () => null): string | null {
  const parts: string[] = [];
  let ok = true;
  const body = raw.replace(/\$\{\s*([A-Za-z_$][\w$]*)\s*\}/g, (_, name: string) => {
    const value = resolve(name);
    if (value === null) ok = false;
    parts.push(value ?? '');
    return `\${__p[${parts.length - 1}]}`;
  });
  if (!ok || /\$\{(?!__p\[\d+\]\})/.test(body)) return null;
  try {
    return new Function('__p', `return \`${body}\`;`)(parts) as string;
  } catch {
    return null;
  }
}

function stringLiteral(literal: string): string | null {
  try {
    return JSON.parse(literal) as string;
  } catch {
    return null;
  }
}

/** A string constant of a chunk (`const NAME = "..."` or a template), following imports between chunks. */
function constant(file: string, source: string, name: string, depth = 0): string | null {
  if (depth > 3) return null;
  const m = new RegExp(
    `(?:const|let|var)\\s+${name.replace(/\$/g, '\\$')}\\s*=\\s*(\`(?:[^\`\\\\]|\\\\.)*\`|"(?:[^"\\\\]|\\\\.)*"|'(?:[^'\\\\]|\\\\.)*')`,
  ).exec(source);
  if (m) {
    const literal = m[1]!;
    if (literal.startsWith('`'))
      return cook(literal.slice(1, -1), (n) => constant(file, source, n, depth + 1));
    try {
      return new Function(`return ${literal};`)() as string;
    } catch {
      return null;
    }
  }
  // import { t as NAME } from "./other.mjs" -> export { LOCAL as t } in other.mjs
  for (const imp of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(\.\/[^"]+)"/g)) {
    for (const spec of imp[1]!.split(',')) {
      const [exported, local] = spec.trim().split(/\s+as\s+/);
      if ((local ?? exported) !== name || !exported) continue;
      const other = join(dirname(file), imp[2]!);
      const text = readFileSync(other, 'utf8');
      const ex = new RegExp(
        `export\\s*\\{[^}]*?\\b([A-Za-z_$][\\w$]*)\\s+as\\s+${exported.replace(/\$/g, '\\$')}\\b`,
      ).exec(text);
      return constant(other, text, ex ? ex[1]! : exported, depth + 1);
    }
  }
  return null;
}

/** Inline scripts of one compiled chunk: literal ones and those set from a string constant. */
export function inlineScripts(file: string, source: string): string[] {
  const out: string[] = [];
  const resolve: Resolve = (name) => constant(file, source, name);
  // Inside template literals the compiler writes the closing tag as <\/script>.
  for (const m of source.matchAll(
    /<script((?:\$\{[^}]*\}|[^>])*)>((?:(?!<\\\/script>|<\/script>)[\s\S])*?)<\\?\/script>/g,
  )) {
    // External scripts (src) need no hash; attributes (data-*) do not change the hashed text.
    if (/\bsrc\b/.test(m[1]!)) continue;
    const body = m[2]!;
    // set:html={CONSTANT} or set:html={"literal"}
    const set = /^\$\{unescapeHTML\(([A-Za-z_$][\w$]*|"(?:[^"\\]|\\.)*")\)\}$/.exec(body);
    const text = set
      ? set[1]!.startsWith('"')
        ? stringLiteral(set[1]!)
        : resolve(set[1]!)
      : cook(body, resolve);
    if (text !== null) out.push(text);
  }
  return out;
}

/**
 * The page scripts Astro writes inline (bundled `<script>` chunks small enough and importing nothing,
 * astro.config.mjs): the build's manifest lists them as `"inlinedScripts":[[id, code], ...]`, and a
 * page sends each as `<script type="module">code</script>`.
 */
export function manifestScripts(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(/"inlinedScripts":\[/g)) {
    // The JSON array ends at its matching bracket (brackets inside strings do not count).
    const start = m.index + m[0].length - 1;
    let depth = 0;
    let end = -1;
    for (let i = start, inString = false; i < source.length; i++) {
      const c = source[i];
      if (inString) {
        if (c === '\\') i++;
        else if (c === '"') inString = false;
      } else if (c === '"') inString = true;
      else if (c === '[') depth++;
      else if (c === ']' && --depth === 0) {
        end = i;
        break;
      }
    }
    if (end < 0) continue;
    try {
      for (const [, code] of JSON.parse(source.slice(start, end + 1)) as Array<[string, string]>)
        if (code) out.push(code);
    } catch {
      // Not the manifest's JSON (e.g. the runtime's own reference to the name): nothing to hash.
    }
  }
  return out;
}

/** Astro's island runtime and hydration directive scripts, as it writes them into pages. */
async function astroScripts(): Promise<string[]> {
  const modules = [
    'server/astro-island.prebuilt.js',
    'server/astro-island.prebuilt-dev.js',
    ...['idle', 'load', 'media', 'only', 'visible'].map((d) => `client/${d}.prebuilt.js`),
  ];
  const texts = await Promise.all(
    modules.map(async (m) => ((await import(`astro/runtime/${m}`)) as { default: string }).default),
  );
  return texts;
}

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.mjs'))
    .map((e) => join(e.parentPath, e.name));
}

/** Inline event handlers written as plain attributes (onchange="..."), allowed by hash via 'unsafe-hashes'. */
export function handlerTexts(source: string): string[] {
  return [...source.matchAll(/\son[a-z]+="([^"$`\\]+)"/g)].map((m) => m[1]!);
}

/** Hashes of every inline script (and inline event handler) the built server (dist/server) can send. */
export async function buildScriptHashes(serverDir: string): Promise<string[]> {
  const texts = [...(await astroScripts())];
  const handlers: string[] = [];
  for (const file of files(serverDir)) {
    const source = readFileSync(file, 'utf8');
    if (source.includes('<script')) texts.push(...inlineScripts(file, source));
    if (source.includes('"inlinedScripts":[')) texts.push(...manifestScripts(source));
    handlers.push(...handlerTexts(source));
  }
  const hashes = [...new Set([...texts, ...handlers].map(sha256))].sort();
  // Handler hashes only count for attributes when the policy says 'unsafe-hashes' (CSP level 3).
  return handlers.length ? ["'unsafe-hashes'", ...hashes] : hashes;
}
