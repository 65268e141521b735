import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTREACH_DAILY_CAP } from '../../contract/limits.ts';
import { outreachEmails, outreachSequences } from '../../server/platform/db/schema.ts';
import { outreachEmailRow, testLead, userIdOf } from '../api/fixtures.ts';
import { startApi, type Api } from '../api/harness.ts';

/*
 * Releasing follow-ups from two instances at once on real PostgreSQL (queue.ts release): each
 * instance takes the due rows the other has not locked, and both count the user's day under the
 * user's row lock, so together they never queue more than the day's 50 (OUTREACH_DAILY_CAP).
 */

const HOUR = 60 * 60 * 1000;
const LEAD = testLead('L994001');
/** More follow-ups due than one release takes (100): the second release gets the rest. */
const DUE = 101;

let api: Api;
beforeAll(async () => {
  if (!process.env.DATABASE_URL)
    throw new Error('tests/pg needs DATABASE_URL (npm run test:pg starts a PostgreSQL)');
  // Follow-ups are released by the test; nothing is sent (no worker).
  api = await startApi({ leads: [LEAD], outreach: { work: false, releaseIntervalSeconds: 3600 } });
}, 60_000);
afterAll(() => api?.close());

describe('two releases at once on real PostgreSQL', () => {
  it(`${DUE} follow-ups due with ${OUTREACH_DAILY_CAP - 1} emails already sent today: one is queued, the others wait for tomorrow`, async () => {
    await api.signUp('releaser@example.com');
    const userId = await userIdOf(api, 'releaser@example.com');
    const now = api.clock.now();
    const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const today = new Date(dayStart.getTime() + HOUR);
    const yesterday = new Date(dayStart.getTime() - 12 * HOUR);
    api.clock.advance(dayStart.getTime() + 2 * HOUR - now.getTime());
    const db = api.database.db;
    // Today's 49 emails, already sent.
    await db.insert(outreachEmails).values(
      Array.from({ length: OUTREACH_DAILY_CAP - 1 }, (_, i) =>
        outreachEmailRow(userId, LEAD.id, `sent${i}@release-race.example`, {
          status: 'sent',
          createdAt: today,
          sentAt: today,
        }),
      ),
    );
    // 101 sequences to as many addresses: sent yesterday, a follow-up due an hour into today.
    for (let i = 0; i < DUE; i++) {
      const to = `due${i}@release-race.example`;
      const [sequence] = await db
        .insert(outreachSequences)
        .values({ id: randomUUID(), userId, leadId: LEAD.id, toAddress: to, createdAt: yesterday })
        .returning();
      await db.insert(outreachEmails).values([
        outreachEmailRow(userId, LEAD.id, to, {
          sequenceId: sequence!.id,
          step: 1,
          status: 'sent',
          createdAt: yesterday,
          sentAt: yesterday,
        }),
        outreachEmailRow(userId, LEAD.id, to, {
          sequenceId: sequence!.id,
          step: 2,
          status: 'scheduled',
          dueAt: today,
          createdAt: yesterday,
        }),
      ]);
    }

    const queue = api.services.outreach!;
    const released = await Promise.all([queue.release(), queue.release()]);
    expect(released.reduce((a, b) => a + b, 0)).toBe(1);
    const end = new Date(dayStart.getTime() + 24 * HOUR);
    const followUpsQueued = await db
      .select({ id: outreachEmails.id })
      .from(outreachEmails)
      .where(
        and(
          eq(outreachEmails.userId, userId),
          eq(outreachEmails.step, 2),
          eq(outreachEmails.status, 'queued'),
        ),
      );
    // With the 49 sent: the day's 50.
    expect(followUpsQueued).toHaveLength(1);
    // The rest wait for tomorrow, none dropped.
    const waiting = await db
      .select({ dueAt: outreachEmails.dueAt })
      .from(outreachEmails)
      .where(and(eq(outreachEmails.userId, userId), eq(outreachEmails.status, 'scheduled')));
    expect(waiting).toHaveLength(DUE - 1);
    for (const row of waiting) expect(row.dueAt).toEqual(end);
  });
});
