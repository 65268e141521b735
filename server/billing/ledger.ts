import { desc, eq, sql, count } from 'drizzle-orm';
import type { BeanLedgerEntry } from '../../contract/api.ts';
import { rowsOf, type Db } from '../platform/db/client.ts';
import { ledger } from '../platform/db/schema.ts';
import { message, type Lang } from '../i18n.ts';
import { PLAN_GOODS } from './plans.ts';

type LedgerRow = typeof ledger.$inferSelect;
import type { Services } from '../platform/services.ts';

/** A database handle or an open transaction. */
export type Executor = Pick<Db, 'execute' | 'select' | 'insert' | 'update' | 'delete'>;
export type LedgerReason = BeanLedgerEntry['reason'];

/**
 * What a ledger row says besides its reason, stored without words of any language so each reader
 * sees it in theirs: a name as written (a lead, a code), a plan or bundle, a note.
 */
export interface LedgerDetail {
  text?: string;
  goodsId?: number;
  note?: 'renewal' | 'demo' | 'welcome';
}

const columns = (detail: LedgerDetail) =>
  sql`${detail.text ?? ''}, ${detail.goodsId ?? null}, ${detail.note ?? ''}`;

/**
 * Adds beans: one ledger row and `point` in the same statement's transaction. `ref` makes it
 * idempotent per user (a replayed webhook or a retried redeem adds nothing). Returns whether it applied.
 */
export async function grantBeans(
  tx: Executor,
  userId: number,
  amount: number,
  reason: LedgerReason,
  detail: LedgerDetail,
  ref: string,
): Promise<boolean> {
  const inserted = await tx.execute(sql`
    INSERT INTO ledger (user_id, amount, reason, detail, goods_id, note, ref) VALUES (${userId}, ${amount}, ${reason}, ${columns(detail)}, ${ref})
    ON CONFLICT (user_id, ref) DO NOTHING RETURNING id`);
  if (rowsOf(inserted).length === 0) return false;
  await tx.execute(sql`UPDATE users SET point = point + ${amount} WHERE id = ${userId}`);
  return true;
}

/**
 * Spends beans in one conditional statement (`point - bp_used >= amount`), so concurrent spends
 * can never overdraw; `ref` makes it idempotent (a double click charges once).
 * Must run inside a transaction: a refused spend rolls its ledger row back.
 */
export async function spendBeans(
  tx: Executor,
  userId: number,
  amount: number,
  reason: LedgerReason,
  detail: LedgerDetail,
  ref: string,
): Promise<'spent' | 'duplicate' | 'insufficient'> {
  const inserted = await tx.execute(sql`
    INSERT INTO ledger (user_id, amount, reason, detail, goods_id, note, ref) VALUES (${userId}, ${-amount}, ${reason}, ${columns(detail)}, ${ref})
    ON CONFLICT (user_id, ref) DO NOTHING RETURNING id`);
  if (rowsOf(inserted).length === 0) return 'duplicate';
  const updated = await tx.execute(sql`
    UPDATE users SET bp_used = bp_used + ${amount} WHERE id = ${userId} AND point - bp_used >= ${amount} RETURNING id`);
  if (rowsOf(updated).length === 0) {
    await tx.execute(sql`DELETE FROM ledger WHERE user_id = ${userId} AND ref = ${ref}`);
    return 'insufficient';
  }
  return 'spent';
}

/** A row's detail in `lang`: the plan's name ("月度套餐续费"), a note, or the name as written. */
export function ledgerDetail(row: Pick<LedgerRow, 'detail' | 'goodsId' | 'note'>, lang: Lang): string {
  const goods = row.goodsId !== null ? PLAN_GOODS[row.goodsId] : undefined;
  if (goods) {
    const name = goods.name[lang];
    return row.note === 'renewal' ? message(lang, 'ledgerRenewal', { plan: name }) : name;
  }
  if (row.note === 'demo') return message(lang, 'ledgerDemo');
  return row.detail;
}

/** The user's ledger, newest first, its details in `lang`. */
export async function beanHistory(
  { db }: Pick<Services, 'db'>,
  userId: number,
  page: number,
  pageSize: number,
  lang: Lang,
) {
  const rows = await db
    .select()
    .from(ledger)
    .where(eq(ledger.userId, userId))
    .orderBy(desc(ledger.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(ledger).where(eq(ledger.userId, userId));
  const items: BeanLedgerEntry[] = rows.map((row) => ({
    id: row.id,
    amount: row.amount,
    reason: row.reason,
    detail: ledgerDetail(row, lang),
    created_at: row.createdAt.toISOString(),
  }));
  return { items, total: total?.n ?? 0 };
}
