import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { ChatHistoryItem, ChatTranscriptMessage } from '../../contract/api.ts';
import { MAX_LEADS_PER_QUERY } from '../../contract/limits.ts';
import { chatMessages, chats, leads } from '../platform/db/schema.ts';
import { AppError } from '../platform/errors.ts';
import { ErrorCode } from '../../contract/api.ts';
import type { Services } from '../platform/services.ts';
import { viewLeads, type Lang } from './search.ts';
import { fromCriteria, storedCriteria } from '../search/criteria.ts';
import { understoodView } from '../search/describe.ts';
import { PRODUCT_BY_ID } from '../search/products.ts';
import { parseStored } from './service.ts';

export type TranscriptMessage = ChatTranscriptMessage;

/** The user's conversations, most recently updated first (the last 100). */
export async function listChats(services: Services, userId: number): Promise<ChatHistoryItem[]> {
  const rows = await services.db
    .select()
    .from(chats)
    .where(eq(chats.userId, userId))
    .orderBy(desc(chats.updatedAt))
    .limit(100);
  return rows.map((r) => ({
    chat_id: r.id,
    title: r.title,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  }));
}

/** Deletes one of the user's conversations (40400 for anyone else's or an unknown id). */
export async function deleteChat(services: Services, userId: number, chatId: string): Promise<void> {
  const deleted = await services.db
    .delete(chats)
    .where(and(eq(chats.id, chatId), eq(chats.userId, userId)))
    .returning();
  if (deleted.length === 0) throw new AppError(ErrorCode.NOT_FOUND, 'notFound');
}

/** A user's own conversation, to reopen it (40400 for anyone else's or an unknown id). */
export async function chatTranscript(
  services: Services,
  userId: number,
  chatId: string,
  lang: Lang,
): Promise<TranscriptMessage[]> {
  const { db } = services;
  const [own] = await db
    .select({ id: chats.id })
    .from(chats)
    .where(and(eq(chats.id, chatId), eq(chats.userId, userId)));
  if (!own) throw new AppError(ErrorCode.NOT_FOUND, 'notFound');
  const rows = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.chatId, own.id))
    .orderBy(asc(chatMessages.id));

  const stored = rows.map((row) => parseStored(row.payload));
  const ids = [...new Set(stored.flatMap((answer) => answer?.leads ?? []))];
  const found = ids.length ? await db.select().from(leads).where(inArray(leads.id, ids)) : [];
  const byId = new Map(found.map((row) => [row.id, row]));

  return Promise.all(
    rows.map(async (row, i) => {
      const answer = stored[i];
      const base = { role: row.role, content: row.content, created_at: row.createdAt.toISOString() };
      if (row.role !== 'assistant' || !answer) return { ...base, understood: null, leads: [], more: false };
      const criteria = storedCriteria(answer);
      const understood = criteria ? fromCriteria(criteria, lang) : null;
      if (understood) {
        understood.roleStated = answer.role_stated ?? true;
        understood.more = answer.more ?? false;
      }
      // A lead removed since the search is left out rather than failing the whole conversation.
      const leadRows = (answer.leads ?? []).map((id) => byId.get(id)).filter((r) => r !== undefined);
      const view = understood ? understoodView(understood, lang, own.id) : null;
      // An answer that showed a broader set shows its cards as such again.
      const offered = (answer.broader ?? [])
        .map((id) => PRODUCT_BY_ID.get(id))
        .filter((p) => p !== undefined);
      const matched =
        understood && offered.length ? { ...understood, products: offered, broader: true } : understood;
      return {
        ...base,
        understood: view && (({ chat_id: _chat, ...rest }) => rest)(view),
        // Answers stored before this was kept: a full answer may have more.
        more: answer.has_more ?? leadRows.length >= MAX_LEADS_PER_QUERY,
        leads: await viewLeads(db, leadRows, userId, lang, services.clock.now(), matched ?? undefined),
      };
    }),
  );
}
