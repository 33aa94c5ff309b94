// A tiny levelled logger: one line per event, key=value context, on stderr for warnings and errors.
import { config } from './config.ts';

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 } as const;
type Level = Exclude<keyof typeof LEVELS, 'silent'>;

function emit(level: Level, msg: string, ctx?: Record<string, unknown>) {
  let threshold: number;
  try {
    threshold = LEVELS[config().logLevel];
  } catch {
    threshold = LEVELS.info;
  }
  if (LEVELS[level] < threshold) return;
  const extra = ctx
    ? ' ' +
      Object.entries(ctx)
        .map(([k, val]) => `${k}=${typeof val === 'string' ? JSON.stringify(val) : val instanceof Error ? JSON.stringify(val.message) : JSON.stringify(val)}`)
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
