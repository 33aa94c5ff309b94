// A tiny levelled logger: one line per event, key=value context, on stderr for warnings and errors.
// Lines written while a request is handled carry its id (req=...); errors keep their stack, escaped
// onto the same line so one event stays one line.
import { config } from './config.ts';
import { currentRequest } from './http/request-context.ts';

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 } as const;
type Level = Exclude<keyof typeof LEVELS, 'silent'>;

function value(val: unknown): string {
  if (typeof val === 'string') return JSON.stringify(val);
  if (val instanceof Error) {
    const code = (val as { code?: unknown }).code;
    return (
      JSON.stringify(val.stack ?? val.message) +
      (code !== undefined ? ` code=${JSON.stringify(code)}` : '')
    );
  }
  return JSON.stringify(val);
}

function emit(level: Level, msg: string, ctx?: Record<string, unknown>) {
  let threshold: number;
  try {
    threshold = LEVELS[config().logLevel];
  } catch {
    threshold = LEVELS.info;
  }
  if (LEVELS[level] < threshold) return;
  const req = currentRequest();
  const fields = req && !(ctx && 'req' in ctx) ? { req: req.id, ...ctx } : ctx;
  const extra = fields
    ? ' ' +
      Object.entries(fields)
        .map(([k, val]) => `${k}=${value(val)}`)
        .join(' ')
    : '';
  const line = `${new Date().toISOString()} ${level.toUpperCase().padEnd(5)} ${msg}${extra}\n`;
  (level === 'warn' || level === 'error' ? process.stderr : process.stdout).write(line);
}

export const log = {
  debug: (msg: string, ctx?: Record<string, unknown>) => emit('debug', msg, ctx),
  info: (msg: string, ctx?: Record<string, unknown>) => emit('info', msg, ctx),
  warn: (msg: string, ctx?: Record<string, unknown>) => emit('warn', msg, ctx),
  error: (msg: string, ctx?: Record<string, unknown>) => emit('error', msg, ctx),
};
