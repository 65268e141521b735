import { hash } from '@node-rs/argon2';
import { and, eq, isNull, sql, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/platform/db/client.ts';
import { emailCodes, ledger, redeemCodes, users } from '../../server/platform/db/schema.ts';
import { recordShown } from '../../server/leads/service.ts';
import { grantBeans } from '../../server/billing/ledger.ts';
import { mintCodes } from '../../server/billing/redeem.ts';
import { createSession } from '../../server/accounts/sessions.ts';
import { startApi, type Api } from '../api/harness.ts';

const CONCURRENT = 50;
const ROUNDS = 20;
let api: Api;
let tokens: string[];

beforeAll(async () => {
  if (!process.env.DATABASE_URL)
    throw new Error('tests/pg needs DATABASE_URL (npm run test:pg starts a PostgreSQL)');
  api = await startApi();
  const passwordHash = await hash('Secret123');
  const rows = await api.database.db
    .insert(users)
    .values(
      Array.from({ length: CONCURRENT }, (_, i) => ({
        email: `racer${i}@example.com`,
        passwordHash,
        userName: `racer${i}`,
        emailVerifiedAt: new Date(),
      })),
    )
    .returning({ id: users.id });
  tokens = await Promise.all(rows.map((row) => createSession(api.services, row.id)));
});
afterAll(() => api?.close());

/** Fires `CONCURRENT` redemptions of one code at once; returns how many succeeded. */
async function race(redeem: (i: number, code: string) => Promise<boolean>): Promise<number[]> {
  const winners: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const [code] = await mintCodes(api.database.db, 10, 1);
    const results = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => redeem(i, code!)));
    winners.push(results.filter(Boolean).length);
    api.clock.advance(11 * 60_000);
  }
  return winners;
}

/** The naive read-check-write version the race test must catch. */
async function naiveRedeem(db: Db, userId: number, code: string): Promise<boolean> {
  const [row] = await db.select().from(redeemCodes).where(eq(redeemCodes.code, code));
  if (!row || row.redeemedBy !== null) return false;
  await new Promise((resolve) => setTimeout(resolve, 5));
  await db.update(redeemCodes).set({ redeemedBy: userId }).where(eq(redeemCodes.code, code));
  await db.transaction((tx) => grantBeans(tx, userId, row.beans, 'redeem', { text: code }, `naive:${code}`));
  return true;
}

describe('races on real PostgreSQL (security guide)', () => {
  it(`${CONCURRENT} concurrent redemptions of one code x ${ROUNDS} rounds: exactly one succeeds each round`, async () => {
    const winners = await race(async (i, code) => {
      const res = await api.call('POST', '/user/redeem_point', {
        token: tokens[i],
        body: { code },
        ip: `198.51.100.${i}`,
      });
      if (res.body.code !== 0 && res.body.code !== 40901) throw new Error(JSON.stringify(res.body));
      return res.body.code === 0;
    });
    expect(winners).toEqual(Array(ROUNDS).fill(1));
    // The ledger sums right: one 10-bean row per round, and every balance equals its ledger.
    const [redeemed] = await api.database.db
      .select({ total: sum(ledger.amount) })
      .from(ledger)
      .where(eq(ledger.reason, 'redeem'));
    expect(Number(redeemed!.total)).toBe(ROUNDS * 10);
    const mismatched = await api.database.db.execute(sql`
      SELECT u.id FROM users u LEFT JOIN ledger l ON l.user_id = u.id
      GROUP BY u.id, u.point, u.bp_used HAVING COALESCE(SUM(l.amount), 0) <> u.point - u.bp_used`);
    expect((mismatched as unknown as { rows: unknown[] }).rows).toEqual([]);
  });

  it('the same race catches a naive read-check-write redemption', async () => {
    const ids = (
      await api.database.db.select({ id: users.id }).from(users).where(isNull(users.invitationCode))
    ).map((r) => r.id);
    const winners = await race((i, code) => naiveRedeem(api.database.db, ids[i]!, code));
    expect(winners.some((count) => count > 1)).toBe(true);
  });

  it('concurrent spends never overdraw a balance', async () => {
    const [user] = await api.database.db.select().from(users).where(eq(users.email, 'racer0@example.com'));
    const { spendBeans } = await import('../../server/billing/ledger.ts');
    const balance = user!.point - user!.bpUsed;
    const results = await Promise.all(
      Array.from({ length: balance + 10 }, (_, i) =>
        api.database.db.transaction((tx) =>
          spendBeans(tx, user!.id, 1, 'unlock', { text: 'race' }, `race-spend-${i}`),
        ),
      ),
    );
    expect(results.filter((r) => r === 'spent')).toHaveLength(balance);
    const [after] = await api.database.db
      .select()
      .from(users)
      .where(and(eq(users.id, user!.id)));
    expect(after!.point - after!.bpUsed).toBe(0);
  });
});

