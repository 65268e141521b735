import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, notInArray, sql } from 'drizzle-orm';
import {
  ErrorCode,
  type OutreachQuota,
  type OutreachStatus,
  type OutreachThread,
  type SentEmail,
  type SequenceView,
} from '../../contract/api.ts';
import type { SendEmailInput } from '../../contract/schemas.ts';
import { OUTREACH_DAILY_CAP } from '../../contract/limits.ts';
import { isEmailLanguage } from '../../contract/outreach.ts';
import { leads, outreachEmails, outreachSequences, type UserRow } from '../platform/db/schema.ts';
import type { Db } from '../platform/db/client.ts';
import { sequenceViews, stopSequence } from './sequences.ts';
import { AppError } from '../platform/errors.ts';
import { message, type Lang, type MessageKey } from '../i18n.ts';
import type { Services } from '../platform/services.ts';
import { QUOTAS } from '../platform/limits.ts';
import { revealedEmails, suppressedAmong } from './recipients.ts';

/** Emails one sender may send to one recipient per UTC day, across leads (no mail-bombing). */
export const RECIPIENT_DAILY_CAP = QUOTAS.recipientEmailsPerDay;
type OutreachRow = typeof outreachEmails.$inferSelect;

/** A send request as the route passed it: `to` lower-cased and checked for syntax. */
export type SendInput = SendEmailInput;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day `now` falls in, as [start, end). */
export function utcDayBounds(now: Date): [Date, Date] {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return [start, new Date(start.getTime() + 24 * 60 * 60 * 1000)];
}

/**
 * The emails that count against a UTC day's cap: every email made for that day (a follow-up counts
 * on the day it is due, issue 15) except those never sent because the recipient opted out or the
 * sequence stopped. `released`: only emails already on their way (a follow-up checking its own day
 * counts the ones that went before it, not those still waiting).
 */
export async function emailsOnDay(
  db: Pick<Db, 'select'>,
  userId: number,
  day: [Date, Date],
  options: { released?: boolean; exceptId?: string; to?: string } = {},
): Promise<{ all: number; toRecipient: number }> {
  const due = sql`coalesce(${outreachEmails.dueAt}, ${outreachEmails.createdAt})`;
  const [row] = await db
    .select({
      all: count(),
      toRecipient: sql<number>`count(*) filter (where ${outreachEmails.toAddress} = ${options.to ?? ''})`,
    })
    .from(outreachEmails)
    .where(
      and(
        eq(outreachEmails.userId, userId),
        sql`${due} >= ${day[0]}`,
        sql`${due} < ${day[1]}`,
        notInArray(
          outreachEmails.status,
          options.released ? ['suppressed', 'cancelled', 'scheduled'] : ['suppressed', 'cancelled'],
        ),
        options.exceptId ? sql`${outreachEmails.id} <> ${options.exceptId}` : undefined,
      ),
    );
  return { all: Number(row?.all ?? 0), toRecipient: Number(row?.toRecipient ?? 0) };
}

/** Whether a stored sequence is the one a repeated request asks for (same first email, same follow-ups). */
async function sameRequest(
  tx: Pick<Db, 'select'>,
  existing: OutreachRow,
  input: SendInput,
): Promise<boolean> {
  const same =
    existing.leadId === input.lead_id &&
    existing.toAddress === input.to &&
    existing.subject === input.subject &&
    existing.body === input.body &&
    existing.language === input.language;
  if (!same) return false;
  const later = existing.sequenceId
    ? await tx
        .select()
        .from(outreachEmails)
        .where(and(eq(outreachEmails.sequenceId, existing.sequenceId), sql`${outreachEmails.step} > 1`))
        .orderBy(asc(outreachEmails.step))
    : [];
  return (
    later.length === input.follow_ups.length &&
    later.every((row, i) => {
      const step = input.follow_ups[i]!;
      const days = Math.round(
        ((row.dueAt ?? row.createdAt).getTime() - existing.createdAt.getTime()) / DAY_MS,
      );
      return row.subject === step.subject && row.body === step.body && days === step.days;
    })
  );
}

/**
 * Accepts an outreach email with its follow-ups and queues it, in one transaction that first locks
 * the user's row: concurrent sends of one user run one at a time, so the daily cap and `request_id`
 * hold under any concurrency. In order: a known `request_id` answers its row (the same email and
 * follow-ups: nothing new is queued; different content: 40900); unknown lead 40400; lead not
 * unlocked by this user 40300; a recipient not among the revealed emails, verified `invalid`, or
 * opted out 42200; today's cap used 42901 (follow-ups due today count); today's
 * RECIPIENT_DAILY_CAP emails to this address used 42902. Then the sequence, its rows (the first
 * `queued`, the follow-ups `scheduled` for their day) and their pg-boss jobs are written together.
 */
