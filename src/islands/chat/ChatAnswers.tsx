import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations } from '../../i18n/index.ts';
import { $chat, retry, showMore, toggleSaveLead, unlockLead, updateLead } from '../../lib/stores/chat.ts';
import { understoodLine } from '../../lib/chat.ts';
import { openEmailComposer } from '../../lib/stores/outreach.ts';
import { openPopup } from '../../lib/stores/ui.ts';
import AnswerChips from './AnswerChips.tsx';
import LeadCard from './LeadCard.tsx';

/**
 * The conversation: each search with what was understood (as chips, editable on the latest
 * answer), its leads, the summary or why it failed, and "show more" when there is more.
 */
export default function ChatAnswers({ locale }: { locale: Locale }) {
  const t = useTranslations(locale);
  const { answers, unlocking, searchesLeft, running } = useStore($chat);
  const list = useRef<HTMLOListElement>(null);
  const shown = useRef(answers.length);
  // A refinement, an edited chip or "show more" adds one answer below the others: bring its top
  // into view (issue 35: it landed below the fold). A reopened conversation is left at its top.
  useEffect(() => {
    const added = answers.length === shown.current + 1 && shown.current > 0;
    shown.current = answers.length;
    if (!added) return;
    const reduce = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    list.current?.lastElementChild?.scrollIntoView({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
  }, [answers.length]);
  return (
    <ol className="chat-answers" ref={list}>
      {answers.map((answer, i) => {
        const latest = i === answers.length - 1;
        return (
          <li key={answer.id} className="chat-turn">
            <p className="chat-query">{answer.query}</p>
            {answer.understood && (
              <>
                <p className="chat-understood">{understoodLine(t, answer.understood, locale)}</p>
                <AnswerChips locale={locale} understood={answer.understood} editable={latest} />
              </>
            )}
            {answer.leads.length > 0 && (
              <div className="chat-leads">
                {answer.leads.map((lead) => (
                  <LeadCard
                    key={lead.id}
                    locale={locale}
                    lead={lead}
                    busy={unlocking === lead.id}
                    onUnlock={() => void unlockLead(lead)}
                    onToggleSave={() => void toggleSaveLead(lead)}
                    onChange={(change) => updateLead(lead.id, change)}
                    onWriteEmail={() => openEmailComposer(lead)}
                  />
                ))}
              </div>
            )}
            {answer.summary && <p className="chat-summary">{answer.summary.text}</p>}
            {latest && !running && answer.summary?.more && (
              <button type="button" className="button button--quiet" onClick={() => void showMore()}>
                {t('chat.showMore')}
              </button>
            )}
            {answer.error && (
              <p className="form-error" role="alert">
                {answer.error}{' '}
                {searchesLeft === 0 ? (
                  <button type="button" className="link-button" onClick={() => openPopup('plan')}>
                    {t('account.plans')}
                  </button>
                ) : (
                  <button type="button" className="link-button" onClick={() => void retry(answer)}>
                    {t('chat.retry')}
                  </button>
                )}
              </p>
            )}
          </li>
        );
      })}
    </ol>
  );
}
