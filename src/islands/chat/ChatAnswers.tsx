import { useStore } from '@nanostores/react';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations } from '../../i18n/index.ts';
import { $chat, sendQuery, toggleSaveLead, unlockLead, updateLead } from '../../lib/stores/chat.ts';
import { openEmailComposer } from '../../lib/stores/outreach.ts';
import { openPopup } from '../../lib/stores/ui.ts';
import LeadCard from './LeadCard.tsx';

/** The conversation: each sentence with what was understood, its leads, the summary or why it failed. */
export default function ChatAnswers({ locale }: { locale: Locale }) {
  const t = useTranslations(locale);
  const { answers, unlocking, searchesLeft } = useStore($chat);
  return (
    <ol className="chat-answers">
      {answers.map((answer) => (
        <li key={answer.id} className="chat-turn">
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
                  onUnlock={() => void unlockLead(lead)}
                  onToggleSave={() => void toggleSaveLead(lead)}
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
              {searchesLeft === 0 ? (
                <button type="button" className="link-button" onClick={() => openPopup('plan')}>
                  {t('account.plans')}
                </button>
              ) : (
                <button type="button" className="link-button" onClick={() => void sendQuery(answer.query)}>
                  {t('chat.retry')}
                </button>
              )}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