export async function queueSend(services: Services, user: UserRow, input: SendInput): Promise<OutreachRow> {
  const queue = services.outreach;
  if (!queue) throw new AppError(ErrorCode.FEATURE_DISABLED, 'featureDisabled');
  const now = services.clock.now();
  return services.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM users WHERE id = ${user.id} FOR UPDATE`);
    const [existing] = await tx
      .select()
      .from(outreachEmails)
      .where(and(eq(outreachEmails.userId, user.id), eq(outreachEmails.requestId, input.request_id)));
    if (existing) {
      if (!(await sameRequest(tx, existing, input)))
        throw new AppError(ErrorCode.CONFLICT, 'requestIdReused', {}, { field: 'request_id' });
      return existing;
    }

    const { emails } = await revealedEmails(tx, user.id, input.lead_id);
    const revealed = emails.find((entry) => entry.email === input.to);
    if (!revealed) {
      throw new AppError(ErrorCode.RECIPIENT_REFUSED, 'recipientNotRevealed', {}, { reason: 'not_revealed' });
    }
    if (revealed.status === 'invalid') {
      throw new AppError(ErrorCode.RECIPIENT_REFUSED, 'recipientInvalid', {}, { reason: 'invalid' });
    }
    if ((await suppressedAmong(tx, [input.to])).size > 0) {
      throw new AppError(ErrorCode.RECIPIENT_REFUSED, 'recipientSuppressed', {}, { reason: 'suppressed' });
    }

    // The cap counts every email of today except those never sent because the recipient opted
    // out or the sequence stopped: queued, sending, sent and failed ones, and follow-ups due today
    // (a failed one may have reached the recipient's server, and retrying must not buy extra sends).
    // Per recipient too, across leads (one address may sit on several leads), counted the same way.
    const day = utcDayBounds(now);
    const today = await emailsOnDay(tx, user.id, day, { to: input.to });
    const retryAfter = Math.ceil((day[1].getTime() - now.getTime()) / 1000);
    if (today.all >= OUTREACH_DAILY_CAP) {
      throw new AppError(
        ErrorCode.DAILY_SEND_CAP,
        'dailySendCap',
        { cap: OUTREACH_DAILY_CAP },
        { cap: OUTREACH_DAILY_CAP, retry_after: retryAfter },
      );
    }
    if (today.toRecipient >= RECIPIENT_DAILY_CAP) {
      throw new AppError(
        ErrorCode.RECIPIENT_DAILY_CAP,
        'recipientDailyCap',
        { cap: RECIPIENT_DAILY_CAP },
        { cap: RECIPIENT_DAILY_CAP, retry_after: retryAfter },
      );
    }

    const sequenceId = randomUUID();
    await tx.insert(outreachSequences).values({
      id: sequenceId,
      userId: user.id,
      leadId: input.lead_id,
      toAddress: input.to,
      createdAt: now,
      updatedAt: now,
    });
    const common = {
      userId: user.id,
      leadId: input.lead_id,
      toAddress: input.to,
      language: input.language,
      sequenceId,
    };
    const [row] = await tx
      .insert(outreachEmails)
      .values({
        ...common,
        id: randomUUID(),
        requestId: input.request_id,
        subject: input.subject,
        body: input.body,
        status: 'queued',
        step: 1,
        createdAt: now,
      })
      .returning();
    await queue.enqueue(tx, row!.id);
    // Follow-ups wait as `scheduled` rows; the queue releases each on its day (queue.ts release()).
    for (const [i, step] of input.follow_ups.entries()) {
      const dueAt = new Date(now.getTime() + step.days * DAY_MS);
      await tx.insert(outreachEmails).values({
        ...common,
        id: randomUUID(),
        // '#' is outside a client's request_id alphabet: no request of theirs can name a follow-up.
        requestId: `${input.request_id}#step${i + 2}`,
        subject: step.subject,
        body: step.body,
        status: 'scheduled',
        step: i + 2,
        dueAt,
        createdAt: now,
      });
    }
    return row!;
  });
}

/** What `error` holds (`kind` or `kind: detail`): the catalogue's text for each kind. */
const ERROR_TEXT: Record<string, MessageKey> = {
  bounced: 'sendBounced',
  suppressed: 'sendSuppressed',
  interrupted: 'sendInterrupted',
  rejected: 'sendRejected',
  temporary: 'sendTemporary',
  gave_up: 'sendGaveUp',
};

/** Why a follow-up was cancelled (`stopped: <reason>`). */
const STOPPED_TEXT: Record<string, MessageKey> = {
  stopped_replied: 'stoppedReplied',
  stopped_bounced: 'stoppedBounced',
  stopped_unsubscribed: 'stoppedUnsubscribed',
  stopped_failed: 'stoppedFailed',
};

/** What `error` says in the caller's language (an unknown kind is shown as stored). */
export function describeError(error: string | null, lang: Lang): string | null {
  if (!error) return null;
  const [kind = '', ...rest] = error.split(': ');
  // A follow-up its sequence stopped: why, in plain words.
  const stopped = `stopped_${rest.join(': ')}`;
  if (kind === 'stopped' && Object.hasOwn(STOPPED_TEXT, stopped))
    return message(lang, STOPPED_TEXT[stopped]!);
  const key = Object.hasOwn(ERROR_TEXT, kind) ? ERROR_TEXT[kind] : undefined;
  if (!key) return error;
  const detail = rest.join(': ').trim();
  return detail
    ? message(lang, 'sendErrorDetail', { error: message(lang, key), detail })
    : message(lang, key);
}

