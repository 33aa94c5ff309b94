// Message lookup and interpolation. Pure module: islands receive a dictionary slice as props and use
// the same `format` function, so server and client render identical text.
export type Messages = { [key: string]: string | Messages };
export type Params = Record<string, string | number>;

export function lookup(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Replaces {name} placeholders; unknown placeholders stay visible so mistakes are noticed. */
export function format(template: string, params?: Params): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (m, name: string) =>
    name in params ? String(params[name]) : m,
  );
}

export type T = (key: string, params?: Params) => string;

/**
 * A fractional number in a message is written with the language's decimal mark (`number.decimal` of
 * the dictionary: "0,001" in Russian, "0.001" in English); integers and text stay as they are.
 */
function localNumbers(params: Params | undefined, decimal: string | undefined): Params | undefined {
  if (!params || !decimal || decimal === '.') return params;
  const out: Params = {};
  for (const [k, v] of Object.entries(params))
    out[k] =
      typeof v === 'number' && Number.isFinite(v) && !Number.isInteger(v)
        ? String(v).replace('.', decimal)
        : v;
  return out;
}

export function makeT(messages: Messages, fallback?: Messages): T {
  const decimal = lookup(messages, 'number.decimal');
  return (key, params) =>
    format(
      lookup(messages, key) ?? (fallback && lookup(fallback, key)) ?? key,
      localNumbers(params, decimal),
    );
}

/** The sub-tree of a dictionary under the given prefixes, for passing to an island. */
export function pick(messages: Messages, ...prefixes: string[]): Messages {
  const out: Messages = {};
  for (const prefix of prefixes) {
    const parts = prefix.split('.');
    let src: string | Messages | undefined = messages;
    for (const p of parts) src = typeof src === 'object' ? src[p] : undefined;
    if (src === undefined) continue;
    let dst = out;
    parts.slice(0, -1).forEach((p) => (dst = (dst[p] ??= {}) as Messages));
    dst[parts.at(-1)!] = src;
  }
  return out;
}
