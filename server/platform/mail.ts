import type { Transporter } from 'nodemailer';
import type { Db } from './db/client.ts';
import { emails } from './db/schema.ts';
import { describeError } from './errors.ts';
import { withRetries } from './retry.ts';

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
  /** The envelope sender (Return-Path), where bounces go: the inbound address of outreach (VERP). */
  returnPath?: string;
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
        const address = /<([^<>]+)>/.exec(options.from)?.[1] ?? options.from;
        await transporter.sendMail({
          from: mail.fromName ? { name: mail.fromName, address } : options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
          ...(mail.messageId ? { messageId: mail.messageId } : {}),
          ...(mail.headers ? { headers: mail.headers } : {}),
          ...(mail.returnPath ? { envelope: { from: mail.returnPath, to: mail.to } } : {}),
        });
        // Sent: a failure to log it must not look like a failed send (the caller would send it again).
        await options.db
          .insert(emails)
          .values(row)
          .catch((error: unknown) => log(`[mail] ${mail.kind} sent but not logged: ${describeError(error)}`));
        return;
      }
      log(`[outbox] ${mail.kind} to ${mail.to}: ${mail.subject}\n${mail.text.replace(/^/gm, '    ')}`);
      await options.db.insert(emails).values(row);
    },
  };
}

/** Waits before each retry of a queued account email (then it is logged as lost). */
export const MAIL_RETRY_DELAYS_MS = [5_000, 30_000, 120_000];

// Account mail in flight, per services object (each test has its own).
const pending = new WeakMap<object, Set<Promise<void>>>();

/**
 * Sends account mail (codes, notices) in the background after the answer, retrying failures, so
 * how long a call takes never tells whether the account exists. Logs never hold the address or text.
 */
export function queueMail(
  services: { mailer: Mailer },
  mail: OutgoingMail,
  log: (line: string) => void = (line) => console.error(line),
): void {
  const inFlight = pending.get(services) ?? new Set<Promise<void>>();
  pending.set(services, inFlight);
  // Read at send time: the mailer can be swapped (tests) without losing queued mail.
  const job = withRetries(
    () => services.mailer.send(mail),
    MAIL_RETRY_DELAYS_MS,
    (error, attempt) =>
      log(`[mail] ${mail.kind} email failed (try ${attempt}), retrying: ${describeError(error)}`),
  ).catch((error: unknown) =>
    log(
      `[mail] ${mail.kind} email lost after ${MAIL_RETRY_DELAYS_MS.length + 1} tries: ${describeError(error)}`,
    ),
  );
  inFlight.add(job);
  void job.finally(() => inFlight.delete(job));
}

/** Resolves once every queued account email of these services was sent or given up (tests, shutdown). */
export async function mailSettled(services: { mailer: Mailer }): Promise<void> {
  const inFlight = pending.get(services);
  while (inFlight && inFlight.size > 0) await Promise.all([...inFlight]);
}
