import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { $windowWidth } from '../../lib/stores/device.ts';
import { HISTORY_COLUMN_MIN_WIDTH } from '../../lib/chat.ts';
import type { ChatHistoryItem } from '../../../contract/api.ts';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations } from '../../i18n/index.ts';
import { useDateTime } from '../ui/useDateTime.ts';
import { writtenIn } from '../../lib/format.ts';

export interface ChatHistoryProps {
  locale: Locale;
  /** null while loading. */
  items: ChatHistoryItem[] | null;
  current: string | undefined;
  onOpen(chatId: string): void;
  onDelete(chatId: string): Promise<void>;
  onNew(): void;
}

/** Past conversations: reopen one, or delete it after confirming. */
export default function ChatHistory({ locale, items, current, onOpen, onDelete, onNew }: ChatHistoryProps) {
  const formatDateTime = useDateTime();
  const t = useTranslations(locale);
  // A column beside the conversation on wide windows; above it, folded until asked for, on narrow
  // ones (a list that loads late must not push the conversation down).
  const wide = (useStore($windowWidth) ?? 0) >= HISTORY_COLUMN_MIN_WIDTH;
  const [unfolded, setUnfolded] = useState(false);
  const open = wide || unfolded;
  const [confirming, setConfirming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  const remove = async (chatId: string) => {
    setDeleting(true);
    try {
      await onDelete(chatId);
      setConfirming(null);
    } catch {
      // The client has shown the server's message; the conversation stays listed.
    } finally {
      setDeleting(false);
    }
  };

  return (
    <nav className="chat-history" aria-label={t('chat.history')}>
      <div className="chat-history-head">
        <h2>
          {wide ? (
            t('chat.history')
          ) : (
            <button
              type="button"
              className="chat-history-toggle"
              aria-expanded={open}
              aria-controls="chat-history-list"
              onClick={() => setUnfolded((u) => !u)}
            >
              {t('chat.history')}
              {items && items.length > 0 && ` (${items.length})`}
            </button>
          )}
        </h2>
        <button type="button" className="button button--quiet" onClick={onNew}>
          {t('chat.newChat')}
        </button>
      </div>
      <div id="chat-history-list" hidden={!open}>
        {items === null ? (
          <p className="muted">{t('chat.historyLoading')}</p>
        ) : items.length === 0 ? (
          <p className="muted">{t('chat.historyEmpty')}</p>
        ) : (
          <ul>
            {items.map((item) => (
              <li key={item.chat_id} className={item.chat_id === current ? 'is-current' : undefined}>
                {confirming === item.chat_id ? (
                  <div className="chat-history-confirm" role="group" aria-label={t('chat.deleteConfirm')}>
                    <p>{t('chat.deleteConfirm')}</p>
                    <button
                      type="button"
                      className="button button--danger"
                      disabled={deleting}
                      onClick={() => void remove(item.chat_id)}
                    >
                      {t('chat.delete')}
                    </button>
                    <button
                      type="button"
                      className="button button--quiet"
                      onClick={() => setConfirming(null)}
                    >
                      {t('chat.cancel')}
                    </button>
                  </div>
                ) : (
                  <>
                    <button
                      type="button"
                      className="chat-history-open"
                      aria-current={item.chat_id === current ? 'true' : undefined}
                      onClick={() => onOpen(item.chat_id)}
                    >
                      <span className="chat-history-title" lang={writtenIn(item.title)}>
                        {item.title}
                      </span>
                      <span className="chat-history-date">{formatDateTime(item.updated_at)}</span>
                    </button>
                    <button
                      type="button"
                      className="chat-history-delete"
                      aria-label={t('chat.deleteNamed', { title: item.title })}
                      onClick={() => setConfirming(item.chat_id)}
                    >
                      <svg
                        width="18"
                        height="18"
                        viewBox="0 0 24 24"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="2"
                        aria-hidden="true"
                      >
                        <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
                      </svg>
                    </button>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </nav>
  );
}
