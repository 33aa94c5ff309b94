// JSON bodies are bounded in depth before they are parsed: everything after the parse walks them
// recursively (control-character stripping, valibot, JSON.stringify), and a body of 20,000 nested
// arrays, small enough for any size limit, overflowed the stack there (a 500). No field we take
// needs more than a few levels; MAX_JSON_DEPTH leaves room for nested specs.
export const MAX_JSON_DEPTH = 32;

export class JsonTooDeepError extends Error {
  readonly max: number;
  constructor(max: number) {
    super(`JSON nested deeper than ${max} levels`);
    this.max = max;
  }
}

/** True when the JSON text opens more than max arrays/objects at once (strings are skipped). */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character (\" included)
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** JSON.parse that refuses (JsonTooDeepError) a text nested deeper than max, before parsing it. */
export function parseJsonBounded(text: string, max = MAX_JSON_DEPTH): unknown {
  if (jsonTooDeep(text, max)) throw new JsonTooDeepError(max);
  return JSON.parse(text) as unknown;
}
