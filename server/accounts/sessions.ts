import { and, eq, gt, isNull } from 'drizzle-orm';
import { sessions, users, type UserRow } from '../platform/db/schema.ts';
import type { Executor } from '../billing/ledger.ts';
import type { Services } from '../platform/services.ts';
import { newToken, sha256 } from '../platform/crypto.ts';
import { inUtc } from '../platform/time.ts';

/** A user's row, as the HTTP layer holds the signed-in user. */
export type { UserRow };

/** Sessions last 30 days from login (docs/api.md). */
export const SESSION_DAYS = 30;

/** Starts a session: returns the token, stores only its hash. */
export async function createSession(
  { db, clock }: Pick<Services, 'db' | 'clock'>,
  userId: number,
  deviceId?: string,
): Promise<string> {
  const token = newToken();
  const now = clock.now();
  await db.insert(sessions).values({
    userId,
    tokenHash: sha256(token),
    deviceId: deviceId ?? null,
    createdAt: now,
    expiresAt: inUtc(now).add(SESSION_DAYS, 'day').toDate(),
  });
  return token;
}

/** The user a token belongs to, or null when it is unknown, expired or revoked. */
export async function userForToken({ db, clock }: Pick<Services, 'db' | 'clock'>, token: string | undefined) {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({ user: users, sessionId: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sha256(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, clock.now()),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Revokes one session (logout). */
export async function revokeSession(tx: Executor, sessionId: number, now: Date): Promise<void> {
  await tx.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}

/** Revokes every session of a user (password reset). */
export async function revokeAllSessions(tx: Executor, userId: number, now: Date): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
