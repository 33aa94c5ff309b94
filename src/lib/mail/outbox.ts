// The dev outbox: outside production, messages that have no configured provider are written to
// DATA_DIR/outbox (one JSON file per message) and announced in the log, so codes can be read locally.
import { mkdirSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { config } from '#lib/config.ts';
import { log } from '#lib/log.ts';

export interface OutboxEntry {
  channel: 'email' | 'call';
  to: string;
  [field: string]: unknown;
}

export function outboxDir(): string {
  return join(config().dataDir, 'outbox');
}

/** Writes one message and returns its file path. Never used in production. */
export function writeOutbox(entry: OutboxEntry): string {
  if (config().production) throw new Error('The dev outbox is disabled in production');
  const dir = outboxDir();
  mkdirSync(dir, { recursive: true });
  const at = new Date().toISOString();
  const file = join(dir, `${at.replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.json`);
  writeFileSync(file, JSON.stringify({ at, ...entry }, null, 2) + '\n', { mode: 0o600 });
  log.info('outbox: message written', { channel: entry.channel, to: entry.to, file });
  return file;
}
