import type { Transporter } from 'nodemailer';
import type { Db } from '../db/client.ts';
import { emails } from '../db/schema.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  kind: string;
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
    transporter = nodemailer.createTransport(options.smtpUrl);
  }
  const transport = transporter ? 'smtp' : 'outbox';
  return {
    transport,
    describe: transporter
      ? `SMTP ${new URL(options.smtpUrl!).host} (from ${options.from})`
      : 'the local outbox: the server log and the `emails` table (set SMTP_URL to send for real)',
    async send(mail) {
      if (transporter) {
        await transporter.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
        });
      } else {
        log(`[outbox] ${mail.kind} to ${mail.to}: ${mail.subject}\n${mail.text.replace(/^/gm, '    ')}`);
      }
      await options.db.insert(emails).values({ ...mail, transport });
    },
  };
}
