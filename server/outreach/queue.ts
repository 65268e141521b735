import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { PgBoss, fromDrizzle, fromPglite, type Job, type JobWithMetadata } from 'pg-boss';
import type { Language } from '../../contract/api.ts';
import type { Config } from '../platform/config.ts';
import type { Database } from '../platform/db/client.ts';
import { emailSuppressions, outreachEmails, outreachSequences, users } from '../platform/db/schema.ts';
import { withRetries } from '../platform/retry.ts';
import { OUTREACH_DAILY_CAP } from '../../contract/limits.ts';
import { RECIPIENT_DAILY_CAP, emailsOnDay, utcDayBounds } from './send.ts';
import { stopSequence, stopSequencesTo } from './sequences.ts';
import { inboundAddress } from './inbound.ts';
import { message } from '../i18n.ts';
import type { OutreachQueue, Services } from '../platform/services.ts';

export type { OutreachQueue };
import { unsubscribeUrl } from './unsubscribe.ts';
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
  /** How often due follow-ups are looked for and released (default 30). */
  releaseIntervalSeconds?: number;
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
  releaseIntervalSeconds: 30,
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

/**
 * Why an SMTP attempt failed: a 5xx answer is permanent (no retry); anything else may pass later.
 * A permanent answer about the mailbox (550, 551, 553, or an enhanced status 5.1.x) is a bounce:
 * the address does not take mail, so it goes on the suppression list.
 */
export function classify(error: unknown): { permanent: boolean; bounce: boolean; detail: string } {
  const e = (error ?? {}) as {
    responseCode?: unknown;
    response?: unknown;
    code?: unknown;
    message?: unknown;
  };
  const text = typeof e.response === 'string' ? e.response : typeof e.message === 'string' ? e.message : '';
  const detail = (text || String(error)).replace(/\s+/g, ' ').trim().slice(0, 300);
  const code = typeof e.responseCode === 'number' ? e.responseCode : 0;
  const permanent = code >= 500 && code < 600 && e.code !== 'EAUTH';
  const bounce = permanent && ([550, 551, 553].includes(code) || /\b5\.1\.\d{1,3}\b/.test(detail));
  return { permanent, bounce, detail };
}

/**
 * What MAIL_FROM (`Name <address>` or a bare address) gives outreach emails: the domain of their
 * Message-IDs (the sending address's, else the site's host) and the brand in "Li Wei via <brand>"
 * (the display name; a bare address has none, so the product's name).
 * @example senderIdentity('"HoneyLeads" <outreach@mail.honeyleads.example>', 'https://honeyleads.example')
 *   // { domain: 'mail.honeyleads.example', brand: 'HoneyLeads' }
 */