describe('unlock races on real PostgreSQL', () => {
  it('20 concurrent unlocks of one lead charge exactly one bean', async () => {
    const { insertLeads } = await import('../../server/leads/seed.ts');
    const { generateLeads } = await import('../../server/leads/generate.ts');
    const rows = generateLeads({ perMajor: 1, perOther: 0 })
      .filter((lead) => lead.contacts.length > 0)
      .slice(0, 1);
    await insertLeads(api.database.db, rows);
    const token = tokens[1]!;
    // Beans through the ledger, as every grant is made.
    const [racer] = await api.database.db.select().from(users).where(eq(users.email, 'racer1@example.com'));
    await api.database.db.transaction((tx) =>
      grantBeans(tx, racer!.id, 5, 'adjustment', { text: 'unlock race' }, 'unlock-race-grant'),
    );
    await recordShown(api.database.db, racer!.id, [rows[0]!.id]);
    const before = (await api.call('GET', '/user/user_info', { token })).body.data;
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        api.call('POST', '/leads/unlock', { token, body: { lead_id: rows[0]!.id } }),
      ),
    );
    expect(results.every((r) => r.body.code === 0)).toBe(true);
    const after = (await api.call('GET', '/user/user_info', { token })).body.data;
    expect(after.bp_used - before.bp_used).toBe(1);
    const [charges] = await api.database.db
      .select({ total: sum(ledger.amount) })
      .from(ledger)
      .where(eq(ledger.ref, `unlock:${rows[0]!.id}`));
    expect(Number(charges!.total)).toBe(-1);
  });
});

describe('emailed code races on real PostgreSQL', () => {
  it('of two reset codes whose inserts commit out of order, only the newest stays usable', async () => {
    const { requestReset } = await import('../../server/accounts/service.ts');
    const email = 'racer30@example.com';
    // The first code's insert takes its id, then waits half a second before it commits; the second
    // takes the next id and commits meanwhile, so it cannot see the first to retire it.
    await api.database.db.execute(sql`
      CREATE FUNCTION test_slow_first_code() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.email = ${sql.raw(`'${email}'`)} AND pg_try_advisory_xact_lock(4242) THEN
          PERFORM pg_sleep(0.5);
        END IF;
        RETURN NEW;
      END $$`);
    await api.database.db.execute(sql`
      CREATE TRIGGER test_slow_first_code BEFORE INSERT ON email_codes
      FOR EACH ROW EXECUTE FUNCTION test_slow_first_code()`);
    try {
      await requestReset(api.services, email, { ip: '203.0.113.1', lang: 'zh' });
      await new Promise((resolve) => setTimeout(resolve, 150));
      await requestReset(api.services, email, { ip: '203.0.113.2', lang: 'zh' });
      await api.settled();
    } finally {
      await api.database.db.execute(sql`DROP TRIGGER test_slow_first_code ON email_codes`);
      await api.database.db.execute(sql`DROP FUNCTION test_slow_first_code()`);
    }
    const rows = await api.database.db
      .select({ id: emailCodes.id, usedAt: emailCodes.usedAt })
      .from(emailCodes)
      .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, 'reset')))
      .orderBy(emailCodes.id);
    expect(rows).toHaveLength(2);
    expect(rows.filter((row) => row.usedAt === null).map((row) => row.id)).toEqual([rows[1]!.id]);
  });
});
