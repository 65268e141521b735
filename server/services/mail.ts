import type { Transporter } from 'nodemailer';
import type { Db } from '../db/client.ts';
import { emails } from '../db/schema.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  kind: string;
  /** Outreach (server/outreach): extra headers such as List-Unsubscribe. */
  headers?: Record<string, string>;
  /** A fixed Message-ID (`<id@domain>`), so a resent message is recognisably the same one. */
  messageId?: string;
  /** Where replies go (the user who wrote an outreach email). */
  replyTo?: string;
  /** Display name shown with MAIL_FROM's address. */
  fromName?: string;
}

export interface Mailer {
  /** `smtp` when SMTP_URL is set, else `outbox` (the emails table and the server log). */
  transport: 'smtp' | 'outbox';
  /** Where mail goes, printed at start. */
  describe: string;
  send(mail: OutgoingMail): Promise<void>;
}

/** Sends through SMTP (nodemailer) when configured; otherwise keeps mail in the local outbox. */
export async function createMailer(options: {
  db: Db;
  smtpUrl?: string | undefined;
  from: string;
  log?: (line: string) => void;
}): Promise<Mailer> {
  const log = options.log ?? ((line: string) => console.log(line));
  let transporter: Transporter | undefined;
  if (options.smtpUrl) {
    const nodemailer = (await import('nodemailer')).default;
    // Bounded waits: a stalled server fails the attempt (the outreach queue retries it) instead of
    // holding it for nodemailer's 10-minute default.
    transporter = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    });
  }
  const transport: 'smtp' | 'outbox' = transporter ? 'smtp' : 'outbox';
  return {
    transport,
    describe: transporter
      ? `SMTP ${new URL(options.smtpUrl!).host} (from ${options.from})`
      : 'the local outbox: the server log and the `emails` table (set SMTP_URL to send for real)',
    async send(mail) {
      const row = { to: mail.to, subject: mail.subject, text: mail.text, kind: mail.kind, transport };
      if (transporter) {
        const address = /<([^>]+)>/.exec(options.from)?.[1] ?? options.from;
        await transporter.sendMail({
          from: mail.fromName ? { name: mail.fromName, address } : options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
          ...(mail.messageId ? { messageId: mail.messageId } : {}),
          ...(mail.headers ? { headers: mail.headers } : {}),
        });
        // Sent: a failure to log it must not look like a failed send (the caller would send it again).
        await options.db
          .insert(emails)
          .values(row)
          .catch((error: unknown) => log(`[mail] sent to ${mail.to} but not logged: ${String(error)}`));
        return;
      }
      log(`[outbox] ${mail.kind} to ${mail.to}: ${mail.subject}\n${mail.text.replace(/^/gm, '    ')}`);
      await options.db.insert(emails).values(row);
    },
  };
}
