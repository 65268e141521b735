import { useStore } from '@nanostores/react';
import { useRef, type FormEvent, type KeyboardEvent } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations } from '../../i18n/index.ts';
import { MAX_QUERY_LENGTH } from '../../lib/constants.ts';
import {
  $chat,
  $chatInput,
  closeSuggestions,
  moveSuggestion,
  sendQuery,
  stopSearch,
  typeQuery,
} from '../../lib/stores/chat.ts';

/** The sentence box: suggestions as the user types, Enter sends, Stop while a search streams. */
export default function ChatComposer({ locale }: { locale: Locale }) {
  const t = useTranslations(locale);
  const { text, suggestions, active } = useStore($chatInput);
  const { running, chatId } = useStore($chat);
  const composing = useRef(false);

  const pick = (suggestion: string) => {
    closeSuggestions();
    void sendQuery(suggestion);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void sendQuery(text);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const imeBusy = composing.current || event.nativeEvent.isComposing;
    if (suggestions.length > 0 && !imeBusy) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        moveSuggestion(event.key === 'ArrowDown' ? 1 : -1);
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
      void sendQuery(text);
    }
  };

  return (
    <form className="chat-composer" onSubmit={onSubmit}>
      <label htmlFor="chat-input" className="visually-hidden">
        {t('home.searchLabel')}
      </label>
      <div className="chat-input-wrap">
        <textarea
          id="chat-input"
          rows={2}
          maxLength={MAX_QUERY_LENGTH}
          value={text}
          // In an open conversation a sentence refines the last answer.
          placeholder={t(chatId ? 'chat.refinePlaceholder' : 'home.searchPlaceholder')}
          aria-autocomplete="list"
          aria-controls="chat-suggestions"
          aria-activedescendant={active >= 0 ? `chat-suggestion-${active}` : undefined}
          onChange={(e) => typeQuery(e.target.value)}
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
        <button type="button" className="button button--quiet" onClick={stopSearch}>
          {t('chat.stop')}
        </button>
      ) : (
        <button type="submit" className="button" disabled={!text.trim()}>
          {t('home.searchButton')}
        </button>
      )}
    </form>
  );
}
