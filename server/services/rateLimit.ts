import { sql } from 'drizzle-orm';
import { ErrorCode } from '../../contract/api.ts';
import { AppError } from '../errors.ts';
import { rowsOf } from '../db/client.ts';
import type { Services } from './context.ts';

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
