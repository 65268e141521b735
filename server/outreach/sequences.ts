import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { SequenceView } from '../../contract/api.ts';
import type { Db } from '../platform/db/client.ts';
import { emailSuppressions, outreachEmails, outreachSequences } from '../platform/db/schema.ts';

export type StopReason = NonNullable<SequenceView['stop_reason']>;
type Tx = Pick<Db, 'update' | 'select'>;

/**
 * Stops one sequence (if it is still active) and cancels its steps still scheduled, in the caller's
 * transaction. A reply is also remembered when the sequence had already ended.
 */
export async function stopSequence(tx: Tx, id: string, reason: StopReason, now: Date): Promise<void> {
  await tx
    .update(outreachSequences)
    .set({ state: 'stopped', stopReason: reason, updatedAt: now })
    .where(and(eq(outreachSequences.id, id), eq(outreachSequences.state, 'active')));
  if (reason === 'replied')
    await tx
      .update(outreachSequences)
      .set({ repliedAt: now, updatedAt: now })
      .where(and(eq(outreachSequences.id, id), sql`${outreachSequences.repliedAt} IS NULL`));
  await tx
    .update(outreachEmails)
    .set({ status: 'cancelled', error: `stopped: ${reason}` })
    .where(and(eq(outreachEmails.sequenceId, id), eq(outreachEmails.status, 'scheduled')));
}

/**
 * Stops every active sequence to an address, whoever sent it: the address unsubscribed or bounced,
 * so no follow-up goes to it from anyone.
 */
export async function stopSequencesTo(tx: Tx, address: string, reason: StopReason, now: Date): Promise<void> {
  const active = await tx
    .select({ id: outreachSequences.id })
    .from(outreachSequences)
    .where(
      and(eq(outreachSequences.toAddress, address.toLowerCase()), eq(outreachSequences.state, 'active')),
    );
  for (const { id } of active) await stopSequence(tx, id, reason, now);
}

/** The sent list's view of sequences, by id: state, steps, and the address's replies, bounce or opt-out. */
export async function sequenceViews(
  db: Pick<Db, 'select'>,
  ids: string[],
): Promise<Map<string, SequenceView>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(outreachSequences).where(inArray(outreachSequences.id, unique));
  const steps = await db
    .select({ id: outreachEmails.sequenceId, n: count() })
    .from(outreachEmails)
    .where(inArray(outreachEmails.sequenceId, unique))
    .groupBy(outreachEmails.sequenceId);
  const suppressed = await db
    .select()
    .from(emailSuppressions)
    .where(
      inArray(
        emailSuppressions.email,
        rows.map((r) => r.toAddress),
      ),
    );
  const reasonOf = new Map(suppressed.map((s) => [s.email, s.reason]));
  const stepsOf = new Map(steps.map((s) => [s.id, Number(s.n)]));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        state: row.state,
        stop_reason: row.stopReason,
        steps: stepsOf.get(row.id) ?? 1,
        replied: row.repliedAt !== null,
        bounced: row.stopReason === 'bounced' || reasonOf.get(row.toAddress) === 'bounce',
        unsubscribed: reasonOf.get(row.toAddress) === 'unsubscribe',
      },
    ]),
  );
}
