import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ErrorCode } from '../../contract/api.ts';
import {
  FREE_SEARCHES_PER_DAY,
  MAX_EMAILS_PER_LEAD,
  SUBSCRIBER_SEARCHES_PER_DAY,
  UNLOCK_COST,
} from '../../contract/limits.ts';
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
import { QUOTAS, RATES, limit, llmCallAllowed } from '../platform/limits.ts';
import { userInfo } from '../accounts/service.ts';
import { understandQuery, writeFoundText } from '../search/llm.ts';
import type { Understood } from '../search/parse.ts';
import { anyCompanyFor, broaderSetFor, findLeads, viewLeads, type Lang, type LeadView } from './search.ts';
import {
  countByCountry,
  criteriaOf,
  describeUnderstood,
  productName,
  summaryText,
  understoodView,
} from '../search/describe.ts';
import {
  fromCriteria,
  refineUnderstood,
  storedCriteria,
  unknownInCriteria,
  type StoredAnswer,
} from '../search/criteria.ts';
import { message } from '../i18n.ts';
import type { SearchCriteria, SearchSummary, SearchUnderstood } from '../../contract/api.ts';
import type { SearchRequest } from '../../contract/schemas.ts';

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

/** Whether a user is on a plan (then held to the fair-use ceiling instead of the free searches). */
const subscribed = (services: Services, user: UserRow) =>
  userInfo(user, services.clock.now()).subscription_status !== 0;

/** Searches a user may run per UTC day: the free searches, or a subscriber's fair-use ceiling. */
const dailySearches = (services: Services, user: UserRow) =>
  subscribed(services, user) ? SUBSCRIBER_SEARCHES_PER_DAY : FREE_SEARCHES_PER_DAY;

/** Free searches left after `used` of them today. */
const freeLeft = (used: number) => Math.max(0, FREE_SEARCHES_PER_DAY - used);

/** Free searches left today for a user; null for a subscriber (not held to them). */
export async function searchesLeft(services: Services, user: UserRow): Promise<number | null> {
  if (subscribed(services, user)) return null;
  const [row] = await services.db
    .select()
    .from(searchUsage)
    .where(and(eq(searchUsage.userId, user.id), eq(searchUsage.day, utcDay(services.clock.now()))));
  return freeLeft(row?.count ?? 0);
}

/**
 * Takes one search from today's allowance in one conditional statement, checking first (when a
 * new conversation would be stored) that the account has room for another: `room` false refuses
 * it before anything is taken; `count` is today's searches with this one, null when none is left.
 */
async function takeSearch(
  services: Services,
  userId: number,
  perDay: number,
  newChat: boolean,
): Promise<{ room: boolean; count: number | null }> {
  const room = newChat
    ? sql`(SELECT count(*) < ${MAX_CHATS_PER_USER} FROM chats WHERE user_id = ${userId})`
    : sql`true`;
  const [row] = rowsOf<{ room: boolean; count: number | null }>(
    await services.db.execute(sql`
      WITH room AS (SELECT ${room} AS ok),
      taken AS (
        INSERT INTO search_usage (user_id, day, count)
        SELECT ${userId}, ${utcDay(services.clock.now())}, 1 FROM room WHERE room.ok
        ON CONFLICT (user_id, day) DO UPDATE SET count = search_usage.count + 1
        WHERE search_usage.count < ${perDay}
        RETURNING count
      )
      SELECT room.ok AS room, (SELECT count FROM taken) AS count FROM room`),
  );
  return { room: Boolean(row?.room), count: row?.count ?? null };
}

/** Gives a search back: it could not run, or it found nothing. */
async function returnSearch(services: Services, userId: number, day: string): Promise<void> {
  await services.db.execute(
    sql`UPDATE search_usage SET count = count - 1 WHERE user_id = ${userId} AND day = ${day} AND count > 0`,
  );
}

/** Where a search's events go, in order: `understood`, each `lead`, `summary`. */
export interface SearchSink {
  understood(view: SearchUnderstood): Promise<void>;
  lead(view: LeadView): Promise<void>;
  summary(summary: SearchSummary): Promise<void>;
}

/** A search that passed every check and was understood; `run` streams it. */
export interface StartedSearch {
  run(sink: SearchSink): Promise<void>;
}

