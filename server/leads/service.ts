import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { ErrorCode } from '../../contract/api.ts';
import { FREE_SEARCHES_PER_DAY, MAX_EMAILS_PER_LEAD, UNLOCK_COST } from '../../contract/limits.ts';
import { AppError } from '../platform/errors.ts';
import { rowsOf } from '../platform/db/client.ts';
import {
  chatMessages,
  chats,
  collects,
  leadContacts,
  leads,
  searchUsage,
  shownLeads,
  unlocks,
  type UserRow,
} from '../platform/db/schema.ts';
import type { Services } from '../platform/services.ts';
import { spendBeans } from '../billing/ledger.ts';
import { hitAll, type Limit } from '../platform/rateLimit.ts';
import { QUOTAS, RATES, limit } from '../platform/limits.ts';
import { userInfo } from '../accounts/service.ts';
import { understandQuery, writeFoundText } from './llmSearch.ts';
import type { Understood } from './parse.ts';
import { findLeads, viewLeads, type Lang, type LeadView } from './search.ts';

/** Conversations one account may keep (chat history is stored per conversation; delete to make room). */
export const MAX_CHATS_PER_USER = QUOTAS.chatsPerUser;

/** Saves one user may make (a save of a saved lead counts too): per minute and per day. */
export const COLLECT_LIMITS = (userId: number): Limit[] => [
  limit(RATES.collectPerUser, `collect:user:${userId}`),
  limit(RATES.collectPerUserDay, `collect:user-day:${userId}`),
];

/** Records that a search returned these leads to the user: from then on they may save or unlock them. */
export async function recordShown(db: Services['db'], userId: number, leadIds: string[]): Promise<void> {
  if (leadIds.length === 0) return;
  await db
    .insert(shownLeads)
    .values(leadIds.map((leadId) => ({ userId, leadId })))
    .onConflictDoNothing();
}

/**
 * A lead a search returned to this user; any other id (unknown, or never shown to them) is
 * refused with the same 40400, so ids cannot be probed.
 */
async function shownLead(services: Services, userId: number, leadId: string) {
  const [row] = await services.db
    .select({ lead: leads })
    .from(shownLeads)
    .innerJoin(leads, eq(leads.id, shownLeads.leadId))
    .where(and(eq(shownLeads.userId, userId), eq(shownLeads.leadId, leadId)));
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'notFound');
  return row.lead;
}

/** The UTC day a search counts against (spec §9: 30 a day, reset at UTC midnight). */
export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/** Searches left today for a user. */
export async function searchesLeft(services: Services, userId: number): Promise<number> {
  const [row] = await services.db
    .select()
    .from(searchUsage)
    .where(and(eq(searchUsage.userId, userId), eq(searchUsage.day, utcDay(services.clock.now()))));
  return Math.max(0, FREE_SEARCHES_PER_DAY - (row?.count ?? 0));
}

/** Takes one search from today's allowance in one conditional statement; false when none is left. */
async function takeSearch(services: Services, userId: number): Promise<boolean> {
  const result = await services.db.execute(sql`
    INSERT INTO search_usage (user_id, day, count) VALUES (${userId}, ${utcDay(services.clock.now())}, 1)
    ON CONFLICT (user_id, day) DO UPDATE SET count = search_usage.count + 1
    WHERE search_usage.count < ${FREE_SEARCHES_PER_DAY} RETURNING count`);
  return rowsOf(result).length > 0;
}

/** Gives a search back when it could not run. */
async function returnSearch(services: Services, userId: number): Promise<void> {
  await services.db.execute(
    sql`UPDATE search_usage SET count = count - 1 WHERE user_id = ${userId} AND day = ${utcDay(services.clock.now())} AND count > 0`,
  );
}

export interface SearchResult {
  chatId: string;
  understood: Understood;
  leads: LeadView[];
  summary: string;
  searchesLeft: number;
}

