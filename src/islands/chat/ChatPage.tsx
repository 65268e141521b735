import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type {
  ChatHistoryItem,
  ChatTranscriptMessage,
  LeadView,
  SearchSummary,
  SearchUnderstood,
} from '../../../contract/api.ts';
import { ErrorCode } from '../../../contract/api.ts';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations } from '../../i18n/index.ts';
import * as api from '../../lib/api/calls.ts';
import { searchLeads } from '../../lib/api/search.ts';
import { ApiError, RuntimeCode } from '../../lib/api/errors.ts';
import { $balance, InsufficientBeansError, consumeBeans } from '../../lib/stores/beans.ts';
import { loadUserInfo } from '../../lib/stores/session.ts';
import { openPopup } from '../../lib/stores/ui.ts';
import { openEmailComposer } from '../../lib/stores/outreach.ts';
import { showToast } from '../../lib/toast.ts';
import { UNLOCK_COST } from '../../lib/constants.ts';
import LeadCard from './LeadCard.tsx';
import ChatHistory from './ChatHistory.tsx';
import { pairTranscript, nextOption } from '../../lib/chat.ts';
import '../account/account.css';
import './chat.css';

/** Suggestions are asked for once typing pauses this long (complete_query). */
const SUGGEST_DELAY_MS = 300;

/** The chat page's answer to one sentence, as it streams in. */
interface Answer {
  query: string;
  understood: SearchUnderstood | null;
  leads: LeadView[];
  summary: SearchSummary | null;
  error: string | null;
}

