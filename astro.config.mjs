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
  // Stylesheets are built as hashed files; the server inlines those a browser does not have yet into
  // the page's head and leaves the others as links to its cache (src/lib/http/stylesheets.ts): on a
  // slow link text paints as the HTML arrives on a first visit, and later navigations do not
  // download the same CSS again (issues 11 and 26, tests/browser/slow-link.test.ts).
  build: { inlineStylesheets: 'never' },
  vite: {
    // No asset becomes a data: URL (fonts and images stay files), but a page's own bundled <script>
    // (Astro names its chunk `*astro_type_script*`) is written into the page when it is small and
    // imports nothing: the chrome's scripts stay inline (no external JavaScript on a chrome-only
    // page, tests/browser/page-weight.test.ts) while their source is readable TypeScript, bundled and
    // minified by the build. Their CSP hashes come from the build's manifest (src/lib/http/csp-build.ts).
    build: {
      assetsInlineLimit: (file, content) => /astro_type_script/.test(file) && content.length < 4096,
    },
    css: {
      postcss: {
        plugins: [
          dropDarkScheme(),
          dropDeadPico({ sources: new URL('./src', import.meta.url).pathname }),
        ],
      },
    },
    ssr: { external: ['pg', 'ws', 'nodemailer'] },
  },
});
