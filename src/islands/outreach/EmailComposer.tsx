import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Language } from '../../../contract/api.ts';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations } from '../../i18n/index.ts';
import { $composer, closeComposer, retryDraft, startComposer } from '../../lib/stores/composer.ts';
import { $emailLead } from '../../lib/stores/outreach.ts';
import { companyName } from '../../lib/leadText.ts';
import ComposerDone from './ComposerDone.tsx';
import DraftForm from './DraftForm.tsx';
import '../account/account.css';
import outreachCss from './outreach.css?url';

/**
 * The outreach email composer (the `email` popup): a draft written on open in the lead's language,
 * editable, translatable, sent to the ticked addresses; lead and email text are rendered as text only.
 */
export default function EmailComposer({ locale }: { locale: Locale }) {
  const t = useTranslations(locale);
  const lead = useStore($emailLead);
  const { form, refusal, outcomes, attempt } = useStore($composer);

  useEffect(() => {
    if (lead) void startComposer(lead, locale as Language);
    return closeComposer;
  }, [lead]);

  if (!lead) return null;
  return (
    <div className="composer">
      {/* Loaded with the composer, not inlined into every page (React 19 waits for it). */}
      <link rel="stylesheet" href={outreachCss} precedence="outreach" />
      <p className="composer-lead">
        {t('outreach.recipientLead', { name: companyName(lead.name), country: lead.country.name })}
      </p>
      {outcomes ? (
        <ComposerDone locale={locale} outcomes={outcomes} />
      ) : form ? (
        <DraftForm key={attempt} locale={locale} lead={lead} form={form} />
      ) : refusal ? (
        <div className="composer-failed">
          <p role="alert">
            {t('outreach.generateFailed')} {refusal.message}
          </p>
          <button type="button" className="button" onClick={() => void retryDraft()}>
            {t('outreach.retry')}
          </button>
        </div>
      ) : (
        <p role="status">{t('outreach.generating')}</p>
      )}
    </div>
  );
}