/** What was understood, in the user's language. */
export function describeUnderstood(u: Understood, lang: Lang): string {
  const role =
    lang === 'zh' ? (u.role === 'buyer' ? '买家' : '供应商') : u.role === 'buyer' ? 'buyers' : 'suppliers';
  const products = u.categories.map((c) => c[lang]).join(lang === 'zh' ? '、' : ', ') || u.keywords.join(' ');
  const country = u.country ? u.country[lang] : lang === 'zh' ? '全球' : 'any country';
  return lang === 'zh'
    ? `正在查找：${country}的${products || '（未识别产品）'}${role}`
    : `Looking for ${products || '(no product recognized)'} ${role} in ${country}`;
}

/** What was found, then the searches left; `written` (by the LLM) replaces the built-in first sentence. */
function summarize(count: number, left: number, lang: Lang, written?: string | null): string {
  if (lang === 'zh') {
    const found = written
      ? written.replace(/[^。！？.!?]$/, '$&。')
      : count
        ? `找到 ${count} 家匹配的公司，每家都注明了匹配理由。`
        : '没有找到同时符合角色、国家和产品的公司。可以换个产品说法，或去掉国家再试。';
    return `${found}今日还可免费搜索 ${left} 次（每天 UTC 0 点重置）。`;
  }
  const found = written
    ? written.replace(/[^.!?]$/, '$&.')
    : count
      ? `Found ${count} matching ${count === 1 ? 'company' : 'companies'}, each with the reason it matched.`
      : 'No company matches the role, country and product together. Try another name for the product, or drop the country.';
  return `${found} ${left} free ${left === 1 ? 'search' : 'searches'} left today (resets at 00:00 UTC).`;
}

/**
 * Runs one search for a user: understands the sentence (the LLM when configured, else or on any
 * LLM failure the built-in parser), takes one free search (refused with 40202 when none is left),
 * finds up to 10 leads in SQL, and records the exchange in the chat history. With an LLM the
 * summary's first sentence is the LLM's, written from what was understood and the count only.
 */
