import { atom } from 'nanostores';
import { patch } from './patch.ts';
import {
  ErrorCode,
  type ChatHistoryItem,
  type ChatTranscriptMessage,
  type Language,
  type LeadView,
  type SearchCriteria,
  type SearchSummary,
  type SearchUnderstood,
} from '../../../contract/api.ts';
import * as api from '../api/calls.ts';
import { ApiError, RuntimeCode } from '../api/errors.ts';
import { searchLeads, type SearchBody } from '../api/search.ts';
import { nextOption, pairTranscript } from '../chat.ts';
import { unlockCost } from '../leadText.ts';
import { pageT } from '../pageLocale.ts';
import { showToast } from '../toast.ts';
import { InsufficientBeansError, consumeBeans } from './beans.ts';
import { $companyInfo, loadCompanyInfo, loadUserInfo } from './session.ts';
import { openPopup } from './ui.ts';

/** The chat page's answer to one search, as it streams in. */
export interface Answer {
  /** Stable for the answer's life, so a late stream event never lands on another answer. */
  id: number;
  /** What the user asked: their sentence, or what they did ("Changed the search", "Show more"). */
  query: string;
  /** The search as it was sent, to retry it. */
  request: SearchBody;
  understood: SearchUnderstood | null;
  leads: LeadView[];
  summary: SearchSummary | null;
  error: string | null;
}

/** Spec §1 search and chat: the open conversation, its answers and what the page knows around it. */
export interface ChatState {
  answers: Answer[];
  /** The open conversation (also in the address as `?chat=`), undefined for a new one. */
  chatId: string | undefined;
  /** A search is streaming. */
  running: boolean;
  /** Free searches left today; undefined until known, null for a subscriber (not held to them). */
  searchesLeft: number | null | undefined;
  /** The lead being unlocked, or null. */
  unlocking: string | null;
  /** Example sentences shown before the first search. */
  examples: string[];
  /** Past conversations; null while loading. */
  history: ChatHistoryItem[] | null;
}

const initial = (): ChatState => ({
  answers: [],
  chatId: undefined,
  running: false,
  searchesLeft: undefined,
  unlocking: null,
  examples: [],
  history: null,
});

export const $chat = atom<ChatState>(initial());

/** The sentence being typed, with the suggestions for it (complete_query) and the highlighted one. */
const initialInput = () => ({ text: '', suggestions: [] as string[], active: -1 });
export const $chatInput = atom<{ text: string; suggestions: string[]; active: number }>(initialInput());

/** Suggestions are asked for once typing pauses this long (complete_query). */
export const SUGGEST_DELAY_MS = 300;

let nextAnswerId = 0;
let abort: AbortController | null = null;
let suggestTimer: ReturnType<typeof setTimeout> | undefined;
let suggestSeq = 0;
/** The language examples and suggestions are asked in (the page's). */
let language: Language = 'zh';

function updateAnswer(id: number, change: (answer: Answer) => Answer): void {
  patch($chat, {
    answers: $chat.get().answers.map((answer) => (answer.id === id ? change(answer) : answer)),
  });
}

/** Replaces a lead wherever it is shown (unlock, save, a change made inside its card). */
export function updateLead(id: string, change: (lead: LeadView) => LeadView): void {
  patch($chat, {
    answers: $chat.get().answers.map((answer) => ({
      ...answer,
      leads: answer.leads.map((lead) => (lead.id === id ? change(lead) : lead)),
    })),
  });
}

/** Opens a conversation (or none) and keeps it in the address, so a reload or a shared tab reopens it. */
function setChatId(id: string | undefined): void {
  patch($chat, { chatId: id });
  if (!globalThis.location) return;
  const url = new URL(location.href);
  if (id) url.searchParams.set('chat', id);
  else url.searchParams.delete('chat');
  url.searchParams.delete('q');
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
}

/** Reloads the past conversations; a failure keeps what was shown (or an empty list). */
export async function loadHistory(): Promise<void> {
  try {
    patch($chat, { history: await api.getChatHistory({ toast: false }) });
  } catch {
    patch($chat, { history: $chat.get().history ?? [] });
  }
}

/** Stops the search that is streaming, if any. */
export function stopSearch(): void {
  abort?.abort();
}

/**
 * Runs one search: a new answer fills in as the stream brings what was understood, each lead and
 * the summary. Ignored while a search runs; a refusal or a failure mid-stream keeps what arrived
 * with its reason.
 */
