import { and, eq, inArray } from 'drizzle-orm';
import { ErrorCode } from '../../contract/api.ts';
import type { Db } from '../platform/db/client.ts';
import { emailSuppressions, leadContacts, leadPeople, leads, unlocks } from '../platform/db/schema.ts';
import { AppError } from '../platform/errors.ts';

type LeadRow = typeof leads.$inferSelect;

/** A lead's email as the user sees it after unlocking: the address and its verification status. */
export interface RevealedEmail {
  email: string;
  status: string;
  /** The name of the person the address belongs to (issue 14); null for a company address (info@). */
  person: string | null;
}

/** Order of preference among the addresses that may be mailed: verified ones first. */
const STATUS_RANK: Record<string, number> = { valid: 0, risky: 1, unknown: 2 };

/**
 * The lead and the emails the user has revealed on it (five at unlock, more with "find more
 * emails": `unlocks.emails_shown`). Unknown lead: 40400; a lead this user has not unlocked: 40300
 * (another user's unlock never counts).
 */
export async function revealedEmails(
  db: Pick<Db, 'select'>,
  userId: number,
  leadId: string,
): Promise<{ lead: LeadRow; emails: RevealedEmail[] }> {
  const [lead] = await db.select().from(leads).where(eq(leads.id, leadId));
  if (!lead) throw new AppError(ErrorCode.NOT_FOUND, 'notFound');
  const [unlock] = await db
    .select()
    .from(unlocks)
    .where(and(eq(unlocks.userId, userId), eq(unlocks.leadId, leadId)));
  if (!unlock) throw new AppError(ErrorCode.FORBIDDEN, 'notUnlocked');
  const rows = await db
    .select({ value: leadContacts.value, label: leadContacts.label, person: leadPeople.name })
    .from(leadContacts)
    .leftJoin(leadPeople, eq(leadPeople.id, leadContacts.personId))
    .where(and(eq(leadContacts.leadId, leadId), eq(leadContacts.kind, 'email')))
    .orderBy(leadContacts.position, leadContacts.id)
    .limit(unlock.emailsShown);
  return {
    lead,
    emails: rows.map((row) => ({
      email: row.value.trim().toLowerCase(),
      status: row.label,
      // A blank name greets no one (writer.ts greetedName).
      person: row.person,
    })),
  };
}

/** The addresses among `emails` (lower-cased) that opted out or must not be mailed. */
export async function suppressedAmong(db: Pick<Db, 'select'>, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .select({ email: emailSuppressions.email })
    .from(emailSuppressions)
    .where(inArray(emailSuppressions.email, emails));
  return new Set(rows.map((row) => row.email));
}

/**
 * The addresses a draft may go to: revealed, not `invalid`, not suppressed, each once, verified
 * ones first (then the lead's own order).
 */
export function mailable(emails: RevealedEmail[], suppressed: Set<string>): string[] {
  const seen = new Set<string>();
  // Array sort is stable: within a status the lead's order stays.
  return emails
    .filter((entry) => entry.status !== 'invalid' && !suppressed.has(entry.email))
    .sort((a, b) => (STATUS_RANK[a.status] ?? 3) - (STATUS_RANK[b.status] ?? 3))
    .map((entry) => entry.email)
    .filter((email) => !seen.has(email) && Boolean(seen.add(email)));
}
