import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { counted } from '../../lib/format.ts';
import { useTranslations } from '../../i18n/index.ts';
import { $balance } from '../../lib/stores/beans.ts';
import { $chat, deleteChat, reopenChat, sendQuery, startChat, startNewChat } from '../../lib/stores/chat.ts';
import ChatAnswers from './ChatAnswers.tsx';
import ChatComposer from './ChatComposer.tsx';
import ChatHistory from './ChatHistory.tsx';
import '../account/account.css';
import './chat.css';

/** Spec §1 search and chat: one sentence in, up to 10 leads streamed back, unlock and save in place. */
export default function ChatPage({ locale }: { locale: Locale }) {
  const t = useTranslations(locale);
  const { answers, chatId, examples, history, searchesLeft } = useStore($chat);
  const balance = useStore($balance);

  // Once per page: the query carried over from the home page (?q=) or the open conversation (?chat=).
  useEffect(() => startChat(locale), []);

  return (
    <div className="chat-layout">
      <ChatHistory
        locale={locale}
        items={history}
        current={chatId}
        onOpen={(id) => void reopenChat(id)}
        onDelete={deleteChat}
        onNew={() => {
          startNewChat();
          document.getElementById('chat-input')?.focus();
        }}
      />
      <div className="chat">
        <p className="chat-status" aria-live="polite">
          {searchesLeft !== null && counted(t, 'chat.searchesLeft', searchesLeft, locale)}
          {balance !== undefined && ` · ${t('beans.remaining')}: ${balance}`}
        </p>
        {answers.length === 0 && examples.length > 0 && (
          <div className="chat-examples">
            <h2>{t('home.examplesTitle')}</h2>
            <ul>
              {examples.map((example) => (
                <li key={example}>
                  <button type="button" className="chip" onClick={() => void sendQuery(example)}>
                    {example}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
        <ChatAnswers locale={locale} />
        <ChatComposer locale={locale} />
      </div>
    </div>
  );
}