async function search(body: SearchBody, query: string): Promise<void> {
  const state = $chat.get();
  if (state.running) return;
  const controller = new AbortController();
  abort = controller;
  const id = nextAnswerId++;
  $chat.set({
    ...state,
    running: true,
    answers: [
      ...state.answers,
      { id, query, request: body, understood: null, leads: [], summary: null, error: null },
    ],
  });
  try {
    await searchLeads(
      body,
      {
        onUnderstood: (understood) => {
          if ($chat.get().chatId !== understood.chat_id) setChatId(understood.chat_id);
          updateAnswer(id, (a) => ({ ...a, understood }));
        },
        onLead: (lead) => updateAnswer(id, (a) => ({ ...a, leads: [...a.leads, lead] })),
        onSummary: (summary) => {
          searchesLeftSet += 1;
          patch($chat, { searchesLeft: summary.searches_left });
          updateAnswer(id, (a) => ({ ...a, summary }));
        },
      },
      controller.signal,
    );
  } catch (error) {
    // The client has already turned timeouts and refusals into the spec's messages.
    const message =
      error instanceof ApiError && error.code === RuntimeCode.ABORT
        ? pageT()('chat.stopped')
        : error instanceof Error
          ? error.message
          : pageT()('errors.default');
    // A subscriber's fair-use ceiling is no count of free searches.
    if (
      error instanceof ApiError &&
      error.code === ErrorCode.SEARCH_QUOTA &&
      $chat.get().searchesLeft !== null
    )
      patch($chat, { searchesLeft: 0 });
    updateAnswer(id, (a) => ({ ...a, error: message }));
  } finally {
    patch($chat, { running: false });
    if (abort === controller) abort = null;
    void loadHistory();
  }
}

/**
 * Sends one sentence; in an open conversation it refines the last answer ("换成法国的", "only
 * importers"). Ignored while a search runs or when blank.
 */
export async function sendQuery(query: string): Promise<void> {
  const sentence = query.trim();
  const { chatId, running } = $chat.get();
  if (!sentence || running) return;
  patch($chatInput, { text: '' });
  closeSuggestions();
  await search({ query: sentence, ...(chatId ? { chat_id: chatId } : {}) }, sentence);
}

/** Searches again in the open conversation with an answer's chips as edited (`criteria`). */
export async function editSearch(criteria: SearchCriteria): Promise<void> {
  const { chatId } = $chat.get();
  if (chatId) await search({ criteria, chat_id: chatId }, pageT()('chat.editedTurn'));
}

/** "Show more": the conversation's last search again, leaving out the leads it has shown. */
export async function showMore(): Promise<void> {
  const { chatId } = $chat.get();
  if (chatId) await search({ more: true, chat_id: chatId }, pageT()('chat.moreTurn'));
}

/** Sends a failed answer's search again, as it was asked. */
export function retry(answer: Answer): Promise<void> {
  return search(answer.request, answer.query);
}

/** Reopens a past conversation (stopping a running search); a failed load leaves the page as it is. */
export async function reopenChat(id: string): Promise<void> {
  if ($chat.get().running) stopSearch();
  let messages: ChatTranscriptMessage[];
  try {
    messages = await api.getChatMessages({ chat_id: id });
  } catch {
    return;
  }
  setChatId(id);
  const left = $chat.get().searchesLeft;
  patch($chat, {
    answers: pairTranscript(messages).map(({ query, answer }) => ({
      id: nextAnswerId++,
      query,
      request: { query, chat_id: id },
      understood: answer?.understood ? { ...answer.understood, chat_id: id } : null,
      leads: answer?.leads ?? [],
      summary: answer && {
        text: answer.content,
        count: answer.leads.length,
        by_country: [],
        more: answer.more,
        // A broader set's cards name its products (the transcript keeps them on the cards only).
        broader: [...new Set(answer.leads.filter((l) => l.why.broader).flatMap((l) => l.why.products))],
        counted: answer.leads.length > 0,
        searches_left: left ?? null,
      },
      error: null,
    })),
  });
}

/** Starts a new conversation (stopping a running search). */
export function startNewChat(): void {
  if ($chat.get().running) stopSearch();
  setChatId(undefined);
  patch($chat, { answers: [] });
}

/** Deletes a past conversation; the open one closes with it. Rejects when the server refuses. */
export async function deleteChat(id: string): Promise<void> {
  await api.deleteChatHistory({ chat_id: id });
  patch($chat, { history: ($chat.get().history ?? []).filter((c) => c.chat_id !== id) });
  if ($chat.get().chatId === id) startNewChat();
  showToast(pageT()('chat.deleted'), { kind: 'success' });
}

