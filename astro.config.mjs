// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

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
  build: { inlineStylesheets: 'never' },
  vite: {
    build: { assetsInlineLimit: 0 },
    ssr: { external: ['pg', 'ws', 'nodemailer'] },
  },
});
