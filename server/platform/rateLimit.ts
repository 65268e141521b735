import { sql } from 'drizzle-orm';
import { ErrorCode } from '../../contract/api.ts';
import { AppError } from './errors.ts';
import { rowsOf } from './db/client.ts';
import type { Services } from './services.ts';

export interface Limit {
  /** What is counted, e.g. `login:ip:127.0.0.1`. */
  key: string;
  max: number;
  windowSeconds: number;
}

/**
 * Counts one attempt in a fixed window stored in the database (so every instance shares it) and
 * refuses with 42900 once `max` is passed.
 */
export async function hit(
  {
    db,
    clock,
    rateLimitScale = 1,
  }: Pick<Services, 'db' | 'clock'> & Partial<Pick<Services, 'rateLimitScale'>>,
  limit: Limit,
): Promise<void> {
  const now = clock.now();
  const windowStart = new Date(now.getTime() - limit.windowSeconds * 1000);
  const result = await db.execute(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${limit.key}, ${now.toISOString()}, 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start <= ${windowStart.toISOString()} THEN 1 ELSE rate_limits.count + 1 END,
      window_start = CASE WHEN rate_limits.window_start <= ${windowStart.toISOString()} THEN ${now.toISOString()}::timestamptz ELSE rate_limits.window_start END
    RETURNING count, window_start`);
  const row = rowsOf<{ count: number; window_start: string | Date }>(result)[0]!;
  if (Number(row.count) > limit.max * rateLimitScale) {
    const resetsAt = new Date(row.window_start).getTime() + limit.windowSeconds * 1000;
    const seconds = Math.max(1, Math.ceil((resetsAt - now.getTime()) / 1000));
    throw new AppError(ErrorCode.RATE_LIMITED, 'rateLimited', { seconds }, { retry_after: seconds });
  }
}

/** Hits several limits; the first one passed refuses. */
export async function hitAll(
  services: Pick<Services, 'db' | 'clock'> & Partial<Pick<Services, 'rateLimitScale'>>,
  limits: Limit[],
): Promise<void> {
  for (const limit of limits) await hit(services, limit);
}

/** Consecutive failures tolerated on one key before each further try must wait, doubling. */
export interface Backoff {
  key: string;
  /** Tries allowed before the first wait. */
  free: number;
  /** The first wait; each further failure doubles it, up to `maxSeconds`. */
  baseSeconds: number;
  maxSeconds: number;
  /** A streak this long without a try starts over. */
  resetSeconds: number;
}

/**
 * Reserves one try under a failure backoff in a single conditional upsert (concurrent tries cannot
 * pass it), refusing with 42900 while the wait runs. The try counts as a failure until
 * `clearBackoff` is called after a success.
 */
export async function tryBackoff(
  { db, clock }: Pick<Services, 'db' | 'clock'>,
  backoff: Backoff,
): Promise<void> {
  const now = clock.now();
  const stale = new Date(now.getTime() - backoff.resetSeconds * 1000).toISOString();
  const wait = sql`LEAST(${backoff.maxSeconds}, ${backoff.baseSeconds} * power(2, rate_limits.count - ${backoff.free}))`;
  const reserved = rowsOf(
    await db.execute(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${backoff.key}, ${now.toISOString()}, 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start <= ${stale} THEN 1 ELSE rate_limits.count + 1 END,
      window_start = ${now.toISOString()}::timestamptz
    WHERE rate_limits.window_start <= ${stale} OR rate_limits.count < ${backoff.free}
      OR rate_limits.window_start + ${wait} * interval '1 second' <= ${now.toISOString()}::timestamptz
    RETURNING count`),
  );
  if (reserved.length > 0) return;
  const [row] = rowsOf<{ until: string | Date }>(
    await db.execute(
      sql`SELECT rate_limits.window_start + ${wait} * interval '1 second' AS until FROM rate_limits WHERE key = ${backoff.key}`,
    ),
  );
  const seconds = Math.max(1, Math.ceil((new Date(row?.until ?? now).getTime() - now.getTime()) / 1000));
  throw new AppError(ErrorCode.RATE_LIMITED, 'rateLimited', { seconds }, { retry_after: seconds });
}

/** Ends a failure streak (after a success). */
export async function clearBackoff({ db }: Pick<Services, 'db'>, key: string): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
}

/** How many hits a fixed-window key holds now (0 once its window has passed). */
export async function countOf(
  { db, clock }: Pick<Services, 'db' | 'clock'>,
  key: string,
  windowSeconds: number,
): Promise<number> {
  const since = new Date(clock.now().getTime() - windowSeconds * 1000).toISOString();
  const [row] = rowsOf<{ count: number }>(
    await db.execute(sql`SELECT count FROM rate_limits WHERE key = ${key} AND window_start > ${since}`),
  );
  return Number(row?.count ?? 0);
}
