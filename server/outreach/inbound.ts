import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { emailSuppressions, outreachEmails, outreachSequences, users } from '../platform/db/schema.ts';
import { ErrorCode } from '../../contract/api.ts';
import { message } from '../i18n.ts';
import { AppError } from '../platform/errors.ts';
import { isolate, type Isolated } from '../platform/isolate.ts';
import { queueMail } from '../platform/mail.ts';
import type { Services } from '../platform/services.ts';
import { stopSequence, stopSequencesTo } from './sequences.ts';
import { plainLine, type InboundMessage, type InboundReading } from './inboundMessage.ts';

/*
 * The inbound mailbox of outreach (issue 15). With INBOUND_DOMAIN set, an outreach email's
 * Reply-To is reply+<sequence>.<tag>@INBOUND_DOMAIN and its envelope sender (where bounces go)
 * bounce+<sequence>.<tag>@INBOUND_DOMAIN. The domain's mail server posts every message it receives
 * to POST /api/outreach/inbound (docs/deploy.md: a Postfix pipe, or a provider's inbound route); a
 * reply stops the sequence and is passed on to the user, a permanent bounce suppresses the address.
 *
 * Whom to trust for what (issue 29): the envelope recipient (X-Envelope-To) is our mail server's
 * word, the headers are the sender's. A bounce counts only when the envelope names the sequence's
 * signed bounce address, and it suppresses only that sequence's own recipient, whatever the report
 * says: anyone can write a delivery report naming any address and any Message-ID. A reply may be
 * found by the envelope, a reply address in the headers or one of our Message-IDs it answers;
 * knowing either is knowing the sequence, and a reply only stops that one sequence.
 */

const TAG_LENGTH = 16;
const tag = (secret: string, kind: string, id: string) =>
  createHmac('sha256', secret)
    .update(`inbound:${kind}:${id}`)
    .digest('base64url')
    .slice(0, TAG_LENGTH)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x');

/** The reply and bounce addresses of a sequence. */
export function inboundAddress(domain: string, secret: string, sequenceId: string) {
  return {
    reply: `reply+${sequenceId}.${tag(secret, 'reply', sequenceId)}@${domain}`,
    bounce: `bounce+${sequenceId}.${tag(secret, 'bounce', sequenceId)}@${domain}`,
  };
}

/** The sequence an inbound address names, when its tag is genuine. */
export function readInboundAddress(
  secret: string,
  address: string,
): { kind: 'reply' | 'bounce'; sequenceId: string } | null {
  const match = /^(reply|bounce)\+([0-9a-f-]{36})\.([a-z0-9]{16})@/i.exec(address.trim().toLowerCase());
  if (!match) return null;
  const [, kind, id, given] = match as unknown as [string, 'reply' | 'bounce', string, string];
  const expected = tag(secret, kind, id);
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected)) ? { kind, sequenceId: id } : null;
}

/** A reading still running after this long is stopped, and the message is not read. */
export const INBOUND_READ_TIMEOUT_MS = 3_000;
/** Messages waiting for the reader; more are refused as busy (42900), and the mail server tries later. */
export const MAX_WAITING_READS = 16;

/** The inbound reader, off the event loop (platform/isolate.ts): one message at a time, 128 MB heap. */
const reader = isolate<Uint8Array, InboundReading>({
  url: new URL('./inboundWorker.ts', import.meta.url),
  timeoutMs: INBOUND_READ_TIMEOUT_MS,
  limits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
  maxWaiting: MAX_WAITING_READS,
});

/** Reads a raw message off the event loop, one at a time; 42900 at once when 16 are already waiting. */
export async function readInWorker(raw: Uint8Array): Promise<InboundReading> {
  // A copy the worker owns.
  const bytes = new Uint8Array(raw);
  return readingOf(await reader.run(bytes, [bytes.buffer]));
}

/**
 * What the reader's answer means for the message: its reading; a reading that ran too long is
 * `too_slow` and a crashed one `unreadable` (the message is ignored); a full waiting room is 42900
 * with retry_after 60, so the mail server tries again later.
 */
export function readingOf(read: Isolated<InboundReading>): InboundReading {
  if (read.ok) return read.value;
  if (read.reason === 'busy')
    throw new AppError(ErrorCode.RATE_LIMITED, 'rateLimited', { seconds: 60 }, { retry_after: 60 });
  return { ok: false, reason: read.reason === 'timeout' ? 'too_slow' : 'unreadable', detail: read.detail };
}

/** What the hook made of a message; `reason` says why one was ignored. */
export interface InboundResult {
  kind: 'reply' | 'auto_reply' | 'bounce' | 'ignored';
  reason?: 'not_ours' | 'forged' | 'not_failed' | 'report' | 'headers_too_large' | 'unreadable' | 'too_slow';
}

type Sequence = typeof outreachSequences.$inferSelect;

/** Envelope recipients read, at most (our mail server delivers one recipient per request). */
const MAX_ENVELOPE = 10;

