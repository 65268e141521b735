import { and, eq, isNull } from 'drizzle-orm';
import { ErrorCode } from '../../contract/api.ts';
import { AppError } from '../platform/errors.ts';
import { redeemCodes } from '../platform/db/schema.ts';
import type { Db } from '../platform/db/client.ts';
import type { Services } from '../platform/services.ts';
import { randomCode } from '../platform/crypto.ts';
import { grantBeans } from './ledger.ts';
import { hitAll } from '../platform/rateLimit.ts';
import { RATES, limit } from '../platform/limits.ts';

/**
 * Redeems a single-use code: one conditional UPDATE claims it (concurrent redemptions of one code:
 * exactly one succeeds), and the beans go through the ledger in the same transaction.
 */
export async function redeemCode(
  services: Services,
  userId: number,
  rawCode: string,
  ip: string,
): Promise<number> {
  await hitAll(services, [
    limit(RATES.redeemPerUser, `redeem:user:${userId}`),
    limit(RATES.redeemPerIp, `redeem:ip:${ip}`),
  ]);
  const code = rawCode.trim().toUpperCase();
  return services.db.transaction(async (tx) => {
    const claimed = await tx
      .update(redeemCodes)
      .set({ redeemedBy: userId, redeemedAt: services.clock.now() })
      .where(and(eq(redeemCodes.code, code), isNull(redeemCodes.redeemedBy)))
      .returning({ beans: redeemCodes.beans });
    const beans = claimed[0]?.beans;
    if (beans === undefined) throw new AppError(ErrorCode.REDEEM_CODE_USED, 'redeemCodeUsed');
    await grantBeans(tx, userId, beans, 'redeem', { text: code }, `redeem:${code}`);
    return beans;
  });
}

/** Mints `count` unused codes worth `beans` each (the admin CLI and the demo seed). */
export async function mintCodes(db: Db, beans: number, count: number): Promise<string[]> {
  const codes: string[] = [];
  while (codes.length < count) {
    const code = `HONEY-${randomCode(4)}-${randomCode(4)}`;
    const inserted = await db.insert(redeemCodes).values({ code, beans }).onConflictDoNothing().returning();
    if (inserted.length) codes.push(code);
  }
  return codes;
}
