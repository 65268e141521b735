import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { PgBoss, fromDrizzle, fromPglite, type Job, type JobWithMetadata } from 'pg-boss';
import type { Language } from '../../contract/api.ts';
import type { Config } from '../platform/config.ts';
import type { Database } from '../platform/db/client.ts';
import { emailSuppressions, outreachEmails, users } from '../platform/db/schema.ts';
import { message } from '../i18n.ts';
import type { OutreachQueue, Services } from '../platform/services.ts';

export type { OutreachQueue };
import { unsubscribeSecret, unsubscribeUrl } from './unsubscribe.ts';
import { FOOTERS } from './phrases.ts';

/** pg-boss queues: one job per outreach email; jobs that ran out of attempts land in the second. */
export const SEND_QUEUE = 'outreach-send';
export const DEAD_QUEUE = 'outreach-send-dead';

export interface OutreachOptions {
  /** Take jobs (default). false: this instance only enqueues (another one sends). */
  work?: boolean;
  /** Retries after the first attempt (default 6: with the backoff below, about two hours in all). */
  retryLimit?: number;
  /** First retry delay in seconds, doubled on each retry with jitter (default 30). */
  retryDelaySeconds?: number;
  /** Longest delay between retries, in seconds (default 3600). */
  retryDelayMaxSeconds?: number;
  /** An attempt running longer than this is given up and retried (default 300; SMTP waits are shorter). */
  expireInSeconds?: number;
  /** How often an idle worker looks for due jobs, retries included (default 2). */
  pollingIntervalSeconds?: number;
  /** How often expired attempts (a crashed worker) are found and retried (default 60). */
  superviseIntervalSeconds?: number;
  /** Emails sent at the same time by this instance (default 2). */
  concurrency?: number;
  log?: (line: string) => void;
}

const DEFAULTS = {
  work: true,
  retryLimit: 6,
  retryDelaySeconds: 30,
  retryDelayMaxSeconds: 3600,
  expireInSeconds: 300,
  pollingIntervalSeconds: 2,
  superviseIntervalSeconds: 60,
  concurrency: 2,
};

/** The unsubscribe line appended to every outreach email, in the email's language. */
export function unsubscribeFooter(language: Language | string, link: string): string {
  if (language === 'de' || language === 'es' || language === 'fr')
    return FOOTERS[language].replace('{link}', link);
  return message(language === 'zh' ? 'zh' : 'en', 'outreachFooter', { link });
}

/** The Message-ID of an outreach row: the same on every attempt, so a resend is the same message. */
export function outreachMessageId(id: string, domain: string): string {
  return `<outreach.${id}@${domain}>`;
}

