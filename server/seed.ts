import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { Db } from './platform/db/client.ts';
import { redeemCodes, users } from './platform/db/schema.ts';
import { grantBeans } from './billing/ledger.ts';

/** The demo logins printed at start (README). Passwords follow spec §5's rules. */
export const DEMO_ACCOUNT = { email: 'demo@honeyleads.example', password: 'Demo2026!' };
export const DEMO_AGENT = { email: 'agent@honeyleads.example', password: 'Agent2026!' };
const DEMO_BEANS = 20;

/** Inserts `CODE:BEANS,CODE:BEANS` redeem codes whose values the operator already knows (SEED_REDEEM_CODES). */
export async function seedRedeemCodes(db: Db, spec: string): Promise<void> {
  for (const pair of spec.split(',')) {
    const [code, beans] = pair.split(':');
    await db
      .insert(redeemCodes)
      .values({ code: code!, beans: Number(beans) })
      .onConflictDoNothing();
  }
}

/**
 * On first start of a local demo: a verified demo account with beans and a demo agent (their
 * passwords are public, so never on a public site: config.ts). Later starts change nothing. No
 * redeem codes: those are minted with `npm run codes`, which prints them (never the server log).
 */
export async function seedDemo(db: Db): Promise<void> {
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
      grantBeans(tx, created!.id, DEMO_BEANS, 'adjustment', { note: 'demo' }, 'demo-seed'),
    );
  }
}