export async function runSearch(
  services: Services,
  user: UserRow,
  input: { query: string; chat_id?: string | undefined },
  lang: Lang,
  understand?: (query: string) => Promise<Understood>,
): Promise<SearchResult> {
  // A conversation to continue must be the user's own, checked before a free search is taken.
  if (input.chat_id) {
    const [own] = await services.db
      .select({ id: chats.id })
      .from(chats)
      .where(and(eq(chats.id, input.chat_id), eq(chats.userId, user.id)));
    if (!own) throw new AppError(ErrorCode.NOT_FOUND, 'notFound');
  }
  // A new conversation needs room in the account's history, checked before anything is spent.
  if (!input.chat_id) {
    const [{ n } = { n: 0 }] = await services.db
      .select({ n: count() })
      .from(chats)
      .where(eq(chats.userId, user.id));
    if (Number(n) >= MAX_CHATS_PER_USER)
      throw new AppError(ErrorCode.CHAT_LIMIT, 'chatLimit', { max: MAX_CHATS_PER_USER });
  }
  // The free search is taken before the LLM is asked: a refused search never costs an LLM call.
  if (!(await takeSearch(services, user.id))) {
    throw new AppError(ErrorCode.SEARCH_QUOTA, 'searchQuota', { count: FREE_SEARCHES_PER_DAY });
  }
  let understood: Understood;
  let llmAnswered: boolean;
  try {
    ({ understood, llmAnswered } = understand
      ? { understood: await understand(input.query), llmAnswered: false }
      : await understandQuery(services.llm, input.query));
  } catch (error) {
    await returnSearch(services, user.id);
    throw error;
  }
  const searchable = understood.categories.length > 0 || understood.keywords.length > 0;
  // A sentence with nothing to search for does not count.
  if (!searchable) await returnSearch(services, user.id);
  let rows;
  try {
    rows = searchable ? await findLeads(services.db, understood) : [];
  } catch (error) {
    await returnSearch(services, user.id);
    throw error;
  }
  const views = await viewLeads(services.db, rows, user.id, lang, understood);
  await recordShown(
    services.db,
    user.id,
    views.map((v) => v.id),
  );
  const left = await searchesLeft(services, user.id);
  // An LLM that just failed or timed out is not asked again in this search.
  const written =
    searchable && services.llm && llmAnswered
      ? await writeFoundText(services.llm, understood, views.length, lang)
      : null;
  const summary = searchable
    ? summarize(views.length, left, lang, written)
    : lang === 'zh'
      ? '请说出要找的产品，例如“帮我找德国的LED面板买家”。'
      : 'Tell me the product, e.g. “find LED panel buyers in Germany”.';

  // Chat history: a new conversation, or the one the user continues (only their own).
  const now = services.clock.now();
  let chatId = input.chat_id;
  if (chatId) {
    const [own] = await services.db
      .select()
      .from(chats)
      .where(and(eq(chats.id, chatId), eq(chats.userId, user.id)));
    if (!own) throw new AppError(ErrorCode.NOT_FOUND, 'notFound');
    await services.db.update(chats).set({ updatedAt: now }).where(eq(chats.id, chatId));
  } else {
    chatId = `c_${randomBytes(9).toString('base64url')}`;
    await services.db.insert(chats).values({
      id: chatId,
      userId: user.id,
      title: input.query.slice(0, 80),
      createdAt: now,
      updatedAt: now,
    });
  }
  await services.db.insert(chatMessages).values([
    { chatId, role: 'user', content: input.query, createdAt: now },
    {
      chatId,
      role: 'assistant',
      content: summary,
      createdAt: now,
      payload: JSON.stringify({
        understood: {
          role: understood.role,
          country: understood.country?.iso2 ?? null,
          categories: understood.categories.map((c) => c.id),
          keywords: understood.keywords,
        },
        leads: views.map((v) => v.id),
      }),
    },
  ]);
  return { chatId, understood, leads: views, summary, searchesLeft: left };
}

/**
 * Unlocks a lead a search showed this user (else 40400, as an unknown id): 1 bean through the ledger, once per user and lead (a retry or a
 * concurrent second click charges nothing); a lead with no contacts costs nothing. Refused with
 * 40200 (蜜豆不足) or, for a user on a plan, 40201 (plan unlock limit reached).
 */
export async function unlockLead(
  services: Services,
  user: UserRow,
  leadId: string,
  lang: Lang,
): Promise<LeadView> {
  const lead = await shownLead(services, user.id, leadId);
  const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(
    await services.db.execute(sql`SELECT count(*)::int AS n FROM lead_contacts WHERE lead_id = ${leadId}`),
  );
  await services.db.transaction(async (tx) => {
    // The unlock row first: concurrent unlocks of one lead queue on its key, and only one charges.
    const created = await tx
      .insert(unlocks)
      .values({ userId: user.id, leadId, emailsShown: MAX_EMAILS_PER_LEAD })
      .onConflictDoNothing()
      .returning();
    if (created.length === 0 || Number(n) === 0) return;
    const spent = await spendBeans(tx, user.id, UNLOCK_COST, 'unlock', lead.name, `unlock:${leadId}`);
    if (spent === 'insufficient') {
      const onPlan = userInfo(user, services.clock.now()).subscription_status !== 0;
      throw new AppError(
        onPlan ? ErrorCode.PLAN_UNLOCK_LIMIT : ErrorCode.INSUFFICIENT_BEANS,
        onPlan ? 'planUnlockLimit' : 'insufficientBeans',
      );
    }
  });
  const [view] = await viewLeads(services.db, [lead], user.id, lang);
  return view!;
}

