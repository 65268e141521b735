import { atom, computed } from 'nanostores';
import type { UserInfo } from '../../../contract/api.ts';
import { redeemPoint } from '../api/calls.ts';
import { pageT } from '../pageLocale.ts';
import { unlockRefusal } from '../subscription.ts';
import { $userInfo } from './session.ts';

/** Spec §3: balance = point - bp_used. */
export function balanceOf(user: Pick<UserInfo, 'point' | 'bp_used'>): number {
  return user.point - user.bp_used;
}

/**
 * Spec §3 "Beans store": the balance (undefined until user info loads), always derived from user
 * info so the two never disagree, and the redeeming flag.
 */
export const $balance = computed($userInfo, (user) => (user ? balanceOf(user) : undefined));
export const $redeeming = atom(false);

/** Changes the loaded user's beans in place, until the next user info load brings the server's. */
function adjustUser(change: (user: UserInfo) => Partial<Pick<UserInfo, 'point' | 'bp_used'>>): void {
  const user = $userInfo.get();
  if (user) $userInfo.set({ ...user, ...change(user) });
}

/**
 * Thrown when a spend is larger than the balance: 蜜豆不足 (spec §5), or for a subscriber the plan
 * unlock limit (spec §8; docs/plans.md).
 */
export class InsufficientBeansError extends Error {
  readonly reason: 'beans.insufficient' | 'errors.planUnlockLimit';
  constructor(reason: 'beans.insufficient' | 'errors.planUnlockLimit' = 'beans.insufficient') {
    super(pageT()(reason));
    this.name = 'InsufficientBeansError';
    this.reason = reason;
  }
}

/**
 * Spec §4 "Redeem": ignored while one runs; otherwise the balance grows by the amount returned
 * (0 if none) and the flag resets afterwards. Resolves to the beans added, or undefined if ignored.
 */
export async function redeem(code: string, extra?: { toast?: boolean }): Promise<number | undefined> {
  if ($redeeming.get()) return undefined;
  $redeeming.set(true);
  try {
    const added = (await redeemPoint({ code: code.trim() }, extra)) ?? 0;
    adjustUser((user) => ({ point: user.point + added }));
    return added;
  } finally {
    $redeeming.set(false);
  }
}

/**
 * Spec §4: consuming beans reduces the balance; more than the balance fails with 蜜豆不足, or with
 * the plan unlock limit when the user is on a plan (unlockRefusal).
 */
export function consumeBeans(amount: number): void {
  const balance = $balance.get() ?? 0;
  const refusal = unlockRefusal($userInfo.get(), balance, amount);
  if (refusal) throw new InsufficientBeansError(refusal);
  adjustUser((user) => ({ bp_used: user.bp_used + amount }));
}
