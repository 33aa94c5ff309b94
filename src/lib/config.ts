// Configuration comes from the environment only, parsed once with valibot. A wrong value stops the
// process with one line that names the variable (see formatConfigError).
import * as v from 'valibot';

const boolish = v.pipe(
  v.string(),
  v.trim(),
  v.toLowerCase(),
  v.picklist(
    ['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'],
    'must be one of 1/0, true/false, on/off, yes/no',
  ),
  v.transform((s) => ['1', 'true', 'on', 'yes'].includes(s)),
);

const intIn = (min: number, max: number) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d+$/, 'must be a whole number'),
    v.transform(Number),
    v.minValue(min, `must be at least ${min}`),
    v.maxValue(max, `must be at most ${max}`),
  );

const decimalIn = (min: number, max: number) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d{1,9}(\.\d{1,6})?$/, 'must be a number such as 6.5'),
    v.transform(Number),
    v.minValue(min, `must be at least ${min}`),
    v.maxValue(max, `must be at most ${max}`),
  );

const url = (schemes: string[]) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.url('must be a URL'),
    v.check(
      (s) => schemes.includes(new URL(s).protocol.replace(':', '')),
      `must start with ${schemes.map((s) => s + '://').join(' or ')}`,
    ),
  );

// Back-office API keys (docs/integration-api.md): the environment holds only SHA-256 hashes of keys.
export const INTEGRATION_SCOPES = [
  'orders',
  'promotions',
  'news',
  'notifications',
  'catalogue',
  'scada',
  'production',
  'reference',
] as const;
export type IntegrationScope = (typeof INTEGRATION_SCOPES)[number];
export interface IntegrationKey {
  name: string;
  sha256: string;
  scopes: IntegrationScope[];
}
const KEY_ENTRY = new RegExp(
  `^[A-Za-z0-9_.-]{1,64}:[0-9a-fA-F]{64}:(${INTEGRATION_SCOPES.join('|')})(\\+(${INTEGRATION_SCOPES.join('|')}))*$`,
);
function isKeyList(s: string): boolean {
  return s.split(',').every((entry) => KEY_ENTRY.test(entry.trim()));
}
function parseKeys(s: string | undefined): IntegrationKey[] {
  if (!s) return [];
  return s.split(',').map((entry) => {
    const [name, sha256, scopes] = entry.trim().split(':') as [string, string, string];
    return {
      name,
      sha256: sha256.toLowerCase(),
      scopes: [...new Set(scopes.split('+'))] as IntegrationScope[],
    };
  });
}