/** "Find more emails" for an unlocked lead: reveals the next ones, at most 5 more, free. */
export async function delveEmails(services: Services, user: UserRow, leadId: string) {
  const [unlock] = await services.db
    .select()
    .from(unlocks)
    .where(and(eq(unlocks.userId, user.id), eq(unlocks.leadId, leadId)));
  if (!unlock) throw new AppError(ErrorCode.FORBIDDEN, 'notUnlocked');
  const emails = await services.db
    .select()
    .from(leadContacts)
    .where(and(eq(leadContacts.leadId, leadId), eq(leadContacts.kind, 'email')))
    .orderBy(leadContacts.position);
  const fresh = emails.slice(unlock.emailsShown, unlock.emailsShown + MAX_EMAILS_PER_LEAD);
  if (fresh.length) {
    await services.db
      .update(unlocks)
      .set({ emailsShown: unlock.emailsShown + fresh.length })
      .where(and(eq(unlocks.userId, user.id), eq(unlocks.leadId, leadId)));
  }
  return { emails: fresh.map((e) => ({ email: e.value, status: e.label })) };
}

/** How the saved and unlocked lists can be ordered. */
export type LeadSort = 'newest' | 'oldest' | 'name' | 'country';

/** A user's saved or unlocked leads (newest first unless sorted otherwise), with filters. */
export async function listLeads(
  services: Services,
  user: UserRow,
  kind: 'collects' | 'unlocked',
  query: {
    page: number;
    page_size: number;
    q?: string | undefined;
    country?: string | undefined;
    role?: 'buyer' | 'supplier' | undefined;
    sort?: LeadSort | undefined;
  },
  lang: Lang,
) {
  const table = kind === 'collects' ? collects : unlocks;
  const conditions = [eq(table.userId, user.id)];
  if (query.country) conditions.push(eq(leads.country, query.country.toUpperCase()));
  if (query.role) conditions.push(eq(leads.role, query.role));
  if (query.q)
    conditions.push(sql`${leads.searchText} LIKE ${`%${query.q.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`}`);
  const order = {
    newest: [desc(table.createdAt), leads.id],
    oldest: [asc(table.createdAt), leads.id],
    name: [asc(leads.name), leads.id],
    country: [asc(leads.country), asc(leads.name), leads.id],
  }[query.sort ?? 'newest'];
  const rows = await services.db
    .select({ lead: leads, at: table.createdAt })
    .from(table)
    .innerJoin(leads, eq(leads.id, table.leadId))
    .where(and(...conditions))
    .orderBy(...order)
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  // The total counts what the filters match, so the pages add up.
  const [total] = await services.db
    .select({ n: count() })
    .from(table)
    .innerJoin(leads, eq(leads.id, table.leadId))
    .where(and(...conditions));
  return {
    items: await viewLeads(
      services.db,
      rows.map((r) => r.lead),
      user.id,
      lang,
    ),
    total: Number(total?.n ?? 0),
  };
}

/** Saves a lead a search showed this user (idempotent; rate limited; else 40400 as an unknown id). */
export async function collectLead(services: Services, user: UserRow, leadId: string): Promise<void> {
  await hitAll(services, COLLECT_LIMITS(user.id));
  await shownLead(services, user.id, leadId);
  await services.db.insert(collects).values({ userId: user.id, leadId }).onConflictDoNothing();
}

/** Unsaves leads of this user only. */
export async function uncollectLeads(services: Services, user: UserRow, leadIds: string[]): Promise<void> {
  await services.db
    .delete(collects)
    .where(and(eq(collects.userId, user.id), inArray(collects.leadId, leadIds)));
}

/** The memo on one of the user's saved leads. */
export async function setMemo(
  services: Services,
  user: UserRow,
  leadId: string,
  memo: string,
): Promise<void> {
  const updated = await services.db
    .update(collects)
    .set({ memo, updatedAt: services.clock.now() })
    .where(and(eq(collects.userId, user.id), eq(collects.leadId, leadId)))
    .returning();
  if (updated.length === 0) throw new AppError(ErrorCode.NOT_FOUND, 'notFound');
}
