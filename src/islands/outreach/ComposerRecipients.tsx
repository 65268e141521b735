import { useId } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations } from '../../i18n/index.ts';
import { emailCheckLabel } from '../../lib/format.ts';
import { toggleRecipient, type DraftState } from '../../lib/stores/composer.ts';

/** The addresses to send to: each with its status, blocked ones with the reason. */
export default function ComposerRecipients({ locale, form }: { locale: Locale; form: DraftState }) {
  const t = useTranslations(locale);
  const id = useId();
  const { options, recipients } = form;
  return (
    <fieldset className="composer-recipients" aria-describedby={`${id}-recipients-hint`}>
      <legend>{t('outreach.recipients')}</legend>
      <p id={`${id}-recipients-hint`} className="field-hint">
        {t('outreach.recipientsHint')}
      </p>
      {options.length === 0 && <p>{t('outreach.noRecipients')}</p>}
      <ul>
        {options.map((option, index) => (
          <li key={option.email} className="composer-recipient">
            <input
              id={`${id}-to-${index}`}
              type="checkbox"
              checked={recipients.includes(option.email)}
              disabled={option.blocked !== null}
              onChange={() => toggleRecipient(option.email)}
              aria-describedby={option.blocked ? `${id}-why-${index}` : undefined}
            />
            <label htmlFor={`${id}-to-${index}`} className="mono">
              {option.email}
            </label>
            <span className="composer-recipient-meta">
              {emailCheckLabel(t, option.status) && (
                <span className={`email-status email-status--${option.status}`}>
                  {emailCheckLabel(t, option.status)}
                </span>
              )}
              {option.blocked && (
                <span id={`${id}-why-${index}`} className="composer-blocked">
                  {t(option.blocked)}
                </span>
              )}
            </span>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
