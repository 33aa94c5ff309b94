// Outgoing e-mail (codes, reset links): SMTP through nodemailer when SMTP_URL is set, the dev outbox
// otherwise. In production a missing SMTP_URL disables the channel; callers show a clear message.
import nodemailer, { type Transporter } from 'nodemailer';
import { config } from '#lib/config.ts';
import { writeOutbox } from './outbox.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Machine-readable extras kept in the dev outbox only (e.g. the code), never sent. */
  meta?: Record<string, string>;
}

export type MailChannel = 'smtp' | 'outbox' | null;

export function mailChannel(): MailChannel {
  const c = config();
  if (c.smtpUrl) return 'smtp';
  return c.production ? null : 'outbox';
}

let transport: { url: string; t: Transporter } | undefined;

function transporter(url: string): Transporter {
  if (transport?.url !== url) transport = { url, t: nodemailer.createTransport(url) };
  return transport.t;
}

export async function sendMail(mail: Mail): Promise<void> {
  const channel = mailChannel();
  if (channel === 'smtp') {
    await transporter(config().smtpUrl!).sendMail({
      from: config().mailFrom,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
    });
  } else if (channel === 'outbox') {
    writeOutbox({
      channel: 'email',
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...mail.meta,
    });
  } else {
    throw new Error('E-mail is not configured (SMTP_URL)');
  }
}