export function sentView(
  row: OutreachRow,
  leadName: string,
  lang: Lang,
  sequence: SequenceView | null = null,
): SentEmail {
  return {
    id: row.id,
    lead_id: row.leadId,
    lead_name: leadName,
    to: row.toAddress,
    subject: row.subject,
    body: row.body,
    language: isEmailLanguage(row.language) ? row.language : 'en',
    status: row.status,
    error: describeError(row.error, lang),
    attempts: row.attempts,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt ? row.sentAt.toISOString() : null,
    step: row.step,
    due_at: row.dueAt ? row.dueAt.toISOString() : null,
    sequence,
  };
}

/** The lead's name for a row (leads have one name, shown as is in both languages). */
export async function leadName(services: Services, leadId: string): Promise<string> {
  const [lead] = await services.db.select({ name: leads.name }).from(leads).where(eq(leads.id, leadId));
  return lead?.name ?? '';
}

/** Reads that must show one moment: the emails and their sequences, settled together by the queue. */
const SNAPSHOT = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

/** Rows with their lead's name, as the sent list shows them, each with its recipient's sequence. */
async function views(
  db: Pick<Services['db'], 'select'>,
  rows: { row: OutreachRow; leadName: string }[],
  lang: Lang,
): Promise<SentEmail[]> {
  const sequences = await sequenceViews(
    db,
    rows.flatMap(({ row }) => (row.sequenceId ? [row.sequenceId] : [])),
  );
  return rows.map(({ row, leadName: name }) =>
    sentView(row, name, lang, (row.sequenceId && sequences.get(row.sequenceId)) || null),
  );
}

/** The caller's outreach emails, newest first (a sequence's steps in order), optionally of one status. */
export async function listSent(
  services: Services,
  user: UserRow,
  query: { page: number; page_size: number; status?: OutreachStatus | undefined },
  lang: Lang,
): Promise<{ items: SentEmail[]; total: number }> {
  const where = and(
    eq(outreachEmails.userId, user.id),
    query.status ? eq(outreachEmails.status, query.status) : undefined,
  );
  // One snapshot, as the thread reads it: a page never shows an email settled without its sequence.
  return services.db.transaction(async (tx) => {
    const rows = await tx
      .select({ row: outreachEmails, leadName: leads.name })
      .from(outreachEmails)
      .innerJoin(leads, eq(leads.id, outreachEmails.leadId))
      .where(where)
      .orderBy(desc(outreachEmails.createdAt), asc(outreachEmails.step), desc(outreachEmails.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size);
    const [total] = await tx.select({ n: count() }).from(outreachEmails).where(where);
    return { items: await views(tx, rows, lang), total: Number(total?.n ?? 0) };
  }, SNAPSHOT);
}

/** The caller's sequence (40400 for anyone else's or an unknown one). */
async function ownSequence(services: Services, user: UserRow, sequenceId: string) {
  const [sequence] = await services.db
    .select()
    .from(outreachSequences)
    .where(and(eq(outreachSequences.id, sequenceId), eq(outreachSequences.userId, user.id)));
  if (!sequence) throw new AppError(ErrorCode.NOT_FOUND, 'notFound');
  return sequence;
}

/** GET /outreach/thread: one recipient's sequence with every email of it, first step first. */
export async function thread(
  services: Services,
  user: UserRow,
  sequenceId: string,
  lang: Lang,
): Promise<OutreachThread> {
  await ownSequence(services, user, sequenceId);
  // One snapshot: a bounce settles the email and stops the sequence in one transaction, and the
  // thread never shows one of the two without the other.
  return services.db.transaction(async (tx) => {
    const rows = await tx
      .select({ row: outreachEmails, leadName: leads.name })
      .from(outreachEmails)
      .innerJoin(leads, eq(leads.id, outreachEmails.leadId))
      .where(eq(outreachEmails.sequenceId, sequenceId))
      .orderBy(asc(outreachEmails.step));
    const emails = await views(tx, rows, lang);
    const sequence = emails[0]?.sequence ?? (await sequenceViews(tx, [sequenceId])).get(sequenceId)!;
    return { sequence, emails };
  }, SNAPSHOT);
}

/**
 * POST /outreach/replied: the recipient answered. The sequence stops (its scheduled follow-ups are
 * cancelled) and remembers the reply; idempotent.
 */
export async function markReplied(
  services: Services,
  user: UserRow,
  sequenceId: string,
  lang: Lang,
): Promise<OutreachThread> {
  await ownSequence(services, user, sequenceId);
  await services.db.transaction((tx) => stopSequence(tx, sequenceId, 'replied', services.clock.now()));
  return thread(services, user, sequenceId, lang);
}

/** GET /outreach/quota: today's (UTC) emails against the cap, follow-ups due today included. */
export async function quota(services: Services, user: UserRow): Promise<OutreachQuota> {
  const { all } = await emailsOnDay(services.db, user.id, utcDayBounds(services.clock.now()));
  return { cap: OUTREACH_DAILY_CAP, used: all, left: Math.max(0, OUTREACH_DAILY_CAP - all) };
}
