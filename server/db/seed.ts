import { hash } from '@node-rs/argon2';
import { and, eq, isNull, like } from 'drizzle-orm';
import type { Db } from './client.ts';
import { redeemCodes, users } from './schema.ts';
import { grantBeans } from '../services/ledger.ts';
import { mintCodes } from '../services/redeem.ts';

/** The demo logins printed at start (README). Passwords follow spec §5's rules. */
export const DEMO_ACCOUNT = { email: 'demo@honeyleads.example', password: 'Demo2026!' };
export const DEMO_AGENT = { email: 'agent@honeyleads.example', password: 'Agent2026!' };
const DEMO_BEANS = 20;
const DEMO_CODE_BEANS = 50;

/**
 * On first start: a verified demo account with beans, a demo agent and a few unused redeem codes.
 * Later starts change nothing and report the codes still unused.
 */
export async function seedDemo(db: Db, extraCodes?: string): Promise<{ codes: string[] }> {
  for (const pair of extraCodes?.split(',') ?? []) {
    const [code, beans] = pair.split(':');
    await db
      .insert(redeemCodes)
      .values({ code: code!, beans: Number(beans) })
      .onConflictDoNothing();
  }
  for (const [account, isAgent] of [
    [DEMO_ACCOUNT, 0],
    [DEMO_AGENT, 1],
  ] as const) {
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
    if (existing) continue;
    const [created] = await db
      .insert(users)
      .values({
        email: account.email,
        passwordHash: await hash(account.password, { memoryCost: 19456, timeCost: 2, parallelism: 1 }),
        userName: isAgent ? 'Demo Agent' : 'Demo',
        isAgent,
        emailVerifiedAt: new Date(),
      })
      .returning({ id: users.id });
    await db.transaction((tx) =>
      grantBeans(tx, created!.id, DEMO_BEANS, 'adjustment', 'demo account', 'demo-seed'),
    );
  }
  let codes = (
    await db
      .select({ code: redeemCodes.code })
      .from(redeemCodes)
      .where(and(isNull(redeemCodes.redeemedBy), like(redeemCodes.code, 'HONEY-%')))
      .limit(5)
  ).map((row) => row.code);
  if (codes.length === 0) {
    const [anyCode] = await db.select({ code: redeemCodes.code }).from(redeemCodes).limit(1);
    if (!anyCode) codes = await mintCodes(db, DEMO_CODE_BEANS, 3);
  }
  return { codes };
}
