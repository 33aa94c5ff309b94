// The process entry: one node:http server for the Astro handler, the built client files, /healthz and
// WebSocket upgrades. Runs directly on Node 24 (type stripping); the Astro bundle is loaded from dist/.
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseEnv } from 'node:util';
import { sessionAlive, sessionCookieName, validateSession } from './features/auth/session.server.ts';
import './features/support/support.topics.ts';
import { configOrExit, setConfig, type Config } from './lib/config.ts';
import { closeDatabase, database, migrateToLatest, ping } from './lib/db/index.ts';
import { isEmpty, seedDemo } from './lib/db/seed.ts';
import { bodyLimitFor, declaredTooLarge, limited } from './lib/http/body-limit.ts';
import { parseCookies } from './lib/http/cookies.ts';
import { createStaticHandler } from './lib/http/static.ts';
import { log } from './lib/log.ts';
import { createBus, installBus, type Bus } from './lib/realtime/bus.ts';
import { attachWebSocket } from './lib/realtime/ws.ts';

type AstroHandler = (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void) => Promise<void>;

const distDir = process.env.DIST_DIR ? resolve(process.env.DIST_DIR) + '/' : fileURLToPath(new URL('../dist/', import.meta.url));

export async function start(cfg: Config) {
  const started = performance.now();
  setConfig(cfg);
  const { db, engine, pool } = database();
  await migrateToLatest(db);
  if (cfg.demo && (await isEmpty(db))) log.info('demo data seeded', { users: await seedDemo(db) });
  const bus: Bus = await createBus(pool);
  installBus(bus);

  const entry = `${distDir}server/entry.mjs`;
  if (!existsSync(entry)) throw new Error('dist/server/entry.mjs is missing: run `npm run build` (npm start does it for you)');
  const { handler } = (await import(pathToFileURL(entry).href)) as { handler: AstroHandler };
  const serveStatic = createStaticHandler(`${distDir}client`);
  const limits = { body: cfg.bodyLimit, upload: cfg.uploadLimit };
  let stopping = false;

  const server = createServer({ requestTimeout: 120_000, headersTimeout: 30_000 }, async (req, res) => {
    if (!cfg.trustProxy) stripForwarded(req);
    if (stopping) res.setHeader('Connection', 'close');
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/healthz') return healthz(res);
    if (serveStatic(req, res)) return;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      const limit = bodyLimitFor(req, limits);
      if (declaredTooLarge(req, limit)) {
        res.writeHead(413, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' });
        return res.end(`Request body exceeds ${limit} bytes`);
      }
      (req as IncomingMessage & { body?: unknown }).body = limited(req, limit);
    }
    await handler(req, res);
  });

  async function healthz(res: ServerResponse) {
    try {
      await ping(db);
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      res.end(JSON.stringify({ status: 'ok', database: engine }));
    } catch (err) {
      log.error('healthz: database unreachable', { err });
      res.writeHead(503, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      res.end(JSON.stringify({ status: 'error', database: engine }));
    }
  }

  const ws = attachWebSocket(server, {
    async authenticate(req) {
      const token = parseCookies(req.headers.cookie)[sessionCookieName()];
      const auth = await validateSession(token);
      return auth ? { user: auth.user, sessionId: auth.session.id } : null;
    },
    sessionAlive,
    heartbeatMs: cfg.wsHeartbeatMs,
    isAllowedOrigin(origin, req) {
      if (!origin) return true;
      const own = cfg.publicUrl ?? `http://${req.headers.host}`;
      return origin === new URL(own).origin || origin === `http://${req.headers.host}`;
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(cfg.port, cfg.host, resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : cfg.port;
  log.info('listening', { url: `http://${cfg.host === '0.0.0.0' ? 'localhost' : cfg.host}:${port}`, database: engine, startup_ms: Math.round(performance.now() - started) });

  async function stop() {
    if (stopping) return;
    stopping = true;
    log.info('shutting down');
    ws.close();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Requests in flight finish; their keep-alive connections are closed as soon as they go idle.
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    server.closeIdleConnections();
    const force = setTimeout(() => server.closeAllConnections(), 10_000);
    await closed;
    clearInterval(sweep);
    clearTimeout(force);
    await bus.close();
    installBus(undefined);
    await closeDatabase();
  }
  return { server, port, stop };
}

/** Reads ./.env when present; variables already set in the environment win. */
function loadDotEnv() {
  if (!existsSync('.env')) return;
  for (const [key, value] of Object.entries(parseEnv(readFileSync('.env', 'utf8')))) process.env[key] ??= value;
}

/** Without a trusted proxy in front, forwarded headers are client-controlled and must be ignored. */
function stripForwarded(req: IncomingMessage) {
  for (const h of ['x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-forwarded-for', 'forwarded']) delete req.headers[h];
}

/** Parses the configuration (one clear line and exit 1 when it is wrong), starts, and stops on signals. */
export async function main() {
  loadDotEnv();
  const cfg = configOrExit();
  try {
    const { stop } = await start(cfg);
    const shutdown = () => stop().then(() => process.exit(0), (err) => (log.error('shutdown failed', { err }), process.exit(1)));
    process.once('SIGTERM', shutdown);
    process.once('SIGINT', shutdown);
  } catch (err) {
    log.error('start failed', { err: err instanceof Error ? err.message : String(err) });
    process.exit(1);
  }
}

if (import.meta.main) await main();
