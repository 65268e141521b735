import { timingSafeEqual } from 'node:crypto';
import { ErrorCode, type OutreachDraft, type SentEmail } from '../../contract/api.ts';
import { AppError } from '../platform/errors.ts';
import { receiveInbound, type InboundResult } from './inbound.ts';
import { sequenceViews, stopSequencesTo } from './sequences.ts';
import { emailSuppressions, type UserRow } from '../platform/db/schema.ts';
import type { Lang } from '../i18n.ts';
import { llmLimits } from '../platform/limits.ts';
import { hitAll } from '../platform/rateLimit.ts';
import type { Services } from '../platform/services.ts';
import { generateDraft } from './draft.ts';
import { leadName, queueSend, sentView, type SendInput } from './send.ts';
import { verifyUnsubscribeToken } from './unsubscribe.ts';

/** A draft for a lead, counted against the user's LLM budget first: a refused request never reaches the LLM. */
export async function draftEmail(
  services: Services,
  user: UserRow,
  input: Parameters<typeof generateDraft>[2],
  reader: Lang,
): Promise<OutreachDraft> {
  await hitAll(services, llmLimits(user.id));
  return generateDraft(services, user, input, reader);
}

/** Queues an email and answers it as the sent list shows it. */
export async function sendEmail(
  services: Services,
  user: UserRow,
  input: SendInput,
  lang: Lang,
): Promise<SentEmail> {
  const row = await queueSend(services, user, input);
  const sequences = await sequenceViews(services.db, row.sequenceId ? [row.sequenceId] : []);
  return sentView(
    row,
    await leadName(services, row.leadId),
    lang,
    sequences.get(row.sequenceId ?? '') ?? null,
  );
}

/** The address an unsubscribe link names, or null when the link is not genuine (or outreach is off). */
export function unsubscribeAddress(services: Services, token: string | undefined): string | null {
  return services.outreach ? verifyUnsubscribeToken(services.outreach.secret(), token) : null;
}

/** Unsubscribes the address a genuine link names (idempotent); null when the link is not genuine. */
export async function unsubscribe(services: Services, token: string | undefined): Promise<string | null> {
  const email = unsubscribeAddress(services, token);
  if (!email) return null;
  const now = services.clock.now();
  await services.db.transaction(async (tx) => {
    await tx
      .insert(emailSuppressions)
      .values({ email, reason: 'unsubscribe', createdAt: now })
      .onConflictDoNothing();
    // No follow-up goes to an address that opted out, from anyone (issue 15).
    await stopSequencesTo(tx, email, 'unsubscribed', now);
  });
  return email;
}

/**
 * POST /outreach/inbound: a message the inbound mailbox received (inbound.ts). 40400 while no
 * inbound mailbox is configured; 40300 without the right secret.
 */
export async function inbound(
  services: Services,
  given: string | undefined,
  raw: Uint8Array,
  envelopeTo: string[],
): Promise<InboundResult> {
  if (!services.inbound || !services.outreach) throw new AppError(ErrorCode.NOT_FOUND, 'notFound');
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(services.inbound.secret);
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw new AppError(ErrorCode.FORBIDDEN, 'forbidden');
  return receiveInbound(services, services.outreach.secret(), raw, envelopeTo);
}
