import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outreachEmails, outreachSequences } from '../../server/platform/db/schema.ts';
import { outreachEmailRow, testLead, userIdOf } from '../api/fixtures.ts';
import { startApi, type Api } from '../api/harness.ts';

/*
 * A bounce settles the email ("failed") and stops its sequence in one transaction
 * (queue.ts). The thread and the sent list read the emails, then their sequences: when that
 * transaction commits between the two reads, each must still show one moment, never a stopped sequence
 * whose email is still "sending". The test commits it exactly there, every run.
 */

const LEAD = testLead('L994101');
let api: Api;
beforeAll(async () => {
  if (!process.env.DATABASE_URL)
    throw new Error('tests/pg needs DATABASE_URL (npm run test:pg starts a PostgreSQL)');
  api = await startApi({ leads: [LEAD], outreach: { work: false, releaseIntervalSeconds: 3600 } });
}, 60_000);
afterAll(() => api?.close());

type Seen = {
  emails: { status: string }[];
  sequence: { state: string; bounced: boolean; stop_reason: string | null };
};
const READS = {
  'GET /outreach/thread': async (token: string, sequenceId: string): Promise<Seen> =>
    (await api.call('GET', `/outreach/thread?sequence_id=${sequenceId}`, { token, lang: 'en' })).body.data,
  'GET /outreach/sent': async (token: string): Promise<Seen> => {
    const { items } = (await api.call('GET', '/outreach/sent?page=1&page_size=20', { token, lang: 'en' }))
      .body.data;
    const first = items.find((e: { step: number }) => e.step === 1);
    return { emails: [first], sequence: first.sequence };
  },
};

describe('a read while a bounce settles, on real PostgreSQL', () => {
  it.each(Object.keys(READS) as (keyof typeof READS)[])(
    '%s shows the email and its sequence from one moment',
    async (read) => {
      const email = `reader-${read.split('/').pop()}@example.com`;
      const token = await api.signUp(email);
      const userId = await userIdOf(api, email);
      const db = api.database.db;
      const to = `buyer-${read.split('/').pop()}@thread-race.example`;
      const [sequence] = await db
        .insert(outreachSequences)
        .values({ id: randomUUID(), userId, leadId: LEAD.id, toAddress: to, createdAt: api.clock.now() })
        .returning();
      const [first] = await db
        .insert(outreachEmails)
        .values([
          outreachEmailRow(userId, LEAD.id, to, { sequenceId: sequence!.id, step: 1, status: 'sending' }),
          outreachEmailRow(userId, LEAD.id, to, {
            sequenceId: sequence!.id,
            step: 2,
            status: 'scheduled',
            dueAt: new Date(api.clock.now().getTime() + 86_400_000),
          }),
        ])
        .returning();

      // The bounce, as queue.ts settles it, committed right after the thread's emails were read.
      const settle = () =>
        db.transaction(async (tx) => {
          await tx
            .update(outreachEmails)
            .set({ status: 'failed', error: 'bounced: 550 5.1.1 User unknown' })
            .where(eq(outreachEmails.id, first!.id));
          await tx
            .update(outreachSequences)
            .set({ state: 'stopped', stopReason: 'bounced' })
            .where(eq(outreachSequences.id, sequence!.id));
        });
      const query = pg.Client.prototype.query;
      let armed = true;
      pg.Client.prototype.query = async function (this: pg.Client, ...args: unknown[]) {
        const result = await (query as (...a: unknown[]) => Promise<unknown>).apply(this, args);
        const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string })?.text;
        if (armed && / from "outreach_emails" inner join "leads"/.test(text ?? '')) {
          armed = false;
          await settle();
        }
        return result;
      } as typeof query;
      let data: Seen;
      try {
        data = await READS[read](token, sequence!.id);
      } finally {
        pg.Client.prototype.query = query;
      }
      expect(armed).toBe(false);
      // Read before the bounce: the email is still going and the sequence still active.
      expect([data.emails[0]!.status, data.sequence.state, data.sequence.bounced]).toEqual([
        'sending',
        'active',
        false,
      ]);
      // The bounce did commit: read again, both show it.
      const after = (
        await api.call('GET', `/outreach/thread?sequence_id=${sequence!.id}`, { token, lang: 'en' })
      ).body.data;
      expect([after.emails[0]!.status, after.sequence.state, after.sequence.stop_reason]).toEqual([
        'failed',
        'stopped',
        'bounced',
      ]);
    },
  );
});