export function senderIdentity(mailFrom: string, siteUrl: string): { domain: string; brand: string } {
  const angled = /<([^<>]+)>/.exec(mailFrom);
  const address = angled ? angled[1]! : mailFrom;
  const domain = address.split('@')[1]?.trim() || new URL(siteUrl).hostname;
  const name = angled
    ? mailFrom
        .replace(/<[^<>]*>/, '')
        .replace(/"/g, '')
        .trim()
    : '';
  return { domain, brand: name || 'HoneyLeads' };
}

/**
 * Starts the outreach queue (pg-boss) on the server's database and, unless `work: false`, the
 * worker that sends the emails; sets `services.outreach`. PostgreSQL: pg-boss's own small pool on
 * the same database. PGlite: pg-boss runs on the same embedded instance (its `pglite` backend).
 */
export async function startOutreach(
  services: Services,
  database: Pick<Database, 'raw'>,
  config: Pick<Config, 'MAIL_FROM'>,
  options: OutreachOptions = {},
): Promise<OutreachQueue> {
  const o = { ...DEFAULTS, ...options };
  const log = options.log ?? ((line: string) => console.log(line));
  // The same on every instance (UNSUBSCRIBE_SECRET, else kept in the database: server/platform/secrets.ts).
  const secret = () => services.signing.unsubscribe;
  const { domain, brand } = senderIdentity(config.MAIL_FROM, services.siteUrl);

  const common = {
    useListenNotify: true,
    schedule: false,
    superviseIntervalSeconds: o.superviseIntervalSeconds,
    monitorIntervalSeconds: o.superviseIntervalSeconds,
  };
  const raw = database.raw;
  const boss =
    raw.kind === 'postgres'
      ? new PgBoss({
          ...common,
          connectionString: raw.url,
          // Its share of DATABASE_POOL_SIZE (server/platform/db/client.ts), besides its LISTEN connection.
          max: raw.queuePool,
          application_name: 'honeyleads-outreach',
        })
      : new PgBoss({ ...common, db: fromPglite(raw.client as never), backend: 'pglite' });
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

  /** Records a delivered email; tried 3 times (waits of 250 and 500 ms), since the email is out and must not go again. */
  const recordSent = (id: string, messageId: string) =>
    withRetries(
      () =>
        services.db
          .update(outreachEmails)
          .set({ status: 'sent', sentAt: services.clock.now(), messageId, error: null })
          .where(eq(outreachEmails.id, id)),
      [250, 500],
    );

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
      if (!row || !['queued', 'sending'].includes(row.status)) return null;
      const now = services.clock.now();
      // An email from before sequences has none (and is a first email, which never consults it).
      const [sequence] = await tx
        .select()
        .from(outreachSequences)
        .where(eq(outreachSequences.id, row.sequenceId ?? ''));
      // A reply, bounce or opt-out since it was queued: a follow-up does not go.
      if (row.step > 1 && sequence && sequence.state !== 'active') {
        await tx
          .update(outreachEmails)
          .set({ status: 'cancelled', error: `stopped: ${sequence.stopReason ?? 'failed'}` })
          .where(eq(outreachEmails.id, id));
        return null;
      }
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
        await stopSequencesTo(
          tx,
          row.toAddress,
          optedOut.reason === 'bounce' ? 'bounced' : 'unsubscribed',
          now,
        );
        return null;
      }
      // A follow-up answers the first email: same thread in the recipient's mailbox.
      const [first] =
        row.step > 1 && row.sequenceId
          ? await tx
              .select({ id: outreachEmails.id })
              .from(outreachEmails)
              .where(and(eq(outreachEmails.sequenceId, row.sequenceId), eq(outreachEmails.step, 1)))
          : [];
      const [sender] = await tx
        .select({ email: users.email, name: users.userName })
        .from(users)
        .where(eq(users.id, row.userId));
      const [claimed] = await tx
        .update(outreachEmails)
        .set({ status: 'sending', attempts: sql`${outreachEmails.attempts} + 1`, error: null })
        .where(eq(outreachEmails.id, id))
        .returning();
      return { row: claimed!, sender, thread: first ? outreachMessageId(first.id, domain) : null };
    });
    if (!claim) return;

    const { row, sender, thread } = claim;
    const link = unsubscribeUrl(services.siteUrl, secret(), row.toAddress);
    const messageId = outreachMessageId(row.id, domain);
    // With an inbound mailbox (issue 15), replies and bounces come back to us to stop the sequence;
    // replies are then passed on to the user (inbound.ts).
    const inbound =
      services.inbound && row.sequenceId
        ? inboundAddress(services.inbound.domain, secret(), row.sequenceId)
        : null;
    try {
      await services.mailer.send({
        to: row.toAddress,
        subject: row.subject,
        text: row.body + unsubscribeFooter(row.language, link),
        kind: 'outreach',
        messageId,
        headers: {
          'List-Unsubscribe': `<${link}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          ...(thread ? { 'In-Reply-To': thread, References: thread } : {}),
        },
        ...(sender
          ? { replyTo: inbound?.reply ?? sender.email, fromName: `${sender.name} via ${brand}` }
          : {}),
        ...(inbound ? { returnPath: inbound.bounce } : {}),
      });
    } catch (error) {
      const { permanent, bounce, detail } = classify(error);
      const final = permanent || job.retryCount >= job.retryLimit;
      await services.db.transaction(async (tx) => {
        const [settled] = await tx
          .update(outreachEmails)
          .set(
            final
              ? {
                  status: 'failed',
                  error: `${bounce ? 'bounced' : permanent ? 'rejected' : 'gave_up'}: ${detail}`,
                }
              : { status: 'queued', error: `temporary: ${detail}` },
          )
          .where(
            and(
              eq(outreachEmails.id, row.id),
              eq(outreachEmails.status, 'sending'),
              eq(outreachEmails.attempts, row.attempts),
            ),
          )
          .returning({ id: outreachEmails.id });
        if (!settled || !final) return;
        const now = services.clock.now();
        // A permanent bounce: the address goes on the suppression list and no one's sequence to it goes on.
        if (bounce) {
          await tx
            .insert(emailSuppressions)
            .values({ email: row.toAddress.toLowerCase(), reason: 'bounce', createdAt: now })
            .onConflictDoNothing();
          await stopSequencesTo(tx, row.toAddress, 'bounced', now);
        } else if (row.sequenceId) await stopSequence(tx, row.sequenceId, 'failed', now);
      });
      log(
        `[outreach] ${row.id}: attempt ${row.attempts} failed (${final ? 'final' : 'will retry'}): ${detail}`,
      );
      if (final) return;
      throw error; // pg-boss retries it after the backoff
    }
    await recordSent(row.id, messageId);
    if (row.sequenceId) await finishIfLast(row.sequenceId);
  }

  /** After a step went: the sequence is finished when no step is left to go. */
  async function finishIfLast(sequenceId: string): Promise<void> {
    const left = await services.db
      .select({ id: outreachEmails.id })
      .from(outreachEmails)
      .where(
        and(
          eq(outreachEmails.sequenceId, sequenceId),
          inArray(outreachEmails.status, ['scheduled', 'queued', 'sending']),
        ),
      );
    if (left.length === 0)
      await services.db
        .update(outreachSequences)
        .set({ state: 'finished', updatedAt: services.clock.now() })
        .where(and(eq(outreachSequences.id, sequenceId), eq(outreachSequences.state, 'active')));
  }

  /**
   * Releases due follow-ups (FOR UPDATE SKIP LOCKED: instances never release one twice). Each is
   * queued only when its sequence is still active, its address not suppressed, the step before it
   * was sent, and the day has room under both caps (the user's 50, and 2 to this recipient)
   * counting the emails already on their way; a full day waits for the next, a step before still in
   * flight an hour; anything else cancels it.
   */
  async function release(): Promise<number> {
    const now = services.clock.now();
    return services.db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(outreachEmails)
        .where(and(eq(outreachEmails.status, 'scheduled'), lte(outreachEmails.dueAt, now)))
        .orderBy(asc(outreachEmails.dueAt))
        .limit(100)
        .for('update', { skipLocked: true });
      // Counted under the users' row locks, as queueSend counts: a new email and a follow-up never
      // both take a day's last place. Locked in id order, so two instances cannot deadlock.
      const senders = [...new Set(due.map((row) => row.userId))];
      if (senders.length)
        await tx
          .select({ id: users.id })
          .from(users)
          .where(inArray(users.id, senders))
          .orderBy(asc(users.id))
          .for('update');
      let queued = 0;
      for (const row of due) {
        const later = (dueAt: Date) =>
          tx.update(outreachEmails).set({ dueAt }).where(eq(outreachEmails.id, row.id));
        const [sequence] = await tx
          .select()
          .from(outreachSequences)
          .where(eq(outreachSequences.id, row.sequenceId ?? ''));
        if (!sequence || sequence.state !== 'active') {
          await tx
            .update(outreachEmails)
            .set({ status: 'cancelled', error: `stopped: ${sequence?.stopReason ?? 'failed'}` })
            .where(eq(outreachEmails.id, row.id));
          continue;
        }
        const [optedOut] = await tx
          .select()
          .from(emailSuppressions)
          .where(eq(emailSuppressions.email, row.toAddress.toLowerCase()));
        if (optedOut) {
          await stopSequence(tx, sequence.id, optedOut.reason === 'bounce' ? 'bounced' : 'unsubscribed', now);
          continue;
        }
        const [before] = await tx
          .select({ status: outreachEmails.status })
          .from(outreachEmails)
          .where(and(eq(outreachEmails.sequenceId, sequence.id), eq(outreachEmails.step, row.step - 1)));
        if (before && ['scheduled', 'queued', 'sending'].includes(before.status)) {
          await later(new Date(now.getTime() + 60 * 60 * 1000));
          continue;
        }
        if (!before || before.status !== 'sent') {
          await stopSequence(tx, sequence.id, 'failed', now);
          continue;
        }
        // The day's caps, counting the emails already on their way: the user's 50, and 2 to this
        // recipient (RECIPIENT_DAILY_CAP, also when several sequences fall due together). A full
        // day waits for the next one; the follow-up is never dropped.
        const day = utcDayBounds(now);
        const today = await emailsOnDay(tx, row.userId, day, {
          released: true,
          exceptId: row.id,
          to: row.toAddress,
        });
        if (today.all >= OUTREACH_DAILY_CAP || today.toRecipient >= RECIPIENT_DAILY_CAP) {
          await later(day[1]);
          continue;
        }
        await tx
          .update(outreachEmails)
          .set({ status: 'queued', dueAt: now })
          .where(eq(outreachEmails.id, row.id));
        await queue.enqueue(tx, row.id);
        queued++;
      }
      return queued;
    });
  }

  /** A job out of attempts (expired or crashed on its last one): its row is settled as failed. */
  async function giveUp(job: Job<{ id: string }>): Promise<void> {
    await services.db.transaction(async (tx) => {
      const [settled] = await tx
        .update(outreachEmails)
        .set({
          status: 'failed',
          error: sql`CASE WHEN ${outreachEmails.status} = 'sending' THEN 'interrupted' ELSE 'gave_up' END`,
        })
        .where(and(eq(outreachEmails.id, job.data.id), inArray(outreachEmails.status, ['queued', 'sending'])))
        .returning({ sequenceId: outreachEmails.sequenceId });
      // Not delivered: no follow-up goes after it.
      if (settled?.sequenceId) await stopSequence(tx, settled.sequenceId, 'failed', services.clock.now());
    });
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

  let releasing: ReturnType<typeof setInterval> | undefined;
  const queue: OutreachQueue = {
    async enqueue(tx, id) {
      await boss.send(
        SEND_QUEUE,
        { id },
        { ...policy, id, deadLetter: DEAD_QUEUE, db: fromDrizzle(tx as never, sql as never) },
      );
    },
    release,
    async stop(stopOptions = {}) {
      clearInterval(releasing);
      await boss.stop({ graceful: true, timeout: stopOptions.timeoutMs ?? 8_000 });
      if (services.outreach === queue) services.outreach = null;
    },
    secret,
    describe: `pg-boss on ${raw.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}${o.work ? '' : ' (enqueue only)'}, ${o.retryLimit} retries with backoff from ${o.retryDelaySeconds}s`,
    boss,
  };
  if (o.work) {
    let busy = false;
    releasing = setInterval(() => {
      if (busy) return;
      busy = true;
      release()
        .catch((error: unknown) =>
          log(
            `[outreach] releasing follow-ups failed: ${error instanceof Error ? error.message : String(error)}`,
          ),
        )
        .finally(() => (busy = false));
    }, o.releaseIntervalSeconds * 1000);
    releasing.unref();
  }
  services.outreach = queue;
  return queue;
}
