import { useMemo } from 'react';
import type { EmailLanguage } from '../../../contract/api.ts';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations } from '../../i18n/index.ts';
import { spamAdvice, spamSigns } from '../../lib/spamCheck.ts';

/**
 * The spam check under the draft (issue 33): the signs spam filters react to in the subject and
 * message as typed, as advice in the page's language; sending is never blocked by it.
 */
export default function ComposerSpamCheck({
  locale,
  subject,
  body,
  language,
}: {
  locale: Locale;
  subject: string;
  body: string;
  language: EmailLanguage;
}) {
  const t = useTranslations(locale);
  const advice = useMemo(
    () => spamAdvice(spamSigns(subject, body, language), locale),
    [subject, body, language, locale],
  );
  return (
    <section className="composer-spam" aria-label={t('outreach.spam.title')} data-signs={advice.length}>
      <h3>{t('outreach.spam.title')}</h3>
      {advice.length === 0 ? (
        <p>{t('outreach.spam.clear')}</p>
      ) : (
        <ul>
          {advice.map(({ key, params }) => (
            <li key={key}>{t(key, params)}</li>
          ))}
        </ul>
      )}
      <p className="field-hint">{t('outreach.spam.unsubscribe')}</p>
    </section>
  );
}
