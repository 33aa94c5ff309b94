// script-src of the Content-Security-Policy without 'unsafe-inline': the hashes of the inline scripts
// our build can emit, and nothing else (docs/decisions, CSP record). The server entry computes them
// from the build before it listens (csp-build.ts) and installs them here; a script that is not in the
// build (one injected through content) has no hash and does not run.

const KEY = Symbol.for('cabinet.cspScriptHashes');
type Holder = { [KEY]?: string[] };

export function installScriptHashes(hashes: string[]): void {
  (globalThis as Holder)[KEY] = hashes;
}

/**
 * The script-src sources. Without installed hashes (only `astro dev`, which does not start through
 * src/server.ts) inline scripts stay allowed, as the dev toolbar and Vite's client need them.
 */
export function scriptSources(): string {
  const hashes = (globalThis as Holder)[KEY];
  return hashes ? ["'self'", ...hashes].join(' ') : "'self' 'unsafe-inline'";
}
