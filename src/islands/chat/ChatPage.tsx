import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { LeadView, SearchSummary, SearchUnderstood } from '../../../contract/api.ts';
import { ErrorCode } from '../../../contract/api.ts';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations } from '../../i18n/index.ts';
import * as api from '../../lib/api/calls.ts';
import { searchLeads } from '../../lib/api/search.ts';
import { ApiError, RuntimeCode } from '../../lib/api/errors.ts';
import { $balance, InsufficientBeansError, consumeBeans } from '../../lib/stores/beans.ts';
import { loadUserInfo } from '../../lib/stores/session.ts';
import { openPopup } from '../../lib/stores/ui.ts';
import { showToast } from '../../lib/toast.ts';
import { UNLOCK_COST } from '../../lib/constants.ts';
import LeadCard from './LeadCard.tsx';
import '../account/account.css';
import './chat.css';

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
            chatId.current = understood.chat_id;
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
    }
  };

  useEffect(() => {
    void api.getDefaultQuery({ language: locale }, { toast: false }).then(setExamples, () => setExamples([]));
    void api.getSearchQuota({ toast: false }).then(
      (q) => setLeft(q.searches_left),
      () => undefined,
    );
    const q = new URLSearchParams(location.search).get('q');
    if (q) void send(q);
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
    // Enter sends, Shift+Enter breaks the line; an IME composing Chinese never sends early.
    if (event.key === 'Enter' && !event.shiftKey && !composing.current && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send(text);
    }
  };

  return (
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
        <textarea
          id="chat-input"
          rows={2}
          maxLength={300}
          value={text}
          placeholder={t('home.searchPlaceholder')}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          onCompositionStart={() => (composing.current = true)}
          onCompositionEnd={() => (composing.current = false)}
        />
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
  );
}