/** A conversation's earlier answers: the last one's criteria, and every lead shown in it. */
async function conversation(services: Services, userId: number, chatId: string) {
  // One statement: the conversation (no row when it is not this user's) and its answers.
  const rows = await services.db
    .select({ payload: chatMessages.payload })
    .from(chats)
    .leftJoin(chatMessages, and(eq(chatMessages.chatId, chats.id), eq(chatMessages.role, 'assistant')))
    .where(and(eq(chats.id, chatId), eq(chats.userId, userId)))
    .orderBy(asc(chatMessages.id));
  if (rows.length === 0) throw new AppError(ErrorCode.NOT_FOUND, 'notFound');
  let last: { criteria: SearchCriteria; roleStated: boolean } | null = null;
  const shown = new Set<string>();
  for (const row of rows) {
    const answer = parseStored(row.payload ?? '');
    if (!answer) continue;
    for (const id of answer.leads ?? []) shown.add(id);
    const criteria = storedCriteria(answer);
    if (criteria && criteria.products.length) last = { criteria, roleStated: answer.role_stated ?? true };
  }
  return { last, shown: [...shown] };
}

/** A stored answer's payload, or null when it holds none. */
export function parseStored(payload: string): StoredAnswer | null {
  if (!payload) return null;
  try {
    return JSON.parse(payload) as StoredAnswer;
  } catch {
    return null;
  }
}

const invalid = (field: string) => new AppError(ErrorCode.VALIDATION, 'invalidField', { field }, { field });

/**
 * Starts one search for a user, refusing before anything is spent or streamed: a conversation that
 * is not theirs (40400), criteria naming an unknown product (40001), a full history (40206), no
 * search left today (40202 for the free searches, the fair-use ceiling for subscribers). Then it
 * takes one search and understands the request: a sentence (refining the conversation's previous
 * answer when it continues one), edited chips (`criteria`), or "show more". The built-in parser
 * answers at once; the LLM, when configured, is asked only about a sentence the parser could not
 * fully read, and the parser's answer stands when the LLM fails.
 */