const EnvSchema = v.object({
  NODE_ENV: v.optional(
    v.picklist(['development', 'production', 'test'], 'must be development, production or test'),
    'development',
  ),
  PORT: v.optional(intIn(0, 65535), '4321'),
  HOST: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty')), '0.0.0.0'),
  PUBLIC_URL: v.optional(url(['http', 'https'])),
  DATA_DIR: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty')), './data'),
  DATABASE_URL: v.optional(url(['postgres', 'postgresql', 'sqlite', 'file'])),
  DEMO: v.optional(boolish),
  SMTP_URL: v.optional(url(['smtp', 'smtps'])),
  MAIL_FROM: v.optional(
    v.pipe(v.string(), v.trim(), v.minLength(3, 'must be an address')),
    'Personal cabinet <no-reply@cabinet.local>',
  ),
  LOG_LEVEL: v.optional(
    v.picklist(
      ['debug', 'info', 'warn', 'error', 'silent'],
      'must be debug, info, warn, error or silent',
    ),
    'info',
  ),
  BODY_LIMIT: v.optional(intIn(1024, 1024 ** 3), String(1024 * 1024)),
  UPLOAD_LIMIT: v.optional(intIn(1024, 1024 ** 3), String(20 * 1024 * 1024)),
  SUPPORT_FILE_LIMIT: v.optional(intIn(1024, 1024 ** 3)),
  FILE_STORE: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(
        /^(local|database|s3(\+https?)?:\/\/[^:@/\s]+:[^@/\s]+@[^/\s]+\/[^/?\s]+\S*)$/,
        'must be local, database, or s3://KEY:SECRET@host/bucket (s3+http:// for plain HTTP)',
      ),
    ),
  ),
  DISK_MIN_FREE_MB: v.optional(intIn(0, 1024 ** 3), '100'),
  SESSION_IDLE_MINUTES: v.optional(intIn(5, 60 * 24 * 30), String(60 * 24 * 7)),
  SESSION_ABSOLUTE_DAYS: v.optional(intIn(1, 365), '30'),
  WS_HEARTBEAT_SECONDS: v.optional(intIn(1, 3600), '30'),
  SCADA_RETENTION_DAYS: v.optional(intIn(1, 3650), '90'),
  SCADA_HEARTBEAT_SECONDS: v.optional(intIn(10, 86_400), '300'),
  MAINTENANCE_REMIND_DAYS: v.optional(intIn(1, 365), '14'),
  ENERGY_TARIFF_RUB_KWH: v.optional(decimalIn(0, 1000), '6.5'),
  TIME_ZONE: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check(isTimeZone, 'must be an IANA time zone such as Europe/Samara'),
    ),
    'Europe/Samara',
  ),
  CORPORATE_PORTAL_URL: v.optional(url(['http', 'https'])),
  WIKI_URL: v.optional(url(['http', 'https'])),
  FEEDBACK_URL: v.optional(url(['http', 'https', 'mailto'])),
  SUPPLIER_NAME: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(300, 'must be at most 300 characters')),
  ),
  SUPPLIER_DETAILS: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(1000, 'must be at most 1000 characters')),
  ),
  TRUST_PROXY: v.optional(boolish),
  CALL_PROVIDER_URL: v.optional(url(['http', 'https'])),
  CALL_PROVIDER_KEY: v.optional(v.pipe(v.string(), v.trim())),
  SUGGEST_URL: v.optional(
    url(['http', 'https']),
    'https://suggestions.dadata.ru/suggestions/api/4_1/rs',
  ),
  SUGGEST_TOKEN: v.optional(v.pipe(v.string(), v.trim())),
  MAP_TILE_URL: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(
        /^https?:\/\/\S*\{z\}\S*$/,
        'must be an http(s) tile URL template with {z}, {x} and {y}',
      ),
    ),
    'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  ),
  MAP_ATTRIBUTION: v.optional(
    v.string(),
    '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
  ),
  INTEGRATION_KEYS: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check(
        isKeyList,
        `must be comma-separated name:sha256hex:scope+scope entries (scopes: ${INTEGRATION_SCOPES.join(', ')})`,
      ),
    ),
  ),
});

export type Config = ReturnType<typeof toConfig>;

/** Every variable the server reads (the README and .env.example document each one; a test checks). */
export const CONFIG_VARIABLES = Object.keys(EnvSchema.entries);

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** Values that are set to an empty string count as unset, like most twelve-factor apps do. */
function cleanEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(EnvSchema.entries)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') out[key] = value;
  }
  return out;
}

export class ConfigError extends Error {}

export function parseConfig(env: NodeJS.ProcessEnv = process.env) {
  const result = v.safeParse(EnvSchema, cleanEnv(env));
  if (!result.success) {
    const issue = result.issues[0]!;
    const key = v.getDotPath(issue) ?? 'environment';
    throw new ConfigError(
      `Invalid configuration: ${key} ${issue.message} (got ${JSON.stringify(env[key] ?? '')})`,
    );
  }
  return toConfig(result.output);
}

