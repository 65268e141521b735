import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import { ErrorCode, type OutreachStatus, type SendEmailRequest, type SentEmail } from '../../contract/api.ts';
import { OUTREACH_DAILY_CAP } from '../../contract/limits.ts';
import { isEmailLanguage } from '../../contract/outreach.ts';
import { leads, outreachEmails, type UserRow } from '../platform/db/schema.ts';
import { AppError } from '../platform/errors.ts';
import { message, type Lang, type MessageKey } from '../i18n.ts';
import type { Services } from '../platform/services.ts';
import { QUOTAS } from '../platform/limits.ts';
import { revealedEmails, suppressedAmong } from './recipients.ts';

/** Emails one sender may send to one recipient per UTC day, across leads (no mail-bombing). */
export const RECIPIENT_DAILY_CAP = QUOTAS.recipientEmailsPerDay;
type OutreachRow = typeof outreachEmails.$inferSelect;

/** A send request as the route passed it: `to` lower-cased and checked for syntax. */
export type SendInput = SendEmailRequest;

/** The UTC day `now` falls in, as [start, end). */
export function utcDayBounds(now: Date): [Date, Date] {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return [start, new Date(start.getTime() + 24 * 60 * 60 * 1000)];
}

/**
 * Accepts an outreach email and queues it, in one transaction that first locks the user's row:
 * concurrent sends of one user run one at a time, so the daily cap and `request_id` hold under any
 * concurrency. In order: a known `request_id` answers its row (the same email: nothing new is
 * queued; different content: 40900); unknown lead 40400; lead not unlocked by this user 40300;
 * a recipient not among the revealed emails, verified `invalid`, or opted out 42200; today's cap
 * used 42901; today's RECIPIENT_DAILY_CAP emails to this address used 42902. Then the row
 * (`queued`) and its pg-boss job are written together.
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
      const same =
        existing.leadId === input.lead_id &&
        existing.toAddress === input.to &&
        existing.subject === input.subject &&
        existing.body === input.body &&
        existing.language === input.language;
      if (!same) throw new AppError(ErrorCode.CONFLICT, 'requestIdReused', {}, { field: 'request_id' });
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

    // The cap counts every email accepted today except those never sent because the recipient
    // opted out: queued, sending, sent and failed ones all count (a failed one may have reached
    // the recipient's server, and retrying must not buy extra sends).
    // Per recipient too, across leads (one address may sit on several leads), counted the same way.
    const [start, end] = utcDayBounds(now);
    const [today] = await tx
      .select({
        all: count(),
        toRecipient: sql<number>`count(*) filter (where ${outreachEmails.toAddress} = ${input.to})`,
      })
      .from(outreachEmails)
      .where(
        and(
          eq(outreachEmails.userId, user.id),
          gte(outreachEmails.createdAt, start),
          lt(outreachEmails.createdAt, end),
          ne(outreachEmails.status, 'suppressed'),
        ),
      );
    const retryAfter = Math.ceil((end.getTime() - now.getTime()) / 1000);
    if (Number(today?.all ?? 0) >= OUTREACH_DAILY_CAP) {
      throw new AppError(
        ErrorCode.DAILY_SEND_CAP,
        'dailySendCap',
        { cap: OUTREACH_DAILY_CAP },
        { cap: OUTREACH_DAILY_CAP, retry_after: retryAfter },
      );
    }
    if (Number(today?.toRecipient ?? 0) >= RECIPIENT_DAILY_CAP) {
      throw new AppError(
        ErrorCode.RECIPIENT_DAILY_CAP,
        'recipientDailyCap',
        { cap: RECIPIENT_DAILY_CAP },
        { cap: RECIPIENT_DAILY_CAP, retry_after: retryAfter },
      );
    }

    const [row] = await tx
      .insert(outreachEmails)
      .values({
        id: randomUUID(),
        userId: user.id,
        leadId: input.lead_id,
        requestId: input.request_id,
        toAddress: input.to,
        subject: input.subject,
        body: input.body,
        language: input.language,
        status: 'queued',
        createdAt: now,
      })
      .returning();
    await queue.enqueue(tx, row!.id);
    return row!;
  });
}

/** What `error` holds (`kind` or `kind: detail`): the catalogue's text for each kind. */
const ERROR_TEXT: Record<string, MessageKey> = {
  suppressed: 'sendSuppressed',
  interrupted: 'sendInterrupted',
  rejected: 'sendRejected',
  temporary: 'sendTemporary',
  gave_up: 'sendGaveUp',
};

/** What `error` says in the caller's language (an unknown kind is shown as stored). */
export function describeError(error: string | null, lang: Lang): string | null {
  if (!error) return null;
  const [kind = '', ...rest] = error.split(': ');
  const key = Object.hasOwn(ERROR_TEXT, kind) ? ERROR_TEXT[kind] : undefined;
  if (!key) return error;
  const detail = rest.join(': ').trim();
  return detail
    ? message(lang, 'sendErrorDetail', { error: message(lang, key), detail })
    : message(lang, key);
}

export function sentView(row: OutreachRow, leadName: string, lang: Lang): SentEmail {
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
  };
}

/** The lead's name for a row (leads have one name, shown as is in both languages). */
export async function leadName(services: Services, leadId: string): Promise<string> {
  const [lead] = await services.db.select({ name: leads.name }).from(leads).where(eq(leads.id, leadId));
  return lead?.name ?? '';
}

/** The caller's outreach emails, newest first, optionally of one status. */
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
  const rows = await services.db
    .select({ row: outreachEmails, leadName: leads.name })
    .from(outreachEmails)
    .innerJoin(leads, eq(leads.id, outreachEmails.leadId))
    .where(where)
    .orderBy(desc(outreachEmails.createdAt), desc(outreachEmails.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  const [total] = await services.db.select({ n: count() }).from(outreachEmails).where(where);
  return {
    items: rows.map(({ row, leadName: name }) => sentView(row, name, lang)),
    total: Number(total?.n ?? 0),
  };
}