export async function startSearch(
  services: Services,
  user: UserRow,
  input: SearchRequest,
  lang: Lang,
): Promise<StartedSearch> {
  const previous = input.chat_id ? await conversation(services, user.id, input.chat_id) : null;
  if (input.criteria) {
    const wrong = unknownInCriteria(input.criteria);
    if (wrong) throw invalid(wrong);
  }
  if (input.more && !previous?.last) throw invalid('more');
  const before = previous?.last ? fromCriteria(previous.last.criteria, lang) : null;
  if (before && previous?.last) before.roleStated = previous.last.roleStated;

  // The search is taken before the LLM is asked: a refused search never costs an LLM call.
  const perDay = dailySearches(services, user);
  const day = utcDay(services.clock.now());
  // A new conversation needs room in the history (checked in the same statement, first).
  const taken = await takeSearch(services, user.id, perDay, !input.chat_id);
  if (!taken.room) throw new AppError(ErrorCode.CHAT_LIMIT, 'chatLimit', { max: MAX_CHATS_PER_USER });
  const used = taken.count;
  if (used === null) {
    throw perDay === FREE_SEARCHES_PER_DAY
      ? new AppError(ErrorCode.SEARCH_QUOTA, 'searchQuota', { count: FREE_SEARCHES_PER_DAY })
      : new AppError(ErrorCode.SEARCH_QUOTA, 'searchFairUse', { count: perDay });
  }
  let understood: Understood;
  let llmAnswered = false;
  try {
    if (input.more && before) {
      understood = { ...before, more: true };
    } else if (input.criteria) {
      understood = fromCriteria(input.criteria, lang);
    } else {
      const query = input.query ?? '';
      const read = await understandQuery(services.llm, query, () => llmCallAllowed(services, user.id));
      llmAnswered = read.llmAnswered;
      understood = before ? refineUnderstood(before, read.understood, query) : read.understood;
    }
  } catch (error) {
    await returnSearch(services, user.id, day);
    throw error;
  }

  return {
    run: async (sink) => {
      let returned = false;
      // Once a lead was found (and so recorded as shown: it may be saved and unlocked), the search
      // is spent whatever happens after; only a search that found nothing is given back.
      let spent = false;
      const giveBack = async () => {
        if (returned || spent) return;
        returned = true;
        await returnSearch(services, user.id, day);
      };
      try {
        const now = services.clock.now();
        const chatId = input.chat_id || `c_${randomBytes(9).toString('base64url')}`;
        // The conversation is stored while the leads are found: its answer is written last.
        const chatStored = input.chat_id
          ? services.db.update(chats).set({ updatedAt: now }).where(eq(chats.id, chatId))
          : services.db.insert(chats).values({
              id: chatId,
              userId: user.id,
              title: (input.query ?? describeUnderstood(understood, lang)).slice(0, 80),
              createdAt: now,
              updatedAt: now,
            });
        // Settled here, so a failure is thrown where it is awaited below, never left unhandled.
        const chatSettled = Promise.allSettled([chatStored]);
        await sink.understood(understoodView(understood, lang, chatId));

        const askProduct = understood.products.length === 0;
        const noData = !askProduct && !(await anyCompanyFor(services.db, understood));
        // No company deals in what was asked: a labelled broader set, if the data has one.
        const broader = noData ? broaderSetFor(understood) : null;
        const found =
          askProduct || (noData && !broader)
            ? { rows: [], more: false, facts: new Map() }
            : await findLeads(services.db, understood, now, {
                exclude: understood.more ? (previous?.shown ?? []) : [],
                shownTo: user.id,
                // The leads are read from the replica when there is one; what the user wrote never is.
                replica: services.replica,
                ...(broader ? { categoryIds: broader.categoryIds } : {}),
              });
        spent = found.rows.length > 0;
        const matched = broader ? { ...understood, products: broader.products, broader: true } : understood;
        const views = await viewLeads(services.db, found.rows, user.id, lang, now, matched, found.facts);
        for (const view of views) await sink.lead(view);
        // A search that found no lead does not count.
        if (views.length === 0) await giveBack();
        // Left after this search (given back when it found nothing), as its own statement counted.
        const left = subscribed(services, user) ? null : freeLeft(used - (returned ? 1 : 0));
        const byCountry = countByCountry(understood, views, lang);
        // Resellers of other kinds than asked, found after those of the kinds asked (kinds.ts).
        const otherKinds = views
          .filter((view) => view.why.kind === 'reseller')
          .map((view) => view.company_type);
        // An LLM that just failed or timed out is not asked again in this search.
        const written =
          views.length > 0 &&
          !broader &&
          otherKinds.length === 0 &&
          services.llm &&
          llmAnswered &&
          !understood.more &&
          (await llmCallAllowed(services, user.id))
            ? await writeFoundText(services.llm, understood, views.length, byCountry, lang)
            : null;
        const summary: SearchSummary = {
          text: summaryText(
            {
              understood,
              askProduct,
              noData,
              broader: broader?.products ?? [],
              count: views.length,
              byCountry,
              more: found.more,
              left,
              written,
              otherKinds,
            },
            lang,
          ),
          count: views.length,
          by_country: byCountry,
          more: found.more,
          broader: (broader?.products ?? []).map((p) => productName(p, lang)),
          counted: views.length > 0,
          searches_left: left,
        };
        const turn = input.more
          ? message(lang, 'searchMoreTurn')
          : input.criteria
            ? message(lang, 'searchEditedTurn', { text: describeUnderstood(understood, lang) })
            : (input.query ?? '');
        const stored: StoredAnswer = {
          criteria: criteriaOf(understood),
          role_stated: understood.roleStated,
          more: understood.more,
          has_more: found.more,
          ...(broader ? { broader: broader.products.map((p) => p.id) } : {}),
          leads: views.map((v) => v.id),
        };
        const [chat] = await chatSettled;
        if (chat.status === 'rejected') throw chat.reason;
        await services.db.insert(chatMessages).values([
          { chatId, role: 'user', content: turn, createdAt: now },
          {
            chatId,
            role: 'assistant',
            content: summary.text,
            createdAt: now,
            payload: JSON.stringify(stored),
          },
        ]);
        await sink.summary(summary);
      } catch (error) {
        await giveBack();
        throw error;
      }
    },
  };
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
    const spent = await spendBeans(
      tx,
      user.id,
      UNLOCK_COST,
      'unlock',
      { text: lead.name },
      `unlock:${leadId}`,
    );
    if (spent === 'insufficient') {
      const onPlan = subscribed(services, user);
      throw new AppError(
        onPlan ? ErrorCode.PLAN_UNLOCK_LIMIT : ErrorCode.INSUFFICIENT_BEANS,
        onPlan ? 'planUnlockLimit' : 'insufficientBeans',
      );
    }
  });
  const [view] = await viewLeads(services.db, [lead], user.id, lang, services.clock.now());
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
