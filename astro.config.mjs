// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { dropDarkScheme, dropDeadPico } from './src/styles/drop-dark-scheme.mjs';

// The client bundle is always React's production build, also for `npm run build` under
// NODE_ENV=development or a test's NODE_ENV=test (Vite keeps development builds of dependencies
// whenever NODE_ENV is not "production"). Run-time switches (DEMO, the dev outbox) are the server's.
if (process.argv.includes('build')) process.env.NODE_ENV = 'production';

export default defineConfig({
  output: 'server',
  // DIST_DIR lets parallel checkouts or test runs build side by side.
  outDir: process.env.DIST_DIR || './dist',
  // src/server.ts owns the HTTP server: it serves this handler, static files and WebSocket upgrades.
  adapter: node({ mode: 'middleware', bodySizeLimit: 1024 ** 3 }),
  integrations: [react()],
  // Forwarded headers are stripped by src/server.ts unless TRUST_PROXY is on, so trusting them here
  // only ever trusts the operator's own reverse proxy (docs/decisions/0003-server-entry.md).
  // The origin check is ours (src/lib/http/csrf.ts): the same rule as Astro's for cookie-borne
  // requests, but API clients with their own credentials (API key, bearer, token) are not refused.
  security: { checkOrigin: false, allowedDomains: [{}] },
  session: false,
  devToolbar: { enabled: false },
  prefetch: false,
  // Stylesheets go inside the HTML: on a slow link (400 ms per request) every external stylesheet
  // holds the first paint for another round trip; inline, text paints as the HTML arrives (issue 11,
  // tests/browser/slow-link.test.ts). The cost is ~15 KB gzip per page instead of a cached file.
  build: { inlineStylesheets: 'always' },
  vite: {
    // No asset becomes a data: URL (fonts and images stay files), but a page's own bundled <script>
    // (Astro names its chunk `*astro_type_script*`) is written into the page when it is small and
    // imports nothing: the chrome's scripts stay inline (no external JavaScript on a chrome-only
    // page, tests/browser/page-weight.test.ts) while their source is readable TypeScript, bundled and
    // minified by the build. Their CSP hashes come from the build's manifest (src/lib/http/csp-build.ts).
    build: { assetsInlineLimit: (file, content) => /astro_type_script/.test(file) && content.length < 4096 },
    css: { postcss: { plugins: [dropDarkScheme(), dropDeadPico({ sources: new URL('./src', import.meta.url).pathname })] } },
    ssr: { external: ['pg', 'ws', 'nodemailer'] },
  },
});
