// A local SMTP server that keeps what it receives, and readers for the dev outbox, for the sign-in
// suites (codes and reset links).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { expect } from 'vitest';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

export interface LocalSmtp {
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the next mail to this address (already received ones count from `since`). */
  next(to: string, since?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decodeWords(header: string): string {
  return header.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_m, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQp(data.replace(/_/g, ' ')),
  );
}

function decodeQp(s: string): string {
  const bytes: number[] = [];
  const clean = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < clean.length; i++) {
    const m = clean[i] === '=' ? /^[0-9A-F]{2}$/i.exec(clean.slice(i + 1, i + 3)) : null;
    if (m) {
      bytes.push(parseInt(m[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(clean[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Single-part text messages as nodemailer writes them (7bit, quoted-printable or base64). */
export function parseMail(raw: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1] ?? '';
  const cte = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    cte === 'base64'
      ? Buffer.from(body, 'base64').toString('utf8')
      : cte === 'quoted-printable'
        ? decodeQp(body)
        : body;
  return { to, subject: decodeWords(header('Subject')), text };
}

export async function startSmtp(): Promise<LocalSmtp> {
  const mails: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (d: string) => (raw += d));
      stream.on('end', () => {
        mails.push(
          parseMail(
            raw,
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async next(to, since = 0) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const found = mails.slice(since).find((m) => m.to.includes(to));
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no mail to ${to}`);
        // Woken by the next mail received (or the deadline), then look again.
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface OutboxMessage {
  at: string;
  channel: 'email' | 'call';
  to: string;
  code?: string;
  url?: string;
  text?: string;
  kind?: string;
}

/** Messages in a server's dev outbox (DATA_DIR/outbox), oldest first. */
export function outbox(dataDir: string): OutboxMessage[] {
  const dir = join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return files.map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as OutboxMessage);
}

/** The newest outbox message to `to` among those after the first `since`, waiting briefly for it. */
export async function lastOutbox(
  dataDir: string,
  to: string,
  channel?: 'email' | 'call',
  since = 0,
): Promise<OutboxMessage> {
  const find = () =>
    outbox(dataDir)
      .slice(since)
      .filter((m) => m.to === to && (!channel || m.channel === channel))
      .at(-1);
  // The outbox is a directory the server writes a file into: look until the message is there.
  await expect
    .poll(() => find() !== undefined, {
      timeout: 5000,
      interval: 25,
      message: `no outbox message to ${to}`,
    })
    .toBe(true);
  return find()!;
}