/**
 * One received message (docs/deploy.md "Inbound mail"). To the signed bounce address of a sequence
 * (the envelope only): a delivery report of a permanent failure suppresses that sequence's
 * recipient and stops every sequence to it; another report is ignored; anything else is an
 * automatic answer (RFC 3834 answers the envelope sender) passed on to the user. Otherwise, a
 * message to a reply address or answering one of our Message-IDs stops that sequence as replied
 * (an automatic answer or a report does not) and is passed on to the user. Anything else, and any
 * message whose envelope names one of our addresses with a wrong tag, is ignored.
 */
export async function receiveInbound(
  services: Services,
  secret: string,
  raw: Uint8Array,
  envelopeTo: string[],
): Promise<InboundResult> {
  const envelope = envelopeTo.slice(0, MAX_ENVELOPE).map((address) => ({
    address,
    named: readInboundAddress(secret, address),
  }));
  // Our mail server delivered it to an address of ours that we never signed: forged.
  if (envelope.some((e) => e.named === null && /^(reply|bounce)\+/i.test(e.address.trim())))
    return { kind: 'ignored', reason: 'forged' };
  const read = await readInWorker(raw);
  if (!read.ok) return { kind: 'ignored', reason: read.reason };
  const mail = read.message;

  const bounce = envelope.find((e) => e.named?.kind === 'bounce')?.named;
  if (bounce) {
    const sequence = await sequenceById(services, bounce.sequenceId);
    return sequence
      ? receiveAtBounceAddress(services, sequence, mail)
      : { kind: 'ignored', reason: 'not_ours' };
  }

  const replyTo =
    envelope.find((e) => e.named?.kind === 'reply')?.named ??
    mail.recipients.map((a) => readInboundAddress(secret, a)).find((t) => t?.kind === 'reply');
  let sequence = replyTo ? await sequenceById(services, replyTo.sequenceId) : undefined;
  if (!replyTo && mail.answers.length) {
    const [row] = await services.db
      .select({ sequenceId: outreachEmails.sequenceId })
      .from(outreachEmails)
      .where(inArray(outreachEmails.id, mail.answers))
      .limit(1);
    if (row?.sequenceId) sequence = await sequenceById(services, row.sequenceId);
  }
  if (!sequence) return { kind: 'ignored', reason: 'not_ours' };
  const sequenceId = sequence.id;

  // A report (a delivery report sent to a reply address, a read receipt) is never a person's reply.
  const automatic = mail.automatic !== null || mail.report !== null;
  if (!automatic)
    await services.db.transaction((tx) => stopSequence(tx, sequenceId, 'replied', services.clock.now()));
  await passOn(services, sequence, mail);
  return { kind: automatic ? 'auto_reply' : 'reply' };
}

async function sequenceById(services: Services, id: string): Promise<Sequence | undefined> {
  const [sequence] = await services.db.select().from(outreachSequences).where(eq(outreachSequences.id, id));
  return sequence;
}

/** A message our mail server delivered to a sequence's signed bounce address (the envelope sender of its emails). */
async function receiveAtBounceAddress(
  services: Services,
  sequence: Sequence,
  mail: InboundMessage,
): Promise<InboundResult> {
  if (mail.report?.type === 'delivery-status') {
    const status = mail.report.failed;
    // Delayed, relayed or delivered: nothing to do.
    if (!status) return { kind: 'ignored', reason: 'not_failed' };
    // The sequence's own recipient, never what the report names: Final-Recipient is the sender's text.
    const address = sequence.toAddress.toLowerCase();
    const now = services.clock.now();
    await services.db.transaction(async (tx) => {
      await tx
        .insert(emailSuppressions)
        .values({ email: address, reason: 'bounce', createdAt: now })
        .onConflictDoNothing();
      const [last] = await tx
        .select({ id: outreachEmails.id })
        .from(outreachEmails)
        .where(and(eq(outreachEmails.sequenceId, sequence.id), eq(outreachEmails.status, 'sent')))
        .orderBy(desc(outreachEmails.step))
        .limit(1);
      if (last)
        await tx
          .update(outreachEmails)
          .set({ status: 'failed', error: `bounced: ${status}` })
          .where(eq(outreachEmails.id, last.id));
      await stopSequencesTo(tx, address, 'bounced', now);
    });
    return { kind: 'bounce' };
  }
  if (mail.report) return { kind: 'ignored', reason: 'report' };
  // An answer to the envelope sender is a machine's (RFC 3834 §4: autoresponders answer there).
  await passOn(services, sequence, mail);
  return { kind: 'auto_reply' };
}

/** Passes a received message on to the user's account email; a reply to it goes straight to the sender. */
async function passOn(services: Services, sequence: Sequence, mail: InboundMessage): Promise<void> {
  const [user] = await services.db.select().from(users).where(eq(users.id, sequence.userId));
  if (!user) return;
  const lang = user.language === 'en' ? 'en' : 'zh';
  const sender = mail.from ?? sequence.toAddress;
  const named = mail.fromName ? `${mail.fromName} <${sender}>` : sender;
  queueMail(services, {
    to: user.email,
    subject: plainLine(message(lang, 'replyForwardSubject', { from: sender, subject: mail.subject }), 250),
    text: `${message(lang, 'replyForwardText', { from: named })}\n\n${mail.text}`,
    kind: 'outreach-reply',
    replyTo: sender,
  });
}
