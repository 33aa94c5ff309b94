// The process entry: one node:http server for the Astro handler, the built client files, /healthz and
// WebSocket upgrades. Runs directly on Node 24 (type stripping); the Astro bundle is loaded from dist/.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseEnv } from 'node:util';
import {
  sessionAlive,
  sessionCookieName,
  validateSession,
} from './features/auth/auth.session.server.ts';
import { startMaintenanceReminders } from './features/registry/registry.maintenance.server.ts';
import './features/support/support.topics.ts';
import { startScada } from './features/scada/start.server.ts';
import { startScanCompute } from './features/scanner/compute.server.ts';
import { startScanner } from './features/scanner/start.server.ts';
import { configOrExit, setConfig, setLocalOrigin, type Config } from './lib/config.ts';
import { closeDatabase, database, databaseHealth, migrateToLatest } from './lib/db/index.ts';
import { isEmpty, seedDemo } from './lib/db/seed.ts';
import { bodyLimitFor, limited } from './lib/http/body-limit.ts';
import { stripEncodedControls } from './lib/http/controls.ts';
import { installScriptHashes } from './lib/http/csp.ts';
import { buildScriptHashes } from './lib/http/csp-build.ts';
import { installStylesheets, loadStylesheets } from './lib/http/stylesheets.ts';
import { parseCookies } from './lib/http/cookies.ts';
import { diskLow } from './lib/http/disk.ts';
import { unavailableCause, RETRY_AFTER_SECONDS } from './lib/http/failure.ts';
import { loggedPath, requestIdFrom, requestStore } from './lib/http/request-context.ts';
import { createStaticHandler } from './lib/http/static.ts';
import { log } from './lib/log.ts';
import { createBus, installBus, type Bus } from './lib/realtime/bus.ts';
import { attachWebSocket } from './lib/realtime/ws.ts';

type AstroHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: (err?: unknown) => void,
) => Promise<void>;

const distDir = process.env.DIST_DIR
  ? resolve(process.env.DIST_DIR) + '/'
  : fileURLToPath(new URL('../dist/', import.meta.url));

