import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { counted, formatNumber } from '../../lib/format.ts';
import { useTranslations } from '../../i18n/index.ts';
import { $balance } from '../../lib/stores/beans.ts';
import { $companyInfo } from '../../lib/stores/session.ts';
import { $chat, deleteChat, reopenChat, startChat, startNewChat } from '../../lib/stores/chat.ts';
import ChatComposer from './ChatComposer.tsx';
import ChatHistory from './ChatHistory.tsx';
import ChatOnboarding from './ChatOnboarding.tsx';
import ExampleChips from './ExampleChips.tsx';
import '../account/account.css';
import './chat.css';

// The answers (chips, lead cards) are needed from the first search on: they load as it is sent,
// or as a conversation is opened.
const loadAnswers = () => import('./ChatAnswers.tsx');
const ChatAnswers = lazy(loadAnswers);
/** Starts loading the answers early (a failure is left to their rendering, which loads them again). */
const preloadAnswers = () => void loadAnswers().catch(() => undefined);

/** Spec §1 search and chat: one sentence in, up to 10 leads streamed back, unlock and save in place. */
export default function ChatPage({ locale }: { locale: Locale }) {
  const t = useTranslations(locale);
  const { answers, chatId, examples, history, searchesLeft } = useStore($chat);
  const balance = useStore($balance);
  const company = useStore($companyInfo);
  // A new account (no search yet) or one without company files is shown the first day's path.
  const onboarding =
    (history !== null && history.length === 0) || (company !== null && company.files.length === 0);
  const status = [
    typeof searchesLeft === 'number' &&
      counted(t, 'chat.searchesLeft', searchesLeft, locale, formatNumber(searchesLeft, locale)),
    balance !== undefined && `${t('beans.remaining')}: ${formatNumber(balance, locale)}`,
  ].filter(Boolean);

  // Once per page: the query carried over from the home page (?q=) or the open conversation (?chat=).
  useEffect(() => {
    if (/[?&](q|chat)=/.test(location.search)) preloadAnswers();
    startChat(locale);
  }, []);

  return (
    <div className="chat-layout">
      <ChatHistory
        locale={locale}
        items={history}
        current={chatId}
        onOpen={(id) => {
          preloadAnswers();
          void reopenChat(id);
        }}
        onDelete={deleteChat}
        onNew={() => {
          startNewChat();
          document.getElementById('chat-input')?.focus();
        }}
      />
      <div className="chat">
        <p className="chat-status" aria-live="polite">
          {status.join(' · ')}
        </p>
        {answers.length === 0 && onboarding && <ChatOnboarding locale={locale} examples={examples} />}
        {answers.length === 0 && !onboarding && examples.length > 0 && (
          <div className="chat-examples">
            <h2>{t('home.examplesTitle')}</h2>
            <ExampleChips examples={examples} />
          </div>
        )}
        {answers.length > 0 && (
          <Suspense>
            <ChatAnswers locale={locale} />
          </Suspense>
        )}
        <ChatComposer locale={locale} />
      </div>
    </div>
  );
}
