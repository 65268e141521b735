import type { OutreachDraft, SentEmail } from '../../contract/api.ts';
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
  return sentView(row, await leadName(services, row.leadId), lang);
}

/** The address an unsubscribe link names, or null when the link is not genuine (or outreach is off). */
export function unsubscribeAddress(services: Services, token: string | undefined): string | null {
  return services.outreach ? verifyUnsubscribeToken(services.outreach.secret(), token) : null;
}

/** Unsubscribes the address a genuine link names (idempotent); null when the link is not genuine. */
export async function unsubscribe(services: Services, token: string | undefined): Promise<string | null> {
  const email = unsubscribeAddress(services, token);
  if (!email) return null;
  await services.db
    .insert(emailSuppressions)
    .values({ email, reason: 'unsubscribe', createdAt: services.clock.now() })
    .onConflictDoNothing();
  return email;
}