/**
 * Unlocks a lead's contacts (spec §4: consuming beans). Too few beans opens the plans instead; the
 * server's balance is reloaded afterwards, as it is the truth (a retry is never charged twice).
 */
export async function unlockLead(lead: LeadView): Promise<void> {
  if ($chat.get().unlocking) return;
  // Nothing behind the lock but names: free (the server charges nothing either).
  const cost = unlockCost(lead);
  if (cost > 0) {
    try {
      consumeBeans(cost);
    } catch (error) {
      if (error instanceof InsufficientBeansError) {
        showToast(error.message, { kind: 'error' });
        openPopup('plan');
        return;
      }
    }
  }
  patch($chat, { unlocking: lead.id });
  try {
    const unlocked = await api.unlockLead({ lead_id: lead.id });
    // Keep why it matched this search; the unlock answer knows no search.
    updateLead(lead.id, (old) => ({ ...unlocked, why: old.why }));
  } catch (error) {
    if (
      error instanceof ApiError &&
      (error.code === ErrorCode.INSUFFICIENT_BEANS || error.code === ErrorCode.PLAN_UNLOCK_LIMIT)
    )
      openPopup('plan');
  } finally {
    await loadUserInfo({ toast: false }).catch(() => undefined);
    patch($chat, { unlocking: null });
  }
}

/**
 * Saves a lead to the user's leads, or removes it when saved. A refusal or a network failure
 * changes nothing and resolves false: the API client has shown why (issue 35: a failed save left
 * an uncaught error in the console).
 */
export async function toggleSaveLead(lead: LeadView): Promise<boolean> {
  try {
    if (lead.collected) await api.uncollectLeads({ lead_ids: [lead.id] });
    else await api.collectLead({ lead_id: lead.id });
  } catch {
    return false;
  }
  updateLead(lead.id, (l) => ({ ...l, collected: !l.collected }));
  showToast(pageT()(lead.collected ? 'chat.unsavedToast' : 'chat.savedToast'), { kind: 'success' });
  return true;
}

/** Hides the suggestions and drops any answer still on its way. */
export function closeSuggestions(): void {
  clearTimeout(suggestTimer);
  suggestSeq++;
  patch($chatInput, { suggestions: [], active: -1 });
}

/** The user typed: suggestions are asked for once typing pauses, and late answers are dropped. */
export function typeQuery(value: string): void {
  patch($chatInput, { text: value });
  clearTimeout(suggestTimer);
  const q = value.trim();
  if (q.length < 2) return closeSuggestions();
  suggestTimer = setTimeout(() => {
    const seq = ++suggestSeq;
    api.completeQuery({ q, language }, { toast: false }).then(
      (found) => {
        if (seq !== suggestSeq) return;
        patch($chatInput, { suggestions: found.filter((f) => f !== q).slice(0, 6), active: -1 });
      },
      () => undefined,
    );
  }, SUGGEST_DELAY_MS);
}

/** Moves the highlighted suggestion with the arrow keys (see nextOption). */
export function moveSuggestion(step: 1 | -1): void {
  const { active, suggestions } = $chatInput.get();
  patch($chatInput, { active: nextOption(active, suggestions.length, step) });
}

/**
 * Once per page: examples, today's searches left and past conversations load; the sentence carried
 * over from the home page (`?q=`) is sent, or the conversation in the address (`?chat=`) reopens.
 */
/** How many searches have told today's searches left: a quota asked before them is out of date. */
let searchesLeftSet = 0;

export function startChat(pageLanguage: Language, search = globalThis.location?.search ?? ''): void {
  language = pageLanguage;
  api.getDefaultQuery({ language }, { toast: false }).then(
    (examples) => patch($chat, { examples }),
    () => patch($chat, { examples: [] }),
  );
  // A search answered before this does knows better: its count stands.
  const asked = searchesLeftSet;
  api.getSearchQuota({ toast: false }).then(
    (quota) => {
      if (searchesLeftSet === asked) patch($chat, { searchesLeft: quota.searches_left });
    },
    () => undefined,
  );
  void loadHistory();
  // Whether the account has company files yet (the first day's path, ChatOnboarding).
  if ($companyInfo.get() === null) void loadCompanyInfo();
  const params = new URLSearchParams(search);
  const q = params.get('q');
  const chat = params.get('chat');
  if (q) void sendQuery(q);
  else if (chat) void reopenChat(chat);
}

/** Forgets the page's conversation (tests start each case from here). */
export function resetChat(): void {
  stopSearch();
  closeSuggestions();
  $chat.set(initial());
  $chatInput.set(initialInput());
}
