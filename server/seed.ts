import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from './platform/db/client.ts';
import { invitationCodes, redeemCodes, sessions, users } from './platform/db/schema.ts';
import { grantBeans } from './billing/ledger.ts';
import { revokeAllSessions } from './accounts/sessions.ts';

/** The demo logins printed at start (README). Passwords follow spec §5's rules. */
export const DEMO_ACCOUNT = { email: 'demo@honeyleads.example', password: 'Demo2026!' };
export const DEMO_AGENT = { email: 'agent@honeyleads.example', password: 'Agent2026!' };
const DEMO_BEANS = 20;
/** Each demo login and whether it is an agent (`users.is_agent`). */
const DEMO_LOGINS = [
  [DEMO_ACCOUNT, 0],
  [DEMO_AGENT, 1],
] as const;

// argon2id with OWASP's parameters, as for every password (server/accounts/service.ts).
const ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
/**
 * The salt of a disabled demo account's hash, which marks it as disabled by a public start (the
 * next start knows; a local start gives the public password back). What it hashes is 32 random
 * bytes nobody keeps, so a login fails exactly as a wrong password does, in the same time.
 */
const DISABLED_SALT = Buffer.from('honeyleads:demo-disabled');
const DISABLED_MARK = `$${DISABLED_SALT.toString('base64').replace(/=/g, '')}$`;

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
 * passwords are public, so never on a public site: config.ts). Later starts change nothing, but
 * give back what a public start took (disableDemoAccounts). No redeem codes: those are minted with
 * `npm run codes`, which prints them (never the server log).
 */
export async function seedDemo(db: Db): Promise<void> {
  for (const [account, isAgent] of DEMO_LOGINS) {
    const [existing] = await db
      .select({ id: users.id, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, account.email));
    if (existing) {
      if (existing.passwordHash.includes(DISABLED_MARK))
        await db
          .update(users)
          .set({ passwordHash: await hash(account.password, ARGON2), isAgent })
          .where(eq(users.id, existing.id));
      continue;
    }
    const [created] = await db
      .insert(users)
      .values({
        email: account.email,
        passwordHash: await hash(account.password, ARGON2),
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

/** A demo login found on a public site, and what disabling it changed. */
export interface DisabledDemo {
  email: string;
  /** False when an earlier start had already disabled it and nothing was left to take. */
  changed: boolean;
  sessions: number;
  invitationCodes: number;
}

/**
 * Disables the demo logins a local start seeded, for a public site (their passwords are in the
 * README): no usable password, every session revoked, no agent rights, and the demo agent's
 * unused invitation codes deleted. Run at every start of a public site; a second run changes
 * nothing. Accounts that were never seeded are not created.
 */
export async function disableDemoAccounts(db: Db, now: Date): Promise<DisabledDemo[]> {
  const found: DisabledDemo[] = [];
  for (const [account] of DEMO_LOGINS) {
    const [user] = await db
      .select({ id: users.id, passwordHash: users.passwordHash, isAgent: users.isAgent })
      .from(users)
      .where(eq(users.email, account.email));
    if (!user) continue;
    const disabled = user.passwordHash.includes(DISABLED_MARK);
    const passwordHash = disabled
      ? user.passwordHash
      : await hash(randomBytes(32), { ...ARGON2, salt: DISABLED_SALT });
    const { sessions: revoked, codes } = await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, isAgent: 0 }).where(eq(users.id, user.id));
      const live = await tx
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
      await revokeAllSessions(tx, user.id, now);
      const deleted = await tx
        .delete(invitationCodes)
        .where(and(eq(invitationCodes.agentId, user.id), isNull(invitationCodes.usedBy)))
        .returning({ code: invitationCodes.code });
      return { sessions: live.length, codes: deleted.length };
    });
    found.push({
      email: account.email,
      changed: !disabled || user.isAgent !== 0 || revoked > 0 || codes > 0,
      sessions: revoked,
      invitationCodes: codes,
    });
  }
  return found;
}