/** Why an SMTP attempt failed: a 5xx answer is permanent (no retry); anything else may pass later. */
function classify(error: unknown): { permanent: boolean; detail: string } {
  const e = (error ?? {}) as {
    responseCode?: unknown;
    response?: unknown;
    code?: unknown;
    message?: unknown;
  };
  const text = typeof e.response === 'string' ? e.response : typeof e.message === 'string' ? e.message : '';
  const detail = (text || String(error)).replace(/\s+/g, ' ').trim().slice(0, 300);
  const code = typeof e.responseCode === 'number' ? e.responseCode : 0;
  return { permanent: code >= 500 && code < 600 && e.code !== 'EAUTH', detail };
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the outreach queue (pg-boss) on the server's database and, unless `work: false`, the
 * worker that sends the emails; sets `services.outreach`. PostgreSQL: pg-boss's own small pool on
 * the same database. PGlite: pg-boss runs on the same embedded instance (its `pglite` backend).
 */
export async function startOutreach(
  services: Services,
  database: Pick<Database, 'raw'>,
  config: Pick<Config, 'MAIL_FROM' | 'UNSUBSCRIBE_SECRET' | 'DATA_DIR'>,
  options: OutreachOptions = {},
): Promise<OutreachQueue> {
  const o = { ...DEFAULTS, ...options };
  const log = options.log ?? ((line: string) => console.log(line));
  const secret = unsubscribeSecret(config.UNSUBSCRIBE_SECRET, config.DATA_DIR);
  const fromAddress = /<([^>]+)>/.exec(config.MAIL_FROM)?.[1] ?? config.MAIL_FROM;
  const domain = fromAddress.split('@')[1]?.trim() || new URL(services.siteUrl).hostname;
  const brand =
    config.MAIL_FROM.replace(/<[^>]*>/, '')
      .replace(/"/g, '')
      .trim() || 'HoneyLeads';

  const common = {
    useListenNotify: true,
    schedule: false,
    superviseIntervalSeconds: o.superviseIntervalSeconds,
    monitorIntervalSeconds: o.superviseIntervalSeconds,
  };
  const raw = database.raw;
  const boss =
    raw.kind === 'postgres'
      ? new PgBoss({ ...common, connectionString: raw.url, max: 4, application_name: 'honeyleads-outreach' })
      : new PgBoss({ ...common, db: fromPglite(raw.client), backend: 'pglite' });
  boss.on('error', (error) => log(`[outreach] queue error: ${error.message}`));
  boss.on('warning', (warning) => log(`[outreach] queue warning: ${warning.message}`));
  await boss.start();

  const policy = {
    retryLimit: o.retryLimit,
    retryDelay: o.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: o.retryDelayMaxSeconds,
    expireInSeconds: o.expireInSeconds,
  };
  await boss.createQueue(DEAD_QUEUE, { retryLimit: 5, retryDelay: 30, retryBackoff: true });
  await boss.createQueue(SEND_QUEUE, { ...policy, deadLetter: DEAD_QUEUE, notify: true });
  // pg-boss looks a queue up on first use; do it now, not inside a caller's transaction (on PGlite,
  // with its single connection, that lookup would wait for the very transaction it runs in).
  await boss.getJobById(SEND_QUEUE, randomUUID());

  /** Records a delivered email; retried a little, since the email is out and must not go again. */
  async function recordSent(id: string, messageId: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await services.db
          .update(outreachEmails)
          .set({ status: 'sent', sentAt: services.clock.now(), messageId, error: null })
          .where(eq(outreachEmails.id, id));
        return;
      } catch (error) {
        if (attempt >= 3) throw error;
        await delay(250 * attempt);
      }
    }
  }

  /**
   * One attempt. Under a row lock: a row already `sent` (or settled otherwise) completes the job
   * without sending; a row still `sending` means an earlier attempt handed it to SMTP and never
   * recorded the answer (a crash): it may have gone out, so it is not sent again (`failed`,
   * `interrupted`); an address on the suppression list makes it `suppressed`. Otherwise the row
   * becomes `sending` (attempts + 1) and commits before the SMTP conversation starts.
   */
  async function deliver(job: JobWithMetadata<{ id: string }>): Promise<void> {
    const id = job.data.id;
    const claim = await services.db.transaction(async (tx) => {
      const [row] = await tx.select().from(outreachEmails).where(eq(outreachEmails.id, id)).for('update');
      if (!row || row.status === 'sent' || row.status === 'failed' || row.status === 'suppressed')
        return null;
      if (row.status === 'sending') {
        await tx
          .update(outreachEmails)
          .set({ status: 'failed', error: 'interrupted' })
          .where(eq(outreachEmails.id, id));
        log(`[outreach] ${id}: an earlier attempt was interrupted mid-send; not sending again`);
        return null;
      }
      const [optedOut] = await tx
        .select()
        .from(emailSuppressions)
        .where(eq(emailSuppressions.email, row.toAddress.toLowerCase()));
      if (optedOut) {
        await tx
          .update(outreachEmails)
          .set({ status: 'suppressed', error: 'suppressed' })
          .where(eq(outreachEmails.id, id));
        return null;
      }
      const [sender] = await tx
        .select({ email: users.email, name: users.userName })
        .from(users)
        .where(eq(users.id, row.userId));
      const [claimed] = await tx
        .update(outreachEmails)
        .set({ status: 'sending', attempts: sql`${outreachEmails.attempts} + 1`, error: null })
        .where(eq(outreachEmails.id, id))
        .returning();
      return { row: claimed!, sender };
    });
    if (!claim) return;

    const { row, sender } = claim;
    const link = unsubscribeUrl(services.siteUrl, secret(), row.toAddress);
    const messageId = outreachMessageId(row.id, domain);
    try {
      await services.mailer.send({
        to: row.toAddress,
        subject: row.subject,
        text: row.body + unsubscribeFooter(row.language, link),
        kind: 'outreach',
        messageId,
        headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        ...(sender ? { replyTo: sender.email, fromName: `${sender.name} via ${brand}` } : {}),
      });
    } catch (error) {
      const { permanent, detail } = classify(error);
      const final = permanent || job.retryCount >= job.retryLimit;
      await services.db
        .update(outreachEmails)
        .set(
          final
            ? { status: 'failed', error: `${permanent ? 'rejected' : 'gave_up'}: ${detail}` }
            : { status: 'queued', error: `temporary: ${detail}` },
        )
        .where(
          and(
            eq(outreachEmails.id, row.id),
            eq(outreachEmails.status, 'sending'),
            eq(outreachEmails.attempts, row.attempts),
          ),
        );
      log(
        `[outreach] ${row.id}: attempt ${row.attempts} failed (${final ? 'final' : 'will retry'}): ${detail}`,
      );
      if (final) return;
      throw error; // pg-boss retries it after the backoff
    }
    await recordSent(row.id, messageId);
  }

  /** A job out of attempts (expired or crashed on its last one): its row is settled as failed. */
  async function giveUp(job: Job<{ id: string }>): Promise<void> {
    await services.db
      .update(outreachEmails)
      .set({
        status: 'failed',
        error: sql`CASE WHEN ${outreachEmails.status} = 'sending' THEN 'interrupted' ELSE 'gave_up' END`,
      })
      .where(and(eq(outreachEmails.id, job.data.id), inArray(outreachEmails.status, ['queued', 'sending'])));
  }

  if (o.work) {
    await boss.work<{ id: string }>(
      SEND_QUEUE,
      {
        includeMetadata: true,
        localConcurrency: o.concurrency,
        pollingIntervalSeconds: o.pollingIntervalSeconds,
        notifyPollingIntervalSeconds: o.pollingIntervalSeconds,
      },
      // includeMetadata: the job carries its retryLimit (the last attempt settles the row itself).
      async ([job]) => {
        if (job) await deliver(job as JobWithMetadata<{ id: string }>);
      },
    );
    await boss.work<{ id: string }>(
      DEAD_QUEUE,
      { pollingIntervalSeconds: Math.max(o.pollingIntervalSeconds, 5) },
      async ([job]) => {
        if (job) await giveUp(job);
      },
    );
  }

  const queue: OutreachQueue = {
    async enqueue(tx, id) {
      await boss.send(
        SEND_QUEUE,
        { id },
        { ...policy, id, deadLetter: DEAD_QUEUE, db: fromDrizzle(tx as never, sql as never) },
      );
    },
    async stop(stopOptions = {}) {
      await boss.stop({ graceful: true, timeout: stopOptions.timeoutMs ?? 8_000 });
      if (services.outreach === queue) services.outreach = null;
    },
    secret,
    describe: `pg-boss on ${raw.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}${o.work ? '' : ' (enqueue only)'}, ${o.retryLimit} retries with backoff from ${o.retryDelaySeconds}s`,
    boss,
  };
  services.outreach = queue;
  return queue;
}