function toConfig(e: v.InferOutput<typeof EnvSchema>) {
  const production = e.NODE_ENV === 'production';
  const databaseUrl = e.DATABASE_URL;
  const postgres = !!databaseUrl && /^postgres(ql)?:/.test(databaseUrl);
  return {
    env: e.NODE_ENV,
    production,
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL ? e.PUBLIC_URL.replace(/\/$/, '') : undefined,
    dataDir: e.DATA_DIR,
    database: postgres
      ? ({ kind: 'postgres', url: databaseUrl! } as const)
      : ({
          kind: 'sqlite',
          file: databaseUrl
            ? databaseUrl.replace(/^(sqlite|file):(\/\/)?/, '')
            : `${e.DATA_DIR}/cabinet.sqlite`,
        } as const),
    demo: e.DEMO ?? !production,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    bodyLimit: e.BODY_LIMIT,
    uploadLimit: e.UPLOAD_LIMIT,
    // Support chat attachments; never above the upload limit, which the server enforces first.
    supportFileLimit: Math.min(e.SUPPORT_FILE_LIMIT ?? e.UPLOAD_LIMIT, e.UPLOAD_LIMIT),
    // Where uploads live (src/lib/files.server.ts): instances sharing a PostgreSQL share its table.
    fileStore: e.FILE_STORE ?? (postgres ? 'database' : 'local'),
    // Below this much free space in DATA_DIR /healthz says 503 and uploads are refused (0 = no check).
    diskMinFreeMb: e.DISK_MIN_FREE_MB,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionAbsoluteDays: e.SESSION_ABSOLUTE_DAYS,
    wsHeartbeatMs: e.WS_HEARTBEAT_SECONDS * 1000,
    // Dispatching history: raw samples kept this long (rollups, alarms and the audit stay), and a
    // sample stored at least this often even when a value does not move beyond its deadband.
    scadaRetentionDays: e.SCADA_RETENTION_DAYS,
    scadaHeartbeatMs: e.SCADA_HEARTBEAT_SECONDS * 1000,
    // The product registry's maintenance plan: readers are reminded this many days before a due day.
    maintenanceRemindDays: e.MAINTENANCE_REMIND_DAYS,
    // Electricity price (roubles per kWh) of the operating point's yearly cost of a pump's drift.
    energyTariffRubKwh: e.ENERGY_TARIFF_RUB_KWH,
    timeZone: e.TIME_ZONE,
    corporatePortalUrl: e.CORPORATE_PORTAL_URL,
    wikiUrl: e.WIKI_URL,
    feedbackUrl: e.FEEDBACK_URL,
    // The supplier block of printed commercial offers (name; address, INN/KPP, phone, e-mail as one text).
    supplier: { name: e.SUPPLIER_NAME || undefined, details: e.SUPPLIER_DETAILS || undefined },
    trustProxy: e.TRUST_PROXY ?? false,
    secureCookies: !!e.PUBLIC_URL && e.PUBLIC_URL.startsWith('https:'),
    // Flash-call provider (uCaller initCall shape); without it codes by call go to the dev outbox.
    callProvider: e.CALL_PROVIDER_URL
      ? { url: e.CALL_PROVIDER_URL, key: e.CALL_PROVIDER_KEY ?? '' }
      : undefined,
    // DaData-compatible suggestions and geocoding; without a token the forms fall back to manual entry.
    suggest: { url: e.SUGGEST_URL.replace(/\/$/, ''), token: e.SUGGEST_TOKEN || undefined },
    map: { tileUrl: e.MAP_TILE_URL, attribution: e.MAP_ATTRIBUTION },
    integrationKeys: parseKeys(e.INTEGRATION_KEYS),
  };
}

/** For process entry points: the configuration, or its one-line error on stderr and exit 1. */
export function configOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return parseConfig(env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}

const KEY = Symbol.for('cabinet.config');
type Holder = { [KEY]?: Config };

/** The process-wide configuration; parsed on first use and shared by the server entry and the Astro bundle. */
export function config(): Config {
  const g = globalThis as Holder;
  return (g[KEY] ??= parseConfig());
}

/** Tests and the server entry may install an explicit configuration. */
export function setConfig(c: Config): void {
  (globalThis as Holder)[KEY] = c;
}

const ORIGIN = Symbol.for('cabinet.localOrigin');
type OriginHolder = { [ORIGIN]?: string };

/**
 * The address this process listens on (http://localhost:PORT), set by the server entry once it
 * listens. Links in messages use PUBLIC_URL; outside production, without it, they use this origin,
 * which no request header can change (docs/decisions/0014-link-origin.md).
 */
export const localOrigin = (): string | undefined => (globalThis as OriginHolder)[ORIGIN];

export function setLocalOrigin(host: string, port: number): void {
  const name =
    host === '0.0.0.0' || host === '::' || host === ''
      ? 'localhost'
      : host.includes(':')
        ? `[${host}]`
        : host;
  (globalThis as OriginHolder)[ORIGIN] = `http://${name}:${port}`;
}