export async function start(cfg: Config) {
  const started = performance.now();
  setConfig(cfg);
  checkDataDir(cfg.dataDir);
  const { db, engine, pool } = openOrName(cfg);
  try {
    await migrateToLatest(db);
  } catch (err) {
    throw databaseStartError(cfg, err);
  }
  try {
    if (cfg.demo && (await isEmpty(db)))
      log.info('demo data seeded', { users: await seedDemo(db) });
  } catch (err) {
    // A full disk or a lost database while seeding is the operator's to fix: name the setting.
    throw unavailableCause(err) ? databaseStartError(cfg, err) : err;
  }
  const bus: Bus = await createBus(pool);
  installBus(bus);
  const scada = startScada(db, bus);
  const scanner = startScanner(db, engine);
  const scanCompute = startScanCompute(cfg.database);
  // The product registry's maintenance reminders: checked at start and hourly (any instance may run
  // it; each reminder is claimed once in the database).
  const maintenance = startMaintenanceReminders();

  const entry = `${distDir}server/entry.mjs`;
  if (!existsSync(entry))
    throw new Error(
      'dist/server/entry.mjs is missing: run `npm run build` (npm start does it for you)',
    );
  const { handler } = (await import(pathToFileURL(entry).href)) as { handler: AstroHandler };
  // CSP: the inline scripts this build can send, hashed once (src/lib/http/csp.ts).
  installScriptHashes(await buildScriptHashes(`${distDir}server`));
  // Stylesheets inline on a first visit, cached afterwards (src/lib/http/stylesheets.ts).
  installStylesheets(loadStylesheets(`${distDir}client/_astro`));
  const serveStatic = createStaticHandler(`${distDir}client`);
  const limits = { body: cfg.bodyLimit, upload: cfg.uploadLimit };
  let stopping = false;

  // Every request gets an id (the client's X-Request-Id when plain, else a new one), carried by every
  // log line written for it, echoed in the answer, and one access line when it ends.
  const server = createServer({ requestTimeout: 120_000, headersTimeout: 30_000 }, (req, res) => {
    const id = requestIdFrom(req.headers['x-request-id']);
    req.headers['x-request-id'] = id;
    res.setHeader('X-Request-Id', id);
    const started = performance.now();
    const context = { id, dbMs: 0 };
    serverTiming(res, started, context);
    res.once('close', () => {
      const path = loggedPath(req.url ?? '/');
      log.info('request', {
        req: id,
        method: req.method,
        path,
        status: res.writableFinished ? res.statusCode : 'aborted',
        ms: Math.round((performance.now() - started) * 10) / 10,
      });
    });
    requestStore().run(context, () => {
      route(req, res).catch((err) => {
        log.error('request failed outside the application', { err });
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end();
      });
    });
  });

  async function route(req: IncomingMessage, res: ServerResponse) {
    if (!cfg.trustProxy) stripForwarded(req);
    if (stopping) res.setHeader('Connection', 'close');
    // PostgreSQL refuses U+0000 in text: encoded controls never reach a query parser (see controls.ts).
    req.url = stripEncodedControls(req.url ?? '/');
    const path = req.url.split('?')[0];
    if (path === '/healthz') return healthz(res);
    if (serveStatic(req, res)) return;
    // Oversized declared bodies are refused by the middleware (in the answer style of the path);
    // this cut-off catches streamed bodies that pass the limit while being read.
    if (req.method !== 'GET' && req.method !== 'HEAD')
      (req as IncomingMessage & { body?: unknown }).body = limited(req, bodyLimitFor(req, limits));
    await handler(req, res);
  }

  async function healthz(res: ServerResponse) {
    const [health, low] = await Promise.all([
      databaseHealth(db),
      diskLow(cfg.dataDir, cfg.diskMinFreeMb).catch(() => true),
    ]);
    if (health.state !== 'ok') log.error(`healthz: database ${health.state}`, { err: health.err });
    if (low)
      log.error('healthz: disk nearly full', {
        dataDir: cfg.dataDir,
        minFreeMb: cfg.diskMinFreeMb,
      });
    const ok = health.state === 'ok' && !low;
    const body = ok
      ? { status: 'ok', database: engine }
      : {
          status: 'error',
          database: engine,
          checks: { database: health.state, disk: low ? 'low' : 'ok' },
        };
    res.writeHead(ok ? 200 : 503, {
      'Content-Type': 'application/json',
      'Cache-Control': 'no-store',
      ...(ok ? {} : { 'Retry-After': String(RETRY_AFTER_SECONDS) }),
    });
    res.end(JSON.stringify(body));
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
  setLocalOrigin(cfg.host, port);
  log.info('listening', {
    url: `http://${cfg.host === '0.0.0.0' ? 'localhost' : cfg.host}:${port}`,
    database: engine,
    startup_ms: Math.round(performance.now() - started),
  });

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
    await scada.stop();
    await scanner?.stop();
    await scanCompute.stop();
    await maintenance.stop();
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
  for (const [key, value] of Object.entries(parseEnv(readFileSync('.env', 'utf8'))))
    process.env[key] ??= value;
}

/**
 * Server-Timing: the time until the answer's headers were written (total; the body may stream on)
 * and the database time spent by then (db, counted by the Kysely log hook in lib/db).
 */
function serverTiming(res: ServerResponse, started: number, context: { dbMs: number }) {
  const writeHead = res.writeHead;
  res.writeHead = function (
    this: ServerResponse,
    ...args: Parameters<ServerResponse['writeHead']>
  ) {
    if (!this.headersSent)
      this.setHeader(
        'Server-Timing',
        `total;dur=${(performance.now() - started).toFixed(1)}, db;dur=${context.dbMs.toFixed(1)}`,
      );
    return writeHead.apply(this, args);
  } as ServerResponse['writeHead'];
}

/** A start-up failure that names the setting at fault, so the operator knows what to fix. */
export class StartupError extends Error {
  readonly setting: string;
  constructor(setting: string, message: string, options?: { cause?: unknown }) {
    super(`${setting}: ${message}`, options);
    this.setting = setting;
  }
}

const reason = (err: unknown): string => {
  const e = err as { code?: unknown; message?: unknown };
  return [
    typeof e?.code === 'string' ? e.code : '',
    typeof e?.message === 'string' ? e.message : String(err),
  ]
    .filter(Boolean)
    .join(' ');
};

/** DATA_DIR must exist (it is created) and take files: probed by writing one, which root cannot fake. */
function checkDataDir(dir: string) {
  const probe = resolve(dir, `.write-check-${process.pid}`);
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
  } catch (err) {
    throw new StartupError(
      'DATA_DIR',
      `${resolve(dir)} is not a writable directory (${reason(err)})`,
      { cause: err },
    );
  }
}

function openOrName(cfg: Config) {
  try {
    return database();
  } catch (err) {
    throw databaseStartError(cfg, err);
  }
}

/** The database setting in charge: DATABASE_URL when given (its password never printed), else DATA_DIR. */
function databaseStartError(cfg: Config, err: unknown): Error {
  if (cfg.database.kind === 'postgres') {
    const u = new URL(cfg.database.url);
    const where = `${u.hostname}:${u.port || 5432}${u.pathname}`;
    const what = unavailableCause(err) ? 'cannot connect to PostgreSQL at' : 'PostgreSQL failed at';
    return new StartupError('DATABASE_URL', `${what} ${where} (${reason(err)})`, { cause: err });
  }
  const setting = process.env.DATABASE_URL ? 'DATABASE_URL' : 'DATA_DIR';
  return new StartupError(
    setting,
    `cannot use the SQLite database ${resolve(cfg.database.file)} (${reason(err)})`,
    { cause: err },
  );
}

/** Without a trusted proxy in front, forwarded headers are client-controlled and must be ignored. */
function stripForwarded(req: IncomingMessage) {
  for (const h of [
    'x-forwarded-host',
    'x-forwarded-proto',
    'x-forwarded-port',
    'x-forwarded-for',
    'forwarded',
  ])
    delete req.headers[h];
}

/** Parses the configuration (one clear line and exit 1 when it is wrong), starts, and stops on signals. */
export async function main() {
  loadDotEnv();
  const cfg = configOrExit();
  try {
    const { stop } = await start(cfg);
    const shutdown = () =>
      stop().then(
        () => process.exit(0),
        (err) => (log.error('shutdown failed', { err }), process.exit(1)),
      );
    process.once('SIGTERM', shutdown);
    process.once('SIGINT', shutdown);
  } catch (err) {
    const setting = err instanceof StartupError ? err.setting : undefined;
    log.error(
      `start failed: ${err instanceof Error ? err.message : String(err)}`,
      setting ? { setting } : undefined,
    );
    process.exit(1);
  }
}

if (import.meta.main) await main();