/** Spec §1 search and chat: one sentence in, up to 10 leads streamed back, unlock and save in place. */
export default function ChatPage({ locale }: { locale: Locale }) {
  const t = useTranslations(locale);
  const [text, setText] = useState('');
  const [answers, setAnswers] = useState<Answer[]>([]);
  const [examples, setExamples] = useState<string[]>([]);
  const [running, setRunning] = useState(false);
  const [unlocking, setUnlocking] = useState<string | null>(null);
  const [left, setLeft] = useState<number | null>(null);
  const balance = useStore($balance);
  const abort = useRef<AbortController | null>(null);
  const chatId = useRef<string | undefined>(undefined);
  const composing = useRef(false);
  const [pastChats, setPastChats] = useState<ChatHistoryItem[] | null>(null);
  const [openChat, setOpenChat] = useState<string | undefined>(undefined);
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [active, setActive] = useState(-1);
  const suggestTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const suggestSeq = useRef(0);

  const loadHistory = () =>
    api.getChatHistory({ toast: false }).then(setPastChats, () => setPastChats((h) => h ?? []));
  const setChat = (id: string | undefined) => {
    chatId.current = id;
    setOpenChat(id);
    // The open conversation is in the address, so a reload or a shared tab reopens it.
    const url = new URL(location.href);
    if (id) url.searchParams.set('chat', id);
    else url.searchParams.delete('chat');
    url.searchParams.delete('q');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  };

  const update = (index: number, change: (answer: Answer) => Answer) =>
    setAnswers((all) => all.map((answer, i) => (i === index ? change(answer) : answer)));
  const updateLead = (id: string, change: (lead: LeadView) => LeadView) =>
    setAnswers((all) =>
      all.map((answer) => ({
        ...answer,
        leads: answer.leads.map((lead) => (lead.id === id ? change(lead) : lead)),
      })),
    );

  const send = async (query: string) => {
    const sentence = query.trim();
    if (!sentence || running) return;
    setText('');
    closeSuggestions();
    setRunning(true);
    const controller = new AbortController();
    abort.current = controller;
    let index = 0;
    setAnswers((all) => {
      index = all.length;
      return [...all, { query: sentence, understood: null, leads: [], summary: null, error: null }];
    });
    try {
      await searchLeads(
        { query: sentence, ...(chatId.current ? { chat_id: chatId.current } : {}) },
        {
          onUnderstood: (understood) => {
            if (chatId.current !== understood.chat_id) setChat(understood.chat_id);
            update(index, (a) => ({ ...a, understood }));
          },
          onLead: (lead) => update(index, (a) => ({ ...a, leads: [...a.leads, lead] })),
          onSummary: (summary) => {
            setLeft(summary.searches_left);
            update(index, (a) => ({ ...a, summary }));
          },
        },
        controller.signal,
      );
    } catch (error) {
      // The client has already turned timeouts and refusals into the spec's messages.
      const message =
        error instanceof ApiError && error.code === RuntimeCode.ABORT
          ? t('chat.stopped')
          : error instanceof Error
            ? error.message
            : t('errors.default');
      if (error instanceof ApiError && error.code === ErrorCode.SEARCH_QUOTA) setLeft(0);
      update(index, (a) => ({ ...a, error: message }));
    } finally {
      setRunning(false);
      abort.current = null;
      void loadHistory();
    }
  };

  const reopen = async (id: string) => {
    if (running) abort.current?.abort();
    let messages: ChatTranscriptMessage[];
    try {
      messages = await api.getChatMessages({ chat_id: id });
    } catch {
      return;
    }
    setChat(id);
    setAnswers(
      pairTranscript(messages).map(({ query, answer }) => ({
        query,
        understood: answer?.understood ? { ...answer.understood, chat_id: id } : null,
        leads: answer?.leads ?? [],
        summary: answer
          ? { text: answer.content, count: answer.leads.length, searches_left: left ?? 0 }
          : null,
        error: null,
      })),
    );
  };

  const startNew = () => {
    if (running) abort.current?.abort();
    setChat(undefined);
    setAnswers([]);
    document.getElementById('chat-input')?.focus();
  };

  const removeChat = async (id: string) => {
    await api.deleteChatHistory({ chat_id: id });
    setPastChats((all) => (all ?? []).filter((c) => c.chat_id !== id));
    if (chatId.current === id) {
      setChat(undefined);
      setAnswers([]);
    }
    showToast(t('chat.deleted'), { kind: 'success' });
  };

  const closeSuggestions = () => {
    clearTimeout(suggestTimer.current);
    suggestSeq.current++;
    setSuggestions([]);
    setActive(-1);
  };
  const typed = (value: string) => {
    setText(value);
    clearTimeout(suggestTimer.current);
    const q = value.trim();
    if (q.length < 2) return closeSuggestions();
    // Suggestions as the user types, once typing pauses (complete_query); late answers are dropped.
    suggestTimer.current = setTimeout(() => {
      const seq = ++suggestSeq.current;
      api.completeQuery({ q, language: locale }, { toast: false }).then(
        (found) => {
          if (seq !== suggestSeq.current) return;
          setSuggestions(found.filter((f) => f !== q).slice(0, 6));
          setActive(-1);
        },
        () => undefined,
      );
    }, SUGGEST_DELAY_MS);
  };
  const pick = (suggestion: string) => {
    closeSuggestions();
    void send(suggestion);
  };

  useEffect(() => {
    void api.getDefaultQuery({ language: locale }, { toast: false }).then(setExamples, () => setExamples([]));
    void api.getSearchQuota({ toast: false }).then(
      (q) => setLeft(q.searches_left),
      () => undefined,
    );
    void loadHistory();
    const params = new URLSearchParams(location.search);
    const q = params.get('q');
    const chat = params.get('chat');
    if (q) void send(q);
    else if (chat) void reopen(chat);
    // Once per page: the query carried over from the home page (?q=).
  }, []);

  const unlock = async (lead: LeadView) => {
    if (unlocking) return;
    if (lead.locked.emails + lead.locked.phones + lead.locked.socials > 0) {
      try {
        consumeBeans(UNLOCK_COST);
      } catch (error) {
        if (error instanceof InsufficientBeansError) {
          showToast(error.message, { kind: 'error' });
          openPopup('plan');
          return;
        }
      }
    }
    setUnlocking(lead.id);
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
      // The server's balance is the truth (a retry is never charged twice).
      await loadUserInfo({ toast: false }).catch(() => undefined);
      setUnlocking(null);
    }
  };

  const toggleSave = async (lead: LeadView) => {
    if (lead.collected) await api.uncollectLeads({ lead_ids: [lead.id] });
    else await api.collectLead({ lead_id: lead.id });
    updateLead(lead.id, (l) => ({ ...l, collected: !l.collected }));
    showToast(t(lead.collected ? 'chat.unsavedToast' : 'chat.savedToast'), { kind: 'success' });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send(text);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const imeBusy = composing.current || event.nativeEvent.isComposing;
    if (suggestions.length > 0 && !imeBusy) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        setActive((i) => nextOption(i, suggestions.length, event.key === 'ArrowDown' ? 1 : -1));
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        closeSuggestions();
        return;
      }
      if (event.key === 'Enter' && !event.shiftKey && active >= 0) {
        event.preventDefault();
        pick(suggestions[active]!);
        return;
      }
    }
    // Enter sends, Shift+Enter breaks the line; an IME composing Chinese never sends early.
    if (event.key === 'Enter' && !event.shiftKey && !imeBusy) {
      event.preventDefault();
      void send(text);
    }
  };

  return (
    <div className="chat-layout">
      <ChatHistory
        locale={locale}
        items={pastChats}
        current={openChat}
        onOpen={(id) => void reopen(id)}
        onDelete={removeChat}
        onNew={startNew}
      />
      <div className="chat">
        <p className="chat-status" aria-live="polite">
          {left !== null && t('chat.searchesLeft', { count: left })}
          {balance !== undefined && ` · ${t('beans.remaining')}: ${balance}`}
        </p>
        {answers.length === 0 && examples.length > 0 && (
          <div className="chat-examples">
            <h2>{t('home.examplesTitle')}</h2>
            <ul>
              {examples.map((example) => (
                <li key={example}>
                  <button type="button" className="chip" onClick={() => void send(example)}>
                    {example}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
        <ol className="chat-answers">
          {answers.map((answer, i) => (
            <li key={i} className="chat-turn">
              <p className="chat-query">{answer.query}</p>
              {answer.understood && <p className="chat-understood">{answer.understood.text}</p>}
              {answer.leads.length > 0 && (
                <div className="chat-leads">
                  {answer.leads.map((lead) => (
                    <LeadCard
                      key={lead.id}
                      locale={locale}
                      lead={lead}
                      busy={unlocking === lead.id}
                      onUnlock={() => void unlock(lead)}
                      onToggleSave={() => void toggleSave(lead)}
                      onChange={(change) => updateLead(lead.id, change)}
                      onWriteEmail={() => openEmailComposer(lead)}
                    />
                  ))}
                </div>
              )}
              {answer.summary && <p className="chat-summary">{answer.summary.text}</p>}
              {answer.error && (
                <p className="form-error" role="alert">
                  {answer.error}{' '}
                  {left === 0 ? (
                    <button type="button" className="link-button" onClick={() => openPopup('plan')}>
                      {t('account.plans')}
                    </button>
                  ) : (
                    <button type="button" className="link-button" onClick={() => void send(answer.query)}>
                      {t('chat.retry')}
                    </button>
                  )}
                </p>
              )}
            </li>
          ))}
        </ol>
        <form className="chat-composer" onSubmit={onSubmit}>
          <label htmlFor="chat-input" className="visually-hidden">
            {t('home.searchLabel')}
          </label>
          <div className="chat-input-wrap">
            <textarea
              id="chat-input"
              rows={2}
              maxLength={300}
              value={text}
              placeholder={t('home.searchPlaceholder')}
              aria-autocomplete="list"
              aria-controls="chat-suggestions"
              aria-activedescendant={active >= 0 ? `chat-suggestion-${active}` : undefined}
              onChange={(e) => typed(e.target.value)}
              onKeyDown={onKeyDown}
              onBlur={closeSuggestions}
              onCompositionStart={() => (composing.current = true)}
              onCompositionEnd={() => (composing.current = false)}
            />
            <ul
              id="chat-suggestions"
              role="listbox"
              aria-label={t('chat.suggestions')}
              className="chat-suggestions"
              hidden={suggestions.length === 0}
            >
              {suggestions.map((suggestion, i) => (
                <li
                  key={suggestion}
                  id={`chat-suggestion-${i}`}
                  role="option"
                  aria-selected={i === active}
                  // Before the textarea's blur closes the list.
                  onMouseDown={(e) => {
                    e.preventDefault();
                    pick(suggestion);
                  }}
                >
                  {suggestion}
                </li>
              ))}
            </ul>
          </div>
          {running ? (
            <button type="button" className="button button--quiet" onClick={() => abort.current?.abort()}>
              {t('chat.stop')}
            </button>
          ) : (
            <button type="submit" className="button" disabled={!text.trim()}>
              {t('home.searchButton')}
            </button>
          )}
        </form>
      </div>
    </div>
  );
}
