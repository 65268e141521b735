import { and, eq, gt, isNull, ne, or } from 'drizzle-orm';
import { sessions, users, type UserRow } from '../platform/db/schema.ts';
import type { Executor } from '../billing/ledger.ts';
import type { Services } from '../platform/services.ts';
import { newToken, sha256 } from '../platform/crypto.ts';
import { inUtc } from '../platform/time.ts';

/** A user's row, as the HTTP layer holds the signed-in user. */
export type { UserRow };

/** How long sessions and their tokens live (docs/api.md "Sessions"). */
export const SESSION = {
  /** A session ends this many days after login, however it is used. */
  days: 30,
  /** A session unused this many days ends (sliding: each use starts the count again). */
  idleDays: 7,
  /** A token this many hours old is replaced on its next use; the answer carries the new one. */
  rotateHours: 24,
  /** A replaced token still works this long, for requests already on their way and other tabs. */
  graceSeconds: 120,
  /** The last use is written at most this often (not a write per request). */
  touchMinutes: 5,
} as const;
/** The response header that carries a session's new token (docs/api.md "Sessions"). */
export const NEW_TOKEN_HEADER = 'New-Token';

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
    expiresAt: inUtc(now).add(SESSION.days, 'day').toDate(),
    lastUsedAt: now,
    tokenCreatedAt: now,
  });
  return token;
}

/** A signed-in request's session: its user, and the new token when this request rotated it. */
export interface SignedIn {
  user: UserRow;
  sessionId: number;
  /** Set when the token was replaced by this request: the client must use it from now on. */
  newToken?: string;
}

/**
 * The session a token opens, or null when it is unknown, revoked, past its 30 days, unused for 7
 * days, or a replaced token past its grace. Records the use (at most every few minutes) and
 * replaces a token older than a day: the old one keeps working for the grace period only.
 */
export async function userForToken(
  { db, clock }: Pick<Services, 'db' | 'clock'>,
  token: string | undefined,
): Promise<SignedIn | null> {
  if (!token || token.length > 200) return null;
  const now = clock.now();
  const hash = sha256(token);
  const [row] = await db
    .select({
      user: users,
      sessionId: sessions.id,
      tokenHash: sessions.tokenHash,
      tokenCreatedAt: sessions.tokenCreatedAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        or(eq(sessions.tokenHash, hash), eq(sessions.previousTokenHash, hash)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastUsedAt, inUtc(now).subtract(SESSION.idleDays, 'day').toDate()),
      ),
    )
    .limit(1);
  if (!row) return null;
  const signedIn: SignedIn = { user: row.user, sessionId: row.sessionId };
  if (row.tokenHash !== hash) {
    // A replaced token: only within the grace period after its replacement.
    const graceEnds = inUtc(row.tokenCreatedAt).add(SESSION.graceSeconds, 'second').toDate();
    return now < graceEnds ? signedIn : null;
  }
  if (row.tokenCreatedAt <= inUtc(now).subtract(SESSION.rotateHours, 'hour').toDate()) {
    const next = newToken();
    // Only one of concurrent requests replaces it; the others carry on with the old token (grace).
    const rotated = await db
      .update(sessions)
      .set({ tokenHash: sha256(next), previousTokenHash: hash, tokenCreatedAt: now, lastUsedAt: now })
      .where(and(eq(sessions.id, row.sessionId), eq(sessions.tokenHash, hash)))
      .returning({ id: sessions.id });
    if (rotated.length > 0) signedIn.newToken = next;
  } else if (row.lastUsedAt <= inUtc(now).subtract(SESSION.touchMinutes, 'minute').toDate()) {
    await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, row.sessionId));
  }
  return signedIn;
}

/**
 * Gives a session a new token at once, with no grace for the old ones (after a password change:
 * whoever else holds this session's token is signed out too). Returns the new token.
 */
export async function replaceToken(tx: Executor, sessionId: number, now: Date): Promise<string> {
  const token = newToken();
  await tx
    .update(sessions)
    .set({ tokenHash: sha256(token), previousTokenHash: null, tokenCreatedAt: now, lastUsedAt: now })
    .where(eq(sessions.id, sessionId));
  return token;
}

/** Revokes one session (logout). */
export async function revokeSession(tx: Executor, sessionId: number, now: Date): Promise<void> {
  await tx.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}

/** Revokes every session of a user (password reset), or every one but `keep` (password change). */
export async function revokeAllSessions(
  tx: Executor,
  userId: number,
  now: Date,
  keep?: number,
): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        ...(keep === undefined ? [] : [ne(sessions.id, keep)]),
      ),
    );
}
